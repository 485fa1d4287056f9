//! Variant definitions in their serde form (JSON): reading one and compiling
//! it returns errors, never panics, and a variant that compiles passes the
//! checks of `variant_file`.
#![no_main]

#[path = "check_variant.rs"]
mod check_variant;

use fairy::position::{AnyVariant, VariantSpec};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(spec) = serde_json::from_slice::<VariantSpec>(data) else {
        return;
    };
    if let Ok(variant) = AnyVariant::new(spec) {
        variant.visit(check_variant::Check);
    }
});
