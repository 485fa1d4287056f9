//! The xiangqi family of the gallery (xiangqi, minixiangqi, manchu) and the
//! other hoppers (grasshopper chess, shako) against Fairy-Stockfish's
//! `tests/perft.sh` figures, and one focused test per rule on a small
//! position: the cannon and the grasshopper, palaces and the river (piece
//! regions), the soldier's moves across the river (zone moves), the
//! generals that may not face each other, the blocked horse and elephant.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;
#[macro_use]
mod from_gallery;

use common::{ended, moves, moves_from};
use fairy_movement::Color;
use fairy_position::{EndReason, Position};

gallery_variant!(xiangqi, "xiangqi", u128);
gallery_variant!(minixiangqi, "minixiangqi", u64);
gallery_variant!(manchu, "manchu", u128);
gallery_variant!(grasshopper, "grasshopper", u64);
gallery_variant!(shako, "shako", u128);

fn at(fen: &str) -> Position<'static, u128> {
    Position::from_fen(xiangqi(), fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn shako_perft(fen: &str, depth: u32) -> u64 {
    Position::from_fen(shako(), fen).unwrap().perft(depth)
}

// Fairy-Stockfish's `tests/perft.sh`.

#[test]
#[ignore = "3.3 million nodes: run with --ignored (release)"]
fn xiangqi_start_perft_4_as_fairy_stockfish() {
    assert_eq!(xiangqi().start_position().perft(4), 3_290_240);
}

#[test]
#[ignore = "4.5 million nodes: run with --ignored (release)"]
fn xiangqi_middlegame_perft_4_as_fairy_stockfish() {
    let fen = "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1";
    assert_eq!(at(fen).perft(4), 4_485_547);
}

#[test]
fn xiangqi_endgame_perft_4_as_fairy_stockfish() {
    assert_eq!(at("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1").perft(4), 92_741);
}

#[test]
fn xiangqi_start_perft_3_as_fairy_stockfish() {
    // perft.sh has depth 4 only (above, ignored); this is pyffish's count
    // by recursion over its legal moves.
    assert_eq!(xiangqi().start_position().perft(3), 79_666);
}

#[test]
fn minixiangqi_start_perft_4_as_fairy_stockfish() {
    // pyffish's count by recursion (perft.sh has no minixiangqi figure).
    assert_eq!(minixiangqi().start_position().perft(4), 127_164);
}

#[test]
fn manchu_start_perft_4_as_fairy_stockfish() {
    assert_eq!(manchu().start_position().perft(4), 798_554);
}

#[test]
fn grasshopper_start_perft_4_as_fairy_stockfish() {
    assert_eq!(grasshopper().start_position().perft(4), 635_298);
}

#[test]
fn shako_perft_as_fairy_stockfish() {
    let cases = [
        (
            "4kc3c/ernbq1b1re/ppp3p1pp/3p2pp2/4p5/5P4/2PN2P3/PP1PP2PPP/ER1BQKBNR1/5C3C w KQ - 0 9",
            3,
            26_325,
        ),
        (
            "4ncr1k1/1cr2P4/pp2p2pp1/P7PN/2Ep1p4/B3P1eN2/2P1n1P3/1B1P1K4/9p/5C2CR w - - 0 1",
            3,
            180_467,
        ),
        (
            "r5k3/4q2c2/1ebppnp3/1pp3BeEQ/10/2PE2P3/1P3P4/5NP2P/rR3KB3/7C2 w Q - 3 35",
            2,
            4_940,
        ),
        ("10/rr3k4/ppppp5/10/10/10/10/6PPPP/5K2RR/10 w Kq - 0 1", 2, 460),
    ];
    for (fen, depth, nodes) in cases {
        assert_eq!(shako_perft(fen, depth), nodes, "{fen}");
    }
}

// The rules, one small position each.

#[test]
fn the_cannon_captures_over_exactly_one_screen() {
    // The cannon on a1 moves as a rook up to its own soldier on a4 and
    // captures the black cannon on a6 over it; along the first rank its
    // own general on e1 is a screen with nothing behind it.
    let position = at("3k5/9/9/9/c8/9/P8/9/9/C3K4 w - - 0 1");
    assert_eq!(
        moves_from(&position, "a1"),
        ["a1a2", "a1a3", "a1a6", "a1b1", "a1c1", "a1d1"]
    );
}

#[test]
fn a_piece_may_not_become_the_screen_of_an_enemy_cannon() {
    // The black cannon on e8 faces the white general on e1: the chariot
    // may not stop on e3 between them.
    let position = at("3k5/9/4c4/9/9/9/9/R8/9/4K4 w - - 0 1");
    let chariot = moves_from(&position, "a3");
    assert!(!chariot.contains(&"a3e3".to_owned()));
    assert!(chariot.contains(&"a3d3".to_owned()));
    assert_eq!(chariot.len(), 16);
}

#[test]
fn a_piece_moving_onto_the_line_gives_check_as_the_cannon_screen() {
    // The chariot steps between the white cannon on e2 and the black
    // general on e10: check. The general cannot stay on the file, and d10
    // would face the white general on d1: f10 is its only move.
    let position = at("4k4/9/9/9/9/R8/9/9/4C4/3K5 w - - 0 1");
    let after = position.play_uci("a5e5").unwrap();
    assert!(after.is_check());
    assert_eq!(moves(&after), ["e10f10"]);
}

#[test]
fn the_grasshopper_lands_just_beyond_its_screen() {
    // On d4 with pieces on d6, f6, e4 and b2 it lands just beyond each:
    // d7, g7, f4 and a1; along the other lines it finds no screen.
    let position = Position::from_fen(grasshopper(), "4k3/8/3p1p2/8/3GP2p/8/1N6/4K3 w - - 0 1").unwrap();
    assert_eq!(moves_from(&position, "d4"), ["d4a1", "d4d7", "d4f4", "d4g7"]);
}

#[test]
fn generals_may_not_face_each_other() {
    // On an open file the general may not step to d1, facing d10.
    let open = at("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(moves(&open), ["e1e2", "e1f1"]);
    // A horse alone between the generals may not leave the file.
    let screened = at("4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(moves(&screened), ["e1d1", "e1e2", "e1f1"]);
}

#[test]
fn the_general_and_the_advisors_stay_in_their_palace() {
    let position = at("5k3/9/9/9/9/9/9/3A5/9/3K5 w - - 0 1");
    assert_eq!(moves_from(&position, "d1"), ["d1d2", "d1e1"]);
    assert_eq!(moves_from(&position, "d3"), ["d3e2"]);
}

#[test]
fn a_general_set_up_outside_its_palace_is_still_in_check() {
    // Off its palace, which its moves cannot reach from a6: the horse on
    // b8 checks it over b7, from where no horse could ever reach the
    // palace. The chariot must take the horse or block its leg.
    let position = at("3k5/9/1n7/9/K8/9/9/9/9/1R7 w - - 0 1");
    assert!(position.is_check());
    assert_eq!(moves(&position), ["b1b7", "b1b8"]);
    assert_eq!(position.perft(1), 2);
}

#[test]
fn elephants_never_cross_the_river_and_are_blocked_by_a_piece_between() {
    // From c5, a7 and e7 lie across the river, and d4 blocks the way to e3.
    let position = at("3k5/9/9/9/9/2B6/3P5/9/9/4K4 w - - 0 1");
    assert_eq!(moves_from(&position, "c5"), ["c5a3"]);
}

#[test]
fn horses_are_blocked_by_a_piece_next_to_them() {
    // At the start the elephant on c1 blocks the horse's way to d2.
    assert_eq!(moves_from(&xiangqi().start_position(), "b1"), ["b1a3", "b1c3"]);
}

#[test]
fn soldiers_step_sideways_only_across_the_river() {
    let position = at("4k4/9/9/9/4P4/9/4P4/9/9/3K5 w - - 0 1");
    assert_eq!(moves_from(&position, "e4"), ["e4e5"]);
    assert_eq!(moves_from(&position, "e6"), ["e6d6", "e6e7", "e6f6"]);
}

#[test]
fn stalemate_loses_in_xiangqi() {
    // Black's general on d10: d9 is the chariot's, e10 faces the white
    // general, c10 lies outside the palace.
    let position = at("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert!(moves(&position).is_empty() && !position.is_check());
    assert_eq!(position.outcome(), ended(Some(Color::White), EndReason::Stalemate));
}

#[test]
fn the_soldier_does_not_reset_the_fifty_move_clock() {
    // As in Fairy-Stockfish, only captures reset it in xiangqi.
    let position = xiangqi().start_position().play_uci("e4e5").unwrap();
    assert!(position.fen().ends_with(" 1 1"), "{}", position.fen());
}

#[test]
fn royal_pieces_that_petrify_cannot_be_kept_from_facing_each_other() {
    // A petrifying royal piece attacks nothing, yet facing is no attack:
    // the two rules are refused together rather than half applied.
    let spec = from_gallery::gallery_spec("minixiangqi");
    let mut petrifying = spec.clone();
    for piece in &mut petrifying.pieces {
        if piece.royal {
            piece.petrifies = true;
        }
    }
    assert!(fairy_position::Variant::<u64>::new(spec).is_ok());
    let error = fairy_position::Variant::<u64>::new(petrifying).unwrap_err();
    assert!(error.to_string().contains("petrify"), "{error}");
}

// Deeper, against Fairy-Stockfish's `go perft` (its largeboards build).

#[test]
#[ignore = "133 million nodes: run with --ignored (release)"]
fn xiangqi_start_perft_5_as_fairy_stockfish() {
    assert_eq!(xiangqi().start_position().perft(5), 133_312_995);
}

#[test]
#[ignore = "55 million nodes: run with --ignored (release)"]
fn minixiangqi_start_perft_6_as_fairy_stockfish() {
    assert_eq!(minixiangqi().start_position().perft(6), 54_612_676);
}

#[test]
#[ignore = "18 million nodes: run with --ignored (release)"]
fn manchu_start_perft_5_as_fairy_stockfish() {
    assert_eq!(manchu().start_position().perft(5), 17_817_159);
}

#[test]
#[ignore = "19 million nodes: run with --ignored (release)"]
fn grasshopper_start_perft_5_as_fairy_stockfish() {
    assert_eq!(grasshopper().start_position().perft(5), 19_157_556);
}

#[test]
#[ignore = "10 million nodes: run with --ignored (release)"]
fn shako_start_perft_4_as_fairy_stockfish() {
    assert_eq!(shako().start_position().perft(4), 10_273_158);
}
