//! Moves.

use fairy_geometry::Square;
use smallvec::SmallVec;

use crate::PieceKind;

/// The `piece` byte when there is none.
const NONE: u8 = u8::MAX;

/// What kind of move a [`Move`] is; castling counts up from `CASTLING`
/// by the way to castle.
const NORMAL: u8 = 0;
const EN_PASSANT: u8 = 1;
const PASS: u8 = 2;
const CASTLING: u8 = 8;

/// A move of a particular position, in four bytes: the origin and
/// destination squares, a piece kind (the one a promotion makes), and what
/// kind of move it is (plain, en passant, castling by way number `i`).
///
/// The encoding is private, and leaves room for the rule families that need
/// more: the kind byte has values to spare for drops (which name the dropped
/// kind in the piece byte and have no origin) and for moves with a second
/// part (a wall placed, a piece gated in), whose square fits the piece byte
/// or, beside a promotion, the spare bits of the kind and piece bytes. Four
/// bytes, because a fifth costs chess perft about half a percent.
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
    piece: u8,
    kind: u8,
}

impl Move {
    /// A plain move or capture, promoting to `promotion` if given.
    #[inline]
    pub(crate) const fn normal(from: Square, to: Square, promotion: Option<PieceKind>) -> Move {
        Move {
            from,
            to,
            piece: match promotion {
                Some(kind) => kind.index() as u8,
                None => NONE,
            },
            kind: NORMAL,
        }
    }

    /// An en passant capture.
    pub(crate) const fn en_passant(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            piece: NONE,
            kind: EN_PASSANT,
        }
    }

    /// Castling by the variant's way number `index`; `from` and `to` are the
    /// king's squares.
    /// A pass, written as Fairy-Stockfish writes it: from and to the
    /// square of a piece of the side that passes.
    pub(crate) const fn pass(square: Square) -> Move {
        Move {
            from: square,
            to: square,
            piece: NONE,
            kind: PASS,
        }
    }

    pub(crate) const fn castling(from: Square, to: Square, index: usize) -> Move {
        Move {
            from,
            to,
            piece: NONE,
            kind: CASTLING + index as u8,
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
        if self.piece == NONE || self.kind != NORMAL {
            None
        } else {
            Some(PieceKind::new(self.piece))
        }
    }

    /// Whether it captures en passant.
    pub const fn is_en_passant(self) -> bool {
        self.kind == EN_PASSANT
    }

    /// Whether it is a pass: the side moves nothing (see
    /// [`VariantSpec::pass_on_stalemate`](crate::VariantSpec::pass_on_stalemate)).
    pub const fn is_pass(self) -> bool {
        self.kind == PASS
    }

    /// The index of the way to castle, for a castling move.
    pub const fn castling_index(self) -> Option<usize> {
        if self.kind >= CASTLING {
            Some((self.kind - CASTLING) as usize)
        } else {
            None
        }
    }
}

/// A list of moves, on the stack for the usual counts.
pub type MoveList = SmallVec<[Move; 64]>;
