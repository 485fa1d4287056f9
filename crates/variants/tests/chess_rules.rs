//! Focused tests of chess's rules on small hand-checked positions.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;

use common::{ended, moves, play};
use fairy_movement::Color;
use fairy_position::{EndReason, Position, UciError};

fn position(fen: &str) -> Position<'static> {
    common::position(fairy_variants::chess(), fen)
}

#[test]
fn castling_both_sides_when_free_and_safe() {
    let start = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let legal = moves(&start);
    assert!(legal.contains(&"e1g1".to_string()) && legal.contains(&"e1c1".to_string()));
    let castled = play(&start, "e1g1");
    assert_eq!(castled.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    let castled = play(&start, "e1c1");
    assert_eq!(castled.fen(), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
}

#[test]
fn castling_not_out_of_through_or_into_check() {
    // The rook on e8 checks: no castling at all.
    let in_check = position("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!moves(&in_check).iter().any(|m| m == "e1g1" || m == "e1c1"));
    // A rook on f8 covers f1: not kingside; queenside is fine.
    let through = position("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!moves(&through).contains(&"e1g1".to_string()));
    assert!(moves(&through).contains(&"e1c1".to_string()));
    // A rook on g8 covers g1: not kingside (the h7 pawn shields the king).
    let into = position("6rk/7p/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!moves(&into).contains(&"e1g1".to_string()));
    // b1 attacked does not stop queenside castling: the king does not pass b1.
    let b_file = position("1r4k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(moves(&b_file).contains(&"e1c1".to_string()));
    // A piece between king and rook blocks it.
    let blocked = position("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert!(!moves(&blocked).contains(&"e1c1".to_string()));
}

#[test]
fn castling_rights_are_lost_by_king_and_rook_moves_and_rook_captures() {
    let start = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(play(&start, "e1e2").fen(), "r3k2r/8/8/8/8/8/4K3/R6R b kq - 1 1");
    assert_eq!(play(&start, "h1h5").fen(), "r3k2r/8/8/7R/8/8/8/R3K3 b Qkq - 1 1");
    assert_eq!(play(&start, "a1a8").fen(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
}

#[test]
fn en_passant_capture_removes_the_pawn_that_passed() {
    let before = position("4k3/2p5/8/3P4/8/8/8/4K3 b - - 0 1");
    let after = play(&before, "c7c5");
    assert_eq!(after.fen(), "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2");
    let taken = play(&after, "d5c6");
    assert_eq!(taken.fen(), "4k3/8/2P5/8/8/8/8/4K3 b - - 0 2");
    // The right lasts one move only.
    let later = play(&play(&after, "e1e2"), "e8e7");
    assert!(!moves(&later).contains(&"d5c6".to_string()));
}

#[test]
fn en_passant_that_exposes_the_king_along_the_rank_is_illegal() {
    // Taking on c6 removes both pawns from the fifth rank: the h5 rook would
    // attack the king on a5.
    let position = position("4k3/8/8/K1pP3r/8/8/8/8 w - c6 0 2");
    assert!(!moves(&position).contains(&"d5c6".to_string()));
    assert!(moves(&position).contains(&"d5d6".to_string()));
}

#[test]
fn promotion_offers_four_pieces_and_captures_promote_too() {
    let position = position("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let promotions: Vec<String> = moves(&position).into_iter().filter(|m| m.starts_with('a')).collect();
    assert_eq!(
        promotions,
        ["a7a8b", "a7a8n", "a7a8q", "a7a8r", "a7b8b", "a7b8n", "a7b8q", "a7b8r"]
    );
    assert_eq!(play(&position, "a7b8n").fen(), "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert!(matches!(position.parse_uci("a7a8"), Err(UciError::Illegal { .. })));
    assert!(matches!(position.parse_uci("a7a8k"), Err(UciError::Illegal { .. })));
}

#[test]
fn pinned_pieces_move_only_along_the_pin() {
    // The bishop on d2 is pinned by the b4 bishop: it may take it, or step
    // to c3, and nothing else.
    let position = position("4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1");
    let bishop: Vec<String> = moves(&position).into_iter().filter(|m| m.starts_with("d2")).collect();
    assert_eq!(bishop, ["d2b4", "d2c3"]);
}

#[test]
fn a_check_is_answered_by_capture_block_or_king_move() {
    // The rook on e1 checks the king on e8 along the file. Black can block
    // with the d7 knight on e5, or move the king off the file.
    let position = position("4k3/3n4/8/8/8/8/8/K3R3 b - - 0 1");
    assert!(position.is_check());
    assert_eq!(moves(&position), ["d7e5", "e8d8", "e8f7", "e8f8"]);
}

#[test]
fn double_check_allows_only_king_moves() {
    // Knight f6 and rook e1 both check the king on e8.
    let position = position("4k3/3q4/5N2/8/8/8/8/K3R3 b - - 0 1");
    assert_eq!(position.checkers().count(), 2);
    assert!(moves(&position).iter().all(|m| m.starts_with("e8")));
}

#[test]
fn checkmate_ends_the_game_with_a_loss_for_the_mated_side() {
    let mut game = fairy_variants::chess().start_position();
    for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        game = play(&game, uci);
    }
    assert!(game.is_check());
    assert_eq!(game.legal_moves().len(), 0);
    assert_eq!(game.outcome(), ended(Some(Color::Black), EndReason::Checkmate));
}

#[test]
fn stalemate_is_a_draw() {
    let position = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(!position.is_check());
    assert_eq!(position.outcome(), ended(None, EndReason::Stalemate));
    assert_eq!(position.perft(3), 0);
}

#[test]
fn the_hash_follows_every_move() {
    let mut game = fairy_variants::chess().start_position();
    for uci in [
        "e2e4", "d7d5", "e4d5", "c7c5", "d5c6", "b8c6", "g1f3", "c8g4", "f1b5", "d8d2", "b1d2", "e8c8",
    ] {
        game = play(&game, uci);
        assert_eq!(game.hash(), game.compute_hash(), "after {uci}");
    }
    // The same position reached by a different order has the same hash.
    let a = ["g1f3", "g8f6", "b1c3", "b8c6"]
        .iter()
        .fold(fairy_variants::chess().start_position(), |p, m| play(&p, m));
    let b = ["b1c3", "b8c6", "g1f3", "g8f6"]
        .iter()
        .fold(fairy_variants::chess().start_position(), |p, m| play(&p, m));
    assert_eq!(a.hash(), b.hash());
    assert_ne!(a.hash(), fairy_variants::chess().start_position().hash());
}

#[test]
fn move_strings_are_checked() {
    let start = fairy_variants::chess().start_position();
    for illegal in ["e2e5", "e2e4x", "e2e4q", "e7e5"] {
        assert!(
            matches!(start.parse_uci(illegal), Err(UciError::Illegal { .. })),
            "{illegal:?}"
        );
    }
    for bad in ["", "e2", "e2e44", "z2e4", "e2-e4", "e2e4qq", "é2e4", "e2E4"] {
        assert!(matches!(start.parse_uci(bad), Err(UciError::Parse(_))), "{bad:?}");
    }
    let e4 = start.parse_uci("e2e4").unwrap();
    let after = start.play(e4).unwrap();
    assert!(after.play(e4).is_err(), "e2e4 again is illegal");
}

#[test]
fn chess_specific_fen_errors() {
    use fairy_position::{FenError, PositionError};
    let error = |fen| Position::from_fen(fairy_variants::chess(), fen).unwrap_err();
    // Castling rights without the rook on its square.
    assert_eq!(
        error("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
        FenError::Position(PositionError::CastlingWithoutPieces { letter: 'K' })
    );
    assert_eq!(
        error("4k3/8/8/8/8/8/8/4K2R w Kx - 0 1"),
        FenError::Position(PositionError::UnknownCastling { letter: 'x' })
    );
    // Pawns on the first or last rank.
    assert!(matches!(
        error("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"),
        FenError::Position(PositionError::ImpossibleSquare { .. })
    ));
    assert!(matches!(
        error("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        FenError::Position(PositionError::ImpossibleSquare { .. })
    ));
    // Kings missing.
    assert!(matches!(
        error("8/8/8/8/8/8/8/4K3 w - - 0 1"),
        FenError::Position(PositionError::RoyalCount { .. })
    ));
}
