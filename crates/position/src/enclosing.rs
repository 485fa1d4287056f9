//! Drops that must enclose and moves that flip what they enclose: the
//! reversi family (flipello, flipersi), ataxx, and from Fairy-Stockfish's
//! `variants.ini` snort and quadwrangle.
//!
//! Two rules of one family, as Fairy-Stockfish has them
//! (`enclosingDrop`, `flipEnclosedPieces`): where a drop may go, judged by
//! the pieces around its square, and which enemy pieces a move or drop
//! turns to the mover's colour once it is on the board. Flips change the
//! board beyond a move's squares, which no legality strategy of royal
//! pieces foresees: the rules are refused with royal pieces.

use fairy_geometry::{Geometry, Square, SquareSet, Word};
use fairy_movement::{Atom, Color, MoveTable, Part, TablePart};

use crate::compile::ZoneOf;
use crate::{Position, VariantError, Zone};

/// How a square stands to the enemy pieces around it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Enclosure {
    /// Reversi's: along any of the eight queen lines from the square, an
    /// unbroken run of enemy pieces ended by a piece of the mover's. A
    /// drop must enclose at least one such run; a move flips every run it
    /// encloses.
    Reversi,
    /// Ataxx's: next to the square (a king's step away). A drop must be
    /// next to a piece of the mover's; a move flips every enemy piece next
    /// to where it lands.
    Ataxx,
    /// Snort's, for drops only: a drop may not stand next to an enemy
    /// piece along a file or rank.
    Snort,
    /// Quadwrangle's, for flips only: as ataxx's after a plain move on
    /// the board, and after a drop (or a promotion, en passant, castling)
    /// only if a piece of the mover's stands next to it.
    Quadwrangle,
}

/// The enclosing rules of a variant: where drops must go, and what moves
/// flip.
///
/// # Examples
///
/// ```
/// use fairy_position::{Enclosing, Enclosure, Zone};
///
/// // Reversi: the four central squares first, then only drops that
/// // enclose, each flipping what it encloses.
/// let centre = Zone::squares(["d4".parse()?, "e4".parse()?, "d5".parse()?, "e5".parse()?]);
/// let reversi = Enclosing::new().drops(Enclosure::Reversi).opening(centre).flips(Enclosure::Reversi);
/// assert_eq!(reversi.flips, Some(Enclosure::Reversi));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Enclosing {
    /// How a drop's square must stand to the pieces around it; anywhere
    /// the drop rules allow if `None`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub drops: Option<Enclosure>,
    /// Squares that drops fill first, whatever `drops` says, while any of
    /// them is empty (flipersi's four central squares;
    /// Fairy-Stockfish's `enclosingDropStart`).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub opening: Option<Zone>,
    /// Which enemy pieces a move or drop turns to the mover's colour;
    /// none if `None`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub flips: Option<Enclosure>,
}

impl Enclosing {
    /// No enclosing rule yet.
    pub fn new() -> Enclosing {
        Enclosing::default()
    }

    /// These rules, drops going only where `enclosure` allows.
    #[must_use]
    pub fn drops(self, enclosure: Enclosure) -> Enclosing {
        Enclosing {
            drops: Some(enclosure),
            ..self
        }
    }

    /// These rules, drops filling `zone` first.
    #[must_use]
    pub fn opening(self, zone: Zone) -> Enclosing {
        Enclosing {
            opening: Some(zone),
            ..self
        }
    }

    /// These rules, moves flipping the enemy pieces `enclosure` finds.
    #[must_use]
    pub fn flips(self, enclosure: Enclosure) -> Enclosing {
        Enclosing {
            flips: Some(enclosure),
            ..self
        }
    }
}

/// [`Enclosing`] compiled for a board.
#[derive(Clone, Debug)]
pub(crate) struct CompiledEnclosing<W: Word> {
    drops: Option<Enclosure>,
    flips: Option<Enclosure>,
    /// Per colour: the squares drops fill first.
    opening: [SquareSet<W>; 2],
    /// The squares next to each square.
    neighbours: MoveTable<W>,
    /// The squares next to each square along files and ranks (for
    /// [`Enclosure::Snort`]).
    orthogonal: MoveTable<W>,
    /// The queen lines out of each square (for [`Enclosure::Reversi`]).
    lines: MoveTable<W>,
}

impl<W: Word> CompiledEnclosing<W> {
    /// Whether moves flip pieces.
    pub fn flips(&self) -> bool {
        self.flips.is_some()
    }

    pub fn compile(
        enclosing: &Enclosing,
        geometry: &Geometry,
        zone: &ZoneOf<'_, W>,
    ) -> Result<CompiledEnclosing<W>, VariantError> {
        let mut opening = [SquareSet::EMPTY; 2];
        if let Some(squares) = &enclosing.opening {
            for color in Color::ALL {
                opening[color.index()] = zone(squares, color, &|| "the opening drops".to_owned())?;
            }
        }
        // Which squares touch, and the lines, are the board's whatever its
        // grid.
        let board = geometry.without_grid();
        let table = |parts: [Part; 2]| {
            let parts = parts.map(|part| TablePart::new(part, Color::White, board));
            MoveTable::compile(&board, &parts)
        };
        if enclosing.drops == Some(Enclosure::Quadwrangle) {
            return Err(VariantError::Enclosing {
                reason: "quadwrangle's rule is one of flips, not of drops".to_owned(),
            });
        }
        if enclosing.flips == Some(Enclosure::Snort) {
            return Err(VariantError::Enclosing {
                reason: "snort's rule is one of drops, not of flips".to_owned(),
            });
        }
        let reversi = [enclosing.drops, enclosing.flips].contains(&Some(Enclosure::Reversi));
        Ok(CompiledEnclosing {
            drops: enclosing.drops,
            flips: enclosing.flips,
            opening,
            neighbours: table([Part::leap(Atom::WAZIR), Part::leap(Atom::FERZ)]),
            orthogonal: if enclosing.drops == Some(Enclosure::Snort) {
                MoveTable::compile(&board, &[TablePart::new(Part::leap(Atom::WAZIR), Color::White, board)])
            } else {
                MoveTable::compile(&board, &[])
            },
            lines: if reversi {
                table([Part::ride(Atom::WAZIR), Part::ride(Atom::FERZ)])
            } else {
                MoveTable::compile(&board, &[])
            },
        })
    }
}

impl<W: Word> Position<'_, W> {
    /// Where the side to move may drop under the enclosing rules, among
    /// the `empty` squares.
    pub(crate) fn enclosing_drops(&self, enclosing: &CompiledEnclosing<W>, empty: SquareSet<W>) -> SquareSet<W> {
        let us = self.turn;
        let opening = enclosing.opening[us.index()] & empty;
        if opening.any() {
            return opening;
        }
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[us.other().index()];
        let next_to = |square: Square, pieces: SquareSet<W>| enclosing.neighbours.leaps(square).intersects(pieces);
        match enclosing.drops {
            None => empty,
            Some(Enclosure::Ataxx) => empty.iter().filter(|&square| next_to(square, ours)).collect(),
            Some(Enclosure::Reversi) => empty
                .iter()
                .filter(|&square| next_to(square, theirs) && self.enclosed_runs(enclosing, square, us).any())
                .collect(),
            Some(Enclosure::Snort) => empty
                .iter()
                .filter(|&square| !enclosing.orthogonal.leaps(square).intersects(theirs))
                .collect(),
            // Refused when compiled.
            Some(Enclosure::Quadwrangle) => empty,
        }
    }

    /// The enemy pieces in runs along queen lines from `square` that a
    /// piece of `us` there would enclose with another of its pieces.
    fn enclosed_runs(&self, enclosing: &CompiledEnclosing<W>, square: Square, us: Color) -> SquareSet<W> {
        let ours = self.by_color[us.index()];
        // Runs of enemy pieces pass; anything else ends a line.
        let stops = self.variant.board - self.by_color[us.other().index()];
        let mut runs = SquareSet::EMPTY;
        enclosing.lines.hits(square, stops, ours, |hit| {
            if ours.contains(hit.first) {
                runs |= hit.through_first - SquareSet::from_square(hit.first);
            }
        });
        runs
    }

    /// Turns to the mover's colour the enemy pieces its piece now on `to`
    /// encloses, before the turn passes; returns their squares. Under the
    /// quadwrangle rule a move that is not `plain` (a drop, a promotion,
    /// en passant or castling, as Fairy-Stockfish tells moves apart)
    /// flips only next to a piece of the mover's.
    #[cold]
    pub(crate) fn flip_enclosed(&mut self, enclosing: &CompiledEnclosing<W>, to: Square, plain: bool) -> SquareSet<W> {
        let us = self.turn;
        let theirs = self.by_color[us.other().index()];
        let flipped = match enclosing.flips {
            None | Some(Enclosure::Snort) => return SquareSet::EMPTY,
            Some(Enclosure::Ataxx) => enclosing.neighbours.leaps(to) & theirs,
            Some(Enclosure::Quadwrangle) => {
                let near = enclosing.neighbours.leaps(to);
                if !plain && !near.intersects(self.by_color[us.index()]) {
                    return SquareSet::EMPTY;
                }
                near & theirs
            }
            Some(Enclosure::Reversi) => self.enclosed_runs(enclosing, to, us),
        };
        for square in flipped {
            if let Some(code) = self.take(square) {
                self.put(square, code ^ 1);
            }
        }
        flipped
    }
}
