//! Variant definitions in their serde form (JSON): reading one and compiling
//! it returns errors, never panics, and a variant that compiles passes the
//! checks of `variant_file`; so do its chess960 starts.
#![no_main]

#[path = "check_variant.rs"]
mod check_variant;

use fairy::position::{AnyVariant, VariantSpec};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(spec) = serde_json::from_slice::<VariantSpec>(data) else {
        return;
    };
    // Chess960 starts of any definition, compiled or not.
    check_variant::check_chess960(&spec);
    if let Ok(variant) = AnyVariant::new(spec) {
        variant.visit(check_variant::Check);
    }
});
