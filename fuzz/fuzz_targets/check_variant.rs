//! What every fuzz target that compiles a variant checks on it: the start
//! position round-trips through FEN, the move count agrees with the list,
//! and the moves can be played with an exact hash.

use fairy::geometry::Word;
use fairy::position::{Position, Variant, VariantVisitor};

pub struct Check;

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
