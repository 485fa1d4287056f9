//! Chess960 start positions: a variant's back rank shuffled, numbered as
//! Fischer random chess numbers its 960.
//!
//! The numbering is Scharnagl's, generalised to any back rank: the
//! number's mixed-radix digits place, in turn, each pair of colour-bound
//! pieces (a light-square one, then a dark-square one), each piece that
//! stands alone on the back rank (in the order they stand there), each
//! group of alike pieces (knights: one of the ways to choose their squares
//! among those left, in lexicographic order), and last the castling king
//! between its two rooks on the three squares left. Black's back rank
//! mirrors White's. For chess this is the standard numbering: 960 starts,
//! the classical one number 518. Capablanca chess gets 84,000 (25 bishop
//! placements, 8 x 7 x 6 for the archbishop, the queen and the chancellor,
//! 10 for the knights), the classical one number 46,666.
//!
//! ```
//! use fairy_variants::chess960::Chess960Starts;
//!
//! let starts = Chess960Starts::new(&fairy_variants::chess_spec())?;
//! assert_eq!(starts.count(), 960);
//! assert_eq!(starts.fen(518)?, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//! assert_eq!(starts.fen(0)?, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
//! assert_eq!(starts.number_of("RNBQKBNR"), Some(518));
//! # Ok::<(), fairy_variants::chess960::StartError>(())
//! ```
//!
//! A variant plays these starts in chess960 mode
//! ([`VariantSpec::chess960`]), where castling starts from wherever the king
//! and rooks stand.

use std::error::Error;
use std::fmt;

use fairy_geometry::Square;
use fairy_movement::Color;
use fairy_position::{ParseFenError, Setup, SetupPiece, VariantSpec};

/// Why a variant has no chess960 starts, or a number names none.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StartError {
    /// The variant's start FEN does not read.
    StartPosition(ParseFenError),
    /// The variant does not castle.
    NoCastling,
    /// The back rank cannot be shuffled by the rules of chess960.
    BackRank {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A start number beyond the last.
    OutOfRange {
        /// The number asked for.
        number: u64,
        /// How many starts there are (numbered from 0).
        count: u64,
    },
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::StartPosition(error) => write!(f, "the variant's start position: {error}"),
            StartError::NoCastling => write!(f, "the variant does not castle, so it has no chess960 starts"),
            StartError::BackRank { reason } => write!(f, "no chess960 starts: {reason}"),
            StartError::OutOfRange { number, count } => {
                write!(
                    f,
                    "no chess960 start number {number}: they are numbered 0 to {}",
                    count - 1
                )
            }
        }
    }
}

impl Error for StartError {}

/// What one digit of a start number places.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Group {
    /// Two colour-bound pieces: one on a light square, one on a dark one.
    ColorBoundPair(char),
    /// This many alike pieces, on any of the squares left.
    Alike(char, usize),
}

/// The chess960 start positions of a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chess960Starts {
    /// The variant's own start, whose back ranks are shuffled.
    start: Setup,
    /// White's back rank.
    rank: u8,
    /// What the digits place, in order.
    groups: Vec<Group>,
    king: char,
    rook: char,
    count: u64,
}

/// The number of ways to choose `k` of `n` things.
fn choose(n: usize, k: usize) -> u64 {
    (0..k).fold(1u64, |ways, i| ways * (n - i) as u64 / (i + 1) as u64)
}

/// Whether White's back-rank square on `file` is light (a1 is dark).
fn is_light(file: usize, rank: u8) -> bool {
    (file + usize::from(rank)) % 2 == 1
}

impl Chess960Starts {
    /// The starts of a variant: its castling king between two of its
    /// castling rooks on White's back rank, the other pieces there shuffled
    /// around them, Black's back rank mirroring White's.
    ///
    /// # Errors
    ///
    /// [`StartError`]: the variant does not castle, its start does not
    /// read, or its back rank is not one chess960 can shuffle (a square
    /// empty, Black's pieces not mirroring White's, not exactly one king and
    /// two rooks).
    pub fn new(spec: &VariantSpec) -> Result<Chess960Starts, StartError> {
        let start = Setup::from_fen(&spec.start_fen).map_err(StartError::StartPosition)?;
        let way = spec.castling.first().ok_or(StartError::NoCastling)?;
        let bad = |reason| StartError::BackRank { reason };
        let royal = spec.pieces.iter().filter(|piece| piece.royal).map(|piece| piece.letter);
        let king = way.king.or_else(|| royal.clone().next().filter(|_| royal.count() == 1));
        let king = king.ok_or(bad("castling needs one royal kind"))?;
        if spec.castling.iter().any(|other| other.rook != way.rook) {
            return Err(bad("every way to castle must castle with one kind of rook"));
        }
        let rank = way.king_from.rank.index();
        let size = start.size;
        if rank >= size.ranks() {
            return Err(bad("the castling king's rank is off the board"));
        }
        let files = usize::from(size.files());
        let white = |file: usize| {
            let square = size.square_at(file as u8, rank)?;
            start.piece_at(square).filter(|piece| piece.color == Color::White)
        };
        let black = |file: usize| {
            let square = size.square_at(file as u8, size.ranks() - 1 - rank)?;
            start.piece_at(square).filter(|piece| piece.color == Color::Black)
        };
        let mut letters = Vec::with_capacity(files);
        for file in 0..files {
            let piece = white(file).ok_or(bad("White's back rank must be full"))?;
            if black(file).map(|piece| piece.letter) != Some(piece.letter) {
                return Err(bad("Black's back rank must mirror White's"));
            }
            letters.push(piece.letter);
        }
        let count_of = |letter: char| letters.iter().filter(|&&other| other == letter).count();
        if count_of(king) != 1 || count_of(way.rook) != 2 {
            return Err(bad("the back rank must hold one castling king and two of its rooks"));
        }
        let color_bound = |letter: char| {
            spec.pieces
                .iter()
                .find(|piece| piece.letter == letter)
                .is_some_and(|piece| piece.movement.is_color_bound())
        };
        // Each letter once, in the order they stand.
        let mut kinds: Vec<char> = Vec::new();
        for &letter in &letters {
            if letter != king && letter != way.rook && !kinds.contains(&letter) {
                kinds.push(letter);
            }
        }
        let pairs = kinds
            .iter()
            .filter(|&&letter| count_of(letter) == 2 && color_bound(letter))
            .map(|&letter| Group::ColorBoundPair(letter));
        let singles = kinds
            .iter()
            .filter(|&&letter| count_of(letter) == 1)
            .map(|&letter| Group::Alike(letter, 1));
        let several = kinds
            .iter()
            .filter(|&&letter| count_of(letter) > 1 && !(count_of(letter) == 2 && color_bound(letter)))
            .map(|&letter| Group::Alike(letter, count_of(letter)));
        let groups: Vec<Group> = pairs.chain(singles).chain(several).collect();
        let light = (0..files).filter(|&file| is_light(file, rank)).count();
        let (mut light_left, mut dark_left, mut left) = (light, files - light, files);
        let mut count = 1u64;
        for group in &groups {
            match *group {
                Group::ColorBoundPair(_) => {
                    if light_left == 0 || dark_left == 0 {
                        return Err(bad("too few squares of each colour for the colour-bound pieces"));
                    }
                    count = count.saturating_mul((light_left * dark_left) as u64);
                    (light_left, dark_left, left) = (light_left - 1, dark_left - 1, left - 2);
                }
                Group::Alike(_, alike) => {
                    count = count.saturating_mul(choose(left, alike));
                    left -= alike;
                }
            }
        }
        Ok(Chess960Starts {
            start,
            rank,
            groups,
            king,
            rook: way.rook,
            count,
        })
    }

    /// How many starts there are (numbered from 0).
    pub fn count(&self) -> u64 {
        self.count
    }

    /// White's back rank in start number `number`, from the a-file.
    ///
    /// # Errors
    ///
    /// [`StartError::OutOfRange`] if there is no such start.
    pub fn back_rank(&self, number: u64) -> Result<String, StartError> {
        if number >= self.count {
            return Err(StartError::OutOfRange {
                number,
                count: self.count,
            });
        }
        let files = usize::from(self.start.size.files());
        let mut rank: Vec<Option<char>> = vec![None; files];
        let mut number = number;
        let mut digit = |radix: usize| {
            let value = (number % radix as u64) as usize;
            number /= radix as u64;
            value
        };
        for group in &self.groups {
            match *group {
                Group::ColorBoundPair(letter) => {
                    for light in [true, false] {
                        let empty = self.free_files(|file| rank[file].is_none(), Some(light));
                        rank[empty[digit(empty.len())]] = Some(letter);
                    }
                }
                Group::Alike(letter, alike) => {
                    let empty = self.free_files(|file| rank[file].is_none(), None);
                    let chosen = nth_combination(empty.len(), alike, digit(choose(empty.len(), alike) as usize));
                    for index in chosen {
                        rank[empty[index]] = Some(letter);
                    }
                }
            }
        }
        let mut last = [self.rook, self.king, self.rook].into_iter();
        Ok(rank
            .into_iter()
            .map(|square| square.or_else(|| last.next()).unwrap_or(self.rook))
            .collect())
    }

    /// Start number `number` in FEN, with the variant's own castling
    /// rights (`KQkq` names the outermost rooks in chess960 mode).
    ///
    /// # Errors
    ///
    /// [`StartError::OutOfRange`] if there is no such start.
    pub fn fen(&self, number: u64) -> Result<String, StartError> {
        let back_rank = self.back_rank(number)?;
        let size = self.start.size;
        let mut setup = self.start.clone();
        for (file, letter) in back_rank.chars().enumerate() {
            let place =
                |color: Color, rank: u8| Some((size.square_at(file as u8, rank)?, SetupPiece::new(color, letter)));
            for (square, piece) in [
                place(Color::White, self.rank),
                place(Color::Black, size.ranks() - 1 - self.rank),
            ]
            .into_iter()
            .flatten()
            {
                setup.board[square.index()] = Some(piece);
            }
        }
        Ok(setup.fen())
    }

    /// The number of the start whose White back rank is `back_rank` (its
    /// letters from the a-file, `RNBQKBNR`), if it is one.
    pub fn number_of(&self, back_rank: &str) -> Option<u64> {
        let rank: Vec<char> = back_rank.chars().collect();
        let files = usize::from(self.start.size.files());
        if rank.len() != files {
            return None;
        }
        let mut placed = vec![false; files];
        // Digits and their radices, lowest first.
        let mut digits: Vec<(u64, u64)> = Vec::new();
        for group in &self.groups {
            match *group {
                Group::ColorBoundPair(letter) => {
                    for light in [true, false] {
                        let empty = self.free_files(|file| !placed[file], Some(light));
                        let index = empty.iter().position(|&file| rank[file] == letter)?;
                        placed[empty[index]] = true;
                        digits.push((index as u64, empty.len() as u64));
                    }
                }
                Group::Alike(letter, alike) => {
                    let empty = self.free_files(|file| !placed[file], None);
                    let chosen: Vec<usize> = (0..empty.len()).filter(|&index| rank[empty[index]] == letter).collect();
                    if chosen.len() != alike {
                        return None;
                    }
                    for &index in &chosen {
                        placed[empty[index]] = true;
                    }
                    digits.push((combination_index(empty.len(), &chosen), choose(empty.len(), alike)));
                }
            }
        }
        let number = digits
            .iter()
            .rev()
            .fold(0, |number, &(digit, radix)| number * radix + digit);
        // The digits do not cover the king and rooks on the squares left.
        (self.back_rank(number).ok()? == back_rank).then_some(number)
    }

    /// The files of White's back rank that are still free, of one colour
    /// of square if `light` says which.
    fn free_files(&self, free: impl Fn(usize) -> bool, light: Option<bool>) -> Vec<usize> {
        (0..usize::from(self.start.size.files()))
            .filter(|&file| free(file) && light.is_none_or(|light| is_light(file, self.rank) == light))
            .collect()
    }

    /// The number of the variant's own start (518 in chess).
    pub fn classical(&self) -> Option<u64> {
        let size = self.start.size;
        let back_rank: Option<String> = (0..size.files())
            .map(|file| {
                let square: Square = size.square_at(file, self.rank)?;
                Some(self.start.piece_at(square)?.letter)
            })
            .collect();
        self.number_of(&back_rank?)
    }
}

/// The `index`-th way, in lexicographic order, to choose `k` of `n`
/// places: their indices, increasing.
fn nth_combination(n: usize, k: usize, mut index: usize) -> Vec<usize> {
    let mut chosen = Vec::with_capacity(k);
    let mut next = 0;
    while chosen.len() < k {
        // The ways that choose `next` and then the rest after it.
        let with_next = choose(n - next - 1, k - chosen.len() - 1) as usize;
        if index < with_next {
            chosen.push(next);
        } else {
            index -= with_next;
        }
        next += 1;
    }
    chosen
}

/// The index of a way to choose places (increasing indices of `n`), in
/// the order of [`nth_combination`].
fn combination_index(n: usize, chosen: &[usize]) -> u64 {
    let mut index = 0;
    let mut next = 0;
    for (taken, &place) in chosen.iter().enumerate() {
        while next < place {
            index += choose(n - next - 1, chosen.len() - taken - 1);
            next += 1;
        }
        next += 1;
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_numbered_in_lexicographic_order() {
        let all: Vec<Vec<usize>> = (0..10).map(|index| nth_combination(5, 2, index)).collect();
        assert_eq!(all[0], [0, 1]);
        assert_eq!(all[3], [0, 4]);
        assert_eq!(all[4], [1, 2]);
        assert_eq!(all[9], [3, 4]);
        for (index, chosen) in all.iter().enumerate() {
            assert_eq!(combination_index(5, chosen), index as u64);
        }
    }
}
