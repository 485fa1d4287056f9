//! Checks and pins from pieces whose paths have legs: a lame leap, a
//! multi-step move, a move allowed only from the initial squares. A piece
//! standing on a leg of such a path blocks it and attacks nothing along it.
//! Also pawns that capture as they move, whose moves are found in one
//! pass. Each count is checked with both legality strategies.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;

use common::moves;

use fairy_geometry::{BoardSize, Geometry};
use fairy_movement::Movement;
use fairy_position::{Legality, PieceSpec, Position, Variant, VariantSpec, Zone};

/// Kings, rooks and an extra piece `X` moving by `betza`, on 8 x 8, the
/// extra piece's initial squares on the first rank.
fn with_extra(betza: &str) -> VariantSpec {
    VariantSpec::new(
        "extra",
        Geometry::new(BoardSize::new(8, 8).unwrap()),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    )
    .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    .piece(PieceSpec::new('R', "rook", Movement::rook()))
    .piece(PieceSpec::new('X', "extra", Movement::from_betza(betza).unwrap()).initial(Zone::ranks([1])))
}

/// The legal moves of `fen`, by the fast strategy, checked equal to those
/// of the general one.
fn legal_moves(spec: VariantSpec, fen: &str) -> Vec<String> {
    let fast = Variant::<u64>::new(spec.clone()).unwrap();
    assert_eq!(fast.legality(), Legality::PinsAndChecks);
    let slow = Variant::<u64>::with_legality(spec, Legality::MakeAndTest).unwrap();
    let legal = moves(&Position::from_fen(&fast, fen).unwrap());
    assert_eq!(legal, moves(&Position::from_fen(&slow, fen).unwrap()), "{fen}");
    legal
}

/// The moves of `moves` from the squares `from`.
fn moves_from<'m>(moves: &'m [String], from: &[&str]) -> Vec<&'m str> {
    moves
        .iter()
        .filter(|m| from.iter().any(|square| m.starts_with(square)))
        .map(String::as_str)
        .collect()
}

#[test]
fn a_lame_leaper_on_a_leg_of_its_own_path_gives_no_check() {
    // The Xiangqi horse on d2 stands on the leg of the path c2-d2-e1 (a
    // horse on c2 would attack e1 through d2), but attacks b1, b3, c4, e4,
    // f1 and f3 itself. Black: the king's four steps off the d2 horse's
    // squares, and the a1 rook's ten moves. Fairy-Stockfish agrees: 14.
    let moves = legal_moves(with_extra("nN"), "7K/8/8/8/8/8/3X4/r3k3 b - - 0 1");
    assert_eq!(moves.len(), 14, "{moves:?}");
    assert_eq!(moves.iter().filter(|m| m.starts_with("a1")).count(), 10);
}

#[test]
fn a_multi_step_piece_on_a_leg_of_its_own_path_gives_no_check() {
    // X makes two wazir steps: from e2 it attacks d1 and f1 (through d2
    // and f2), not e1, which it passes on the way e3-e2-e1. The king may go
    // to d2 or f2 (two steps cannot end one step away) or take X on e2;
    // the rook has a2-a8 and b1-d1.
    let moves = legal_moves(with_extra("W^2"), "7K/8/8/8/8/8/4X3/r3k3 b - - 0 1");
    let king: Vec<&String> = moves.iter().filter(|m| m.starts_with("e1")).collect();
    assert_eq!(king, ["e1d2", "e1e2", "e1f2"]);
    assert_eq!(moves.len(), 3 + 10);
}

#[test]
fn a_piece_that_captures_only_from_its_initial_squares_attacks_only_from_there() {
    // X rides like a rook only from the first rank. On e3 it attacks
    // nothing: the king has its five steps, the a8 rook a7-a1 and b8-d8.
    let moves = legal_moves(with_extra("iR"), "r3k3/8/8/8/8/4X3/8/7K b - - 0 1");
    assert_eq!(moves.len(), 5 + 10, "{moves:?}");
    // From e1 it gives check along the e-file: the rook must block on e7
    // (a7-e7 is open), or the king step aside (d8, f8, d7, f7).
    let moves = legal_moves(with_extra("iR"), "r3k3/8/8/8/8/8/8/4X2K b - - 0 1");
    assert_eq!(moves, ["e8d7", "e8d8", "e8f7", "e8f8"]);
}

#[test]
fn a_piece_on_a_leg_is_pinned_when_the_attacker_stands_at_the_end() {
    // The horse on c2 would attack e1 through d2, where a black rook
    // stands: the rook is pinned and may only take the horse. The king has
    // d1, e2, f1 and f2 (the horse's own squares are a1, a3, b4, d4).
    let moves = legal_moves(with_extra("nN"), "7K/8/8/8/8/8/2Xr4/4k3 b - - 0 1");
    assert_eq!(moves, ["d2c2", "e1d1", "e1e2", "e1f1", "e1f2"]);
}

#[test]
fn a_pawn_that_captures_as_it_moves_steps_and_captures_forward() {
    // X steps forward and captures as it steps (a shogi pawn). From b3 it
    // takes the rook on b4, from d2 it is blocked by its own rook, from
    // h3 it steps to h4.
    let moves = legal_moves(with_extra("fW"), "4k3/8/8/8/1r6/1X1R3X/3X4/4K3 w - - 0 1");
    assert_eq!(moves_from(&moves, &["b3", "d2", "h3"]), ["b3b4", "h3h4"]);
}

#[test]
fn a_pawn_that_captures_as_it_moves_answers_a_check_by_capture_or_block() {
    // The rook on a2 checks the king on e2 along the rank: X on a1 takes
    // it, X on c1 blocks on c2, X on g1 steps beyond the king, which
    // answers nothing.
    let moves = legal_moves(with_extra("fW"), "4k3/8/8/8/8/8/r3K3/X1X3X1 w - - 0 1");
    assert_eq!(moves_from(&moves, &["a1", "c1", "g1"]), ["a1a2", "c1c2"]);
}
