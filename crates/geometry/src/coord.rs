//! Files, ranks and board coordinates, independent of any board size.

use std::error::Error;
use std::fmt;
use std::str::FromStr;

use crate::{MAX_FILES, MAX_RANKS};

/// A file (column), counted from 0 for the `a`-file.
///
/// # Examples
///
/// ```
/// use fairy_geometry::File;
///
/// let e = File::from_letter('e').unwrap();
/// assert_eq!(e.index(), 4);
/// assert_eq!(e.letter(), 'e');
/// assert_eq!(File::new(16), None); // boards have at most 16 files
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u8", into = "u8")
)]
pub struct File(u8);

impl File {
    /// The `a`-file.
    pub const A: File = File(0);

    /// The file with this 0-based index, if it is below [`MAX_FILES`].
    pub const fn new(index: u8) -> Option<File> {
        if index < MAX_FILES { Some(File(index)) } else { None }
    }

    /// The file named by a lower-case letter, `a` to `p`.
    pub const fn from_letter(letter: char) -> Option<File> {
        if letter.is_ascii_lowercase() {
            File::new(letter as u8 - b'a')
        } else {
            None
        }
    }

    /// The 0-based index (`a` is 0).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The lower-case letter naming this file.
    pub const fn letter(self) -> char {
        (b'a' + self.0) as char
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A rank (row), counted from 0 for the first rank; it prints 1-based.
///
/// # Examples
///
/// ```
/// use fairy_geometry::Rank;
///
/// let tenth = Rank::new(9).unwrap();
/// assert_eq!(tenth.to_string(), "10");
/// assert_eq!(Rank::from_number(10), Some(tenth));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u8", into = "u8")
)]
pub struct Rank(u8);

impl Rank {
    /// The first rank.
    pub const FIRST: Rank = Rank(0);

    /// The rank with this 0-based index, if it is below [`MAX_RANKS`].
    pub const fn new(index: u8) -> Option<Rank> {
        if index < MAX_RANKS { Some(Rank(index)) } else { None }
    }

    /// The rank with this 1-based number, as written in square names.
    pub const fn from_number(number: u32) -> Option<Rank> {
        if number >= 1 && number <= MAX_RANKS as u32 {
            Some(Rank(number as u8 - 1))
        } else {
            None
        }
    }

    /// The 0-based index (the first rank is 0).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The 1-based number used in square names.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A place on a board named by file and rank, such as `e4` or `c10`.
///
/// A coordinate does not depend on the board's size; [`BoardSize`] turns it
/// into the [`Square`] index used by square sets.
///
/// [`BoardSize`]: crate::BoardSize
/// [`Square`]: crate::Square
///
/// # Examples
///
/// ```
/// use fairy_geometry::Coord;
///
/// let c10: Coord = "c10".parse()?;
/// assert_eq!((c10.file.index(), c10.rank.index()), (2, 9));
/// assert_eq!(c10.to_string(), "c10");
/// assert!("c0".parse::<Coord>().is_err());
/// # Ok::<(), fairy_geometry::ParseCoordError>(())
/// ```
///
/// With the `serde` feature a coordinate reads and writes as its name
/// (`"e4"`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "String", into = "String")
)]
pub struct Coord {
    /// The file.
    pub file: File,
    /// The rank.
    pub rank: Rank,
}

impl Coord {
    /// The coordinate of a file and rank.
    pub const fn new(file: File, rank: Rank) -> Coord {
        Coord { file, rank }
    }

    /// Parses a coordinate at the start of `text`, returning it and the number
    /// of bytes it used. Used by move notation, where coordinates follow each
    /// other without separator (`a9a10g`).
    ///
    /// # Errors
    ///
    /// [`ParseCoordError`] if `text` does not start with a file letter `a`-`p`
    /// followed by a rank number 1-16.
    pub fn parse_prefix(text: &str) -> Result<(Coord, usize), ParseCoordError> {
        let error = |reason| ParseCoordError {
            input: text.to_owned(),
            reason,
        };
        let mut chars = text.char_indices();
        let file = match chars.next() {
            Some((_, letter)) => File::from_letter(letter).ok_or(error(CoordErrorReason::File))?,
            None => return Err(error(CoordErrorReason::Empty)),
        };
        let digits = text[1..].bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Err(error(CoordErrorReason::Rank));
        }
        // At most two digits name a rank; a longer run cannot be one.
        let number = if digits <= 2 {
            text[1..1 + digits].parse::<u32>().ok()
        } else {
            None
        };
        if digits > 1 && text.as_bytes()[1] == b'0' {
            return Err(error(CoordErrorReason::Rank));
        }
        let rank = number
            .and_then(Rank::from_number)
            .ok_or(error(CoordErrorReason::Rank))?;
        Ok((Coord { file, rank }, 1 + digits))
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file, self.rank)
    }
}

impl FromStr for Coord {
    type Err = ParseCoordError;

    fn from_str(text: &str) -> Result<Coord, ParseCoordError> {
        let (coord, used) = Coord::parse_prefix(text)?;
        if used == text.len() {
            Ok(coord)
        } else {
            Err(ParseCoordError {
                input: text.to_owned(),
                reason: CoordErrorReason::Trailing,
            })
        }
    }
}

/// A text that does not name a coordinate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCoordError {
    input: String,
    reason: CoordErrorReason,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum CoordErrorReason {
    Empty,
    File,
    Rank,
    Trailing,
}

impl ParseCoordError {
    /// The text that failed to parse.
    pub fn input(&self) -> &str {
        &self.input
    }
}

impl fmt::Display for ParseCoordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.reason {
            CoordErrorReason::Empty => "is empty",
            CoordErrorReason::File => "does not start with a file letter a-p",
            CoordErrorReason::Rank => "has no rank number 1-16 after the file letter",
            CoordErrorReason::Trailing => "has characters after the rank number",
        };
        write!(f, "square name {:?} {what}", self.input)
    }
}

impl Error for ParseCoordError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_multi_digit_ranks() {
        let (c, used) = Coord::parse_prefix("a10a9").unwrap();
        assert_eq!(c.to_string(), "a10");
        assert_eq!(used, 3);
        assert_eq!("p16".parse::<Coord>().unwrap().to_string(), "p16");
    }

    #[test]
    fn rejects_bad_coordinates() {
        for bad in [
            "",
            "e",
            "e0",
            "e17",
            "q1",
            "E4",
            "e04",
            "e4x",
            "e99999999999999999999",
            "é4",
        ] {
            assert!(bad.parse::<Coord>().is_err(), "{bad:?} parsed");
        }
    }
}
