//! Moves.

use fairy_geometry::Square;
use smallvec::SmallVec;

use crate::PieceKind;

const NO_PROMOTION: u8 = u8::MAX;
const NORMAL: u8 = 0;
const EN_PASSANT: u8 = 1;
const CASTLING: u8 = 2;

/// A move of a particular position: from and to squares, a promotion, and
/// whether it is en passant or castling. Four bytes.
///
/// Moves come from a position ([`Position::legal_moves`],
/// [`Position::parse_uci`]); [`Position::uci`] writes one in coordinate
/// notation.
///
/// [`Position::legal_moves`]: crate::Position::legal_moves
/// [`Position::parse_uci`]: crate::Position::parse_uci
/// [`Position::uci`]: crate::Position::uci
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    from: Square,
    to: Square,
    promotion: u8,
    special: u8,
}

impl Move {
    /// A plain move or capture, promoting to `promotion` if given.
    pub(crate) const fn normal(from: Square, to: Square, promotion: Option<PieceKind>) -> Move {
        Move {
            from,
            to,
            promotion: match promotion {
                Some(kind) => kind.index() as u8,
                None => NO_PROMOTION,
            },
            special: NORMAL,
        }
    }

    /// An en passant capture.
    pub(crate) const fn en_passant(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: NO_PROMOTION,
            special: EN_PASSANT,
        }
    }

    /// Castling by the variant's way number `index`; `from` and `to` are the
    /// king's squares.
    pub(crate) const fn castling(from: Square, to: Square, index: usize) -> Move {
        Move {
            from,
            to,
            promotion: NO_PROMOTION,
            special: CASTLING + index as u8,
        }
    }

    /// The square the moving piece (the king, for castling) leaves.
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square it goes to.
    pub const fn to(self) -> Square {
        self.to
    }

    /// The kind it promotes to.
    pub const fn promotion(self) -> Option<PieceKind> {
        if self.promotion == NO_PROMOTION {
            None
        } else {
            Some(PieceKind::new(self.promotion))
        }
    }

    /// Whether it captures en passant.
    pub const fn is_en_passant(self) -> bool {
        self.special == EN_PASSANT
    }

    /// The index of the way to castle, for a castling move.
    pub const fn castling_index(self) -> Option<usize> {
        if self.special >= CASTLING {
            Some((self.special - CASTLING) as usize)
        } else {
            None
        }
    }
}

/// A list of moves, on the stack for the usual counts.
pub type MoveList = SmallVec<[Move; 64]>;
