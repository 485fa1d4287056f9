//! Material counting: how a game that a rule ends without a winner on the
//! board (passed out, bikjang, a full board, a drawn stalemate) is scored.

use std::collections::BTreeMap;

use fairy_geometry::Word;
use fairy_movement::Color;

use crate::compile::KindOf;
use crate::{EndReason, Outcome, PieceKind, Position, VariantError};

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

/// [`Counting`] compiled for a variant: each counted kind with its value,
/// and Black's bonus in half points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CompiledCounting {
    values: Vec<(PieceKind, u32)>,
    black_bonus_halves: u32,
}

impl CompiledCounting {
    pub fn compile(counting: &Counting, kind_of: &KindOf<'_>) -> Result<CompiledCounting, VariantError> {
        let values = counting
            .values
            .iter()
            .map(|(&letter, &value)| Ok((kind_of(letter, &|| "material counting".to_owned())?, value)))
            .collect::<Result<Vec<_>, VariantError>>()?;
        Ok(CompiledCounting {
            values,
            black_bonus_halves: counting.black_bonus_halves,
        })
    }
}

impl<W: Word> Position<'_, W> {
    /// The outcome of a game a rule ends here for `reason` without a
    /// winner on the board: won by the higher material count, or drawn
    /// (also when the variant does not count), draw odds applied.
    #[cold]
    pub(crate) fn adjudicated(&self, reason: EndReason) -> Outcome {
        let winner = self
            .variant
            .counting
            .as_ref()
            .and_then(|counting| self.counted_winner(counting));
        self.variant.goals.outcome(winner, reason)
    }

    /// The side with the higher material count, `None` if even.
    fn counted_winner(&self, counting: &CompiledCounting) -> Option<Color> {
        let count = |color: Color| -> u64 {
            counting
                .values
                .iter()
                .map(|&(kind, value)| u64::from(value) * u64::from(self.pieces_of(color, kind).count()))
                .sum()
        };
        let white = 2 * count(Color::White);
        let black = 2 * count(Color::Black) + u64::from(counting.black_bonus_halves);
        match white.cmp(&black) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        }
    }
}
