//! CGNP chess, rule by rule (`rules/cgnp.md`): each test a small position
//! whose answer was worked out by hand.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;

use common::{moves, moves_from, place, play};
use fairy_movement::Color::{self, Black, White};
use fairy_position::{FenError, Position, PositionError};

fn cgnp(pieces: &str, turn: Color) -> Position<'static> {
    place(fairy_variants::cgnp(), pieces, turn)
}

#[test]
fn the_board_is_a_cylinder_with_two_by_two_cells() {
    let geometry = fairy_variants::cgnp().geometry();
    assert!(geometry.is_cylinder());
    let grid = geometry.grid().unwrap();
    assert_eq!((grid.cell_files(), grid.cell_ranks()), (2, 2));
}

#[test]
fn files_wrap_for_leaps() {
    // From a4 the knight reaches g3, g5, h2 and h6 across the seam.
    let position = cgnp("Na4 Ke1 ke8", White);
    assert_eq!(
        moves_from(&position, "a4"),
        ["a4b2", "a4b6", "a4c3", "a4c5", "a4g3", "a4g5", "a4h2", "a4h6"]
    );
}

#[test]
fn files_wrap_for_attacks() {
    // The rook on g1 checks the king on b1 through h1 and a1.
    let position = cgnp("Kb1 rg1 ke8", White);
    assert!(position.is_check());
}

#[test]
fn a_rook_on_an_empty_rank_reaches_the_other_squares_from_either_side() {
    // Rank 1 empty but for the rook: c1 to h1 (b1 shares its cell); up the
    // file a3 to a8 (a2 shares its cell).
    let position = cgnp("Ra1 Ke3 ke6", White);
    assert_eq!(
        moves_from(&position, "a1"),
        [
            "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1c1", "a1d1", "a1e1", "a1f1", "a1g1", "a1h1"
        ]
    );
    // With a knight on d1, the rook goes right to c1 and left round the
    // seam to h1, g1, f1 and e1.
    let position = cgnp("Ra1 Nd1 Ke3 ke6", White);
    let rank: Vec<String> = moves_from(&position, "a1")
        .into_iter()
        .filter(|m| m.ends_with('1'))
        .collect();
    assert_eq!(rank, ["a1c1", "a1e1", "a1f1", "a1g1", "a1h1"]);
}

#[test]
fn a_slider_stops_before_its_own_square_and_a_destination_is_one_move() {
    let position = cgnp("Ra1 Ke3 ke6", White);
    let moves = moves_from(&position, "a1");
    assert!(!moves.contains(&"a1a1".to_string()));
    assert_eq!(moves.iter().filter(|m| *m == "a1h1").count(), 1);
}

#[test]
fn a_bishop_reaches_a_square_by_either_of_two_diagonals() {
    // d1-h5 via e2-f3-g4 or via c2-b3-a4: one move, legal if either way is
    // clear.
    let open = cgnp("Bd1 Ke5 ka8", White);
    assert_eq!(moves_from(&open, "d1").iter().filter(|m| *m == "d1h5").count(), 1);
    let one_blocked = cgnp("Bd1 Pe2 Ke5 ka8", White);
    assert!(moves_from(&one_blocked, "d1").contains(&"d1h5".to_string()));
    let both_blocked = cgnp("Bd1 Pe2 Pb3 Ke5 ka8", White);
    assert!(!moves_from(&both_blocked, "d1").contains(&"d1h5".to_string()));
}

#[test]
fn a_check_along_two_diagonals_is_answered_by_capture_or_king_move() {
    // The bishop on d1 checks the king on h5 along both diagonals. Blocking
    // one (Ne1-f3) does not help; Rd8xd1 does, and the king may go to h4
    // or a5 (a5 shares a cell with Black's king: kings in one cell do not
    // attack each other).
    let position = cgnp("Kh5 Rd8 Ne1 bd1 kb6", White);
    assert!(position.is_check());
    assert_eq!(moves(&position), ["d8d1", "h5a5", "h5h4"]);
}

#[test]
fn every_move_must_end_in_another_cell() {
    // The rules' example: a king on e1 of an empty board goes only to d1
    // and d2.
    let position = cgnp("Ke1 kb8", White);
    assert_eq!(moves(&position), ["e1d1", "e1d2"]);
}

#[test]
fn a_slider_passes_its_own_cell_but_cannot_stop_there() {
    // The bishop on c1 passes d2 (its cell) to reach e3 and beyond.
    let position = cgnp("Bc1 Ke5 ka8", White);
    let moves = moves_from(&position, "c1");
    assert!(!moves.contains(&"c1d2".to_string()));
    assert!(moves.contains(&"c1e3".to_string()) && moves.contains(&"c1h6".to_string()));
}

#[test]
fn attacks_obey_the_grid_kings_in_one_cell_do_not_attack_each_other() {
    let position = cgnp("Ke1 kf2", White);
    assert!(!position.is_check());
    let position = cgnp("Ke1 kf2", Black);
    assert!(!position.is_check());
    // A rook in the king's cell does not check it either.
    let position = cgnp("Ke1 re2 ka8", White);
    assert!(!position.is_check());
}

#[test]
fn knights_always_leave_their_cell() {
    let position = cgnp("Nd4 Ka1 kh8", White);
    assert_eq!(moves_from(&position, "d4").len(), 8);
}

#[test]
fn there_is_no_castling() {
    let error = Position::from_fen(
        fairy_variants::cgnp(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert_eq!(
        error,
        Err(FenError::Position(PositionError::UnknownCastling { letter: 'K' }))
    );
    let start = fairy_variants::cgnp().start_position();
    assert_eq!(start.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
}

#[test]
fn a_knightly_pawn_moves_one_step_diagonally_forward_into_another_cell() {
    // From e3: d4, not f4 (f4 is in e3's cell).
    let position = cgnp("Pe3 Ka1 kh8", White);
    assert_eq!(moves_from(&position, "e3"), ["e3d4"]);
    // It never captures by its step.
    let position = cgnp("Pe3 nd4 Ka1 kh8", White);
    assert_eq!(moves_from(&position, "e3"), Vec::<String>::new());
}

#[test]
fn a_knightly_pawn_captures_as_a_forward_wide_knight() {
    let position = cgnp("Pe3 nc4 ng4 Ka1 kh8", White);
    assert_eq!(moves_from(&position, "e3"), ["e3c4", "e3d4", "e3g4"]);
    // From a3 across the seam: captures on c4 and g4, steps to h4.
    let position = cgnp("Pa3 nc4 ng4 Kd1 kh8", White);
    assert_eq!(moves_from(&position, "a3"), ["a3c4", "a3g4", "a3h4"]);
    // It never moves by its capture.
    let position = cgnp("Pe3 Ka1 kh8", White);
    assert!(!moves_from(&position, "e3").contains(&"e3c4".to_string()));
}

#[test]
fn a_knightly_pawn_double_steps_by_two_legal_single_steps() {
    // From e2: e2-f3-g4 and e2-d3-e4; not e2-f3-e4 or e2-d3-c4, whose
    // second step stays in a cell.
    let position = cgnp("Pe2 Ka1 kh8", White);
    assert_eq!(moves_from(&position, "e2"), ["e2d3", "e2e4", "e2f3", "e2g4"]);
    // Each step needs an empty square: with d3 taken, e4 cannot be reached.
    let position = cgnp("Pe2 Nd3 Ka1 kh8", White);
    assert_eq!(moves_from(&position, "e2"), ["e2f3", "e2g4"]);
    // Black's pawns double-step downwards.
    let position = cgnp("pe7 Ka1 kh8", Black);
    assert_eq!(moves_from(&position, "e7"), ["e7d6", "e7e5", "e7f6", "e7g5"]);
}

#[test]
fn en_passant_is_taken_on_the_intermediate_square() {
    // After e2-d3-e4, Black's pawns on b4 and f4 may capture on d3, taking
    // the pawn on e4; the FEN names d3.
    let before = cgnp("Pe2 pb4 pf4 Kh1 kh8", White);
    let after = play(&before, "e2e4");
    assert!(after.fen().contains(" d3 "), "{}", after.fen());
    assert!(moves_from(&after, "b4").contains(&"b4d3".to_string()));
    assert!(moves_from(&after, "f4").contains(&"f4d3".to_string()));
    let taken = play(&after, "f4d3");
    assert_eq!(taken.fen(), "7k/8/8/8/1p6/3p4/8/7K w - - 0 2");
}

#[test]
fn a_knightly_pawn_promotes_as_in_chess() {
    // d7 steps to e8 (c8 shares its cell) and promotes.
    let position = cgnp("Pd7 Kh1 ka5", White);
    assert_eq!(moves_from(&position, "d7"), ["d7e8b", "d7e8n", "d7e8q", "d7e8r"]);
}

#[test]
fn clarification_1_the_seam_is_a_cell_boundary() {
    // a1 and h1 are in different cells: the king on a1 may step to h1 and
    // h2 across the seam, while a2, b1 and b2 share its cell.
    let position = cgnp("Ka1 ke8", White);
    assert_eq!(moves(&position), ["a1h1", "a1h2"]);
}

#[test]
fn clarification_2_the_double_step_reaches_e4_by_another_path() {
    let position = cgnp("Pe2 Ka1 kh8", White);
    assert!(moves_from(&position, "e2").contains(&"e2e4".to_string()));
    assert!(!moves_from(&position, "e2").contains(&"e2e5".to_string()));
}

#[test]
fn clarification_3_en_passant_uses_the_unique_intermediate_square() {
    let after = play(&cgnp("Pe2 pd4 Kh1 kh8", White), "e2g4");
    // e2-f3-g4 passed f3; the d4 pawn (two files left, one rank up) may
    // take there.
    assert!(after.fen().contains(" f3 "), "{}", after.fen());
    assert!(moves_from(&after, "d4").contains(&"d4f3".to_string()));
}

#[test]
fn clarification_4_a_null_move_is_never_a_move() {
    let start = fairy_variants::cgnp().start_position();
    assert!(start.legal_moves().iter().all(|m| m.from() != m.to()));
}

#[test]
fn hand_checked_start_position_has_thirty_six_moves() {
    let start = fairy_variants::cgnp().start_position();
    let moves = moves(&start);
    assert_eq!(moves.len(), 36);
    let pawn_moves = moves.iter().filter(|m| m.as_bytes()[1] == b'2').count();
    assert_eq!(pawn_moves, 32);
    let others: Vec<&String> = moves.iter().filter(|m| m.as_bytes()[1] == b'1').collect();
    assert_eq!(others, ["b1a3", "b1c3", "g1f3", "g1h3"]);
}
