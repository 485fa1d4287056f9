//! Odd inputs get typed errors, never panics: hand-made setups, moves from
//! another variant, definitions that would blow up.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

use fairy_geometry::{BoardSize, Geometry, Square};
use fairy_movement::{Atom, Movement, Part};
use fairy_position::{PieceSpec, Position, PositionError, Setup, Variant, VariantError, VariantSpec};

fn kings<W: fairy_geometry::Word>(files: u8, ranks: u8, start: &str) -> Variant<W> {
    let spec = VariantSpec::new("kings", Geometry::new(BoardSize::new(files, ranks).unwrap()), start)
        .piece(PieceSpec::new('K', "king", Movement::king()).royal());
    Variant::new(spec).unwrap()
}

#[test]
fn a_setup_with_the_wrong_number_of_squares_is_an_error() {
    let variant = kings::<u64>(3, 3, "k2/3/2K w - - 0 1");
    let mut setup = variant.start_setup().clone();
    setup.board.pop();
    assert_eq!(
        Position::from_setup(&variant, &setup),
        Err(PositionError::SquareCount { expected: 9, found: 8 })
    );
}

#[test]
fn en_passant_squares_off_the_board_are_an_error() {
    let variant = kings::<u64>(3, 3, "k2/3/2K w - - 0 1");
    let mut setup: Setup = variant.start_setup().clone();
    setup.en_passant = vec![Square::new(200)];
    assert!(matches!(
        Position::from_setup(&variant, &setup),
        Err(PositionError::EnPassant { .. })
    ));
}

#[test]
fn a_move_of_a_larger_board_is_refused_not_a_panic() {
    let small = kings::<u64>(3, 3, "k2/3/2K w - - 0 1");
    let large = kings::<u128>(10, 10, "k9/10/10/10/10/10/10/10/10/9K w - - 0 1");
    let foreign = large.start_position().legal_moves()[0];
    let position = small.start_position();
    assert!(position.play(foreign).is_err());
    let _ = position.uci(foreign).to_string();
    assert!(!position.is_legal(foreign));
}

#[test]
fn squares_off_the_board_are_empty_not_a_panic() {
    let variant = kings::<u64>(3, 3, "k2/3/2K w - - 0 1");
    let position = variant.start_position();
    assert_eq!(position.piece_at(Square::new(9)), None);
    assert_eq!(position.piece_at(Square::new(255)), None);
    assert!(!position.is_attacked(Square::new(255), fairy_movement::Color::White, position.occupied()));
}

#[test]
fn too_many_steps_is_an_error_not_a_hang() {
    let walker = Movement::from(Part::leap(Atom::WAZIR).steps(40));
    let spec = VariantSpec::new(
        "walkers",
        Geometry::new(BoardSize::new(16, 16).unwrap()),
        "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/W14K w - - 0 1",
    )
    .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    .piece(PieceSpec::new('W', "walker", walker));
    assert_eq!(
        Variant::<fairy_geometry::U256>::new(spec).unwrap_err(),
        VariantError::TooManySteps { letter: 'W', steps: 40 }
    );
}
