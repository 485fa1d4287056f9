//! Captures that explode (atomic chess): the capture's one effect beyond
//! the taken piece leaving the board.
//!
//! A capture destroys the capturing piece and every piece on a square next
//! to where it landed, except the kinds the explosion spares there (atomic:
//! pawns) and the kinds no explosion destroys (atomar: kings). "Next to" is
//! the board's own king step: on a cylinder the neighbourhood wraps around
//! the seam; a net does not stop a blast (it stops pieces, not shock
//! waves), and neither does a grid line.

use fairy_geometry::{Geometry, Square, SquareSet, Word};

use crate::compile::KindOf;
use crate::kinds::KindSet;
use crate::{Position, VariantError};

/// The explosion a capture sets off (Fairy-Stockfish's `blastOnCapture`).
///
/// # Examples
///
/// ```
/// use fairy_position::Explosion;
///
/// // Atomic chess: pawns next to a capture survive it.
/// let atomic = Explosion::sparing(['P']);
/// assert!(atomic.immune.is_empty());
/// // Atomar: kings are never destroyed either.
/// let atomar = Explosion::sparing(['P']).immune(['K']);
/// assert_eq!(atomar.immune, ['K']);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Explosion {
    /// The upper-case letters of the kinds that survive an explosion next
    /// to them; the capturing piece is destroyed whatever its kind.
    pub spared: Vec<char>,
    /// The upper-case letters of the kinds no explosion destroys, not even
    /// as the capturing piece (Fairy-Stockfish's `blastImmuneTypes`).
    pub immune: Vec<char>,
}

impl Explosion {
    /// An explosion that spares the kinds lettered in `spared` next to it.
    pub fn sparing(spared: impl IntoIterator<Item = char>) -> Explosion {
        Explosion {
            spared: spared.into_iter().collect(),
            immune: Vec::new(),
        }
    }

    /// This explosion, with the kinds lettered in `immune` never destroyed.
    #[must_use]
    pub fn immune(self, immune: impl IntoIterator<Item = char>) -> Explosion {
        Explosion {
            immune: immune.into_iter().collect(),
            ..self
        }
    }
}

/// An explosion compiled for a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CompiledExplosion<W: Word> {
    pub spared: KindSet,
    pub immune: KindSet,
    /// Per square: the squares next to it.
    neighbours: Vec<SquareSet<W>>,
}

impl<W: Word> CompiledExplosion<W> {
    pub fn compile(
        explosion: &Explosion,
        geometry: &Geometry,
        kind_of: &KindOf<'_>,
    ) -> Result<CompiledExplosion<W>, VariantError> {
        let kinds = |letters: &[char], used_in: &str| {
            letters.iter().try_fold(KindSet::EMPTY, |set, &letter| {
                Ok::<_, VariantError>(set.with(kind_of(letter, &|| used_in.to_owned())?))
            })
        };
        let size = geometry.size();
        let neighbours = size
            .squares()
            .map(|square| {
                let mut around = SquareSet::EMPTY;
                for files in -1..=1 {
                    for ranks in -1..=1 {
                        if let Some(step) = geometry.step(square, files, ranks) {
                            around.insert(step.to);
                        }
                    }
                }
                // A cylinder one file wide wraps a square onto itself.
                around.remove(square);
                around
            })
            .collect();
        Ok(CompiledExplosion {
            spared: kinds(&explosion.spared, "the kinds an explosion spares")?,
            immune: kinds(&explosion.immune, "the kinds immune to explosions")?,
            neighbours,
        })
    }

    /// The squares next to `square`.
    #[inline]
    pub fn neighbours(&self, square: Square) -> SquareSet<W> {
        self.neighbours.get(square.index()).copied().unwrap_or(SquareSet::EMPTY)
    }
}

impl<W: Word> Position<'_, W> {
    /// Sets off the explosion of a capture that landed on `at`, if the
    /// variant's captures explode: removes the pieces it destroys and
    /// returns their squares.
    pub(crate) fn explode(&mut self, at: Square) -> SquareSet<W> {
        let Some(explosion) = &self.variant.explosion else {
            return SquareSet::EMPTY;
        };
        let spared = self.on_board(explosion.spared);
        let immune = self.on_board(explosion.immune);
        let destroyed = ((explosion.neighbours(at) & self.occupied()) - spared).with(at) - immune;
        for square in destroyed {
            self.take(square);
        }
        destroyed
    }

    /// The squares next to `square` if captures explode, else none: where a
    /// royal piece cannot be taken without its taker's royal piece blowing
    /// up too.
    #[inline]
    pub(crate) fn blast_neighbours(&self, square: Square) -> SquareSet<W> {
        self.variant
            .explosion
            .as_ref()
            .map_or(SquareSet::EMPTY, |explosion| explosion.neighbours(square))
    }
}
