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
use smallvec::SmallVec;

use crate::compile::KindOf;
use crate::kinds::KindSet;
use crate::movegen::Attacker;
use crate::variant::Promotions;
use crate::{PieceKind, Position, VariantError};

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

    /// The squares next to some square of `squares`: around a side's
    /// royal pieces, where no enemy royal piece can be in check (see
    /// [`Position::shield`]).
    #[inline]
    pub fn around(&self, squares: SquareSet<W>) -> SquareSet<W> {
        squares
            .iter()
            .fold(SquareSet::EMPTY, |all, square| all | self.neighbours(square))
    }
}

/// What decides whether the side to move may make explosive captures,
/// gathered once for all its captures in a position: each is then judged
/// on a few sets, without playing it or counting royalty again.
pub(crate) struct ExplosiveCaptures<'v, W: Word> {
    explosion: &'v CompiledExplosion<W>,
    /// The side's one royal piece.
    royal: Square,
    theirs_royal: SquareSet<W>,
    /// Whether an enemy royal piece stands next to the royal piece, which
    /// is then in no check while that piece stands.
    shielded: bool,
    /// The pieces a blast next to them destroys.
    blastable: SquareSet<W>,
    occupied: SquareSet<W>,
    /// The enemy attack groups with a piece where it could attack the
    /// royal piece from, with their pieces: few, and held inline so that
    /// the judge is cheap to return.
    threats: SmallVec<[Attacker<'v, W>; 6]>,
}

impl<'v, W: Word> Position<'v, W> {
    /// The judge of the captures of the side to move, whose one royal piece
    /// stands on `royal` and the enemy's on `theirs_royal`, if captures
    /// explode and no piece can become royal by others' going (no group
    /// royal by count has more pieces than its count); `None` if each
    /// capture must be played.
    pub(crate) fn explosive_captures(
        &self,
        royal: Square,
        theirs_royal: SquareSet<W>,
    ) -> Option<ExplosiveCaptures<'v, W>> {
        let variant = self.variant;
        let explosion = variant.explosion.as_ref()?;
        let goals = &variant.goals;
        let royalty_settled = goals.pseudo_royals.iter().all(|&(kinds, most)| {
            let pieces = self.on_board(kinds);
            (pieces & self.by_color[0]).count() <= most && (pieces & self.by_color[1]).count() <= most
        });
        if !goals.duple_check.is_empty()
            || !royalty_settled
            || !variant.petrifying.is_empty()
            || variant.walling.is_some()
        {
            return None;
        }
        let them = self.turn.other();
        let mut threats = SmallVec::new();
        for group in &variant.attackers[them.index()] {
            let pieces = self.group_pieces(them, group);
            if group.table.potential(royal).intersects(pieces) {
                threats.push((group, pieces));
            }
        }
        Some(ExplosiveCaptures {
            explosion,
            royal,
            theirs_royal,
            shielded: explosion.neighbours(royal).intersects(theirs_royal),
            blastable: self.blastable(explosion, self.pieces_of_both()),
            occupied: self.occupied(),
            threats,
        })
    }

    /// Whether the capture from `from` to `to` (not en passant) leaves the
    /// royal piece of [`ExplosiveCaptures`] safe, by a piece the blast
    /// destroys: one of neither the royal piece nor an immune kind.
    #[inline]
    pub(crate) fn explosive_capture_is_safe_by(
        &self,
        captures: &ExplosiveCaptures<'_, W>,
        from: Square,
        to: Square,
    ) -> bool {
        let royal = captures.royal;
        let blast = captures.explosion.neighbours(to) & captures.blastable;
        if blast.contains(royal) {
            return false;
        }
        let removed = blast.with(to).with(from);
        if captures.shielded || captures.theirs_royal.intersects(removed) {
            return true;
        }
        let occupied = captures.occupied - removed;
        !captures.threats.iter().any(|&(group, pieces)| {
            let pieces = pieces - removed;
            pieces.any()
                && group
                    .attacks_among(royal, occupied, pieces, |kinds| self.on_board(kinds) - removed)
                    .any()
        })
    }

    /// Whether explosive captures by pieces of `kind`, promoting by
    /// `promotions`, can be judged by [`ExplosiveCaptures`]: a kind no
    /// explosion destroys survives its captures (and a piece promoted to
    /// one), and is judged by playing them.
    #[inline]
    pub(crate) fn blown_up_by_its_captures(
        &self,
        captures: &ExplosiveCaptures<'_, W>,
        kind: PieceKind,
        promotions: &Promotions<W>,
    ) -> bool {
        let immune = captures.explosion.immune;
        immune.is_empty()
            || (!immune.contains(kind)
                && promotions
                    .groups
                    .iter()
                    .all(|group| group.choices.iter().all(|&choice| !immune.contains(choice))))
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
        explosion.neighbours(at) & self.blastable(explosion, standing)
    }

    /// The pieces of `standing` that an explosion next to them destroys:
    /// all but the spared and the immune kinds.
    fn blastable(&self, explosion: &CompiledExplosion<W>, standing: SquareSet<W>) -> SquareSet<W> {
        standing - self.on_board(explosion.spared) - self.on_board(explosion.immune)
    }

    /// The squares where no royal piece of `color` can be in check because
    /// an enemy royal piece stands next to them, if captures explode (its
    /// taker's own royal piece would blow up too); none otherwise.
    #[inline]
    pub(crate) fn shield(&self, color: Color) -> SquareSet<W> {
        match &self.variant.explosion {
            None => SquareSet::EMPTY,
            Some(explosion) => self.shield_of(explosion, color),
        }
    }

    /// [`Position::shield`] where captures explode; out of line, so that
    /// asking costs the other variants (at every castling) one test.
    #[inline(never)]
    fn shield_of(&self, explosion: &CompiledExplosion<W>, color: Color) -> SquareSet<W> {
        explosion.around(self.royal_pieces(color.other()))
    }
}
