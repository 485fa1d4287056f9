//! Coordinate (UCI-style) move notation: origin, destination and an optional
//! lower-case promotion letter, as in `e2e4`, `e7e8q` or `a9a10g` (`+` for
//! shogi's promotion of a piece to its own promoted form, `-` for its
//! return); a drop from the hand is the piece's letter, `@` and the square
//! (`P@e4`, or `+P@e4` for a drop as the promoted form). A gating move
//! (Seirawan chess) adds the gated piece's letter (`b1c3h`; `h1e1h`
//! castles gating on the rook's square). A move that places a wall adds a
//! comma, its destination and the wall's square (`e2e4,e4e5`), as
//! Fairy-Stockfish writes it.

use std::error::Error;
use std::fmt;
use std::str::FromStr;

use fairy_geometry::{Coord, Word};

use crate::position::coord;
use crate::{Move, PieceKind, Position};

/// A move in coordinate notation, independent of any position: two
/// coordinates and an optional promotion letter, or a drop's letter and
/// square. Castling is written as the king's move (`e1g1`).
///
/// # Examples
///
/// ```
/// use fairy_position::UciMove;
///
/// let mv: UciMove = "a9a10g".parse()?;
/// assert_eq!(mv.from.to_string(), "a9");
/// assert_eq!(mv.to.to_string(), "a10");
/// assert_eq!(mv.promotion, Some('g'));
/// assert_eq!(mv.to_string(), "a9a10g");
/// assert!("e2".parse::<UciMove>().is_err());
/// let drop: UciMove = "N@f3".parse()?;
/// assert_eq!((drop.drop, drop.to.to_string()), (Some('N'), "f3".to_owned()));
/// assert_eq!(drop.to_string(), "N@f3");
/// let shogi: UciMove = "b2h8+".parse()?;
/// assert_eq!(shogi.promotion, Some('+'));
/// let duck: UciMove = "e7e8q,e8d7".parse()?;
/// assert_eq!(duck.wall.map(|square| square.to_string()), Some("d7".to_owned()));
/// assert_eq!(duck.to_string(), "e7e8q,e8d7");
/// assert!("e2e4,e5e6".parse::<UciMove>().is_err()); // the wall's part starts where the move ends
/// # Ok::<(), fairy_position::ParseUciError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct UciMove {
    /// The square the piece leaves (for a drop, the square it lands on).
    pub from: Coord,
    /// The square it goes to.
    pub to: Coord,
    /// The lower-case letter of the kind it promotes to; `+` for the
    /// piece's own promoted form (shogi), `-` for the unpromoted form a
    /// promoted piece turns back to (Kyoto shogi).
    pub promotion: Option<char>,
    /// For a drop, the upper-case letter of the kind dropped.
    pub drop: Option<char>,
    /// For a drop, whether the piece is dropped as its promoted form
    /// (`+P@e4`, Kyoto shogi).
    pub drop_promoted: bool,
    /// The square of the wall the move places (duck chess, the amazons).
    pub wall: Option<Coord>,
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(letter) = self.drop {
            let plus = if self.drop_promoted { "+" } else { "" };
            write!(f, "{plus}{letter}@{}", self.to)?;
        } else {
            write!(f, "{}{}", self.from, self.to)?;
            if let Some(letter) = self.promotion {
                write!(f, "{letter}")?;
            }
        }
        if let Some(wall) = self.wall {
            write!(f, ",{}{wall}", self.to)?;
        }
        Ok(())
    }
}

/// Text that is not a move in coordinate notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseUciError {
    text: String,
}

impl fmt::Display for ParseUciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a move in coordinate notation (two squares and an optional promotion letter, like e2e4 or e7e8q, or a drop like P@e4, and a wall placed after it like e2e4,e4e5)",
            self.text
        )
    }
}

impl Error for ParseUciError {}

impl FromStr for UciMove {
    type Err = ParseUciError;

    fn from_str(text: &str) -> Result<UciMove, ParseUciError> {
        let error = || ParseUciError { text: text.to_owned() };
        let Some((text, walled)) = text.split_once(',') else {
            return UciMove::parse_unwalled(text).ok_or_else(error);
        };
        let mut mv = UciMove::parse_unwalled(text).ok_or_else(error)?;
        let (to, used) = Coord::parse_prefix(walled).map_err(|_| error())?;
        let wall: Coord = walled[used..].parse().map_err(|_| error())?;
        if to != mv.to {
            return Err(error());
        }
        mv.wall = Some(wall);
        Ok(mv)
    }
}

impl UciMove {
    /// A move without a wall, or `None` if `text` is not one.
    fn parse_unwalled(text: &str) -> Option<UciMove> {
        if let Some((letter, square)) = text.split_once('@') {
            let (drop_promoted, letter) = match letter.strip_prefix('+') {
                Some(letter) => (true, letter),
                None => (false, letter),
            };
            let mut letters = letter.chars();
            let (Some(letter), None) = (letters.next(), letters.next()) else {
                return None;
            };
            if !letter.is_ascii_alphabetic() {
                return None;
            }
            let to: Coord = square.parse().ok()?;
            return Some(UciMove {
                from: to,
                to,
                promotion: None,
                drop: Some(letter.to_ascii_uppercase()),
                drop_promoted,
                wall: None,
            });
        }
        let (from, used) = Coord::parse_prefix(text).ok()?;
        let rest = &text[used..];
        let (to, used) = Coord::parse_prefix(rest).ok()?;
        let mut rest = rest[used..].chars();
        let promotion = match (rest.next(), rest.next()) {
            (None, _) => None,
            (Some(letter), None) if letter.is_ascii_lowercase() || letter == '+' || letter == '-' => Some(letter),
            _ => return None,
        };
        Some(UciMove {
            from,
            to,
            promotion,
            drop: None,
            drop_promoted: false,
            wall: None,
        })
    }
}

/// A move string that is not a legal move of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UciError {
    /// Not coordinate notation at all.
    Parse(ParseUciError),
    /// Well formed, but not a legal move here.
    Illegal {
        /// The move.
        uci: UciMove,
    },
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Parse(error) => error.fmt(f),
            UciError::Illegal { uci } => write!(f, "{uci} is not a legal move in this position"),
        }
    }
}

/// The message includes those of the errors it wraps, so `source()`
/// returns nothing: an error-chain reporter prints each message once.
impl Error for UciError {}

impl<'v, W: Word> Position<'v, W> {
    /// A move of this position in coordinate notation. Castling is the
    /// king's move (`e1g1`), or, where a plain move of the king has the same
    /// coordinates, the king "taking" its rook (`e1h1`).
    pub fn uci(&self, mv: Move) -> UciMove {
        let size = self.variant.size();
        let rule = mv.castling_index().and_then(|index| self.castling_rule(index));
        let (from, to) = match rule {
            // Gating on the rook's square: written as the rook going to
            // the king's (`h1e1h`), as Fairy-Stockfish writes it.
            Some(rule) if mv.gates_rook_square() => (rule.rook_from, rule.king_from),
            Some(rule) => (mv.from(), rule.notation_to),
            None => (mv.from(), mv.to()),
        };
        let gated = mv.gating().map(|kind| self.variant.letter(kind).to_ascii_lowercase());
        UciMove {
            from: coord(size, from),
            to: coord(size, to),
            promotion: mv
                .promotion()
                .map(|promoted| self.promotion_mark(mv, promoted))
                .or(gated),
            drop: mv
                .dropped()
                .map(|kind| self.variant.setup_piece(self.turn, kind).letter),
            drop_promoted: mv
                .dropped()
                .is_some_and(|kind| self.variant.setup_piece(self.turn, kind).promoted),
            wall: self.written_wall(mv).map(|square| coord(size, square)),
        }
    }

    /// How coordinate notation writes a promotion to `promoted`: `+` for
    /// the moving piece's own promoted form, `-` for the form it came
    /// from, otherwise the kind's letter.
    fn promotion_mark(&self, mv: Move, promoted: PieceKind) -> char {
        let moving = self
            .piece_at(mv.from())
            .map(|piece| self.variant.setup_piece(piece.color, piece.kind));
        let becomes = self.variant.setup_piece(self.turn, promoted);
        match moving {
            Some(moving) if becomes.promoted && !moving.promoted && becomes.letter == moving.letter => '+',
            Some(moving) if moving.promoted && !becomes.promoted && becomes.letter == moving.letter => '-',
            _ => self.variant.letter(promoted).to_ascii_lowercase(),
        }
    }

    /// The legal move written `text` in coordinate notation.
    ///
    /// # Errors
    ///
    /// [`UciError::Parse`] if the text is not coordinate notation,
    /// [`UciError::Illegal`] if it is not a legal move here (including a
    /// missing or unexpected promotion letter).
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        let uci: UciMove = text.parse().map_err(UciError::Parse)?;
        // A move without a wall reads without the placeholder wall it is
        // written with where a side moves or places a wall.
        let fits = |mv: Move| {
            let written = self.uci(mv);
            written == uci || (mv.wall().is_none() && UciMove { wall: None, ..written } == uci)
        };
        self.legal_moves()
            .into_iter()
            .find(|&mv| fits(mv))
            .ok_or(UciError::Illegal { uci })
    }

    /// The position after the moves written in coordinate notation in
    /// `moves`, separated by white space.
    ///
    /// # Errors
    ///
    /// The [`UciError`] of the first move that is not legal where it is
    /// played.
    ///
    /// # Examples
    ///
    /// ```
    /// # use fairy_geometry::{BoardSize, Geometry};
    /// # use fairy_movement::Movement;
    /// # use fairy_position::{PieceSpec, Variant, VariantSpec};
    /// # let spec = VariantSpec::new("kings", Geometry::new(BoardSize::new(3, 3)?), "k2/3/2K w - - 0 1")
    /// #     .piece(PieceSpec::new('K', "king", Movement::king()).royal());
    /// # let variant = Variant::<u64>::new(spec)?;
    /// let position = variant.start_position().play_uci("c1c2 a3a2")?;
    /// assert_eq!(position.fen(), "3/k1K/3 w - - 2 2");
    /// assert!(variant.start_position().play_uci("c1b2").is_err()); // next to the other king
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_uci(&self, moves: &str) -> Result<Position<'v, W>, UciError> {
        let mut position = self.clone();
        for text in moves.split_whitespace() {
            let mv = position.parse_uci(text)?;
            position.play_unchecked(mv);
        }
        Ok(position)
    }
}
