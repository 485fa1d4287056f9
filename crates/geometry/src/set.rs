//! Sets of squares, one bit per square.

use std::fmt;
use std::iter::FusedIterator;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::{BoardSize, Square, Word};

/// A set of squares of one board, stored as a bit string: bit `i` is
/// [`Square::new(i)`](Square::new).
///
/// The word type `W` is chosen for the board: `u64` (the default) for boards
/// of up to 64 squares. The complement `!set` also contains the bit indices
/// beyond the board; intersect it with [`SquareSet::board`] where that
/// matters.
///
/// # Examples
///
/// ```
/// use fairy_geometry::{BoardSize, SquareSet};
///
/// let size = BoardSize::new(7, 7)?;
/// let d4 = size.parse_square("d4")?;
/// let e5 = size.parse_square("e5")?;
/// let set = SquareSet::<u64>::from_square(d4) | SquareSet::from_square(e5);
/// assert_eq!(set.count(), 2);
/// assert!(set.contains(d4));
/// assert_eq!(set.iter().map(|s| size.name(s).to_string()).collect::<Vec<_>>(), ["d4", "e5"]);
/// assert_eq!(SquareSet::<u64>::board(size).count(), 49);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct SquareSet<W: Word = u64>(W);

impl<W: Word> SquareSet<W> {
    /// The empty set.
    pub const EMPTY: SquareSet<W> = SquareSet(W::ZERO);

    /// The set with every bit index, on and off the board.
    pub const ALL: SquareSet<W> = SquareSet(W::ONES);

    /// The set of these bits.
    #[inline]
    pub const fn from_bits(bits: W) -> SquareSet<W> {
        SquareSet(bits)
    }

    /// The bits of this set.
    #[inline]
    pub const fn bits(self) -> W {
        self.0
    }

    /// The set holding only `square`; empty if the square's index does not
    /// fit the word (a square of a board that fits always does).
    #[inline]
    pub fn from_square(square: Square) -> SquareSet<W> {
        SquareSet(W::bit(square.index() as u32))
    }

    /// Every square of a board; empty if the board does not fit the word.
    pub fn board(size: BoardSize) -> SquareSet<W> {
        if size.square_count() > W::BITS as usize {
            SquareSet::EMPTY
        } else {
            SquareSet(W::low_bits(size.square_count() as u32))
        }
    }

    /// Whether the set contains `square`.
    #[inline]
    pub fn contains(self, square: Square) -> bool {
        self.0.test(square.index() as u32)
    }

    /// Adds `square` (nothing happens if it does not fit the word).
    #[inline]
    pub fn insert(&mut self, square: Square) {
        self.0 |= W::bit(square.index() as u32);
    }

    /// Removes `square`, if it is in the set.
    #[inline]
    pub fn remove(&mut self, square: Square) {
        self.0 &= !W::bit(square.index() as u32);
    }

    /// The set with `square` added.
    #[inline]
    #[must_use]
    pub fn with(self, square: Square) -> SquareSet<W> {
        SquareSet(self.0 | W::bit(square.index() as u32))
    }

    /// The number of squares.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0.is_zero()
    }

    /// Whether the set has at least one square.
    #[inline]
    pub fn any(self) -> bool {
        !self.0.is_zero()
    }

    /// Whether the set has two or more squares.
    #[inline]
    pub fn more_than_one(self) -> bool {
        !self.0.without_lowest().is_zero()
    }

    /// The square with the lowest index.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0.is_zero() {
            None
        } else {
            Some(Square::new(self.0.trailing_zeros() as u8))
        }
    }

    /// The square with the highest index.
    #[inline]
    pub fn last(self) -> Option<Square> {
        self.0.highest().map(|index| Square::new(index as u8))
    }

    /// The only square of a one-square set.
    #[inline]
    pub fn single(self) -> Option<Square> {
        if self.more_than_one() { None } else { self.first() }
    }

    /// Whether the two sets share a square.
    #[inline]
    pub fn intersects(self, other: SquareSet<W>) -> bool {
        !(self.0 & other.0).is_zero()
    }

    /// The squares in index order.
    #[inline]
    pub fn iter(self) -> SquareSetIter<W> {
        SquareSetIter(self.0)
    }

    /// A display of the set as a board diagram (`X` in the set, `.` not),
    /// highest rank first.
    pub fn diagram(self, size: BoardSize) -> impl fmt::Display {
        Diagram { set: self, size }
    }
}

impl<W: Word> fmt::Debug for SquareSet<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Square::index)).finish()
    }
}

struct Diagram<W: Word> {
    set: SquareSet<W>,
    size: BoardSize,
}

impl<W: Word> fmt::Display for Diagram<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..self.size.ranks()).rev() {
            for file in 0..self.size.files() {
                let square = self.size.square_at(file, rank);
                let mark = if square.is_some_and(|s| self.set.contains(s)) {
                    'X'
                } else {
                    '.'
                };
                write!(f, "{mark}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The squares of a [`SquareSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct SquareSetIter<W: Word>(W);

impl<W: Word> Iterator for SquareSetIter<W> {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_zero() {
            None
        } else {
            let index = self.0.trailing_zeros();
            self.0 = self.0.without_lowest();
            Some(Square::new(index as u8))
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.0.count_ones() as usize;
        (count, Some(count))
    }
}

impl<W: Word> ExactSizeIterator for SquareSetIter<W> {}
impl<W: Word> FusedIterator for SquareSetIter<W> {}

impl<W: Word> IntoIterator for SquareSet<W> {
    type Item = Square;
    type IntoIter = SquareSetIter<W>;

    #[inline]
    fn into_iter(self) -> SquareSetIter<W> {
        self.iter()
    }
}

impl<W: Word> FromIterator<Square> for SquareSet<W> {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> SquareSet<W> {
        squares.into_iter().fold(SquareSet::EMPTY, SquareSet::with)
    }
}

impl<W: Word> Extend<Square> for SquareSet<W> {
    fn extend<I: IntoIterator<Item = Square>>(&mut self, squares: I) {
        for square in squares {
            self.insert(square);
        }
    }
}

macro_rules! set_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign:ident, $op:tt) => {
        impl<W: Word> $trait for SquareSet<W> {
            type Output = SquareSet<W>;
            #[inline]
            fn $method(self, other: SquareSet<W>) -> SquareSet<W> {
                SquareSet(self.0 $op other.0)
            }
        }
        impl<W: Word> $assign_trait for SquareSet<W> {
            #[inline]
            fn $assign(&mut self, other: SquareSet<W>) {
                self.0 = self.0 $op other.0;
            }
        }
    };
}

set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<W: Word> Not for SquareSet<W> {
    type Output = SquareSet<W>;
    #[inline]
    fn not(self) -> SquareSet<W> {
        SquareSet(!self.0)
    }
}

/// Set difference: the squares of the left set that are not in the right.
impl<W: Word> Sub for SquareSet<W> {
    type Output = SquareSet<W>;
    #[inline]
    fn sub(self, other: SquareSet<W>) -> SquareSet<W> {
        SquareSet(self.0 & !other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::U256;

    fn round_trip<W: Word>(size: BoardSize) {
        let all: SquareSet<W> = SquareSet::board(size);
        assert_eq!(all.count() as usize, size.square_count());
        let squares: Vec<Square> = all.iter().collect();
        assert_eq!(squares, size.squares().collect::<Vec<_>>());
        assert_eq!(squares.iter().copied().collect::<SquareSet<W>>(), all);
        assert_eq!(all.first(), Some(Square::new(0)));
        assert_eq!(all.last(), Some(Square::new((size.square_count() - 1) as u8)));
    }

    #[test]
    fn sets_cover_boards_of_every_word() {
        round_trip::<u64>(BoardSize::new(8, 8).unwrap());
        round_trip::<u64>(BoardSize::new(5, 10).unwrap());
        round_trip::<u128>(BoardSize::new(10, 8).unwrap());
        round_trip::<U256>(BoardSize::new(16, 16).unwrap());
        assert!(SquareSet::<u64>::board(BoardSize::new(10, 8).unwrap()).is_empty());
    }

    #[test]
    fn set_operations() {
        let a: SquareSet = [Square::new(1), Square::new(5)].into_iter().collect();
        let b: SquareSet = [Square::new(5), Square::new(9)].into_iter().collect();
        assert_eq!((a & b).single(), Some(Square::new(5)));
        assert_eq!((a | b).count(), 3);
        assert_eq!((a - b).single(), Some(Square::new(1)));
        assert_eq!((a ^ b).count(), 2);
        assert!(a.intersects(b));
        assert!(a.more_than_one());
        let mut c = a;
        c.remove(Square::new(1));
        c.remove(Square::new(2));
        assert_eq!(c.single(), Some(Square::new(5)));
    }

    #[test]
    fn diagram_shows_highest_rank_first() {
        let size = BoardSize::new(3, 2).unwrap();
        let set = SquareSet::<u64>::from_square(size.parse_square("c2").unwrap());
        assert_eq!(set.diagram(size).to_string(), "..X\n...\n");
    }
}
