//! Fairy-Stockfish's definition format, read by `fairy_variants::fsf`; and
//! Fairy-Stockfish's own `variants.ini` (kept in `tests/data`, from its
//! repository): each section either compiles into a variant or names what
//! this library does not support. The variants that load are compared with
//! Fairy-Stockfish by `tools/fsf_diff.py --ini`.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

use fairy_position::{AnyVariant, VariantSpec, VariantVisitor};
use fairy_variants::fsf;

const FSF_VARIANTS: &str = include_str!("data/fsf-variants.ini");

/// The sections of Fairy-Stockfish's file this library plays, each found
/// equal to Fairy-Stockfish by `tools/fsf_diff.py --ini`.
const LOADED: [&str; 88] = [
    "allwayspawns",
    "3check-crazyhouse",
    "atomic-giveaway",
    "atomic-giveaway-hill",
    "coffeehouse",
    "xiangqihouse",
    "janggihouse",
    "anti-losalamos",
    "indiangreat",
    "centaurking",
    "maharajah",
    "maharajah2",
    "upsidedown",
    "peasant",
    "weak",
    "semitorpedo",
    "gemini",
    "pawnsonly",
    "pawnsking",
    "flipello6",
    "caught-in-a-snag",
    "minihouse",
    "rookmate",
    "orda",
    "ordamirror",
    "gothhouse",
    "synochess",
    "capture",
    "doublearmy",
    "pawnsmassacre",
    "crossing",
    "4x5chess",
    "4x6chess",
    "5x6chess",
    "active",
    "6x6atom",
    "advancedpawn",
    "captureall",
    "cornerrook",
    "diana",
    "microchess",
    "empire",
    "breakthrough5",
    "breakthrough6",
    "breakthrough7",
    "crossderby",
    "elimination",
    "antiatomic",
    "atomiczh",
    "kamikazerooks",
    "mounted",
    "racingchess",
    "twokings2",
    "antiantichess",
    "antihouse",
    "coffeerace",
    "epicatomic",
    "checkmateless",
    "sixthrank",
    "fullmoon",
    "crowdedxiangqi",
    "massacre",
    "stardust",
    "chessvshp",
    "ordavsempire",
    "xhess",
    "buffalo",
    "allexplodeatomic",
    "hexapawn",
    "1d-chess",
    "lewthwaite",
    "rooksquare",
    "river",
    "dragon-chess",
    "nim",
    "quadwrangle",
    "quadwrangle7x7",
    "crusade",
    "snort",
    "blackletter",
    "atlantis",
    "ajax-orthodox",
    "petty",
    "haynie",
    "argess",
    "quasi-shatranj",
    "andersgiveaway",
    "andersanti",
];

struct Perft(u32);

impl VariantVisitor for Perft {
    type Output = u64;
    fn visit<W: fairy_geometry::Word>(self, variant: &fairy_position::Variant<W>) -> u64 {
        variant.start_position().perft(self.0)
    }
}

fn spec(text: &str, name: &str) -> VariantSpec {
    fsf::spec_from_ini(text, name).unwrap_or_else(|error| panic!("{error}"))
}

#[test]
fn fairy_stockfish_variants_ini_loads_what_the_library_supports() {
    let results = fsf::specs_from_ini(FSF_VARIANTS).unwrap();
    assert_eq!(results.len(), 143);
    let mut loaded = Vec::new();
    for (name, result) in &results {
        match result {
            Ok(spec) => {
                // Compiling may still refuse a combination of rules.
                if AnyVariant::new(spec.clone()).is_ok() {
                    loaded.push(name.as_str());
                }
            }
            // The reader's refusals name the section they are about.
            Err(error) => assert_eq!(&error.section, name, "{error}"),
        }
    }
    assert_eq!(loaded, LOADED);
}

#[test]
fn a_section_inherits_from_a_built_in_variant_and_overrides_it() {
    // Fairy-Stockfish's gemini: Janus chess with its archbishops moved.
    let gemini = spec(FSF_VARIANTS, "gemini");
    assert_eq!(gemini.geometry.size().files(), 10);
    assert_eq!(gemini.pieces.iter().filter(|piece| piece.letter == 'A').count(), 1);
    assert!(
        !gemini.pieces.iter().any(|piece| piece.letter == 'J'),
        "the archbishop took the letter a"
    );
    // Its king starts on the f-file: castling starts there.
    assert_eq!(gemini.castling[0].king_from.to_string(), "f1");
    assert_eq!(gemini.castling[0].king_to.to_string(), "i1");
    // Perft from Fairy-Stockfish (pyffish, by recursion over legal_moves).
    let variant = AnyVariant::new(gemini).unwrap();
    assert_eq!(variant.visit(Perft(2)), 784);
}

#[test]
fn options_are_errors_naming_the_key_unless_they_turn_a_rule_off() {
    let base = "[tiny:chess]\nmaxFile = 5\nmaxRank = 5\nstartFen = 4k/5/5/5/4K w - - 0 1\n";
    let error = |extra: &str| {
        fsf::spec_from_ini(&format!("{base}{extra}\n"), "tiny")
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        error("shogiPawnDropMateIllegal = true"),
        "[tiny] shogiPawnDropMateIllegal: needs pieces in hand and drops, not supported yet"
    );
    assert_eq!(
        error("promotionPieceTyps = q"),
        "[tiny] promotionPieceTyps: not an option of Fairy-Stockfish's variant format"
    );
    assert_eq!(
        error("customPiece1 = a"),
        "[tiny] customPiece1: a custom piece needs its moves: letter:Betza"
    );
    assert_eq!(
        error("mobilityRegionWhiteRookk = *1"),
        "[tiny] mobilityRegionWhiteRookk: not an option of Fairy-Stockfish's variant format (mobilityRegion, then White or Black, then a piece type: mobilityRegionWhiteRook)"
    );
    assert_eq!(
        error("flagPiece = z"),
        "[tiny] flagPiece: no piece type is lettered 'z'"
    );
    assert_eq!(
        error("nMoveRule = many"),
        "[tiny] nMoveRule: expected a number, found \"many\""
    );
    assert_eq!(
        error("twoBoards = true"),
        "[tiny] twoBoards: a partner's board feeds the hands, which needs pieceDrops"
    );
    // Turned off, a rule this library lacks is no obstacle; GUI options are
    // read and ignored.
    spec(
        &format!("{base}pieceDrops = false\ncapturesToHand = false\npieceToCharTable = -\n"),
        "tiny",
    );
    let unknown_parent = fsf::spec_from_ini("[x:shogi]\n", "x").unwrap_err().to_string();
    assert!(
        unknown_parent.contains("\"shogi\" is neither an earlier section nor a built-in variant"),
        "{unknown_parent}"
    );
    let missing = fsf::spec_from_ini(base, "other").unwrap_err().to_string();
    assert_eq!(missing, "[other] no such section (the file has: tiny)");
}

#[test]
fn removing_a_piece_removes_the_promotions_to_it() {
    let text = "[noqueen:chess]\nqueen = -\n";
    let noqueen = spec(text, "noqueen");
    let pawn = noqueen.pieces.iter().find(|piece| piece.letter == 'P').unwrap();
    assert_eq!(pawn.promotion.as_ref().unwrap().choices, ['R', 'B', 'N']);
    // A section without a parent starts with no pieces and no promotion
    // choices: its pawns may not enter the last rank (as in Fairy-Stockfish).
    let text = "[bare]\npawn = p\nking = k\nstartFen = 4k3/2P5/8/8/8/8/8/4K3 w - - 0 1\n";
    let variant = AnyVariant::new(spec(text, "bare")).unwrap();
    // The king's five moves; the pawn is stuck.
    assert_eq!(variant.visit(Perft(1)), 5);
}

#[test]
fn start_fens_are_read_as_fairy_stockfish_reads_them() {
    // Fields left out, and castling rights the rules do not have.
    let text = "[short:chess]\ncastling = false\nstartFen = 4k3/8/8/8/8/8/8/R3K2R w KQ 3 9\n";
    assert_eq!(spec(text, "short").start_fen, "4k3/8/8/8/8/8/8/R3K2R w - - 9 1");
    let text = "[bare:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K3 w\n";
    assert_eq!(spec(text, "bare").start_fen, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    // A right without its rook is dropped; the other is kept.
    let text = "[onerook:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K2R w KQ - 0 1\n";
    let onerook = spec(text, "onerook");
    assert_eq!(onerook.start_fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(onerook.castling.len(), 1);
}

#[test]
fn walling_rules_and_regions_read_as_fairy_stockfish_reads_them() {
    // Each side walls only its own half's middle ranks: 20 moves, each
    // ending there, with 15 of its 16 squares left for the wall (pyffish
    // with this section loaded agrees: 300, and 90,000 two plies deep).
    let text = "[walledchess:chess]\nwallingRule = static\nwallingRegionWhite = *3 *4\nwallingRegionBlack = *5 *6\n";
    let variant = AnyVariant::new(spec(text, "walledchess")).unwrap();
    assert_eq!(variant.visit(Perft(1)), 300);
    assert_eq!(variant.visit(Perft(2)), 300 * 300);
    // At the edge, after each move: 8 empty edge squares (a3 to a6 and h3
    // to h6) after each of the 20 moves, and the square a knight leaves on
    // the first rank after b1c3 and g1f3: 162 (pyffish agrees, and gives
    // 24,988 two plies deep).
    let edges = AnyVariant::new(spec("[edges:chess]\nwallingRule = edge\n", "edges")).unwrap();
    assert_eq!(edges.visit(Perft(1)), 162);
    assert_eq!(edges.visit(Perft(2)), 24_988);
}

#[test]
fn flying_generals_and_passing_read_as_fairy_stockfish_reads_them() {
    // Kings that may not face each other: from d1, e1 and e2 face the king
    // on e8 (pyffish: d1c1, d1c2, d1d2).
    let flyer = "[flyer:chess]\nflyingGeneral = true\nstartFen = 4k3/8/8/8/8/8/8/3K4 w - - 0 1\n";
    assert_eq!(AnyVariant::new(spec(flyer, "flyer")).unwrap().visit(Perft(1)), 3);
    // Passing: chess's 20 moves and e1e1 (pyffish: 21).
    let passer = "[passer:chess]\npass = true\n";
    assert_eq!(AnyVariant::new(spec(passer, "passer")).unwrap().visit(Perft(1)), 21);
    let bikjang = fsf::spec_from_ini("[b:chess]\nbikjangRule = true\n", "b").unwrap_err();
    assert_eq!(
        bikjang.to_string(),
        "[b] bikjangRule: bikjang without passing is not supported yet"
    );
}

#[test]
fn built_in_variants_restated_as_options_give_fairy_stockfish_perft_figures() {
    // Sections inheriting from built-ins that need this stop's options:
    // mobility regions and soldiers (xiangqi), gates and first moves
    // (cambodian), enclosing drops, flips and free drops (flipello,
    // ataxx). The figures are Fairy-Stockfish's `tests/perft.sh`.
    // One board of the two-board games: with empty hands, bughouse and
    // koedem (too shallow for a check to count) play chess's moves from
    // the start (`chess.epd`), and supply xiangqi's (its regions take
    // away no square its pieces reach from there).
    let text = "[xq:xiangqi]\n[km:cambodian]\n[fl:flipello]\n[ax:ataxx]\n[bh:bughouse]\n[kd:koedem]\n[sp:supply]\n";
    let cases = [
        ("xq", 4, 3_290_240),
        ("bh", 4, 197_281),
        ("kd", 3, 8_902),
        ("sp", 4, 3_290_240),
        ("km", 4, 361_719),
        ("fl", 7, 55_092),
        ("ax", 4, 155_888),
    ];
    for (name, depth, nodes) in cases {
        let variant = AnyVariant::new(spec(text, name)).unwrap();
        assert_eq!(variant.visit(Perft(depth)), nodes, "{name}");
    }
}

#[test]
fn janggi_and_its_diagonal_lines_read_as_fairy_stockfish_reads_them() {
    // The built-in janggi restated as options (its cannon, its elephant,
    // `diagonalLines` for the palaces), against Fairy-Stockfish's
    // `tests/perft.sh`.
    let janggi = AnyVariant::new(spec("[janggi2:janggi]\n", "janggi2")).unwrap();
    assert_eq!(janggi.visit(Perft(4)), 1_065_277);
    struct PerftFrom(&'static str, u32);
    impl VariantVisitor for PerftFrom {
        type Output = u64;
        fn visit<W: fairy_geometry::Word>(self, variant: &fairy_position::Variant<W>) -> u64 {
            fairy_position::Position::from_fen(variant, self.0)
                .unwrap()
                .perft(self.1)
        }
    }
    let palace = "1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1";
    assert_eq!(janggi.visit(PerftFrom(palace, 4)), 76_763);
    let cannons = "1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23";
    assert_eq!(janggi.visit(PerftFrom(cannons, 4)), 151_202);
    // A wazir on a palace corner steps along the diagonal to the centre;
    // a knight, which has no diagonal lines, does not gain any.
    let text = "[lines:chess]\nwazir = a\ndiagonalLines = a1 b2 c3\nstartFen = 4k3/8/8/8/8/8/8/A3K3 w - - 0 1\n";
    let lines = spec(text, "lines");
    let wazir = lines.pieces.iter().find(|piece| piece.letter == 'A').unwrap();
    assert!(wazir.zone_moves.is_some());
    let knight = lines.pieces.iter().find(|piece| piece.letter == 'N').unwrap();
    assert!(knight.zone_moves.is_none());
    // a2, b1 and along the line b2 (not c3: a ferz's step).
    assert_eq!(AnyVariant::new(lines).unwrap().visit(Perft(1)), 3 + 5);
}
