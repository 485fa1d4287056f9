//! Castling definitions: checked when a variant is compiled, with explicit
//! path rules, and every way to castle named uniquely in coordinate
//! notation and SAN.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;

use common::moves;

use fairy_geometry::{BoardSize, Geometry};
use fairy_movement::Movement;
use fairy_position::{CastlingSpec, PieceSpec, Position, Variant, VariantError, VariantSpec};

/// Kings, rooks and chancellors on 8 x 8 with the given ways to castle.
fn castling(start: &str, rules: &[(char, &str, &str, char, &str, &str)]) -> Result<Variant<u64>, VariantError> {
    let mut spec = VariantSpec::new("castles", Geometry::new(BoardSize::new(8, 8).unwrap()), start)
        .piece(PieceSpec::new('K', "king", Movement::king()).royal())
        .piece(PieceSpec::new('R', "rook", Movement::rook()))
        .piece(PieceSpec::new('C', "chancellor", "RN".parse().unwrap()));
    for &(letter, king_from, king_to, rook, rook_from, rook_to) in rules {
        let square = |name: &str| name.parse().unwrap();
        spec = spec.castling(CastlingSpec::new(
            letter,
            square(king_from),
            square(king_to),
            rook,
            square(rook_from),
            square(rook_to),
        ));
    }
    Variant::new(spec)
}

fn reason(error: VariantError) -> &'static str {
    match error {
        VariantError::BadCastling { reason, .. } => reason,
        other => panic!("not a castling error: {other}"),
    }
}

const CORNERS: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

#[test]
fn the_king_and_the_rook_may_not_land_on_one_square() {
    // The king would vanish under its rook.
    let error = castling(CORNERS, &[('K', "e1", "g1", 'R', "h1", "g1")]).unwrap_err();
    assert_eq!(reason(error), "the king and the rook must end on different squares");
}

#[test]
fn the_king_and_the_rook_stay_on_their_rank() {
    let error = castling(CORNERS, &[('K', "e1", "g1", 'R', "h1", "f2")]).unwrap_err();
    assert_eq!(reason(error), "the king and the rook must start and end on one rank");
    let error = castling(CORNERS, &[('K', "e1", "e1", 'R', "h1", "f1")]).unwrap_err();
    assert_eq!(reason(error), "the king must move");
}

#[test]
fn every_square_the_king_or_the_rook_passes_or_lands_on_must_be_empty() {
    // Queenside: the rook passes b1 and c1 and lands on d1; the king passes
    // d1 and lands on c1.
    let queenside = "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1";
    let variant = castling(queenside, &[('Q', "e1", "c1", 'R', "a1", "d1")]).unwrap();
    let free = Position::from_fen(&variant, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    assert!(moves(&free).contains(&"e1c1".to_string()));
    for fen in [
        "4k3/8/8/8/8/8/8/RC2K3 w Q - 0 1",
        "4k3/8/8/8/8/8/8/R1C1K3 w Q - 0 1",
        "4k3/8/8/8/8/8/8/R2CK3 w Q - 0 1",
    ] {
        let position = Position::from_fen(&variant, fen).unwrap();
        assert!(!moves(&position).contains(&"e1c1".to_string()), "{fen}");
    }
    // A long castling (king to b1, rook to c1): c1 must be empty too.
    let long = castling(queenside, &[('Q', "e1", "b1", 'R', "a1", "c1")]).unwrap();
    let blocked = Position::from_fen(&long, "4k3/8/8/8/8/8/8/R1C1K3 w Q - 0 1").unwrap();
    assert!(!moves(&blocked).contains(&"e1b1".to_string()));
}

#[test]
fn a_castling_with_the_coordinates_of_a_king_move_is_written_as_the_king_taking_its_rook() {
    // The king castles one square, to f1, with the rook from h1 to e1: as
    // e1f1 it would read as the king's step, so it is written e1h1.
    let variant = castling("4k3/8/8/8/8/8/8/4K2R w K - 0 1", &[('K', "e1", "f1", 'R', "h1", "e1")]).unwrap();
    let position = variant.start_position();
    let moves = moves(&position);
    assert!(
        moves.contains(&"e1f1".to_string()) && moves.contains(&"e1h1".to_string()),
        "{moves:?}"
    );
    let castles = position.parse_uci("e1h1").unwrap();
    assert_eq!(castles.castling_index(), Some(0));
    assert_eq!(position.parse_uci("e1f1").unwrap().castling_index(), None);
    assert_eq!(position.play(castles).unwrap().fen(), "4k3/8/8/8/8/8/8/4RK2 b - - 1 1");
}

#[test]
fn two_ways_to_castle_one_direction_are_told_apart_in_san_by_the_rook() {
    // Kingside with the rook from h1 to f1, or with the chancellor on g1,
    // which stays while the king jumps to h1.
    let rules = [('K', "e1", "g1", 'R', "h1", "f1"), ('C', "e1", "h1", 'C', "g1", "g1")];
    let variant = castling("4k3/8/8/8/8/8/8/4K1C1 w C - 0 1", &rules).unwrap();
    let position = variant.start_position();
    let castles = position.parse_uci("e1h1").unwrap();
    assert_eq!(position.san(castles), "O-O(g1)");
    assert_eq!(position.parse_san("O-O(g1)").unwrap(), castles);
    assert_eq!(position.play(castles).unwrap().fen(), "4k3/8/8/8/8/8/8/6CK b - - 1 1");
    let variant = castling("4k3/8/8/8/8/8/8/4K2R w K - 0 1", &rules).unwrap();
    let position = variant.start_position();
    let castles = position.parse_uci("e1g1").unwrap();
    assert_eq!(position.san(castles), "O-O(h1)");
    assert_eq!(position.parse_san("O-O").unwrap(), castles);
}

#[test]
fn castling_rules_that_read_alike_are_refused() {
    let error = castling(
        "4k3/8/8/8/8/8/8/R3K2R w KL - 0 1",
        &[('K', "e1", "g1", 'R', "h1", "f1"), ('L', "e1", "g1", 'R', "a1", "f1")],
    )
    .unwrap_err();
    assert_eq!(reason(error), "two ways to castle have the same coordinates");
}

#[test]
fn a_move_debugs_as_its_squares_and_kind() {
    let variant = castling(
        "r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1",
        &[('K', "e1", "g1", 'R', "h1", "f1")],
    )
    .unwrap();
    let position = variant.start_position();
    let castle = position.parse_uci("e1g1").unwrap();
    assert_eq!(format!("{castle:?}"), "Move(4 -> 6, castling 0)");
    let rook = position.parse_uci("a1a8").unwrap();
    assert_eq!(format!("{rook:?}"), "Move(0 -> 56)");
}
