//! Sets of squares named once for both sides.

use std::fmt;

use fairy_geometry::{BoardSize, Coord, SquareSet, Word};
use fairy_movement::Color;

/// A set of squares given by ranks counted from the owner's side and by
/// squares named from White's side, mirrored for Black; or, where the two
/// sides' sets are not mirror images, with Black's squares given apart.
///
/// # Examples
///
/// ```
/// use fairy_geometry::BoardSize;
/// use fairy_movement::Color;
/// use fairy_position::Zone;
///
/// let size = BoardSize::new(8, 8)?;
/// let last = Zone::ranks([8]);
/// assert_eq!(last.squares_for::<u64>(size, Color::White)?.count(), 8);
/// assert!(last.squares_for::<u64>(size, Color::Black)?.contains(size.parse_square("e1")?));
/// let centre = Zone::squares(["d4".parse()?, "e4".parse()?, "d5".parse()?, "e5".parse()?]);
/// assert_eq!(centre.squares_for::<u64>(size, Color::Black)?, centre.squares_for::<u64>(size, Color::White)?);
/// // Legan chess promotes in a corner: a8 side for White, h1 side for Black.
/// let corner = Zone::squares(["a8".parse()?, "a7".parse()?]).with_black_squares(["h1".parse()?, "h2".parse()?]);
/// assert!(corner.squares_for::<u64>(size, Color::Black)?.contains(size.parse_square("h2")?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Zone {
    ranks: Vec<u8>,
    squares: Vec<Coord>,
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    black_squares: Option<Vec<Coord>>,
}

impl Zone {
    /// No square.
    pub fn none() -> Zone {
        Zone::default()
    }

    /// Whole ranks, numbered from 1 at the owner's first rank: `[8]` is the
    /// far rank of a chessboard for either side.
    pub fn ranks(ranks: impl IntoIterator<Item = u8>) -> Zone {
        Zone {
            ranks: ranks.into_iter().collect(),
            ..Zone::default()
        }
    }

    /// Single squares, named as White sees them; Black's are mirrored across
    /// the middle rank.
    pub fn squares(squares: impl IntoIterator<Item = Coord>) -> Zone {
        Zone {
            squares: squares.into_iter().collect(),
            ..Zone::default()
        }
    }

    /// This zone with Black's single squares given as they are, instead of
    /// mirroring White's.
    #[must_use]
    pub fn with_black_squares(self, squares: impl IntoIterator<Item = Coord>) -> Zone {
        Zone {
            black_squares: Some(squares.into_iter().collect()),
            ..self
        }
    }

    /// The union of two zones (Black's own squares too, where either gives
    /// them).
    #[must_use]
    pub fn and(mut self, other: Zone) -> Zone {
        self.ranks.extend(other.ranks);
        let black = match (self.black_squares.take(), other.black_squares) {
            (None, None) => None,
            (mine, theirs) => {
                let mut all = mine.unwrap_or_else(|| self.squares.clone());
                all.extend(theirs.unwrap_or_else(|| other.squares.clone()));
                Some(all)
            }
        };
        self.squares.extend(other.squares);
        self.black_squares = black;
        self
    }

    /// Whether the zone holds no square for either side.
    pub fn is_empty(&self) -> bool {
        self.ranks.is_empty() && self.squares.is_empty() && self.black_squares.as_ref().is_none_or(Vec::is_empty)
    }

    /// The zone's squares for the owner `color` on a board of `size`.
    ///
    /// # Errors
    ///
    /// The offending rank number or square, as a [`ZoneError`], if it is not
    /// on the board.
    pub fn squares_for<W: Word>(&self, size: BoardSize, color: Color) -> Result<SquareSet<W>, ZoneError> {
        let mut set = SquareSet::EMPTY;
        for &number in &self.ranks {
            if number == 0 || number > size.ranks() {
                return Err(ZoneError::Rank(number));
            }
            let rank = match color {
                Color::White => number - 1,
                Color::Black => size.ranks() - number,
            };
            for file in 0..size.files() {
                set.extend(size.square_at(file, rank));
            }
        }
        let on_board = |coord: Coord| size.square(coord).ok_or(ZoneError::Square(coord));
        match (color, &self.black_squares) {
            (Color::Black, Some(squares)) => {
                for &coord in squares {
                    set.insert(on_board(coord)?);
                }
            }
            _ => {
                for &coord in &self.squares {
                    let square = on_board(coord)?;
                    set.insert(match color {
                        Color::White => square,
                        Color::Black => size.mirror(square),
                    });
                }
            }
        }
        Ok(set)
    }
}

/// A rank or square of a [`Zone`] that is not on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ZoneError {
    /// A rank number outside the board.
    Rank(u8),
    /// A square outside the board.
    Square(Coord),
}

impl fmt::Display for ZoneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ZoneError::Rank(number) => write!(f, "rank {number} is not on the board"),
            ZoneError::Square(coord) => write!(f, "square {coord} is not on the board"),
        }
    }
}

impl std::error::Error for ZoneError {}
