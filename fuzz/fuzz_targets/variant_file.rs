//! Variant definition files: reading never panics, and a definition that
//! compiles gives a start position that round-trips through FEN and whose
//! moves can be played, and so does a chess960 start of it.
#![no_main]

#[path = "check_variant.rs"]
mod check_variant;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(variant) = fairy::variants::from_toml(text) {
        variant.visit(check_variant::Check);
        check_variant::check_chess960(variant.spec());
    }
});
