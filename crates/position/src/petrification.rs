//! Captures that petrify (petrified chess): the capturer of some kinds
//! turns into a wall where it lands.
//!
//! A wall blocks the square for good: no piece stands on it, passes it or
//! captures it. Whether the capturer petrifies goes by the kind that moved,
//! so a pawn that captures and promotes stays the piece it promoted to, as
//! in Fairy-Stockfish. A royal piece of a petrifying kind cannot capture at
//! all (its side would lose it), so it attacks nothing: it gives no check,
//! and an enemy royal piece may stand next to it.

use fairy_geometry::{Square, SquareSet, Word};
use fairy_movement::Color;

use crate::{PieceKind, Position};

impl<W: Word> Position<'_, W> {
    /// Petrifies the piece that captured on `at`, if a piece of `mover`'s
    /// kind petrifies: it leaves the board and a wall takes its square.
    /// Returns the squares it emptied.
    pub(crate) fn petrify(&mut self, at: Square, mover: PieceKind) -> SquareSet<W> {
        if !self.variant.petrifying.contains(mover) {
            return SquareSet::EMPTY;
        }
        self.take(at);
        self.walls.insert(at);
        self.hash ^= self.variant.zobrist.wall(at.index());
        SquareSet::from_square(at)
    }

    /// The pieces of `color` that cannot capture because they would
    /// petrify a royal piece: they attack nothing.
    #[inline(always)]
    pub(crate) fn disarmed(&self, color: Color) -> SquareSet<W> {
        if self.variant.petrifying.is_empty() {
            return SquareSet::EMPTY;
        }
        self.royal_pieces(color) & self.pieces_of_kinds(color, self.variant.petrifying)
    }

    /// Whether the piece on `from` is royal and would petrify by capturing.
    pub(crate) fn capture_petrifies_royal(&self, from: Square) -> bool {
        self.disarmed(self.turn).contains(from)
    }
}
