//! Which pieces are royal, and which royal pieces are in check.
//!
//! A piece is royal by its kind ([`PieceSpec::royal`](crate::PieceSpec)),
//! or by its count: an extinction rule may make the last pieces of a kind
//! royal ([`Extinction::royal`](crate::Extinction)). Check is decided here
//! and nowhere else, with the rules that change it: under explosions a
//! royal piece next to an enemy royal piece cannot be taken, and a duple
//! check attacks all pieces of a kind at once.

use fairy_geometry::{Square, SquareSet, Word};
use fairy_movement::Color;

use crate::{Move, PieceKind, Position};

impl<W: Word> Position<'_, W> {
    /// The royal pieces of `color`: those of royal kinds, and the last
    /// pieces of kinds an extinction rule makes royal.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::{Color, Movement};
    /// use fairy_position::{Extinction, GameResult, Goal, PieceSpec, Position, Variant, VariantSpec};
    ///
    /// // Two kings a side; the last one left is royal.
    /// let spec = VariantSpec::new("kings", Geometry::new(BoardSize::new(4, 4)?), "kk2/4/4/K2K w - - 0 1")
    ///     .piece(PieceSpec::new('K', "king", Movement::king()))
    ///     .goal(Goal::Extinction(Extinction::of(GameResult::Loss, ['K']).royal()));
    /// let variant = Variant::<u64>::new(spec)?;
    /// let position = variant.start_position();
    /// assert!(position.royal_pieces(Color::White).is_empty());
    /// let one_left = Position::from_fen(&variant, "kk2/4/4/K3 w - - 0 1")?;
    /// assert_eq!(one_left.royal_pieces(Color::White).count(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn royal_pieces(&self, color: Color) -> SquareSet<W> {
        self.royal_among(self.by_color[color.index()], |kinds| kinds.union_of(&self.by_kind))
    }

    /// The royal pieces among one side's pieces `side`, where `of_kinds`
    /// gives the squares of the pieces of a set of kinds (on this board, or
    /// on one a move would leave).
    #[inline]
    pub(crate) fn royal_among(
        &self,
        side: SquareSet<W>,
        of_kinds: impl Fn(crate::kinds::KindSet) -> SquareSet<W>,
    ) -> SquareSet<W> {
        let mut royal = of_kinds(self.variant.royal) & side;
        for &(kinds, most) in &self.variant.goals.pseudo_royals {
            let pieces = of_kinds(kinds) & side;
            if pieces.count() <= most {
                royal |= pieces;
            }
        }
        royal
    }

    /// The square of a royal piece of `color`, if it has one (the first,
    /// if it has several).
    pub fn royal_square(&self, color: Color) -> Option<Square> {
        self.royal_pieces(color).first()
    }

    /// The royal pieces of `color` that are in check: attacked by the other
    /// side, unless captures explode and an enemy royal piece stands next
    /// to them (its own would blow up with them); with a duple check, all
    /// of its pieces of the duple kinds when every one is so attacked.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::{Color, Movement};
    /// use fairy_position::{PieceSpec, Variant, VariantSpec};
    ///
    /// let spec = VariantSpec::new("rooks", Geometry::new(BoardSize::new(4, 4)?), "k3/4/4/K2r w - - 0 1")
    ///     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    ///     .piece(PieceSpec::new('R', "rook", Movement::rook()));
    /// let variant = Variant::<u64>::new(spec)?;
    /// let position = variant.start_position();
    /// assert_eq!(position.checked_royals(Color::White).count(), 1);
    /// assert!(position.is_check());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn checked_royals(&self, color: Color) -> SquareSet<W> {
        self.checked_among(color, self.royal_pieces(color))
    }

    /// [`Position::checked_royals`] where `royals` are `color`'s royal
    /// pieces.
    pub(crate) fn checked_among(&self, color: Color, royals: SquareSet<W>) -> SquareSet<W> {
        let by = color.other();
        let occupied = self.occupied();
        let shield = self.shield(color);
        let in_check = |square: Square| !shield.contains(square) && self.is_attacked(square, by, occupied);
        let mut checked: SquareSet<W> = royals.iter().filter(|&square| in_check(square)).collect();
        let duple = &self.variant.goals.duple_check;
        if !duple.is_empty() {
            let candidates = self.pieces_of_kinds(color, *duple);
            if candidates.any() && candidates.iter().all(in_check) {
                checked |= candidates;
            }
        }
        checked
    }

    /// The pieces of the side to move that `mv` may not leave in check,
    /// where they stand on `after`, the board the move leaves: the royal
    /// pieces there. But where royalty goes by count, two moves keep for
    /// themselves the royalty of before them, as in Fairy-Stockfish:
    ///
    /// - a drop of a kind royal by count, whose piece is royal for its
    ///   drop too, whatever the count after it: a second king dropped
    ///   leaves the first royal until the drop is made;
    /// - a piece promoting to its own promoted form (shogi's `+`), whose
    ///   royalty, if it had it, goes where it lands: a sho shogi elephant
    ///   becoming a crown prince leaves the king beside it royal until the
    ///   move is made, so it may not promote out of a pin or with the king
    ///   in check.
    pub(crate) fn royals_to_keep_safe(&self, mv: Move, after: &Position<'_, W>) -> SquareSet<W> {
        let us = self.turn;
        if !self.variant.goals.has_pseudo_royals() {
            return after.royal_pieces(us);
        }
        if mv
            .dropped()
            .is_some_and(|kind| self.variant.goals.is_counted_royal(kind))
        {
            return self.royal_pieces(us).with(mv.to());
        }
        if self.promotes_to_own_form(mv) {
            let mut before = self.royal_pieces(us);
            if before.contains(mv.from()) {
                before.remove(mv.from());
                return before.with(mv.to());
            }
            return before;
        }
        after.royal_pieces(us)
    }

    /// Whether `mv` promotes a piece to its own promoted form (shogi's
    /// `+`), not to a kind of its choice (chess's pawns).
    fn promotes_to_own_form(&self, mv: Move) -> bool {
        let (Some(promoted), Some(code)) = (mv.promotion(), self.code_at(mv.from())) else {
            return false;
        };
        let mover = self.variant.letter(PieceKind::new(code >> 1));
        self.variant
            .kinds
            .get(promoted.index())
            .is_some_and(|kind| kind.spec.unpromoted == Some(mover))
    }

    /// Whether a royal piece of the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checked_royals(self.turn).any()
    }

    /// The pieces giving check to the side to move's royal pieces.
    pub fn checkers(&self) -> SquareSet<W> {
        let occupied = self.occupied();
        let by = self.turn.other();
        self.checked_royals(self.turn)
            .iter()
            .fold(SquareSet::EMPTY, |all, royal| all | self.attackers(royal, by, occupied))
    }
}
