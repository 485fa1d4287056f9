//! Castling: the rule in the general form given by a variant, and rights.

use fairy_geometry::{Coord, Square, SquareSet, Word};
use fairy_movement::Color;

use crate::PieceKind;

/// One way to castle, described for White; Black castles the mirrored way.
///
/// The king moves from `king_from` to `king_to` and the piece lettered
/// `rook` from `rook_from` to `rook_to`, in one move, under chess's
/// conditions: the right has not been lost (the king and that rook have not
/// moved), every square between and including the destinations is empty
/// but for the king and the rook, the king is not in check, and no square
/// it passes or lands on is attacked.
///
/// # Examples
///
/// ```
/// use fairy_position::CastlingSpec;
///
/// let king_side = CastlingSpec::new('K', "e1".parse()?, "g1".parse()?, 'R', "h1".parse()?, "f1".parse()?);
/// assert_eq!(king_side.letter, 'K');
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CastlingSpec {
    /// The upper-case FEN letter of White's right (`K`, `Q`); Black's is its
    /// lower case.
    pub letter: char,
    /// Where the king starts.
    pub king_from: Coord,
    /// Where the king ends.
    pub king_to: Coord,
    /// The upper-case letter of the piece the king castles with.
    pub rook: char,
    /// Where that piece starts.
    pub rook_from: Coord,
    /// Where that piece ends.
    pub rook_to: Coord,
}

impl CastlingSpec {
    /// A way to castle (squares as White sees them).
    pub fn new(
        letter: char,
        king_from: Coord,
        king_to: Coord,
        rook: char,
        rook_from: Coord,
        rook_to: Coord,
    ) -> CastlingSpec {
        CastlingSpec {
            letter,
            king_from,
            king_to,
            rook,
            rook_from,
            rook_to,
        }
    }
}

/// A way to castle compiled for one side of one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Castling<W: Word> {
    pub color: Color,
    pub letter: char,
    pub king_from: Square,
    pub king_to: Square,
    pub rook: PieceKind,
    pub rook_from: Square,
    pub rook_to: Square,
    /// Squares that must be empty but for the king and the rook.
    pub empty: SquareSet<W>,
    /// Squares the king passes or lands on, which must not be attacked.
    pub king_path: SquareSet<W>,
}

/// The castling rights of a position: bit `i` is the variant's way to castle
/// number `i` (see [`Variant::castling_letters`](crate::Variant::castling_letters)).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(pub(crate) u8);

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);

    /// Whether right number `index` is held.
    pub const fn has(self, index: usize) -> bool {
        index < 8 && self.0 & (1 << index) != 0
    }

    /// Whether no right is held.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The indices of the rights held.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..8).filter(move |&index| self.has(index))
    }
}
