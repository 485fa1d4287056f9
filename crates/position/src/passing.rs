//! Passing as a move (Janggi), the bikjang rule of facing royal pieces, and
//! the end of a game that the players pass out: two passes in a row, or a
//! pass while the royal pieces face each other, scored by
//! [`Counting`](crate::Counting) or as a draw.
//!
//! Which passes led to a position is history, not position: it is
//! remembered move by move and is not part of the FEN, the hash or
//! equality. A position read from a FEN has no passes behind it, as in
//! Fairy-Stockfish.

use fairy_geometry::{Geometry, Square, SquareSet, Word};
use fairy_movement::MoveTable;

use crate::compile::facing_lines;
use crate::movegen::{MoveCollector, MoveSink};
use crate::{EndReason, Move, MoveList, Outcome, Position};

/// Passing as a move: a side not in check may pass, its move written from
/// and to its royal piece's square (`e2e2`), or in a variant without
/// royal pieces its first piece's, as Fairy-Stockfish writes it (its
/// `pass`). Two passes in a row end the game.
///
/// # Examples
///
/// ```
/// use fairy_position::Passing;
///
/// // Janggi: passing, and bikjang.
/// let janggi = Passing::new().with_bikjang();
/// assert!(janggi.bikjang);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Passing {
    /// The bikjang rule (Fairy-Stockfish's `bikjangRule`): a side whose
    /// royal piece faces the enemy's on a file or rank with nothing between
    /// (as a rook would attack it, so not within its grid cell) must part
    /// them or pass, and may pass even in check; a pass that leaves them
    /// facing ends the game.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "std::ops::Not::not"))]
    pub bikjang: bool,
}

impl Passing {
    /// Passing without bikjang.
    pub fn new() -> Passing {
        Passing::default()
    }

    /// This rule, with bikjang.
    #[must_use]
    pub fn with_bikjang(self) -> Passing {
        Passing { bikjang: true, ..self }
    }
}

/// [`Passing`] compiled for a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CompiledPassing<W: Word> {
    /// With bikjang: the lines along which royal pieces face.
    facing: Option<MoveTable<W>>,
}

impl<W: Word> CompiledPassing<W> {
    pub fn compile(passing: &Passing, geometry: &Geometry) -> CompiledPassing<W> {
        CompiledPassing {
            facing: passing.bikjang.then(|| facing_lines(geometry)),
        }
    }
}

impl<W: Word> Position<'_, W> {
    /// The legal moves where passing is a move: those of the rules, then
    /// a pass if the side is not in check. Under bikjang with the royal
    /// pieces facing, the moves that leave them facing are dropped, and the
    /// pass is legal even in check.
    #[inline(never)]
    pub(crate) fn generate_with_pass<S: MoveSink<W>>(&self, passing: &CompiledPassing<W>, sink: &mut S) {
        if let Some(facing) = passing.facing.as_ref().filter(|facing| self.royals_face(facing)) {
            let mut moves = MoveList::new();
            self.generate_under_rules(&mut MoveCollector(&mut moves));
            let (ours, theirs) = (self.royal_pieces(self.turn), self.royal_pieces(self.turn.other()));
            for &mv in moves.iter() {
                // A move that changes only its two squares (and whose
                // capture has no effect beyond its square) is judged from
                // the occupancy after it; any other is played.
                let still_facing = if self.variant.safety_by_occupancy && mv.is_simple() {
                    let (from, to) = (SquareSet::from_square(mv.from()), SquareSet::from_square(mv.to()));
                    let ours = if ours.intersects(from) {
                        (ours - from) | to
                    } else {
                        ours
                    };
                    face(facing, ours, theirs - to, (self.occupied() - from) | to)
                } else {
                    let mut after = self.clone();
                    after.play_unchecked(mv);
                    after.royals_face(facing)
                };
                if !still_facing {
                    sink.one(mv);
                }
            }
        } else if self.is_check_unless_found(self.generate_under_rules(sink)) {
            return;
        }
        if let Some(square) = self.pass_square() {
            sink.one(Move::pass(square));
        }
    }

    /// The square a pass is written with, as Fairy-Stockfish writes it:
    /// the side's royal piece's, or else its first piece's; `None` for a
    /// side without pieces, which cannot pass.
    pub(crate) fn pass_square(&self) -> Option<Square> {
        let ours = self.by_color[self.turn.index()];
        let royal = self.pieces_of_kinds(self.turn, self.variant.royal).first();
        royal.or_else(|| ours.first())
    }

    /// Whether royal pieces face each other in a variant with bikjang.
    pub(crate) fn bikjang_facing(&self) -> bool {
        self.variant
            .passing
            .as_ref()
            .and_then(|passing| passing.facing.as_ref())
            .is_some_and(|facing| self.royals_face(facing))
    }

    /// Whether a royal piece of each side face each other on a line of
    /// `facing`, the bikjang rule's.
    fn royals_face(&self, facing: &MoveTable<W>) -> bool {
        let ours = self.royal_pieces(self.turn);
        face(facing, ours, self.royal_pieces(self.turn.other()), self.occupied())
    }

    /// The end of a game passed out: after two passes in a row (a
    /// variant that passes on stalemate too), or a pass that leaves the
    /// royal pieces facing under bikjang.
    pub(crate) fn passed_out(&self) -> Option<Outcome> {
        let reason = match self.history.passes {
            0 => return None,
            1 if self.bikjang_facing() => EndReason::Bikjang,
            1 => return None,
            _ => EndReason::Passes,
        };
        Some(self.adjudicated(reason))
    }

    /// How many passes in a row led to this position, two at most (a
    /// position read from FEN has none behind it).
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::Movement;
    /// use fairy_position::{Passing, PieceSpec, Variant, VariantSpec};
    ///
    /// let spec = VariantSpec::new("kings", Geometry::new(BoardSize::new(3, 3)?), "k2/3/2K w - - 0 1")
    ///     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    ///     .passing(Passing::new());
    /// let variant = Variant::<u64>::new(spec)?;
    /// assert_eq!(variant.start_position().play_uci("c1c1")?.passes(), 1);
    /// assert_eq!(variant.start_position().play_uci("c1c1 a3a2")?.passes(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn passes(&self) -> u32 {
        u32::from(self.history.passes)
    }

    /// Remembers whether `mv`, about to be played, is a pass.
    #[inline(always)]
    pub(crate) fn remember_pass(&mut self, mv: Move) {
        // A wall placed instead of a move is written as a pass, and does
        // not count as one (Atlantis' walls would end the game).
        self.history.passes = if mv.is_bare_pass() {
            self.history.passes.saturating_add(1).min(2)
        } else {
            0
        };
    }
}

/// Whether a piece of `ours` faces one of `theirs` on a line of `facing`
/// with `occupied` occupied. Most of the time the royal pieces share no
/// line at all, which the table's potential tells without a lookup.
fn face<W: Word>(facing: &MoveTable<W>, ours: SquareSet<W>, theirs: SquareSet<W>, occupied: SquareSet<W>) -> bool {
    ours.iter().any(|square| facing.reaches_any(square, occupied, theirs))
}
