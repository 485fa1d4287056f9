//! Promotion limits (grand chess): a piece promotes only to a kind of which
//! its side has fewer than the kind's limit on the board. Where every
//! choice is spent and the piece may not stay unpromoted, it may not make
//! the move at all.
//!
//! The rule filters the moves as they are generated, so that moves that
//! do not promote are still counted in bulk.

use fairy_geometry::{Square, SquareSet, Word};

use crate::kinds::KindSet;
use crate::movegen::MoveSink;
use crate::variant::Promotions;
use crate::{Move, PieceKind, Position};

impl<W: Word> Position<'_, W> {
    /// The kinds the side to move may no longer promote to: those of which
    /// it has as many as their limit.
    pub(crate) fn spent_promotions(&self) -> KindSet {
        self.variant
            .promotion_limits
            .iter()
            .filter(|&&(kind, limit)| self.pieces_of(self.turn, kind).count() >= limit)
            .fold(KindSet::default(), |spent, &(kind, _)| spent.with(kind))
    }
}

/// A sink that passes on the moves given to it less the promotions to
/// `spent` kinds.
pub(crate) struct LimitedPromotions<'s, S> {
    pub sink: &'s mut S,
    pub spent: KindSet,
}

impl<S> LimitedPromotions<'_, S> {
    /// The moves from `from` to the promotion square `to`: staying where
    /// allowed, and each choice not spent.
    fn promoting<W: Word>(&mut self, promotions: &Promotions<W>, from: Square, to: Square)
    where
        S: MoveSink<W>,
    {
        if promotions.may_stay.contains(to) {
            self.sink.one(Move::normal(from, to, None));
        }
        for &choice in promotions.choices(to) {
            if !self.spent.contains(choice) {
                self.sink.one(Move::normal(from, to, Some(choice)));
            }
        }
    }
}

impl<W: Word, S: MoveSink<W>> MoveSink<W> for LimitedPromotions<'_, S> {
    #[inline]
    fn piece_moves(&mut self, promotions: &Promotions<W>, from: Square, to: SquareSet<W>) {
        let promoting = promotions.promoting(from, to);
        self.sink.piece_moves(promotions, from, to - promoting);
        for square in promoting {
            self.promoting(promotions, from, square);
        }
    }

    #[inline]
    fn shifted_moves(&mut self, promotions: &Promotions<W>, delta: i16, to: SquareSet<W>) {
        let promoting = to & promotions.zone;
        self.sink.shifted_moves(promotions, delta, to - promoting);
        for square in promoting {
            let from = Square::new((square.index() as i32 - i32::from(delta)) as u8);
            self.promoting(promotions, from, square);
        }
    }

    #[inline]
    fn drops(&mut self, kind: PieceKind, to: SquareSet<W>) {
        self.sink.drops(kind, to);
    }

    #[inline]
    fn one(&mut self, mv: Move) {
        match mv.promotion() {
            Some(kind) if self.spent.contains(kind) => {}
            _ => self.sink.one(mv),
        }
    }

    #[inline]
    fn walled(&mut self, mv: Move, walls: SquareSet<W>) {
        if !mv.promotion().is_some_and(|kind| self.spent.contains(kind)) {
            self.sink.walled(mv, walls);
        }
    }
}
