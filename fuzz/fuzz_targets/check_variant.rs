//! What every fuzz target that compiles a variant checks on it: the start
//! position round-trips through FEN, the move count agrees with the list,
//! and the moves can be played with an exact hash; and, for a variant that
//! castles, the same of a shuffled chess960 start in chess960 mode.

use fairy::geometry::Word;
use fairy::position::{AnyVariant, Position, Variant, VariantSpec, VariantVisitor};
use fairy::variants::chess960::Chess960Starts;

pub struct Check;

/// A chess960 start of `spec` (the middle number), if it has any: its
/// numbering never panics, and the start is a position of the variant in
/// chess960 mode whenever that mode compiles.
pub fn check_chess960(spec: &VariantSpec) {
    let Ok(starts) = Chess960Starts::new(spec) else { return };
    let number = starts.count() / 2;
    let fen = starts.fen(number).expect("a number below the count names a start");
    let back_rank = starts.back_rank(number).expect("a number below the count names a start");
    assert_eq!(starts.number_of(&back_rank), Some(number));
    let mut shuffled = spec.clone().chess960();
    shuffled.start_fen = fen;
    if let Ok(variant) = AnyVariant::new(shuffled) {
        variant.visit(Check);
    }
}

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
