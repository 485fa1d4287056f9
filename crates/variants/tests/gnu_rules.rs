//! Gnu, rule by rule (`rules/gnu.md`): each test a small position whose
//! answer was worked out by hand.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;

use common::{ended, moves, moves_from, place, play};
use fairy_movement::Color::{self, Black, White};
use fairy_position::{EndReason, FenError, Position, PositionError};

fn gnu(pieces: &str, turn: Color) -> Position<'static> {
    place(fairy_variants::gnu(), pieces, turn)
}

#[test]
fn the_board_is_five_by_ten_and_rectangular() {
    let geometry = fairy_variants::gnu().geometry();
    assert_eq!((geometry.size().files(), geometry.size().ranks()), (5, 10));
    assert!(!geometry.is_cylinder() && geometry.grid().is_none() && geometry.net().is_none());
}

#[test]
fn the_king_steps_one_square_and_never_castles() {
    let position = gnu("Kc5 ke10", White);
    assert_eq!(
        moves(&position),
        ["c5b4", "c5b5", "c5b6", "c5c4", "c5c6", "c5d4", "c5d5", "c5d6"]
    );
    let error = Position::from_fen(
        fairy_variants::gnu(),
        "nnknn/ppppp/2f2/5/5/5/5/2F2/PPPPP/NNKNN w K - 0 1",
    );
    assert_eq!(
        error,
        Err(FenError::Position(PositionError::UnknownCastling { letter: 'K' }))
    );
}

#[test]
fn the_knight_leaps_one_by_two() {
    let position = gnu("Nc5 Ka1 ke10", White);
    assert_eq!(
        moves_from(&position, "c5"),
        ["c5a4", "c5a6", "c5b3", "c5b7", "c5d3", "c5d7", "c5e4", "c5e6"]
    );
}

#[test]
fn pawns_step_double_step_from_their_start_rank_and_capture_diagonally() {
    let position = gnu("Pb2 Pd3 nc3 Ka1 ke10", White);
    assert_eq!(moves_from(&position, "b2"), ["b2b3", "b2b4", "b2c3"]);
    assert_eq!(moves_from(&position, "d3"), ["d3d4"]);
    // Black's start rank is the ninth.
    let position = gnu("pd9 Ka1 ke10", Black);
    assert_eq!(moves_from(&position, "d9"), ["d9d7", "d9d8"]);
    // Both squares must be empty.
    let position = gnu("pd9 Nd7 Ka1 ke10", Black);
    assert_eq!(moves_from(&position, "d9"), ["d9d8"]);
}

#[test]
fn pawns_take_en_passant_as_in_chess() {
    let before = gnu("Pd7 pe9 Ka1 ka10", Black);
    let after = play(&before, "e9e7");
    assert_eq!(after.fen(), "k4/5/5/3Pp/5/5/5/5/5/K4 w - e8 0 2");
    assert!(moves_from(&after, "d7").contains(&"d7e8".to_string()));
    let taken = play(&after, "d7e8");
    assert_eq!(taken.fen(), "k4/5/4P/5/5/5/5/5/5/K4 b - - 0 2");
}

#[test]
fn the_ferz_steps_diagonally() {
    let position = gnu("Fc5 Ka1 ke10", White);
    assert_eq!(moves_from(&position, "c5"), ["c5b4", "c5b6", "c5d4", "c5d6"]);
}

#[test]
fn no_piece_can_capture_a_ferz_not_even_a_ferz() {
    // White's Ferz on c3 cannot take Black's on d4; a pawn and a knight
    // next to it cannot either.
    let position = gnu("Fc3 fd4 Pe3 Nb5 Ka1 ke10", White);
    assert_eq!(moves_from(&position, "c3"), ["c3b2", "c3b4", "c3d2"]);
    assert_eq!(moves_from(&position, "e3"), ["e3e4"]);
    assert!(!moves_from(&position, "b5").contains(&"b5d4".to_string()));
}

#[test]
fn a_ferz_gives_check_and_the_king_cannot_take_it() {
    // The Ferz on d2 checks the king on c1; the king cannot take it, and
    // the knight on b3 cannot either: only king moves answer.
    let position = gnu("Kc1 Nb3 fd2 ke10", White);
    assert!(position.is_check());
    assert_eq!(moves(&position), ["c1b1", "c1b2", "c1c2", "c1d1"]);
}

#[test]
fn a_king_may_not_step_where_a_ferz_attacks() {
    // The Ferz on d3 covers c2 (and e2, c4, e4).
    let position = gnu("Kc1 fd3 ke10", White);
    assert_eq!(moves(&position), ["c1b1", "c1b2", "c1d1", "c1d2"]);
}

#[test]
fn the_gnu_leaps_as_knight_and_camel() {
    let position = gnu("Gc5 Ka1 ke10", White);
    assert_eq!(
        moves_from(&position, "c5"),
        [
            "c5a4", "c5a6", "c5b2", "c5b3", "c5b7", "c5b8", "c5d2", "c5d3", "c5d7", "c5d8", "c5e4", "c5e6"
        ]
    );
}

#[test]
fn a_pawn_reaching_the_far_rank_becomes_a_gnu_only() {
    let position = gnu("Pb9 na10 Ke1 ke10", White);
    assert_eq!(moves_from(&position, "b9"), ["b9a10g", "b9b10g"]);
    let after = play(&position, "b9b10g");
    assert_eq!(after.fen(), "nG2k/5/5/5/5/5/5/5/5/4K b - - 0 1");
    assert!(position.parse_uci("b9b10q").is_err());
    assert!(position.parse_uci("b9b10").is_err());
}

#[test]
fn a_knight_reaching_the_far_rank_becomes_a_gnu_capturing_or_not() {
    let position = gnu("Nc8 nd10 ke10 Ka1", White);
    assert_eq!(
        moves_from(&position, "c8"),
        ["c8a7", "c8a9", "c8b10g", "c8b6", "c8d10g", "c8d6", "c8e7", "c8e9"]
    );
    // Black's knights promote on the first rank.
    let position = gnu("nb3 Ke5 ka10", Black);
    assert!(moves_from(&position, "b3").contains(&"b3a1g".to_string()));
}

#[test]
fn a_ferz_and_a_gnu_on_the_far_rank_stay_what_they_are() {
    let position = gnu("Fd9 Gc7 Ka1 ka10", White);
    assert_eq!(moves_from(&position, "d9"), ["d9c10", "d9c8", "d9e10", "d9e8"]);
    assert!(moves_from(&position, "c7").contains(&"c7b10".to_string()));
    assert!(moves_from(&position, "c7").contains(&"c7d10".to_string()));
}

#[test]
fn a_king_arriving_on_the_far_rank_wins_at_once() {
    let position = gnu("Kc9 ke7", White);
    let after = play(&position, "c9c10");
    assert_eq!(after.outcome(), ended(Some(White), EndReason::Arrival));
    assert!(after.legal_moves().is_empty());
    let black = gnu("kc2 Ke4", Black);
    let after = play(&black, "c2b1");
    assert_eq!(after.outcome(), ended(Some(Black), EndReason::Arrival));
}

#[test]
fn checkmate_wins() {
    // The Ferz on b9 checks the king on a10 and cannot be taken; a9 and b10
    // are covered by the knight and the king.
    let position = gnu("ka10 Fb9 Kc9 Nc8", Black);
    assert!(position.is_check());
    assert_eq!(position.outcome(), ended(Some(White), EndReason::Checkmate));
}

#[test]
fn stalemate_draws() {
    let position = gnu("ka10 Kc9 Nc8", Black);
    assert!(!position.is_check());
    assert_eq!(position.outcome(), ended(None, EndReason::Stalemate));
}

#[test]
fn clarification_1_the_arrival_must_be_a_legal_move() {
    // c10 is covered by the knight on a9: the king may arrive on b10 or
    // d10, not on c10.
    let position = gnu("Kc9 na9 ke7", White);
    let arrivals: Vec<String> = moves_from(&position, "c9")
        .into_iter()
        .filter(|m| m.ends_with("10"))
        .collect();
    assert_eq!(arrivals, ["c9b10", "c9d10"]);
}

#[test]
fn clarification_2_nobody_captures_a_ferz() {
    // Not the king, not the other side's Ferz (see the tests above), and a
    // Gnu cannot either.
    let position = gnu("Gc5 fb3 Ka1 ke10", White);
    assert!(!moves_from(&position, "c5").contains(&"c5b3".to_string()));
}

#[test]
fn clarification_3_knights_promote_gnus_stay() {
    let position = gnu("Nc8 Gb7 Ka1 ke10", White);
    assert!(moves_from(&position, "c8").contains(&"c8b10g".to_string()));
    assert!(!moves_from(&position, "c8").contains(&"c8b10".to_string()));
    assert!(moves_from(&position, "b7").contains(&"b7c10".to_string()));
}

#[test]
fn a_promoted_piece_on_the_far_rank_cannot_be_a_pawn_or_knight_in_a_fen() {
    let error = Position::from_fen(fairy_variants::gnu(), "N3k/5/5/5/5/5/5/5/5/K4 w - - 0 1");
    assert!(matches!(
        error,
        Err(FenError::Position(PositionError::ImpossibleSquare { piece: 'N', .. }))
    ));
}

#[test]
fn hand_checked_start_position_has_fourteen_moves() {
    let start = fairy_variants::gnu().start_position();
    assert_eq!(
        moves(&start),
        [
            "a1b3", "a2a3", "a2a4", "b1a3", "b2b3", "b2b4", "c3b4", "c3d4", "d1e3", "d2d3", "d2d4", "e1d3", "e2e3",
            "e2e4"
        ]
    );
}
