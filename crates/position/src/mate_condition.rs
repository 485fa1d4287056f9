//! Conditions on checkmate (shatar, shogi): a mate given only by some kinds,
//! or by a piece of some kinds just dropped, is not allowed, and a mate
//! stands only if the series of checks that led to it included a check by
//! some kinds.
//!
//! The series is history, not position: it is remembered move by move and
//! is not part of the FEN, the hash or equality. A position read from a FEN
//! starts a new series, as in Fairy-Stockfish.

use fairy_geometry::Word;
use fairy_movement::Color;

use crate::compile::KindOf;
use crate::kinds::KindSet;
use crate::{EndReason, GameResult, Position, VariantError};

/// Conditions a checkmate must meet to win (Fairy-Stockfish's
/// `shatarMateRule` and `shogiPawnDropMateIllegal`).
///
/// # Examples
///
/// ```
/// use fairy_position::MateCondition;
///
/// // Shatar: no mate by knights alone; a mate needs a check by a knight,
/// // a rook or a bers (a shak) in the series of checks before it.
/// let shatar = MateCondition {
///     not_by: vec!['N'],
///     not_by_drop: vec![],
///     after_check_by: vec!['N', 'R', 'J'],
/// };
/// assert_eq!(shatar.not_by, ['N']);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MateCondition {
    /// The upper-case letters of kinds that may not mate alone: a mate
    /// where every piece giving check is of these kinds wins for the mated
    /// side instead.
    #[cfg_attr(feature = "serde", serde(default))]
    pub not_by: Vec<char>,
    /// The upper-case letters of kinds that may not mate by being dropped:
    /// a mate by a drop where every piece giving check is of these kinds
    /// (shogi's pawn) wins for the mated side instead. The mate stands as
    /// a position; only its result changes.
    #[cfg_attr(feature = "serde", serde(default))]
    pub not_by_drop: Vec<char>,
    /// The upper-case letters of kinds one of which must have given check
    /// in the unbroken series of checks against the mated side that ended
    /// in the mate (the mate included); otherwise the game is drawn. Empty:
    /// no such condition.
    #[cfg_attr(feature = "serde", serde(default))]
    pub after_check_by: Vec<char>,
}

/// A mate condition compiled for a variant's kinds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct CompiledMateCondition {
    not_by: KindSet,
    not_by_drop: KindSet,
    after_check_by: KindSet,
}

impl CompiledMateCondition {
    pub fn compile(condition: &MateCondition, kind_of: &KindOf<'_>) -> Result<CompiledMateCondition, VariantError> {
        let kinds = |letters: &[char]| {
            letters.iter().try_fold(KindSet::EMPTY, |set, &letter| {
                Ok::<_, VariantError>(set.with(kind_of(letter, &|| "a mate condition".to_owned())?))
            })
        };
        Ok(CompiledMateCondition {
            not_by: kinds(&condition.not_by)?,
            not_by_drop: kinds(&condition.not_by_drop)?,
            after_check_by: kinds(&condition.after_check_by)?,
        })
    }
}

/// What the rules remember of the moves that led to a position.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct History {
    /// Per colour: whether the series of checks against it, unbroken to
    /// now, includes a check by a kind a mate needs.
    strong_series: [bool; 2],
    /// Whether the move that led here was a drop.
    dropped: bool,
    /// The passes in a row that led here, two at most.
    pub passes: u8,
}

impl<W: Word> Position<'_, W> {
    /// Follows the series of checks against the side to move, after a move
    /// or when set up: continued (or begun) if it is in check, broken if
    /// not.
    pub(crate) fn follow_check_series(&mut self) {
        let Some(condition) = self.variant.goals.mate_condition else {
            return;
        };
        self.history.dropped = false;
        // Only a condition on the series reads it (`mate_result`): under
        // the others (shogi's, on drops alone) no move looks for checks.
        if condition.after_check_by.is_empty() {
            return;
        }
        let us = self.turn;
        let checkers = self.checkers();
        let strong = checkers.intersects(self.pieces_of_kinds(us.other(), condition.after_check_by));
        let series = &mut self.history.strong_series[us.index()];
        *series = checkers.any() && (*series || strong);
    }

    /// Remembers that the move that led here was a drop (after
    /// [`follow_check_series`](Self::follow_check_series) has forgotten
    /// the move before).
    pub(crate) fn remember_drop(&mut self) {
        self.history.dropped = true;
    }

    /// The result of a checkmate for the mated side to move, and why, under
    /// the variant's mate condition.
    pub(crate) fn mate_result(&self, checkmate: GameResult) -> (GameResult, EndReason) {
        let Some(condition) = self.variant.goals.mate_condition else {
            return (checkmate, EndReason::Checkmate);
        };
        let us = self.turn;
        let checkers = self.checkers();
        if !condition.not_by.is_empty()
            && checkers
                .iter()
                .all(|square| self.stands(us.other(), condition.not_by, square))
        {
            return (checkmate.reversed(), EndReason::UnsoundMate);
        }
        if self.history.dropped
            && !condition.not_by_drop.is_empty()
            && checkers
                .iter()
                .all(|square| self.stands(us.other(), condition.not_by_drop, square))
        {
            return (checkmate.reversed(), EndReason::UnsoundMate);
        }
        if !condition.after_check_by.is_empty() && !self.history.strong_series[us.index()] {
            return (GameResult::Draw, EndReason::UnsoundMate);
        }
        (checkmate, EndReason::Checkmate)
    }

    /// Whether a piece of `color` of one of `kinds` stands on `square`.
    fn stands(&self, color: Color, kinds: KindSet, square: fairy_geometry::Square) -> bool {
        self.pieces_of_kinds(color, kinds).contains(square)
    }
}
