//! Variant definition files: reading never panics, and a definition that
//! compiles gives a start position that round-trips through FEN and whose
//! moves can be played.
#![no_main]

use fairy::geometry::Word;
use fairy::position::{Position, Variant, VariantVisitor};
use libfuzzer_sys::fuzz_target;

struct Check;

impl VariantVisitor for Check {
    type Output = ();

    fn visit<W: Word>(self, variant: &Variant<W>) {
        let start = variant.start_position();
        let again = Position::from_fen(variant, &start.fen()).expect("the start FEN reads back");
        assert_eq!(again, start);
        let moves = start.legal_moves();
        assert_eq!(moves.len() as u64, start.count_legal_moves());
        for &mv in moves.iter().take(64) {
            let after = start.play(mv).expect("a generated move is legal");
            assert_eq!(after.hash(), after.compute_hash());
            assert_eq!(after.legal_moves().len() as u64, after.count_legal_moves());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(variant) = fairy::variants::from_toml(text) {
        variant.visit(Check);
    }
});
