//! Variant definitions in their serde form (JSON): reading one and compiling
//! it returns errors, never panics, and a variant that compiles plays its
//! start position.
#![no_main]

use fairy::position::{AnyVariant, Variant, VariantSpec, VariantVisitor};
use fairy_geometry::Word;
use libfuzzer_sys::fuzz_target;

struct Play;

impl VariantVisitor for Play {
    type Output = ();

    fn visit<W: Word>(self, variant: &Variant<W>) {
        let start = variant.start_position();
        let moves = start.legal_moves();
        if let Some(&first) = moves.first() {
            let mut after = start.clone();
            after.play_unchecked(first);
            let _ = after.legal_moves();
            let _ = after.outcome();
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(spec) = serde_json::from_slice::<VariantSpec>(data) else {
        return;
    };
    if let Ok(variant) = AnyVariant::new(spec) {
        variant.visit(Play);
    }
});
