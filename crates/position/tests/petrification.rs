//! Walls (`*` in FEN) and captures that petrify (petrified chess). Each
//! rule with a small position worked out by hand.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;

use common::moves;

use fairy_geometry::{BoardSize, Geometry};
use fairy_movement::{Color, Movement};
use fairy_position::{
    CastlingSpec, EndReason, Explosion, Extinction, FenError, GameResult, Goal, Outcome, PieceSpec, Position,
    PositionError, Setup, Variant, VariantError, VariantSpec, Zone,
};

/// Kings, rooks, queens, bishops, knights and pawns; `petrify` says whether
/// every kind but the pawn turns into a wall when it captures, and the
/// king is royal by the extinction rule, as in petrified chess.
fn army(petrify: bool) -> VariantSpec {
    let piece = |letter, name, movement| {
        let spec = PieceSpec::new(letter, name, movement);
        if petrify { spec.petrifying() } else { spec }
    };
    VariantSpec::new(
        "test",
        Geometry::new(BoardSize::new(8, 8).unwrap()),
        "k7/8/8/8/8/8/8/K7 w - - 0 1",
    )
    .piece(piece('K', "king", Movement::king()))
    .piece(piece('R', "rook", Movement::rook()))
    .piece(piece('Q', "queen", Movement::queen()))
    .piece(piece('B', "bishop", Movement::bishop()))
    .piece(piece('N', "knight", Movement::knight()))
    .piece(
        PieceSpec::new('P', "pawn", Movement::chess_pawn())
            .initial(Zone::ranks([2]))
            .promotion(fairy_position::Promotion::new(Zone::ranks([8]), ['Q', 'N'])),
    )
    .goal(Goal::Extinction(Extinction::of(GameResult::Loss, ['K']).royal()))
}

fn petrified() -> VariantSpec {
    let castling = |letter, king_to: &str, rook_from: &str, rook_to: &str| {
        let square = |name: &str| name.parse().unwrap();
        CastlingSpec::new(
            letter,
            square("e1"),
            square(king_to),
            'R',
            square(rook_from),
            square(rook_to),
        )
        .by('K')
    };
    army(true)
        .castling(castling('K', "g1", "h1", "f1"))
        .castling(castling('Q', "c1", "a1", "d1"))
}

fn position<'v>(variant: &'v Variant<u64>, fen: &str) -> Position<'v, u64> {
    Position::from_fen(variant, fen).unwrap()
}

fn legal(position: &Position<'_, u64>, uci: &str) -> bool {
    moves(position).iter().any(|m| m == uci)
}

#[test]
fn walls_are_written_as_stars_and_hashed() {
    let variant = Variant::<u64>::new(army(false)).unwrap();
    let walled = position(&variant, "k7/8/8/3*4/8/8/8/K6* w - - 0 1");
    assert_eq!(walled.fen(), "k7/8/8/3*4/8/8/8/K6* w - - 0 1");
    assert_eq!(walled.walls().count(), 2);
    assert_eq!(walled.hash(), walled.compute_hash());
    let open = position(&variant, "k7/8/8/8/8/8/8/K7 w - - 0 1");
    assert_ne!(walled.hash(), open.hash());
    assert_ne!(walled, open);
}

#[test]
fn a_wall_blocks_a_rider_and_cannot_be_captured() {
    // The rook on h1 stops before the wall on e1 and cannot take it; the
    // king on a1 cannot step onto the wall on b2.
    let variant = Variant::<u64>::new(army(false)).unwrap();
    let start = position(&variant, "k7/8/8/8/8/8/1*6/K3*2R w - - 0 1");
    assert!(legal(&start, "h1f1"));
    assert!(!legal(&start, "h1e1"));
    assert!(!legal(&start, "h1d1"));
    assert!(!legal(&start, "a1b2"));
    assert!(legal(&start, "a1b1"));
}

#[test]
fn a_wall_blocks_a_check() {
    // The rook on h8 would check the king on a8 but for the wall on d8.
    let variant = Variant::<u64>::new(army(false)).unwrap();
    let start = position(&variant, "k2*3R/8/8/8/8/8/8/K7 b - - 0 1");
    assert!(!start.is_check());
}

#[test]
fn a_piece_on_a_wall_is_an_error() {
    let variant = Variant::<u64>::new(army(false)).unwrap();
    let mut setup: Setup = "k7/8/8/8/8/8/8/K7 w - - 0 1".parse().unwrap();
    setup.walls.push(fairy_geometry::Square::new(0));
    assert!(matches!(
        Position::from_setup(&variant, &setup),
        Err(PositionError::PieceOnWall { piece: 'K', .. })
    ));
}

#[test]
fn a_capturing_piece_petrifies() {
    // The rook on a1 takes the rook on a8 and turns into a wall there:
    // both castling rights of the rooks' squares go.
    let variant = Variant::<u64>::new(petrified()).unwrap();
    let start = position(&variant, "r3k3/8/8/8/8/8/8/R3K2R w Kq - 0 1");
    let after = start.play_uci("a1a8").unwrap();
    assert_eq!(after.fen(), "*3k3/8/8/8/8/8/8/4K2R b K - 0 1");
    assert_eq!(after.hash(), after.compute_hash());
}

#[test]
fn a_pawn_that_captures_and_promotes_does_not_petrify() {
    // Petrification goes by the kind that moved: the pawn's queen stays.
    let variant = Variant::<u64>::new(petrified()).unwrap();
    let start = position(&variant, "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let after = start.play_uci("b7a8q").unwrap();
    assert_eq!(after.fen(), "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert!(after.is_check());
}

#[test]
fn a_royal_piece_may_not_capture_if_it_would_petrify() {
    // The king on e1 may not take the queen next to it on d1 (it would
    // become a wall, and White would have no king); d2, e2 and f1 are
    // attacked by the queen: f2 is the one move.
    let variant = Variant::<u64>::new(petrified()).unwrap();
    let start = position(&variant, "4k3/8/8/8/8/8/8/3qK3 w - - 0 1");
    assert!(start.is_check());
    assert_eq!(moves(&start), ["e1f2"]);
}

#[test]
fn a_royal_piece_that_would_petrify_gives_no_check() {
    // The black king on e2 stands next to the white king on e1, which
    // cannot take it: no check, and White's king may step next to it
    // again, on d1, f1 and f2 (behind the black king, out of the rook's
    // reach), but not onto d2, which the rook on a2 attacks.
    let variant = Variant::<u64>::new(petrified()).unwrap();
    let start = position(&variant, "8/8/8/8/8/8/r3k3/4K3 w - - 0 1");
    assert!(!start.is_check());
    assert_eq!(start.checkers().count(), 0);
    assert_eq!(moves(&start), ["e1d1", "e1f1", "e1f2"]);
    // Black's king is not in check either, after White's move.
    let after = start.play_uci("e1d1").unwrap();
    assert!(!after.checked_royals(Color::Black).any());
}

#[test]
fn a_side_without_moves_next_to_a_king_that_cannot_capture_is_stalemated() {
    // Walls on a2 and b1 box the white king in; it may not take the black
    // king on b2, which does not attack it: stalemate, not checkmate.
    // (Fairy-Stockfish scores this position as checkmate: its test for
    // mate counts the black king as an attacker, its legality does not.)
    let variant = Variant::<u64>::new(petrified()).unwrap();
    let start = position(&variant, "8/8/8/8/8/8/*k6/K*6 w - - 0 1");
    assert!(start.legal_moves().is_empty());
    assert!(!start.is_check());
    assert_eq!(
        start.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Stalemate,
        })
    );
}

#[test]
fn a_piece_that_is_not_royal_petrifies_and_may_capture() {
    // Two white kings: neither is royal, so either may capture (and turn
    // into a wall); the one left is then royal.
    let variant = Variant::<u64>::new(petrified()).unwrap();
    let start = position(&variant, "4k3/8/8/8/8/8/3q4/K3K3 w - - 0 1");
    let after = start.play_uci("e1d2").unwrap();
    assert_eq!(after.fen(), "4k3/8/8/8/8/8/3*4/K7 b - - 0 1");
    assert_eq!(after.royal_pieces(Color::White).count(), 1);
}

#[test]
fn explosions_spare_walls() {
    // The rook takes on e5; the wall on d5 next to it stays.
    let spec = army(false).explosion(Explosion::sparing(['P']));
    let variant = Variant::<u64>::new(spec).unwrap();
    let start = position(&variant, "k7/8/8/3*n3/8/8/8/K3R3 w - - 0 1");
    let after = start.play_uci("e1e5").unwrap();
    assert_eq!(after.fen(), "k7/8/8/3*4/8/8/8/K7 b - - 0 1");
}

#[test]
fn petrification_and_explosions_together_are_an_error() {
    let spec = army(true).explosion(Explosion::sparing(['P']));
    assert!(matches!(Variant::<u64>::new(spec), Err(VariantError::Goal { .. })));
}

#[test]
fn a_star_is_a_wall_in_any_variant_but_other_symbols_are_errors() {
    let variant = Variant::<u64>::new(army(false)).unwrap();
    assert!(Position::from_fen(&variant, "k7/8/8/8/8/8/8/K6* w - - 0 1").is_ok());
    assert!(matches!(
        Position::from_fen(&variant, "k7/8/8/8/8/8/8/K6? w - - 0 1"),
        Err(FenError::Parse(_))
    ));
}
