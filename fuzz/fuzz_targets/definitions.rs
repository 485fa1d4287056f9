//! Random variant definitions read from the fuzzer's bytes (see
//! `random_variant` for what they draw), each played by a game the remaining
//! bytes steer: at every position the legal moves agree with the slow
//! reference generator and with the general legality strategy, and the FEN
//! reads back. The same check runs as a property test in
//! `crates/variants/tests/random_definitions.rs`.
#![no_main]

#[path = "../../crates/variants/tests/common/mod.rs"]
mod common;
#[path = "../../crates/variants/tests/generic_reference/mod.rs"]
mod generic_reference;
#[path = "../../crates/variants/tests/random_variant/mod.rs"]
mod random_variant;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    random_variant::check(data, 40);
});
