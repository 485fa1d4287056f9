//! How a piece is drawn: a chess symbol when it is one of chess's pieces,
//! a plain stone in games whose pieces change colour, its letter otherwise.

use fairy_geometry::Word;
use fairy_movement::{Color, Movement};
use fairy_position::{Piece, Variant};

/// The picture of a piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Glyph {
    /// A chess symbol: the piece moves exactly as chess's piece of that
    /// letter (or, for `P`, is a pawn that never moves back).
    Chess(char),
    /// Any other piece: its letter, to be drawn on a disc.
    Letter(char),
    /// A piece of a game whose moves turn pieces to the mover's colour
    /// (reversi, ataxx): a plain stone of its colour, `○` or `●`.
    Stone(char),
}

impl Glyph {
    /// The glyph of `piece` in `variant`.
    pub fn of<W: Word>(variant: &Variant<W>, piece: Piece) -> Glyph {
        let letter = variant.letter(piece.kind);
        if variant
            .spec()
            .enclosing
            .as_ref()
            .is_some_and(|rules| rules.flips.is_some())
        {
            return Glyph::Stone(match piece.color {
                Color::White => '○',
                Color::Black => '●',
            });
        }
        let Some(spec) = variant.piece(piece.kind) else {
            return Glyph::Letter(letter);
        };
        let standard = match letter {
            'K' => spec.movement == Movement::king(),
            'Q' => spec.movement == Movement::queen(),
            'R' => spec.movement == Movement::rook(),
            'B' => spec.movement == Movement::bishop(),
            'N' => spec.movement == Movement::knight(),
            'P' => !spec.movement.can_retreat(),
            _ => false,
        };
        let outline = match letter {
            'K' => '♔',
            'Q' => '♕',
            'R' => '♖',
            'B' => '♗',
            'N' => '♘',
            _ => '♙',
        };
        let symbol = match piece.color {
            Color::White => Glyph::Chess(outline),
            Color::Black => Glyph::Chess(outline).solid(),
        };
        if standard { symbol } else { Glyph::Letter(letter) }
    }

    /// The solid (black) chess symbol of the same piece, to be filled in
    /// either colour.
    pub fn solid(self) -> Glyph {
        match self {
            Glyph::Chess(symbol) => Glyph::Chess(match symbol {
                '♔' => '♚',
                '♕' => '♛',
                '♖' => '♜',
                '♗' => '♝',
                '♘' => '♞',
                '♙' => '♟',
                other => other,
            }),
            letter => letter,
        }
    }
}
