//! The gallery of variant files in `examples/variants`: Fairy-Stockfish's
//! own perft figures reproduced, and the files of the seed variants giving
//! the same counts as the built-in ones.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;

use fairy_geometry::Word;
use fairy_position::{AnyVariant, Position, Variant, VariantVisitor};

fn gallery(name: &str) -> AnyVariant {
    let path = format!("{}/../../examples/variants/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    fairy_variants::load(&path).unwrap_or_else(|error| panic!("{name}: {error}"))
}

/// Perft of a FEN (or the start) to a depth, on a variant of any word.
struct Perft<'a> {
    fen: Option<&'a str>,
    depth: u32,
}

impl VariantVisitor for Perft<'_> {
    type Output = u64;

    fn visit<W: Word>(self, variant: &Variant<W>) -> u64 {
        match self.fen {
            Some(fen) => Position::from_fen(variant, fen).unwrap().perft(self.depth),
            None => variant.start_position().perft(self.depth),
        }
    }
}

fn perft(name: &str, fen: Option<&str>, depth: u32) -> u64 {
    gallery(name).visit(Perft { fen, depth })
}

/// Fairy-Stockfish's own perft figures for the gallery's variants, from its
/// `tests/perft.sh` (the start position where no FEN is given), each under
/// a million nodes. Deeper ones are in `fsf_perft_deep` (ignored).
const FSF_PERFT: &[(&str, Option<&str>, u32, u64)] = &[
    ("almost", None, 3, 11_895),
    ("almost", Some("8/1k5P/8/8/8/3K4/p7/8 b - - 0 1"), 2, 140),
    ("amazon", None, 4, 318_185),
    ("asean", None, 4, 273_026),
    ("ai-wok", None, 4, 485_045),
    ("ai-wok", Some("8/8/8/2sp2k1/7p/3P4/6K1/7r w - - 0 1"), 5, 30_055),
    ("berolina", None, 4, 882_717),
    (
        "berolina",
        Some("rnbqkbnr/pppp1ppp/8/2p5/5P2/8/PPP1PPPP/RNBQKBNR w KQkq c5d6 2 2"),
        3,
        46_643,
    ),
    ("berolina", Some("k7/6P1/8/8/8/2K2p2/4p3/8 w - - 0 1"), 3, 1_983),
    (
        "berolina",
        Some("rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PP1PPPPP/RNBQKBNR w KQkq d6c5 0 1"),
        2,
        1_047,
    ),
    (
        "3check",
        Some("7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39"),
        3,
        12_407,
    ),
    (
        "3check",
        Some("7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0"),
        3,
        12_407,
    ),
    ("antichess", None, 4, 153_299),
    ("coregal", None, 4, 195_896),
    (
        "coregal",
        Some("rn2kb1r/ppp1pppp/6q1/8/2PP2b1/5B2/PP3P1P/R1BQK1NR w KQkq - 1 9"),
        3,
        20_421,
    ),
    ("coregal", Some("2Q5/3Pq2k/6p1/4Bp1p/5P1P/8/8/K7 w - - 2 72"), 4, 55_970),
    (
        "coregal",
        Some("r3kb1r/1pp1pppp/p1q2n2/3P4/6b1/2N2N2/PPP2PPP/R1BQ1RK1 b kq - 0 9"),
        4,
        136_511,
    ),
    ("racingkings", Some("6r1/2K5/5k2/8/3R4/8/8/8 w - - 0 1"), 4, 86_041),
    ("racingkings", Some("6R1/2k5/5K2/8/3r4/8/8/8 b - - 0 1"), 4, 86_009),
    ("racingkings", Some("4brn1/2K2k2/8/8/8/8/8/8 w - - 0 1"), 6, 265_932),
    ("horde", None, 4, 23_310),
    (
        "horde",
        Some("4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - - 0 1"),
        4,
        56_539,
    ),
    (
        "horde",
        Some("k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - - 0 1"),
        4,
        33_781,
    ),
    (
        "horde",
        Some("4k3/7r/8/P7/2p1n2P/3p2P1/1P3P2/PPP1PPP1 w - - 0 1"),
        4,
        128_809,
    ),
    (
        "horde",
        Some("rnbqkbnr/6p1/2p1Pp1P/P1PPPP2/Pp4PP/1p2PPPP/1P2PPPP/PP1nPPPP b kq a3 0 18"),
        4,
        197_287,
    ),
    ("jesonmor", None, 3, 27_960),
    (
        "jesonmor",
        Some("nn1nnn1nn/9/3n1n3/9/9/9/3N1N3/9/NN1NNN1NN w - - 4 3"),
        3,
        37_564,
    ),
    ("giveaway", None, 4, 153_299),
    ("giveaway", Some("8/1p6/8/8/8/8/P7/8 w - - 0 1"), 4, 3),
    ("giveaway", Some("8/2p5/8/8/8/8/P7/8 w - - 0 1"), 12, 2_557),
    ("codrus", None, 4, 153_299),
    (
        "codrus",
        Some("5bnr/2pp2pp/P4k2/R3Q1P1/8/2N1K3/1P1PP1PP/2B2BNR w - - 1 15"),
        4,
        19,
    ),
    ("losers", None, 4, 152_955),
    ("kinglet", None, 4, 197_742),
    ("atomic", None, 4, 197_326),
    (
        "atomic",
        Some("rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq - 0 1"),
        4,
        714_499,
    ),
    (
        "atomic",
        Some("r4b1r/2kb1N2/p2Bpnp1/8/2Pp3p/1P1PPP2/P5PP/R3K2R b KQ - 0 1"),
        2,
        148,
    ),
    (
        "makpong",
        Some("3mk3/r3s1R1/1psppnp1/p1pn4/1P2NP2/P1PPP1P1/4NS2/R1SKM3 w - - 0 1"),
        4,
        593_103,
    ),
    ("shatar", None, 4, 177_344),
    ("spartan", None, 3, 14_244),
    ("spartan", Some("k6k/hh2Q2h/8/8/8/8/8/4K3 w - - 0 1"), 3, 6_130),
    ("spartan", Some("8/8/8/8/6Q1/8/2h3h1/4K1k1 b - - 0 1"), 3, 3_456),
    ("atomar", None, 4, 197_779),
    (
        "atomar",
        Some("7r/6Pb/1np5/1p2kp2/P1P1n3/1P2KP1B/5N2/8 w - - 0 1"),
        3,
        24_644,
    ),
    ("nocheckatomic", None, 4, 197_779),
    (
        "nocheckatomic",
        Some("7r/6Pb/1np5/1p2kp2/P1P1n3/1P2KP1B/5N2/8 w - - 0 1"),
        3,
        21_347,
    ),
    ("threekings", None, 4, 199_514),
    ("shatranj", None, 4, 68_122),
    ("courier", None, 4, 500_337),
    ("breakthrough", None, 4, 256_036),
    (
        "breakthrough",
        Some("1p2pp1p/2p2ppp/2P5/8/8/3P2P1/1p1P2PP/1PP1PP1P w - - 1 26"),
        4,
        121_264,
    ),
    ("capablanca", None, 4, 805_128),
    ("centaur", None, 3, 24_490),
    ("chancellor", None, 4, 436_656),
    ("chigorin", None, 3, 11_408),
    ("chigorin", Some("8/1k5P/8/8/8/3K4/p7/8 b - - 0 1"), 2, 117),
    ("clobber", None, 3, 80_063),
    ("embassy", None, 4, 809_539),
    ("hoppelpoppel", None, 4, 202_459),
    ("janus", None, 4, 772_074),
    (
        "kingofthehill",
        Some("rnb2b1r/ppp2ppp/3k4/8/1PKp1pn1/3Pq3/PBP1P2P/RN1Q1B1R w - - 4 12"),
        3,
        19_003,
    ),
    ("knightmate", None, 4, 139_774),
    ("legan", None, 4, 8_138),
    ("losalamos", None, 5, 191_846),
    ("losalamos", Some("6/2P3/6/1K1k2/6/6 w - - 0 1"), 6, 187_431),
    ("makruk", None, 4, 273_026),
    ("modern", None, 4, 433_729),
    ("newzealand", None, 4, 200_310),
    ("nightrider", None, 4, 419_019),
    ("pawnsideways", None, 3, 10_022),
    ("perfect", None, 3, 15_082),
    (
        "perfect",
        Some("c3k2r/pppppppp/8/8/8/8/PPPPPPPP/C3K2R w KQkq - 0 1"),
        3,
        17_500,
    ),
    ("sortofalmost", None, 3, 10_815),
    ("sortofalmost", Some("8/1k5P/8/8/8/3K4/p7/8 b - - 0 1"), 2, 139),
    ("tencubed", None, 3, 68_230),
    ("torpedo", None, 4, 209_719),
    (
        "torpedo",
        Some("rnbqkbnr/1ppppppp/8/6P1/p7/8/PPPPPP1P/RNBQKBNR w KQkq - 0 1"),
        4,
        232_819,
    ),
    ("wolf", None, 3, 13_722),
    ("wolf", Some("8/k5SP/8/8/8/8/8/8/8/7K w - - 0 1"), 4, 10_587),
];

/// Figures for gallery variants that `tests/perft.sh` does not cover,
/// computed by Fairy-Stockfish's own binary (`go perft`), each under a
/// million nodes.
const FSF_BINARY_PERFT: &[(&str, Option<&str>, u32, u64)] = &[
    ("petrified", None, 4, 250_134),
    // Walls on b4, from random games.
    (
        "petrified",
        Some("r1b2bn1/ppp1k1pr/n2N4/4p1pq/P*PPP2p/6P1/4B1P1/2RQK1NR b K - 0 20"),
        3,
        55_410,
    ),
    (
        "petrified",
        Some("r4bn1/pp2k2r/n2N1p2/2ppP1pq/P*PP2bp/6P1/2RQBKP1/6NR w - - 0 25"),
        3,
        67_115,
    ),
];

#[test]
fn fairy_stockfish_perft_figures() {
    let mut failures = Vec::new();
    for &(name, fen, depth, nodes) in FSF_PERFT.iter().chain(FSF_BINARY_PERFT) {
        let counted = perft(name, fen, depth);
        if counted != nodes {
            failures.push(format!(
                "{name} {fen:?} perft {depth}: {counted}, Fairy-Stockfish {nodes}"
            ));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
#[ignore = "41 million nodes; run in release"]
fn fsf_perft_deep() {
    // Also from Fairy-Stockfish's tests/perft.sh and the Berolina page.
    assert_eq!(perft("berolina", None, 5), 29_119_802);
    // Fairy-Stockfish's go perft (a build with all variants).
    assert_eq!(perft("wolf", None, 5), 10_081_826);
    assert_eq!(perft("racingkings", None, 4), 296_242);
    assert_eq!(
        perft(
            "atomic",
            Some("rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1"),
            4
        ),
        1_434_825
    );
}

#[test]
fn capablanca_is_on_a_128_bit_board() {
    assert!(matches!(gallery("capablanca"), AnyVariant::Medium(_)));
}

#[test]
fn every_gallery_file_compiles_and_is_named_after_its_file() {
    let directory = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/variants");
    let mut names: Vec<String> = std::fs::read_dir(directory)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "toml"))
        .map(|path| path.file_stem().unwrap().to_str().unwrap().to_owned())
        .collect();
    names.sort();
    for name in &names {
        assert_eq!(gallery(name).name(), name);
    }
    // The gallery the library promises; more files are welcome.
    for promised in [
        "berolina",
        "losalamos",
        "capablanca",
        "kingofthehill",
        "breakthrough",
        "cylinder",
        "grid",
        "knightolina",
        "chennis",
        "gnu",
        "cgnp",
    ] {
        assert!(names.iter().any(|name| name == promised), "{promised}");
    }
}

/// Three positions from the middle of a game of `built_in`: after 12, 24
/// and 36 plies of deterministic pseudo-random play (or the last position
/// before the game ends).
fn middle_game_positions(built_in: &'static Variant<u64>) -> Vec<String> {
    let mut position = built_in.start_position();
    let mut random = common::Random(0x9e37_79b9_7f4a_7c15);
    let mut found = Vec::new();
    for ply in 1..=36 {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position.play_unchecked(moves[random.below(moves.len())]);
        if ply % 12 == 0 {
            found.push(position.fen());
        }
    }
    assert_eq!(found.len(), 3, "the game ended too early");
    found
}

#[test]
fn seed_variant_files_count_like_the_built_in_variants() {
    for (name, built_in) in [
        ("chennis", fairy_variants::chennis()),
        ("gnu", fairy_variants::gnu()),
        ("cgnp", fairy_variants::cgnp()),
    ] {
        let AnyVariant::Small(file) = gallery(name) else {
            panic!("{name} fits 64 squares")
        };
        assert_eq!(
            file.start_position().perft(4),
            built_in.start_position().perft(4),
            "{name} start"
        );
        for fen in middle_game_positions(built_in) {
            let from_file = Position::from_fen(&file, &fen).unwrap().perft(3);
            let from_built_in = Position::from_fen(built_in, &fen).unwrap().perft(3);
            assert_eq!(from_file, from_built_in, "{name} {fen}");
        }
    }
}

#[test]
fn an_ambiguous_berolina_en_passant_square_names_its_pawn() {
    // Found by the FEN round-trip property: after f7-g6-h5 (or h7-g6-f5)
    // the square g6 alone does not say which pawn to take; the FEN lists
    // the pawn's square too, as Fairy-Stockfish writes it.
    let AnyVariant::Small(berolina) = gallery("berolina") else {
        panic!("8 x 8")
    };
    let fen = "2b1kbnQ/prq1p3/npp4p/3p1pPp/P4N1P/P4P2/P5PP/RNB1KB1R w KQ h5g6 0 12";
    let position = Position::from_fen(&berolina, fen).unwrap();
    assert_eq!(position.fen(), fen);
    let taken = position.play_uci("g5g6").unwrap();
    assert!(
        taken.fen().starts_with("2b1kbnQ/prq1p3/npp3Pp/3p1p2/"),
        "{}",
        taken.fen()
    );
    // Listed in either order; without the pawn's square, or with another
    // piece's, it is refused.
    assert_eq!(
        Position::from_fen(&berolina, &fen.replace("h5g6", "g6h5")).unwrap(),
        position
    );
    assert!(Position::from_fen(&berolina, &fen.replace("h5g6", "g6")).is_err());
    assert!(Position::from_fen(&berolina, &fen.replace("h5g6", "d5g6")).is_err());
}

#[test]
fn berolina_pawns_reaching_one_square_are_told_apart_in_san() {
    // The pawns on d2 and f2 both step diagonally to e3.
    let AnyVariant::Small(berolina) = gallery("berolina") else {
        panic!("8 x 8")
    };
    let position = Position::from_fen(&berolina, "4k3/8/8/8/8/8/3P1P2/4K3 w - - 0 1").unwrap();
    let from_d2 = position.parse_uci("d2e3").unwrap();
    let from_f2 = position.parse_uci("f2e3").unwrap();
    assert_eq!(position.san(from_d2), "de3");
    assert_eq!(position.san(from_f2), "fe3");
    assert_eq!(position.parse_san("de3"), Ok(from_d2));
    assert!(position.parse_san("e3").is_err());
}

#[test]
fn a_wolf_chess_pawn_may_promote_to_the_elephant_written_plus() {
    // On the last rank a pawn becomes a queen, wolf, fox, rook or bishop,
    // or the elephant, its promoted form (`+P`).
    let variant = gallery("wolf");
    let moves = variant.visit(MovesAt("2k5/P7/8/8/8/8/8/8/8/7K w - - 0 1"));
    let promotions: Vec<&str> = moves
        .iter()
        .filter(|m| m.starts_with("a9a10"))
        .map(String::as_str)
        .collect();
    assert_eq!(promotions, ["a9a10+", "a9a10b", "a9a10f", "a9a10q", "a9a10r", "a9a10w"]);
    let after = variant.visit(FenAfter("2k5/P7/8/8/8/8/8/8/8/7K w - - 0 1", "a9a10+"));
    assert_eq!(after, "+P1k5/8/8/8/8/8/8/8/8/7K b - - 0 1");
}

#[test]
fn a_wolf_chess_sergeant_stepping_two_squares_is_taken_en_passant() {
    // As Fairy-Stockfish has it, every piece's double step may be taken en
    // passant by a pawn: the sergeant's b2b4 by the pawn on c4.
    let variant = gallery("wolf");
    let fen = "7k/8/8/8/8/8/2p5/8/1S6/K7 w - - 0 1";
    let after = variant.visit(FenAfter(fen, "b2b4 c4b3"));
    assert_eq!(after, "7k/8/8/8/8/8/8/1p6/8/K7 w - - 0 2");
}

/// The legal moves at a FEN, in coordinate notation, sorted.
struct MovesAt(&'static str);

impl VariantVisitor for MovesAt {
    type Output = Vec<String>;

    fn visit<W: Word>(self, variant: &Variant<W>) -> Vec<String> {
        common::moves(&Position::from_fen(variant, self.0).unwrap())
    }
}

/// The FEN after playing moves from a FEN.
struct FenAfter(&'static str, &'static str);

impl VariantVisitor for FenAfter {
    type Output = String;

    fn visit<W: Word>(self, variant: &Variant<W>) -> String {
        Position::from_fen(variant, self.0)
            .unwrap()
            .play_uci(self.1)
            .unwrap()
            .fen()
    }
}

#[test]
fn chess16_is_on_a_256_bit_board_and_opens_as_reasoned() {
    assert!(matches!(gallery("chess16"), AnyVariant::Large(_)));
    // Sixteen pawns with one step and two, and four knights with two steps
    // each onto the third rank: 40. Black's 40 answers are independent of
    // White's first move.
    assert_eq!(perft("chess16", None, 1), 40);
    assert_eq!(perft("chess16", None, 2), 1_600);
}
