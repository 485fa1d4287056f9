//! Sittuyin: its setting-up phase and promotion in place, against
//! Fairy-Stockfish's `tests/perft.sh` figures, and one focused test per
//! rule on a small position.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;
#[macro_use]
mod from_gallery;

use common::{moves, moves_from, position};

gallery_variant!(sittuyin, "sittuyin");

#[test]
fn sittuyin_perft_as_fairy_stockfish() {
    assert_eq!(sittuyin().start_position().perft(3), 580_096);
    for (fen, depth, nodes) in [
        ("8/8/6R1/s3r3/P5R1/1KP3p1/1F2kr2/8[] b - - 0 72", 4, 652_686),
        ("2r5/6k1/6p1/3s2P1/3npR2/8/p2N2F1/3K4[] w - - 1 50", 4, 373_984),
        ("8/6s1/5P2/3n4/pR2K2S/1P6/1k4p1/8[] w - - 1 50", 4, 268_869),
        ("1k5K/3r2P1/8/8/8/8/8/8[] w - - 0 1", 5, 68_662),
    ] {
        assert_eq!(position(sittuyin(), fen).perft(depth), nodes, "{fen}");
    }
}

#[test]
fn the_setting_up_phase_drops_every_piece_first() {
    // Only drops while a side holds pieces: on its first three ranks'
    // empty squares, rooks on the first rank only.
    let start = sittuyin().start_position();
    let all = moves(&start);
    assert!(all.iter().all(|m| m.contains('@')));
    let rooks: Vec<&String> = all.iter().filter(|m| m.starts_with("R@")).collect();
    assert_eq!(rooks.len(), 8);
    assert!(rooks.iter().all(|m| m.ends_with('1')));
    // Kings: the 24 squares of ranks 1 to 3 less the four pawns on rank 3.
    assert_eq!(all.iter().filter(|m| m.starts_with("K@")).count(), 20);
}

#[test]
fn a_last_pawn_promotes_in_place_or_a_diagonal_step_away() {
    let alone = position(sittuyin(), "8/6k1/8/3P4/8/8/1K6/8[] w - - 0 1");
    assert_eq!(
        moves_from(&alone, "d5"),
        ["d5c4f", "d5c6f", "d5d5f", "d5d6", "d5e4f", "d5e6f"]
    );
    let promoted = alone.play_uci("d5d5f").unwrap();
    assert_eq!(promoted.fen(), "8/6k1/8/3F4/8/8/1K6/8[] b - - 0 1");
    // With a general on the board already, no pawn promotes.
    let general = position(sittuyin(), "8/6k1/8/3P4/8/8/1K5F/8[] w - - 0 1");
    assert_eq!(moves_from(&general, "d5"), ["d5d6"]);
    // Of two pawns, only one on the zone's diagonals promotes.
    let two = position(sittuyin(), "8/6k1/8/3P4/8/P7/1K6/8[] w - - 0 1");
    assert_eq!(moves_from(&two, "a3"), ["a3a4"]);
    assert_eq!(moves_from(&two, "d5").len(), 6);
}

#[test]
fn a_new_general_gives_no_check_and_attacks_no_piece() {
    // On c6 or e6 it would check the king on d7; on c4 it would attack the
    // knight on b3.
    let before = position(sittuyin(), "8/3k4/8/3P4/8/1n6/1K6/8[] w - - 0 1");
    assert_eq!(moves_from(&before, "d5"), ["d5d5f", "d5d6", "d5e4f"]);
}
