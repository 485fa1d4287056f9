//! Move rules over the legal moves: promotion limits (spartan), checks
//! forbidden (racing kings), a royal piece held in check (makpong), and
//! compulsory capture (antichess, losers): a side that can capture must.
//!
//! They apply on top of the legality strategy: the legal moves are
//! generated as usual, those that give check are dropped where checks are
//! forbidden, and then, if any of the rest captures, only the captures are
//! kept. Variants without these rules never come here.

use fairy_geometry::{SquareSet, Word};

use smallvec::SmallVec;

use crate::movegen::{MoveCollector, MoveSink};
use crate::variant::AttackGroup;
use crate::{Move, MoveList, PieceKind, Position};

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
        for &(kind, limit) in &self.variant.promotion_limits {
            if self.pieces_of(self.turn, kind).count() >= limit {
                moves.retain(|mv| mv.promotion() != Some(kind));
            }
        }
        if self.variant.spec.checks_forbidden {
            let checkers = self.checkers_of_turn();
            moves.retain(|mv| !self.gives_check_by(*mv, &checkers));
        }
        if self.variant.spec.royal_held_in_check {
            let checkers = self.checkers();
            if checkers.any() {
                let royals = self.royal_pieces(self.turn);
                moves.retain(|mv| !royals.contains(mv.from()) || checkers == SquareSet::from_square(mv.to()));
            }
        }
        let must_capture = self.variant.spec.compulsory_capture && moves.iter().any(|&mv| self.is_capture(mv));
        for mv in moves {
            if !must_capture || self.is_capture(mv) {
                sink.one(mv);
            }
        }
    }

    /// Whether `mv`, a move in this position, attacks an enemy royal piece.
    ///
    /// A plain move is answered from the attack tables with the moved
    /// piece on its new square; castling and en passant by playing them.
    pub fn gives_check(&self, mv: Move) -> bool {
        self.gives_check_by(mv, &self.checkers_of_turn())
    }

    /// The side to move's attack groups, each with its pieces.
    fn checkers_of_turn(&self) -> SmallVec<[(&AttackGroup<W>, SquareSet<W>); 8]> {
        let us = self.turn;
        self.variant.attackers[us.index()]
            .iter()
            .map(|group| (group, self.pieces_of_kinds(us, group.kinds)))
            .collect()
    }

    fn gives_check_by(&self, mv: Move, groups: &[(&AttackGroup<W>, SquareSet<W>)]) -> bool {
        let us = self.turn;
        let (from, to) = (mv.from(), mv.to());
        let mut royals = self.pieces_of_kinds(us.other(), self.variant.royal);
        royals.remove(to);
        let royalty_by_kind = !self.variant.goals.has_pseudo_royals() && self.variant.explosion.is_none();
        if royals.is_empty() && royalty_by_kind {
            return false;
        }
        let Some(code) = self.code_at(from) else { return false };
        if mv.castling_index().is_some() || mv.is_en_passant() || !royalty_by_kind {
            let mut after = self.clone();
            after.play_unchecked(mv);
            return after.is_check();
        }
        let moved = mv.promotion().unwrap_or(PieceKind::new(code >> 1));
        let vacated = SquareSet::from_square(from);
        let occupied = (self.occupied() - vacated).with(to);
        groups.iter().any(|&(group, pieces)| {
            let mut pieces = pieces - vacated;
            if group.kinds.contains(moved) {
                pieces.insert(to);
            }
            pieces.any()
                && royals
                    .iter()
                    .any(|royal| group.table.attacks(royal, occupied).intersects(pieces))
        })
    }
}
