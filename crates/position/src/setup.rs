//! Plain position data, possibly illegal.

use fairy_geometry::{BoardSize, Square};
use fairy_movement::Color;

/// A piece as written in FEN: a colour and an upper-case letter, perhaps
/// with a `+` for the letter's promoted form (shogi's `+P`), before a
/// variant says which kind it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SetupPiece {
    /// Whose piece it is.
    pub color: Color,
    /// Its letter, in upper case.
    pub letter: char,
    /// Whether it is the promoted form of the lettered kind (`+P`).
    pub promoted: bool,
}

impl SetupPiece {
    /// The piece of `color` lettered `letter` (upper case), not promoted.
    pub const fn new(color: Color, letter: char) -> SetupPiece {
        SetupPiece {
            color,
            letter,
            promoted: false,
        }
    }

    /// The piece as FEN writes it: its character, after a `+` if it is a
    /// promoted form.
    pub fn fen_text(self) -> String {
        let mut text = String::new();
        if self.promoted {
            text.push('+');
        }
        text.push(self.fen_char());
        text
    }

    /// The FEN character: upper case for White, lower case for Black.
    pub fn fen_char(self) -> char {
        match self.color {
            Color::White => self.letter.to_ascii_uppercase(),
            Color::Black => self.letter.to_ascii_lowercase(),
        }
    }
}

/// A position as plain data: what a FEN string says, without any check
/// against a variant's rules. Turn it into a playable
/// [`Position`](crate::Position) with
/// [`Position::from_setup`](crate::Position::from_setup), which validates it.
///
/// # Examples
///
/// ```
/// use fairy_position::Setup;
///
/// let setup: Setup = "nnknn/ppppp/2f2/5/5/5/5/2F2/PPPPP/NNKNN w - - 0 1".parse()?;
/// assert_eq!((setup.size.files(), setup.size.ranks()), (5, 10));
/// assert_eq!(setup.board.iter().flatten().count(), 22);
/// assert_eq!(setup.fen(), "nnknn/ppppp/2f2/5/5/5/5/2F2/PPPPP/NNKNN w - - 0 1");
/// # Ok::<(), fairy_position::ParseFenError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Setup {
    /// The board's size.
    pub size: BoardSize,
    /// The piece on each square, indexed by [`Square::index`].
    pub board: Vec<Option<SetupPiece>>,
    /// The squares blocked by a wall (`*` in FEN, as Fairy-Stockfish
    /// writes them), in increasing order: no piece stands on, passes or
    /// captures on them. Walls are the board's holes, and what a petrified
    /// piece leaves.
    pub walls: Vec<Square>,
    /// The squares of the pieces marked promoted (`Q~` in FEN, as
    /// Fairy-Stockfish writes them in crazyhouse), in increasing order.
    pub promoted: Vec<Square>,
    /// The pieces in hand (`[QNPqp]` after the board, or a rank of its
    /// own below the first), in the order written; `None` if the FEN has
    /// no hand.
    pub hands: Option<Vec<SetupPiece>>,
    /// The side to move.
    pub turn: Color,
    /// The castling rights, as FEN letters.
    pub castling: Vec<char>,
    /// The en passant field's squares as written: the squares the last
    /// move passed, where a piece may capture en passant, and possibly the
    /// square of the piece that may be taken (Fairy-Stockfish's convention
    /// where that piece does not stand on the passed square's file, as
    /// after a Berolina pawn's `c2e4`: `d3e4`).
    pub en_passant: Vec<Square>,
    /// Moves since the last capture or irreversible move.
    pub halfmoves: u32,
    /// The move number, starting at 1 and counting after each Black move.
    pub fullmoves: u32,
    /// The check counters of a variant won by giving checks, if the FEN
    /// has them.
    pub checks: Option<CheckCounters>,
}

/// The check counters of a FEN, in either of the forms Fairy-Stockfish
/// reads: the checks each side has still to give, as a field after en
/// passant (`3+3`), or the checks each side has given, as a last field
/// (`+0+0`, lichess's form).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CheckCounters {
    /// Checks White and Black have still to give.
    Remaining([u32; 2]),
    /// Checks White and Black have given.
    Given([u32; 2]),
}

impl Setup {
    /// An empty board of this size, White to move.
    pub fn empty(size: BoardSize) -> Setup {
        Setup {
            size,
            board: vec![None; size.square_count()],
            walls: Vec::new(),
            promoted: Vec::new(),
            hands: None,
            turn: Color::White,
            castling: Vec::new(),
            en_passant: Vec::new(),
            halfmoves: 0,
            fullmoves: 1,
            checks: None,
        }
    }

    /// The piece on a square, if any (`None` off the board too).
    pub fn piece_at(&self, square: Square) -> Option<SetupPiece> {
        self.board.get(square.index()).copied().flatten()
    }

    /// Whether a wall blocks a square.
    pub fn is_wall(&self, square: Square) -> bool {
        self.walls.binary_search(&square).is_ok()
    }
}
