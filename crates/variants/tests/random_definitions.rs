//! Random variant definitions (see `random_variant` for what they draw),
//! each played by a random game: at every position the legal moves agree
//! with a slow reference generator and with the general legality strategy,
//! and the FEN reads back. The fuzz target `definitions` runs the same
//! check on the fuzzer's bytes.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;
mod generic_reference;
mod random_variant;

use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_definitions_agree_with_the_reference(bytes in proptest::collection::vec(any::<u8>(), 32..160)) {
        random_variant::check(&bytes, 40);
    }
}

#[test]
fn most_random_bytes_give_a_variant_that_is_played() {
    // The generator is not so strict that the property checks nothing.
    let mut played = 0;
    let mut random = common::Random(0x2545_f491_4f6c_dd1d);
    for _ in 0..60 {
        let bytes: Vec<u8> = (0..128).map(|_| random.next() as u8).collect();
        if random_variant::check(&bytes, 4) > 0 {
            played += 1;
        }
    }
    assert!(played >= 20, "only {played} of 60 byte strings gave a variant");
}

#[test]
fn kinds_with_more_attack_tables_than_are_gathered_agree_with_the_reference() {
    use fairy_geometry::{BoardSize, Geometry};
    use fairy_movement::Movement;
    use fairy_position::{PieceSpec, Variant, VariantSpec};

    // Fifteen kinds of three one-way leaps each: 45 leaps, 36 of them
    // different, each an attack table of its own, more than move
    // generation gathers (32). The kinds then attack by one table each.
    let atoms = ['W', 'F', 'D', 'N', 'A', 'H', 'C', 'Z', 'G'];
    let ways = ['f', 'b', 'l', 'r'];
    let letters: Vec<char> = "ABCDEFGHIJLMNOP".chars().collect();
    let mut leaps = std::collections::BTreeSet::new();
    let mut spec = VariantSpec::new(
        "many leaps",
        Geometry::new(BoardSize::new(8, 8).unwrap()),
        "hijlmnop/abckdefg/8/8/8/8/HIJLMNOP/ABCKDEFG w - - 0 1",
    )
    .piece(PieceSpec::new('K', "king", Movement::king()).royal());
    for (index, &letter) in letters.iter().enumerate() {
        let betza: String = (0..3)
            .map(|part| format!("{}{}", ways[(index + part) % 4], atoms[(index * 3 + part) % 9]))
            .collect();
        leaps.extend(betza.as_bytes().chunks(2).map(<[u8]>::to_vec));
        spec = spec.piece(PieceSpec::new(letter, "leaper", Movement::from_betza(&betza).unwrap()));
    }
    assert!(leaps.len() > 32, "{} different leaps", leaps.len());
    let variant = Variant::<u64>::new(spec).unwrap();
    let mut random = common::Random(0x9e37_79b9_7f4a_7c15);
    let mut position = variant.start_position();
    for ply in 0..60 {
        let legal = common::moves(&position);
        assert_eq!(
            legal,
            generic_reference::legal_moves(&position),
            "ply {ply}: {}",
            position.fen()
        );
        assert_eq!(position.count_legal_moves(), legal.len() as u64);
        let list = position.legal_moves();
        if list.is_empty() {
            break;
        }
        position.play_unchecked(list[random.below(list.len())]);
    }
}

/// A case the property found (shrunk): a black piece's double step to b4
/// has more than one way, and white pieces could take en passant on the
/// squares of only some of them. Playing left only those ways' squares,
/// and the FEN written so did not read back (reading takes the squares
/// of every open way); now playing leaves them all.
#[test]
fn a_double_step_of_several_ways_leaves_the_squares_of_all_of_them() {
    random_variant::check(
        &[
            98, 190, 34, 10, 34, 108, 21, 12, 13, 0, 1, 1, 46, 103, 59, 0, 0, 0, 161, 184, 183, 162, 0, 0, 0, 1, 52, 0,
            29, 29, 211, 151, 13, 183, 84, 2, 55, 95, 42, 62, 219, 121, 223, 81, 172, 225, 118, 241, 161, 9, 97, 171,
            43, 237, 56, 82, 250, 136, 84, 78, 47, 127, 26, 23, 103, 197, 253, 190, 4, 84,
        ],
        40,
    );
}
