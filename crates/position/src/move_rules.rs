//! Move rules over the legal moves: checks forbidden (racing kings), and
//! compulsory capture (antichess, losers): a side that can capture must.
//!
//! They apply on top of the legality strategy: the legal moves are
//! generated as usual, those that give check are dropped where checks are
//! forbidden, and then, if any of the rest captures, only the captures are
//! kept. Variants without these rules never come here.

use fairy_geometry::Word;

use crate::movegen::{MoveCollector, MoveSink};
use crate::{Move, MoveList, Position};

impl<W: Word> Position<'_, W> {
    /// Whether `mv`, a move in this position, takes a piece (en passant
    /// included; castling never does).
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::Movement;
    /// use fairy_position::{PieceSpec, Variant, VariantSpec};
    ///
    /// let spec = VariantSpec::new("rooks", Geometry::new(BoardSize::new(3, 3)?), "r2/3/R2 w - - 0 1")
    ///     .piece(PieceSpec::new('R', "rook", Movement::rook()));
    /// let variant = Variant::<u64>::new(spec)?;
    /// let position = variant.start_position();
    /// assert!(position.is_capture(position.parse_uci("a1a3")?));
    /// assert!(!position.is_capture(position.parse_uci("a1a2")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_capture(&self, mv: Move) -> bool {
        mv.is_en_passant() || (mv.castling_index().is_none() && self.pieces(self.turn.other()).contains(mv.to()))
    }

    /// The legal moves under the variant's move rules.
    pub(crate) fn generate_restricted<S: MoveSink<W>>(&self, sink: &mut S) {
        let mut moves = MoveList::new();
        self.generate_by_strategy(&mut MoveCollector(&mut moves));
        if self.variant.checks_forbidden {
            moves.retain(|mv| !self.gives_check(*mv));
        }
        let must_capture = self.variant.compulsory_capture && moves.iter().any(|&mv| self.is_capture(mv));
        for mv in moves {
            if !must_capture || self.is_capture(mv) {
                sink.one(mv);
            }
        }
    }

    /// Whether `mv`, a move in this position, attacks an enemy royal piece.
    pub fn gives_check(&self, mv: Move) -> bool {
        let mut after = self.clone();
        after.play_unchecked(mv);
        after.is_check()
    }
}
