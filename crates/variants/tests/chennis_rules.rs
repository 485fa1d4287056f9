//! Chennis, rule by rule (`rules/chennis.md`): each test a small position
//! whose answer was worked out by hand.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;

use common::{ended, moves, moves_from, play, position};
use fairy_movement::Color;
use fairy_position::{EndReason, FenError, PositionError};

fn chennis(fen: &str) -> fairy_position::Position<'static> {
    position(fairy_variants::chennis(), fen)
}

#[test]
fn the_board_is_seven_by_seven_with_a_net_between_ranks_4_and_5() {
    let geometry = fairy_variants::chennis().geometry();
    assert_eq!((geometry.size().files(), geometry.size().ranks()), (7, 7));
    assert_eq!(geometry.net().map(|net| net.rank_below()), Some(4));
    assert!(!geometry.is_cylinder() && geometry.grid().is_none());
}

#[test]
fn rooks_stop_at_the_net() {
    // The rook on d4 has its rank and the squares below; nothing above.
    let position = chennis("6k/7/7/3R3/7/7/K6 w - - 0 1");
    assert_eq!(
        moves_from(&position, "d4"),
        ["d4a4", "d4b4", "d4c4", "d4d1", "d4d2", "d4d3", "d4e4", "d4f4", "d4g4"]
    );
    // Black's rook on d5 likewise stays on its side.
    let position = chennis("6k/7/3r3/7/7/7/K6 b - - 0 1");
    assert!(
        moves_from(&position, "d5")
            .iter()
            .all(|m| m.ends_with('5') || m.ends_with('6') || m.ends_with('7'))
    );
}

#[test]
fn queens_and_bishops_stop_at_the_net() {
    // Queen c3: its rank (6), the c-file below the net (3), the four
    // diagonal squares below the net and b4, d4 (6).
    let position = chennis("6k/7/7/7/2Q4/6K/7 w - - 0 1");
    let queen = moves_from(&position, "c3");
    assert_eq!(queen.len(), 15);
    assert!(!queen.iter().any(|m| ["a5", "c5", "e5"].contains(&&m[2..])));
    let position = chennis("6k/7/7/7/2B4/6K/7 w - - 0 1");
    assert_eq!(
        moves_from(&position, "c3"),
        ["c3a1", "c3b2", "c3b4", "c3d2", "c3d4", "c3e1"]
    );
}

#[test]
fn kings_never_cross_and_do_not_attack_across_the_net() {
    // Kings on d4 and d5 stand side by side: neither is in check, and
    // neither may step across.
    let position = chennis("7/7/3k3/3K3/7/7/7 w - - 0 1");
    assert!(!position.is_check());
    assert_eq!(moves(&position), ["d4c3", "d4c4", "d4d3", "d4e3", "d4e4"]);
    let position = chennis("7/7/3k3/3K3/7/7/7 b - - 0 1");
    assert_eq!(moves(&position), ["d5c5", "d5c6", "d5d6", "d5e5", "d5e6"]);
}

#[test]
fn knights_cross_the_net_freely_also_to_capture() {
    let position = chennis("k6/4p2/7/3N3/7/7/6K w - - 0 1");
    assert_eq!(
        moves_from(&position, "d4"),
        ["d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3", "d4f5"]
    );
    let after = play(&position, "d4e6");
    assert_eq!(after.fen(), "k6/4N2/7/7/7/7/6K b - - 0 1");
}

#[test]
fn a_knight_gives_check_across_the_net() {
    let position = chennis("7/7/2k4/7/3N3/7/6K b - - 0 1");
    assert!(position.is_check());
}

#[test]
fn a_pawn_steps_straight_and_captures_diagonally_forward() {
    let position = chennis("6k/7/7/7/2n4/1P5/K6 w - - 0 1");
    assert_eq!(moves_from(&position, "b2"), ["b2b3", "b2c3"]);
}

#[test]
fn a_pawn_crosses_the_net_by_its_straight_step_only() {
    // The c4 pawn may step to c5 but not capture the knight on d5.
    let position = chennis("6k/7/3n3/2P4/7/7/6K w - - 0 1");
    assert_eq!(moves_from(&position, "c4"), ["c4c5"]);
    // Rank 4 is open to both sides: Black's d5 pawn steps down to d4.
    let position = chennis("6k/7/3p3/7/7/7/K6 b - - 0 1");
    assert_eq!(moves_from(&position, "d5"), ["d5d4"]);
}

#[test]
fn a_pawn_does_not_attack_across_the_net() {
    // Black's king on d5 beside White's pawn on c4 is not in check, and may
    // step to c5 and e5.
    let position = chennis("7/7/3k3/2P4/7/7/6K b - - 0 1");
    assert!(!position.is_check());
    assert_eq!(moves(&position), ["d5c5", "d5c6", "d5d6", "d5e5", "d5e6"]);
}

#[test]
fn pawns_have_no_double_step_and_no_en_passant() {
    let start = fairy_variants::chennis().start_position();
    assert_eq!(moves_from(&start, "d2"), ["d2d3"]);
    // A FEN en passant square cannot be explained by any pawn move.
    let error = fairy_position::Position::from_fen(fairy_variants::chennis(), "3k3/7/7/2pP3/7/7/3K3 w - c6 0 1");
    assert!(matches!(
        error,
        Err(FenError::Position(PositionError::EnPassant { .. }))
    ));
}

#[test]
fn a_pawn_on_the_far_rank_wins_at_once_by_step_or_capture() {
    let position = chennis("k2r3/4P2/7/7/7/7/K6 w - - 0 1");
    // No promotion letter: pawns do not promote.
    assert_eq!(moves_from(&position, "e6"), ["e6d7", "e6e7"]);
    for uci in ["e6d7", "e6e7"] {
        let after = play(&position, uci);
        assert_eq!(after.outcome(), ended(Some(Color::White), EndReason::Arrival));
        assert!(after.legal_moves().is_empty());
        assert_eq!(after.perft(2), 0);
    }
    // Black wins on rank 1.
    let black = chennis("6k/7/7/7/7/1p5/5K1 b - - 0 1");
    let after = play(&black, "b2b1");
    assert_eq!(after.outcome(), ended(Some(Color::Black), EndReason::Arrival));
}

#[test]
fn a_winning_pawn_move_that_leaves_the_king_attacked_is_illegal() {
    // The c3 knight checks the king on d1: g6-g7 would win but is illegal.
    let position = chennis("k6/6P/7/7/2n4/7/3K3 w - - 0 1");
    assert!(position.is_check());
    assert_eq!(moves(&position), ["d1c1", "d1c2", "d1d2", "d1e1"]);
}

#[test]
fn checkmate_loses() {
    // The c6 knight checks the king on a7, whose squares are all its own.
    let position = chennis("kr5/ppN4/7/7/7/7/3K3 b - - 0 1");
    assert!(position.is_check());
    assert_eq!(position.outcome(), ended(Some(Color::White), EndReason::Checkmate));
}

#[test]
fn stalemate_draws() {
    // b7 and b6 are covered by the knights (and b6 by the a5 pawn); the a6
    // pawn is blocked.
    let position = chennis("k6/p2N3/P6/2N4/7/7/3K3 b - - 0 1");
    assert!(!position.is_check());
    assert_eq!(position.outcome(), ended(None, EndReason::Stalemate));
}

#[test]
fn there_is_no_castling() {
    let error = fairy_position::Position::from_fen(
        fairy_variants::chennis(),
        "rnbkqbn/ppppppp/7/7/7/PPPPPPP/RNBKQBN w K - 0 1",
    );
    assert_eq!(
        error,
        Err(FenError::Position(PositionError::UnknownCastling { letter: 'K' }))
    );
}

#[test]
fn clarification_1_seven_pieces_on_seven_files() {
    let start = fairy_variants::chennis().start_position();
    assert_eq!(start.fen(), "rnbkqbn/ppppppp/7/7/7/PPPPPPP/RNBKQBN w - - 0 1");
    let diagram = fairy_diagram::text(&start, &fairy_diagram::TextOptions::ascii());
    assert!(diagram.contains(" 1  R N B K Q B N\n"), "{diagram}");
}

#[test]
fn clarification_2_the_net_lies_between_ranks_4_and_5() {
    // A rook on a4 cannot reach a5; rank 4 holds pieces of both sides.
    let position = chennis("6k/7/7/R2n3/7/7/6K w - - 0 1");
    assert!(!moves_from(&position, "a4").contains(&"a4a5".to_string()));
    assert!(moves_from(&position, "a4").contains(&"a4d4".to_string()));
}

#[test]
fn clarification_3_pawns_never_capture_across_the_net() {
    let position = chennis("6k/7/1n1n3/2P4/7/7/6K w - - 0 1");
    assert_eq!(moves_from(&position, "c4"), ["c4c5"]);
}

#[test]
fn clarification_4_checkmate_loses_and_stalemate_draws() {
    let spec = fairy_variants::chennis().spec();
    assert_eq!(spec.checkmate_result(), fairy_position::GameResult::Loss);
    assert_eq!(spec.stalemate_result(), fairy_position::GameResult::Draw);
}

#[test]
fn hand_checked_start_position_has_ten_moves() {
    let start = fairy_variants::chennis().start_position();
    assert_eq!(
        moves(&start),
        [
            "a2a3", "b1a3", "b1c3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g1f3", "g2g3"
        ]
    );
}
