//! Chess960: castling from wherever the king and rooks start, its FEN and
//! move notation, the numbered start positions, and perft against
//! published figures (`data/chess960.epd`, from chessprogramming.org's
//! Chess960 perft page) and Fairy-Stockfish's.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;

use std::sync::OnceLock;

use common::{moves, position, run_perft_cases};
use fairy_geometry::Word;
use fairy_position::{AnyVariant, Position, Variant, VariantSpec, VariantVisitor};
use fairy_variants::chess960::{Chess960Starts, StartError};

/// Chess in chess960 mode: Fairy-Stockfish's `fischerandom`.
fn fischer_random() -> &'static Variant<u64> {
    static VARIANT: OnceLock<Variant<u64>> = OnceLock::new();
    VARIANT.get_or_init(|| Variant::new(fairy_variants::chess_spec().chess960()).unwrap())
}

fn gallery_spec(name: &str) -> VariantSpec {
    let path = format!("{}/../../examples/variants/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    fairy_variants::spec_from_toml(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Runs every case of `epd` with at most `limit` nodes in `variant`;
/// returns the number of cases run.
fn run(variant: &Variant<u64>, epd: &'static str, limit: u64) -> usize {
    run_perft_cases(variant, epd, limit).0
}

const CHESS960_EPD: &str = include_str!("data/chess960.epd");
const CHESS_EPD: &str = include_str!("data/chess.epd");

#[test]
fn fischer_random_perft_positions_to_one_million_nodes() {
    assert_eq!(CHESS960_EPD.lines().count(), 36);
    let count = run(fischer_random(), CHESS960_EPD, 1_000_000);
    assert!(count >= 140, "only {count} cases under the node limit");
}

#[test]
#[ignore = "deep: 615 million nodes, about 7 s in release; run with --release -- --ignored"]
fn fischer_random_perft_positions_to_depth_5() {
    run(fischer_random(), CHESS960_EPD, 40_000_000);
}

#[test]
fn the_chess_suite_counts_alike_in_chess960_mode() {
    let count = run(fischer_random(), CHESS_EPD, 1_000_000);
    assert!(count > 400, "only {count} cases under the node limit");
}

#[test]
#[ignore = "deep: 4.8 billion nodes, about 90 s in release; run with --release -- --ignored"]
fn the_chess_suite_counts_alike_in_chess960_mode_to_depth_6() {
    let count = run(fischer_random(), CHESS_EPD, u64::MAX);
    assert_eq!(count, common::perft_cases(CHESS_EPD).len());
}

/// Perft of a FEN in a variant of any word.
struct Perft<'a> {
    fen: &'a str,
    depth: u32,
}

impl VariantVisitor for Perft<'_> {
    type Output = u64;

    fn visit<W: Word>(self, variant: &Variant<W>) -> u64 {
        Position::from_fen(variant, self.fen)
            .unwrap_or_else(|error| panic!("{}: {error}", self.fen))
            .perft(self.depth)
    }
}

/// Fairy-Stockfish's own figures: its `tests/perft.sh` cases of 960 mode
/// for the variants this library has.
#[test]
fn fairy_stockfish_960_perft_figures() {
    let cases: [(&str, &str, u32, u64); 5] = [
        ("atomic", "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1", 4, 61_401),
        ("atomic", "r3k1rR/5K2/8/8/8/8/8/8 b kq - 0 1", 4, 98_729),
        ("atomic", "Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq - 0 1", 4, 241_478),
        ("atomic", "1R4kr/4K3/8/8/8/8/8/8 b k - 0 1", 4, 17_915),
        (
            "extinction",
            "rnbqb1kr/pppppppp/8/8/8/8/PPPPPPPP/RNBQB1KR w AHah - 0 1",
            4,
            195_286,
        ),
    ];
    for (name, fen, depth, nodes) in cases {
        let variant = AnyVariant::new(gallery_spec(name).chess960()).unwrap();
        assert_eq!(variant.visit(Perft { fen, depth }), nodes, "{name} {fen}");
    }
}

/// Perft 3 of numbered starts, counted by Fairy-Stockfish (pyffish's
/// `legal_moves` in 960 mode) from the FEN of each.
#[test]
fn numbered_starts_count_as_in_fairy_stockfish() {
    let chess = Chess960Starts::new(&fairy_variants::chess_spec()).unwrap();
    for (number, nodes) in [
        (0, 9006),
        (1, 8948),
        (100, 9026),
        (284, 8950),
        (518, 8902),
        (777, 7718),
        (959, 9006),
    ] {
        let fen = chess.fen(number).unwrap();
        assert_eq!(position(fischer_random(), &fen).perft(3), nodes, "start {number}");
    }
    let capablanca = gallery_spec("caparandom");
    let variant = AnyVariant::new(capablanca.clone()).unwrap();
    let starts = Chess960Starts::new(&capablanca).unwrap();
    for (number, nodes) in [
        (0, 24_629),
        (5, 22_209),
        (1234, 22_068),
        (50_000, 22_333),
        (83_999, 24_629),
    ] {
        let fen = starts.fen(number).unwrap();
        assert_eq!(variant.visit(Perft { fen: &fen, depth: 3 }), nodes, "start {number}");
    }
}

#[test]
fn starts_are_numbered_as_in_fischer_random_chess() {
    let starts = Chess960Starts::new(&fairy_variants::chess_spec()).unwrap();
    assert_eq!(starts.count(), 960);
    assert_eq!(starts.classical(), Some(518));
    // Back ranks of python-chess's `Board.from_chess960_pos`.
    for (number, back_rank) in [
        (0, "BBQNNRKR"),
        (1, "BQNBNRKR"),
        (2, "BQNNRBKR"),
        (100, "QBBNRNKR"),
        (284, "NBRKNRBQ"),
        (359, "NRBKRQNB"),
        (518, "RNBQKBNR"),
        (600, "RBQNBKRN"),
        (777, "QRKBBNRN"),
        (959, "RKRNNQBB"),
    ] {
        assert_eq!(starts.back_rank(number).unwrap(), back_rank);
    }
    assert_eq!(
        starts.fen(959).unwrap(),
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1"
    );
    assert_eq!(
        starts.fen(960),
        Err(StartError::OutOfRange {
            number: 960,
            count: 960
        })
    );
}

#[test]
fn every_start_keeps_the_rules_of_chess960_and_has_its_own_number() {
    let starts = Chess960Starts::new(&fairy_variants::chess_spec()).unwrap();
    let mut seen = std::collections::HashSet::new();
    for number in 0..starts.count() {
        let rank: Vec<char> = starts.back_rank(number).unwrap().chars().collect();
        let files = |letter: char| -> Vec<usize> { (0..8).filter(|&file| rank[file] == letter).collect() };
        let (bishops, rooks, king) = (files('B'), files('R'), files('K'));
        assert_eq!(bishops.len(), 2);
        assert_ne!(bishops[0] % 2, bishops[1] % 2, "start {number}: bishops on one colour");
        assert!(
            rooks[0] < king[0] && king[0] < rooks[1],
            "start {number}: king not between the rooks"
        );
        assert_eq!((files('Q').len(), files('N').len()), (1, 2));
        assert_eq!(starts.number_of(&rank.iter().collect::<String>()), Some(number));
        assert!(seen.insert(rank));
        // Every start is a legal position with its four rights.
        let start = position(fischer_random(), &starts.fen(number).unwrap());
        assert_eq!(start.castling_rights().iter().count(), 4, "start {number}");
    }
}

#[test]
fn capablanca_random_starts() {
    let starts = Chess960Starts::new(&gallery_spec("caparandom")).unwrap();
    // 25 bishop pairs, 8 x 7 x 6 squares for the archbishop, the queen and
    // the chancellor, 10 ways for the knights.
    assert_eq!(starts.count(), 84_000);
    // Worked by hand: light bishop d1 (1 of b, d, f, h, j), dark bishop g1
    // (3 of a, c, e, g, i), archbishop c1 (2 of the 8 squares left), queen
    // e1 (2 of 7), chancellor h1 (3 of 6), knights b1 and i1 (the sixth way
    // of 10): 1 + 5 * (3 + 5 * (2 + 8 * (2 + 7 * (3 + 6 * 5)))).
    assert_eq!(starts.classical(), Some(46_666));
    assert_eq!(starts.back_rank(46_666).unwrap(), "RNABQKBCNR");
    for number in (0..starts.count()).step_by(997) {
        let rank = starts.back_rank(number).unwrap();
        assert_eq!(starts.number_of(&rank), Some(number));
    }
}

#[test]
fn variants_that_cannot_be_shuffled_say_why() {
    let chennis = fairy_variants::chennis_spec();
    assert_eq!(Chess960Starts::new(&chennis), Err(StartError::NoCastling));
    let mut spec = fairy_variants::chess_spec();
    spec.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qq - 0 1".to_owned();
    assert!(matches!(Chess960Starts::new(&spec), Err(StartError::BackRank { .. })));
    // A way to castle off the board (a definition not compiled yet).
    let mut spec = fairy_variants::chess_spec();
    spec.castling[0].king_from = "e9".parse().unwrap();
    assert!(matches!(Chess960Starts::new(&spec), Err(StartError::BackRank { .. })));
}

// The rules of castling in chess960 mode, each on a small position.

fn castles(fen: &str, uci: &str) -> String {
    let position = position(fischer_random(), fen);
    let mv = position
        .parse_uci(uci)
        .unwrap_or_else(|error| panic!("{fen} {uci}: {error}"));
    assert!(mv.castling_index().is_some(), "{uci} is not castling");
    position.play(mv).unwrap().fen()
}

#[test]
fn castling_with_a_king_that_does_not_move() {
    assert_eq!(
        castles("4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1h1"),
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    );
}

#[test]
fn castling_with_a_rook_that_does_not_move() {
    assert_eq!(
        castles("4k3/8/8/8/8/8/8/4KR2 w F - 0 1", "e1f1"),
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    );
}

#[test]
fn castling_king_and_rook_change_places() {
    assert_eq!(
        castles("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1"),
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    );
}

#[test]
fn castling_long_moves_a_king_from_the_b_file_towards_the_centre() {
    assert_eq!(
        castles("4k3/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1"),
        "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"
    );
}

#[test]
fn castling_needs_every_square_between_and_on_the_destinations_empty() {
    // King b1 to c1 and rook a1 to d1: a knight on d1 blocks.
    let blocked = position(fischer_random(), "4k3/8/8/8/8/8/8/RK1N4 w A - 0 1");
    assert!(!moves(&blocked).contains(&"b1a1".to_owned()));
    // King e1 to g1 with the rook from b1 to f1: c1 and d1 too.
    let free = position(fischer_random(), "4k3/8/8/8/8/8/8/1R2K3 w B - 0 1");
    assert!(moves(&free).contains(&"e1b1".to_owned()));
    let blocked = position(fischer_random(), "4k3/8/8/8/8/8/8/1RB1K3 w B - 0 1");
    assert!(!moves(&blocked).contains(&"e1b1".to_owned()));
}

#[test]
fn castling_king_may_not_pass_or_land_on_an_attacked_square() {
    // King b1 to g1 passes c1 to f1; a rook on e8 attacks e1.
    let attacked = position(fischer_random(), "k3r3/8/8/8/8/8/8/1K5R w H - 0 1");
    assert!(!moves(&attacked).contains(&"b1h1".to_owned()));
    // d8's rook attacks d1, which the king passes as well.
    let attacked = position(fischer_random(), "k2r4/8/8/8/8/8/8/1K5R w H - 0 1");
    assert!(!attacked.is_check());
    assert!(!moves(&attacked).contains(&"b1h1".to_owned()));
    let safe = position(fischer_random(), "k7/8/8/8/8/8/8/1K5R w H - 0 1");
    assert!(moves(&safe).contains(&"b1h1".to_owned()));
}

#[test]
fn castling_rook_may_not_leave_the_king_in_check() {
    // The rook on b1 shields the king on c1 from the queen on a1; castling
    // long leaves the king on c1 and takes the rook to d1.
    let shielded = position(fischer_random(), "4k3/8/8/8/8/8/8/qRK5 w B - 0 1");
    assert!(!moves(&shielded).contains(&"c1b1".to_owned()));
    let free = position(fischer_random(), "4k3/8/8/8/8/8/8/1RK5 w B - 0 1");
    assert!(moves(&free).contains(&"c1b1".to_owned()));
}

#[test]
fn castling_rights_are_lost_by_the_king_and_by_their_own_rook() {
    let start = position(fischer_random(), "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
    assert_eq!(
        start.play_uci("g1g2").unwrap().fen(),
        "1r2k1r1/8/8/8/8/8/6R1/1R2K3 b Bgb - 1 1"
    );
    assert_eq!(
        start.play_uci("e1d1").unwrap().fen(),
        "1r2k1r1/8/8/8/8/8/8/1R1K2R1 b gb - 1 1"
    );
    assert_eq!(
        start.play_uci("b1b8").unwrap().fen(),
        "1R2k1r1/8/8/8/8/8/8/4K1R1 b Gg - 0 1"
    );
}

#[test]
fn x_fen_and_shredder_fen_are_both_read() {
    // Rooks on a1, b1 and h1: the right with b1's is `B` either way; `Q`
    // would name a1's, the outermost.
    let shredder = position(fischer_random(), "4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1");
    let x_fen = position(fischer_random(), "4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1");
    assert_eq!(shredder, x_fen);
    assert_eq!(shredder.fen(), "4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1");
    assert_eq!(shredder.x_fen(), "4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1");
    let outer = position(fischer_random(), "4k3/8/8/8/8/8/8/RR2K2R w KQ - 0 1");
    assert_eq!(outer.fen(), "4k3/8/8/8/8/8/8/RR2K2R w HA - 0 1");
    assert_ne!(outer, shredder);
    assert_ne!(outer.hash(), shredder.hash());
    assert_eq!(outer.hash(), outer.compute_hash());
    // Castling long goes with the rook the rights name: b1's stands in the
    // way of a1's.
    assert!(!moves(&outer).contains(&"e1a1".to_owned()));
    assert!(moves(&shredder).contains(&"e1b1".to_owned()));
}

#[test]
fn chess960_castling_is_written_as_the_king_taking_its_rook_and_as_o_o() {
    let position = position(
        fischer_random(),
        "rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/R3KBNR w KQkq - 0 1",
    );
    let long = position.parse_uci("e1a1").unwrap();
    assert_eq!(position.san(long), "O-O-O");
    assert_eq!(position.parse_san("O-O-O").unwrap(), long);
    assert!(position.parse_uci("e1c1").is_err());
    // In classical chess the same move is the king's: e1c1.
    let classical = fairy_variants::chess();
    let same = Position::from_fen(classical, &position.fen()).unwrap();
    assert!(same.parse_uci("e1c1").is_ok());
}
