//! Odd inputs get typed errors, never panics: hand-made setups, moves from
//! another variant, definitions that would blow up.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

use fairy_geometry::{BoardSize, Geometry, Square};
use fairy_movement::{Atom, Movement, Part};
use fairy_position::{MAX_PARTS, PieceSpec, Position, PositionError, Setup, Variant, VariantError, VariantSpec};

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

/// `count` distinct riding parts: atoms (m, n) in every direction.
fn riders(count: usize, skip: usize) -> Movement {
    let atoms = (1..16u8).flat_map(|m| (0..=m).map(move |n| Atom::new(m, n)));
    atoms.skip(skip).take(count).map(Part::ride).collect()
}

#[test]
fn repeated_parts_are_merged_before_the_bound_on_parts() {
    // The same nightrider written many times is one part.
    let spec = VariantSpec::new(
        "riders",
        Geometry::new(BoardSize::new(8, 8).unwrap()),
        "k7/8/8/8/8/8/8/N6K w - - 0 1",
    )
    .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    .piece(PieceSpec::new('N', "nightrider", "NN".repeat(120).parse().unwrap()));
    let variant = Variant::<u64>::new(spec).unwrap();
    assert_eq!(variant.spec().pieces[1].movement.parts().len(), 1);
    let spec = VariantSpec::new(
        "riders",
        Geometry::new(BoardSize::new(8, 8).unwrap()),
        "k7/8/8/8/8/8/8/N6K w - - 0 1",
    )
    .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    .piece(PieceSpec::new('N', "rider", riders(MAX_PARTS + 1, 0)));
    assert_eq!(
        Variant::<u64>::new(spec).unwrap_err(),
        VariantError::TooManyParts {
            letter: 'N',
            count: MAX_PARTS + 1
        }
    );
}

#[test]
fn a_definition_at_every_bound_compiles() {
    // The largest board, the most kinds, each with the most distinct parts:
    // every accepted definition is at most this large, and this compiles
    // (in well under a second in a release build).
    let letters = "ABCDEFGHIJLMNOP";
    let mut spec = VariantSpec::new(
        "largest",
        Geometry::new(BoardSize::new(16, 16).unwrap()),
        "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15K w - - 0 1",
    )
    .piece(PieceSpec::new('K', "king", Movement::king()).royal());
    for (index, letter) in letters.chars().enumerate() {
        spec = spec.piece(PieceSpec::new(letter, "rider", riders(MAX_PARTS, index * 5)));
    }
    assert_eq!(spec.pieces.len(), fairy_position::MAX_KINDS);
    let variant = Variant::<fairy_geometry::U256>::new(spec).unwrap();
    assert_eq!(variant.start_position().legal_moves().len(), 3);
}
