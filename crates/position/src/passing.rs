//! Passing as a move (Janggi), the bikjang rule of facing royal pieces, and
//! the end of a game that the players pass out: two passes in a row, or a
//! pass while the royal pieces face each other, scored by counting the
//! material or as a draw.
//!
//! Which passes led to a position is history, not position: it is
//! remembered move by move and is not part of the FEN, the hash or
//! equality. A position read from a FEN has no passes behind it, as in
//! Fairy-Stockfish.

use std::collections::BTreeMap;

use fairy_geometry::{Geometry, Word};
use fairy_movement::{Color, MoveTable};

use crate::compile::{KindOf, facing_lines};
use crate::movegen::{MoveCollector, MoveSink};
use crate::{EndReason, Move, MoveList, Outcome, PieceKind, Position, VariantError};

/// Passing as a move: a side not in check may pass, its move written from
/// and to its royal piece's square (`e2e2`), as Fairy-Stockfish writes it
/// (its `pass`). Two passes in a row end the game.
///
/// # Examples
///
/// ```
/// use std::collections::BTreeMap;
///
/// use fairy_position::{Counting, Passing};
///
/// // Janggi: bikjang, and the game scored by counting when it ends so.
/// let values = BTreeMap::from([('R', 13), ('C', 7), ('N', 5), ('B', 3), ('A', 3), ('P', 2)]);
/// let janggi = Passing::new().with_bikjang().counted(Counting::new(values, 3));
/// assert!(janggi.bikjang);
/// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// How a game ended by passing is scored: by counting the material, or
    /// a draw if `None`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub counting: Option<Counting>,
}

impl Passing {
    /// Passing without bikjang, a game passed out being drawn.
    pub fn new() -> Passing {
        Passing::default()
    }

    /// This rule, with bikjang.
    #[must_use]
    pub fn with_bikjang(self) -> Passing {
        Passing { bikjang: true, ..self }
    }

    /// This rule, a game passed out being scored by `counting`.
    #[must_use]
    pub fn counted(self, counting: Counting) -> Passing {
        Passing {
            counting: Some(counting),
            ..self
        }
    }
}

/// The score of the material on the board (Fairy-Stockfish's
/// `materialCounting`): each side's pieces valued by kind, Black given a
/// bonus; the higher count wins, and equal counts draw.
///
/// # Examples
///
/// ```
/// use std::collections::BTreeMap;
///
/// use fairy_position::Counting;
///
/// // Janggi's deom of 1.5 points: 3 half points, so no count is tied.
/// let counting = Counting::new(BTreeMap::from([('R', 13), ('P', 2)]), 3);
/// assert_eq!(counting.black_bonus_halves, 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Counting {
    /// The value of a piece of each kind, by upper-case letter; kinds not
    /// listed count nothing.
    #[cfg_attr(feature = "serde", serde(with = "letter_keys"))]
    pub values: BTreeMap<char, u32>,
    /// Half points added to Black's count.
    #[cfg_attr(feature = "serde", serde(default))]
    pub black_bonus_halves: u32,
}

impl Counting {
    /// Counting by `values`, with `black_bonus_halves` half points for
    /// Black.
    pub fn new(values: BTreeMap<char, u32>, black_bonus_halves: u32) -> Counting {
        Counting {
            values,
            black_bonus_halves,
        }
    }
}

/// A map keyed by piece letters, in serde's forms: JSON's keys are strings.
#[cfg(feature = "serde")]
mod letter_keys {
    use std::collections::BTreeMap;

    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(values: &BTreeMap<char, u32>, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(values.iter().map(|(letter, value)| (letter.to_string(), value)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<BTreeMap<char, u32>, D::Error> {
        BTreeMap::<String, u32>::deserialize(deserializer)?
            .into_iter()
            .map(|(key, value)| {
                let mut chars = key.chars();
                match (chars.next(), chars.next()) {
                    (Some(letter), None) => Ok((letter, value)),
                    _ => Err(D::Error::custom(format!("expected a piece letter, found {key:?}"))),
                }
            })
            .collect()
    }
}

/// [`Passing`] compiled for a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CompiledPassing<W: Word> {
    /// With bikjang: the lines along which royal pieces face.
    facing: Option<MoveTable<W>>,
    /// Each counted kind with its value, and Black's bonus in half points.
    counting: Option<(Vec<(PieceKind, u32)>, u32)>,
}

impl<W: Word> CompiledPassing<W> {
    pub fn compile(
        passing: &Passing,
        geometry: &Geometry,
        kind_of: &KindOf<'_>,
    ) -> Result<CompiledPassing<W>, VariantError> {
        let facing = passing.bikjang.then(|| facing_lines(geometry));
        let counting = match &passing.counting {
            None => None,
            Some(counting) => {
                let values = counting
                    .values
                    .iter()
                    .map(|(&letter, &value)| Ok((kind_of(letter, &|| "material counting".to_owned())?, value)))
                    .collect::<Result<Vec<_>, VariantError>>()?;
                Some((values, counting.black_bonus_halves))
            }
        };
        Ok(CompiledPassing { facing, counting })
    }
}

impl<W: Word> Position<'_, W> {
    /// The legal moves where passing is a move: those of the rules, then
    /// a pass if the side is not in check. Under bikjang with the royal
    /// pieces facing, the moves that leave them facing are dropped, and the
    /// pass is legal even in check.
    #[inline(never)]
    pub(crate) fn generate_with_pass<S: MoveSink<W>>(&self, passing: &CompiledPassing<W>, sink: &mut S) {
        let Some(royal) = self.royal_square(self.turn) else {
            return self.generate_under_rules(sink);
        };
        if self.royals_face(passing) {
            let mut moves = MoveList::new();
            self.generate_under_rules(&mut MoveCollector(&mut moves));
            for mv in moves {
                let mut after = self.clone();
                after.play_unchecked(mv);
                if !after.royals_face(passing) {
                    sink.one(mv);
                }
            }
        } else {
            self.generate_under_rules(sink);
            if self.is_check() {
                return;
            }
        }
        sink.one(Move::pass(royal));
    }

    /// Whether royal pieces face each other in a variant with bikjang.
    pub(crate) fn bikjang_facing(&self) -> bool {
        self.variant
            .passing
            .as_ref()
            .is_some_and(|passing| self.royals_face(passing))
    }

    /// Whether a royal piece of each side face each other on a line of the
    /// bikjang rule.
    fn royals_face(&self, passing: &CompiledPassing<W>) -> bool {
        let Some(table) = &passing.facing else {
            return false;
        };
        let theirs = self.royal_pieces(self.turn.other());
        let occupied = self.occupied();
        self.royal_pieces(self.turn)
            .iter()
            .any(|ours| table.attacks(ours, occupied).intersects(theirs))
    }

    /// The end of a game passed out: after two passes in a row, or a pass
    /// that leaves the royal pieces facing under bikjang.
    pub(crate) fn passed_out(&self, passing: &CompiledPassing<W>) -> Option<Outcome> {
        let reason = match self.history.passes {
            0 => return None,
            1 if self.royals_face(passing) => EndReason::Bikjang,
            1 => return None,
            _ => EndReason::Passes,
        };
        let winner = passing.counting.as_ref().and_then(|(values, black_bonus)| {
            let count = |color: Color| -> u64 {
                values
                    .iter()
                    .map(|&(kind, value)| u64::from(value) * u64::from(self.pieces_of(color, kind).count()))
                    .sum()
            };
            let white = 2 * count(Color::White);
            let black = 2 * count(Color::Black) + u64::from(*black_bonus);
            match white.cmp(&black) {
                std::cmp::Ordering::Greater => Some(Color::White),
                std::cmp::Ordering::Less => Some(Color::Black),
                std::cmp::Ordering::Equal => None,
            }
        });
        Some(self.variant.goals.outcome(winner, reason))
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
        self.history.passes = if mv.is_pass() {
            self.history.passes.saturating_add(1).min(2)
        } else {
            0
        };
    }
}
