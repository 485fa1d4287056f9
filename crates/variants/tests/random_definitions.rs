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
