//! Captures that explode (atomic chess): the capture's one effect beyond
//! the taken piece leaving the board.
//!
//! A capture destroys the capturing piece and every piece on a square next
//! to where it landed, except the kinds the explosion spares there (atomic:
//! pawns) and the kinds no explosion destroys (atomar: kings). "Next to" is
//! the board's own king step: on a cylinder the neighbourhood wraps around
//! the seam; a net does not stop a blast (it stops pieces, not shock
//! waves), and neither does a grid line. Walls survive explosions.

use fairy_geometry::{Geometry, Square, SquareSet, Word};
use fairy_movement::Color;

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
#[non_exhaustive]
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
        let destroyed = self.blast(explosion, at, self.pieces_of_both()).with(at) - self.on_board(explosion.immune);
        for square in destroyed {
            if let Some(code) = self.take(square) {
                if self.variant.captures_to_hand {
                    self.capture_to_hand(code, square);
                }
            }
        }
        destroyed
    }

    /// The pieces of `standing` next to `at` that an explosion there
    /// destroys (the capturer on `at` aside): all but the spared and the
    /// immune kinds.
    pub(crate) fn blast(&self, explosion: &CompiledExplosion<W>, at: Square, standing: SquareSet<W>) -> SquareSet<W> {
        (explosion.neighbours(at) & standing) - self.on_board(explosion.spared) - self.on_board(explosion.immune)
    }

    /// The squares where no royal piece of `color` can be in check because
    /// an enemy royal piece stands next to them, if captures explode (its
    /// taker's own royal piece would blow up too); none otherwise.
    pub(crate) fn shield(&self, color: Color) -> SquareSet<W> {
        let Some(explosion) = &self.variant.explosion else {
            return SquareSet::EMPTY;
        };
        self.royal_pieces(color.other())
            .iter()
            .fold(SquareSet::EMPTY, |all, theirs| all | explosion.neighbours(theirs))
    }
}
