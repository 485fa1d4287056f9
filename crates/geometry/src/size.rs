//! Board sizes and the square numbering they define.

use std::error::Error;
use std::fmt;

use crate::{Coord, File, MAX_FILES, MAX_RANKS, ParseCoordError, Rank};

/// A square of a particular board: its bit index in a [`SquareSet`], counted
/// rank by rank from `a1` (index = rank x files + file).
///
/// A square means something only together with the [`BoardSize`] that
/// numbered it: index 8 is `a2` on an 8-file board and `d2` on a 5-file one.
/// [`BoardSize::coord`] and [`BoardSize::name`] turn it back into a name.
///
/// [`SquareSet`]: crate::SquareSet
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Square(u8);

impl Square {
    /// The square with this bit index. Whether it lies on a given board is
    /// for [`BoardSize::contains`] to say.
    pub const fn new(index: u8) -> Square {
        Square(index)
    }

    /// Every value [`Square::index`] may take (a byte's): a table with a
    /// record for each is indexed by square with no bounds check.
    pub const INDICES: usize = 1 << u8::BITS;

    /// The bit index, for indexing tables.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The dimensions of a rectangular board: 1 to 16 files by 1 to 16 ranks.
///
/// # Examples
///
/// ```
/// use fairy_geometry::BoardSize;
///
/// let gnu = BoardSize::new(5, 10)?;
/// let c10 = gnu.parse_square("c10")?;
/// assert_eq!(c10.index(), 9 * 5 + 2);
/// assert_eq!(gnu.name(c10).to_string(), "c10");
/// assert!(gnu.parse_square("f1").is_err()); // no f-file on five files
/// assert!(BoardSize::new(17, 8).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "(u8, u8)", into = "(u8, u8)"))]
pub struct BoardSize {
    files: u8,
    ranks: u8,
}

impl BoardSize {
    /// A board of `files` x `ranks` squares.
    ///
    /// # Errors
    ///
    /// [`BoardSizeError`] if either dimension is 0 or above 16.
    pub const fn new(files: u8, ranks: u8) -> Result<BoardSize, BoardSizeError> {
        if files == 0 || files > MAX_FILES || ranks == 0 || ranks > MAX_RANKS {
            Err(BoardSizeError { files, ranks })
        } else {
            Ok(BoardSize { files, ranks })
        }
    }

    /// The number of files.
    pub const fn files(self) -> u8 {
        self.files
    }

    /// The number of ranks.
    pub const fn ranks(self) -> u8 {
        self.ranks
    }

    /// The number of squares.
    pub const fn square_count(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Whether `square` is one of this board's squares.
    pub const fn contains(self, square: Square) -> bool {
        square.index() < self.square_count()
    }

    /// The square at a 0-based file and rank index, if it is on the board.
    pub const fn square_at(self, file: u8, rank: u8) -> Option<Square> {
        if file < self.files && rank < self.ranks {
            Some(Square(rank * self.files + file))
        } else {
            None
        }
    }

    /// The square at a coordinate, if it is on the board.
    pub const fn square(self, coord: Coord) -> Option<Square> {
        self.square_at(coord.file.index(), coord.rank.index())
    }

    /// The coordinate of a square, if it is on the board.
    pub fn coord(self, square: Square) -> Option<Coord> {
        if !self.contains(square) {
            return None;
        }
        let (file, rank) = (square.0 % self.files, square.0 / self.files);
        Some(Coord::new(File::new(file)?, Rank::new(rank)?))
    }

    /// The 0-based file index of a square of this board.
    pub const fn file_of(self, square: Square) -> u8 {
        square.0 % self.files
    }

    /// The 0-based rank index of a square of this board.
    pub const fn rank_of(self, square: Square) -> u8 {
        square.0 / self.files
    }

    /// The square reflected across the middle rank (`a1` <-> `a8` on 8 ranks):
    /// where Black's version of a White square is. A square off the board is
    /// returned as it is.
    pub const fn mirror(self, square: Square) -> Square {
        if !self.contains(square) {
            return square;
        }
        let (file, rank) = (self.file_of(square), self.rank_of(square));
        Square((self.ranks - 1 - rank) * self.files + file)
    }

    /// All squares of the board in index order.
    pub fn squares(self) -> impl ExactSizeIterator<Item = Square> + Clone {
        (0..self.square_count()).map(|index| Square(index as u8))
    }

    /// Parses a square name such as `e4` or `c10`.
    ///
    /// # Errors
    ///
    /// [`ParseSquareError`] if the text is not a square name, or names a
    /// square off this board.
    pub fn parse_square(self, text: &str) -> Result<Square, ParseSquareError> {
        let coord: Coord = text.parse().map_err(ParseSquareError::Syntax)?;
        self.square(coord)
            .ok_or(ParseSquareError::OffBoard { coord, size: self })
    }

    /// A displayable name for a square of this board (`?` if it is off it).
    pub const fn name(self, square: Square) -> SquareName {
        SquareName { size: self, square }
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.files, self.ranks)
    }
}

impl TryFrom<(u8, u8)> for BoardSize {
    type Error = BoardSizeError;

    fn try_from((files, ranks): (u8, u8)) -> Result<BoardSize, BoardSizeError> {
        BoardSize::new(files, ranks)
    }
}

impl From<BoardSize> for (u8, u8) {
    fn from(size: BoardSize) -> (u8, u8) {
        (size.files, size.ranks)
    }
}

/// The name of a square on a given board, as returned by [`BoardSize::name`].
#[derive(Copy, Clone, Debug)]
pub struct SquareName {
    size: BoardSize,
    square: Square,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.size.coord(self.square) {
            Some(coord) => coord.fmt(f),
            None => write!(f, "?{}", self.square.index()),
        }
    }
}

/// A board size outside 1x1 to 16x16.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardSizeError {
    files: u8,
    ranks: u8,
}

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a board of {} files by {} ranks is not supported (1 to {MAX_FILES} files, 1 to {MAX_RANKS} ranks)",
            self.files, self.ranks
        )
    }
}

impl Error for BoardSizeError {}

/// A text that does not name a square of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseSquareError {
    /// Not a square name at all.
    Syntax(ParseCoordError),
    /// A well-formed name of a square the board does not have.
    OffBoard {
        /// The coordinate named.
        coord: Coord,
        /// The board it is not on.
        size: BoardSize,
    },
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseSquareError::Syntax(error) => error.fmt(f),
            ParseSquareError::OffBoard { coord, size } => {
                write!(f, "square {coord} is not on a {size} board")
            }
        }
    }
}

/// The message includes those of the errors it wraps, so `source()`
/// returns nothing: an error-chain reporter prints each message once.
impl Error for ParseSquareError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_is_rank_by_rank() {
        let size = BoardSize::new(7, 7).unwrap();
        let d4 = size.parse_square("d4").unwrap();
        assert_eq!(d4.index(), 3 * 7 + 3);
        assert_eq!(size.name(d4).to_string(), "d4");
        assert_eq!(size.name(size.mirror(d4)).to_string(), "d4");
        let a1 = size.parse_square("a1").unwrap();
        assert_eq!(size.name(size.mirror(a1)).to_string(), "a7");
    }

    #[test]
    fn every_square_round_trips_on_every_size() {
        for files in 1..=16 {
            for ranks in 1..=16 {
                let size = BoardSize::new(files, ranks).unwrap();
                assert_eq!(size.squares().len(), files as usize * ranks as usize);
                for square in size.squares() {
                    let name = size.name(square).to_string();
                    assert_eq!(size.parse_square(&name), Ok(square));
                }
            }
        }
    }

    #[test]
    fn rejects_sizes_and_squares_off_the_board() {
        assert!(BoardSize::new(0, 8).is_err());
        assert!(BoardSize::new(8, 17).is_err());
        let size = BoardSize::new(5, 10).unwrap();
        assert!(matches!(
            size.parse_square("f1"),
            Err(ParseSquareError::OffBoard { .. })
        ));
        assert!(matches!(
            size.parse_square("a11"),
            Err(ParseSquareError::OffBoard { .. })
        ));
        assert_eq!(size.coord(Square::new(50)), None);
        assert_eq!(size.mirror(Square::new(200)), Square::new(200));
        assert_eq!(size.name(Square::new(50)).to_string(), "?50");
    }
}
