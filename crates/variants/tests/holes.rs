//! Boards with holes (gustav3, omicron, troitzky) and pawn-back chess (a
//! region for pawns) against Fairy-Stockfish's `tests/perft.sh` figures,
//! and one focused test per rule on a small position.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;
#[macro_use]
mod from_gallery;

use common::moves_from;
use fairy_position::Position;

gallery_variant!(gustav3, "gustav3", u128);
gallery_variant!(omicron, "omicron", u128);
gallery_variant!(troitzky, "troitzky", u128);
gallery_variant!(pawnback, "pawnback", u64);

// Fairy-Stockfish's `tests/perft.sh`.

#[test]
fn gustav3_start_perft_4_as_fairy_stockfish() {
    assert_eq!(gustav3().start_position().perft(4), 331_659);
}

#[test]
fn omicron_start_perft_4_as_fairy_stockfish() {
    assert_eq!(omicron().start_position().perft(4), 967_381);
}

#[test]
fn troitzky_start_perft_3_as_fairy_stockfish() {
    assert_eq!(troitzky().start_position().perft(3), 8_766);
}

#[test]
fn pawnback_start_perft_3_as_fairy_stockfish() {
    assert_eq!(pawnback().start_position().perft(3), 9_222);
}

// The rules, one small position each.

#[test]
fn no_piece_stands_on_or_passes_a_hole() {
    // Gustav III: a1 is a rook's corner, and a2 above it a hole.
    let position = Position::from_fen(gustav3(), "k9/*8*/*8*/*8*/*8*/*8*/*8*/R4K4 w - - 0 1").unwrap();
    assert_eq!(moves_from(&position, "a1"), ["a1b1", "a1c1", "a1d1", "a1e1"]);
    // At the start the knight on c1 may not land on the hole a2.
    assert_eq!(moves_from(&gustav3().start_position(), "c1"), ["c1b3", "c1d3"]);
}

#[test]
fn a_leap_crosses_holes() {
    // Gustav III: the amazon in the corner leaps as a knight over the
    // hole a2 and the pawn b2; its lines are shut.
    assert_eq!(moves_from(&gustav3().start_position(), "a1"), ["a1b3"]);
}

#[test]
fn troitzky_pawns_promote_on_the_last_square_of_their_file() {
    // The a-file ends at a6: a7 is a hole.
    let fen = "****k*****/**6**/*8*/*8*/10/P9/10/*8*/**6**/****K***** w - - 0 1";
    let position = Position::from_fen(troitzky(), fen).unwrap();
    assert_eq!(moves_from(&position, "a5"), ["a5a6b", "a5a6n", "a5a6q", "a5a6r"]);
}

#[test]
fn a_pawn_steps_back_but_never_onto_its_first_rank() {
    let position = Position::from_fen(pawnback(), "4k3/8/8/8/8/2P5/3P4/4K3 w - - 0 1").unwrap();
    assert_eq!(moves_from(&position, "c3"), ["c3c2", "c3c4"]);
    assert_eq!(moves_from(&position, "d2"), ["d2d3", "d2d4"]);
}

#[test]
fn a_pawn_back_on_its_second_rank_may_step_two_squares_again() {
    let position = Position::from_fen(pawnback(), "4k3/8/8/8/8/2P5/8/4K3 w - - 0 1").unwrap();
    let back = position.play_uci("c3c2").unwrap().play_uci("e8d8").unwrap();
    assert_eq!(moves_from(&back, "c2"), ["c2c3", "c2c4"]);
}

// Deeper, against Fairy-Stockfish's `go perft` (its largeboards build).

#[test]
#[ignore = "34 million nodes: run with --ignored (release)"]
fn omicron_start_perft_5_as_fairy_stockfish() {
    assert_eq!(omicron().start_position().perft(5), 34_451_292);
}

#[test]
#[ignore = "108 million nodes: run with --ignored (release)"]
fn troitzky_start_perft_6_as_fairy_stockfish() {
    assert_eq!(troitzky().start_position().perft(6), 108_084_753);
}

#[test]
#[ignore = "141 million nodes: run with --ignored (release)"]
fn pawnback_start_perft_6_as_fairy_stockfish() {
    assert_eq!(pawnback().start_position().perft(6), 140_940_294);
}

#[test]
#[ignore = "295 million nodes: run with --ignored (release)"]
fn gustav3_start_perft_6_as_fairy_stockfish() {
    assert_eq!(gustav3().start_position().perft(6), 294_561_801);
}
