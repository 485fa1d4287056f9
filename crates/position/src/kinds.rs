//! Small sets of piece kinds.

use fairy_geometry::{SquareSet, Word};

use crate::PieceKind;
use crate::piece::MAX_KINDS;

/// A set of piece kinds of one variant, one bit per kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct KindSet(u32);

impl KindSet {
    pub const EMPTY: KindSet = KindSet(0);

    pub const fn with(self, kind: PieceKind) -> KindSet {
        KindSet(self.0 | 1 << kind.index())
    }

    pub const fn without(self, kind: PieceKind) -> KindSet {
        KindSet(self.0 & !(1 << kind.index()))
    }

    pub fn insert(&mut self, kind: PieceKind) {
        self.0 |= 1 << kind.index();
    }

    pub const fn contains(self, kind: PieceKind) -> bool {
        kind.index() < 32 && self.0 & (1 << kind.index()) != 0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The union of `sets` over this set's kinds, each kind indexing
    /// `sets`: the squares of the pieces of these kinds, from a position's
    /// per-kind sets.
    #[inline]
    pub fn union_of<W: Word>(self, sets: &[SquareSet<W>; MAX_KINDS]) -> SquareSet<W> {
        let mut bits = self.0;
        let mut all = SquareSet::EMPTY;
        while bits != 0 {
            // A variant's kinds number at most MAX_KINDS: the remainder
            // changes no index, and spares the bounds check.
            all |= sets[bits.trailing_zeros() as usize % MAX_KINDS];
            bits &= bits - 1;
        }
        all
    }

    pub fn iter(self) -> impl Iterator<Item = PieceKind> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros();
            bits &= bits - 1;
            Some(PieceKind::new(index as u8))
        })
    }
}

/// A non-empty set of kinds laid out for taking the union of their
/// squares at every node: one kind's set is read with no loop (most such
/// sets hold one kind, as most attack groups do), the others by
/// [`KindSet::union_of`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct KindUnion {
    first: u8,
    others: KindSet,
}

impl KindUnion {
    /// The union of `kinds`, none if it is empty.
    pub fn new(kinds: KindSet) -> Option<KindUnion> {
        let first = kinds.iter().next()?;
        Some(KindUnion {
            first: first.index() as u8,
            others: kinds.without(first),
        })
    }

    /// The union of one kind.
    pub const fn only(kind: PieceKind) -> KindUnion {
        KindUnion {
            first: kind.index() as u8,
            others: KindSet::EMPTY,
        }
    }

    /// The union with `kind` added.
    pub const fn with(self, kind: PieceKind) -> KindUnion {
        if kind.index() == self.first as usize {
            return self;
        }
        KindUnion {
            others: self.others.with(kind),
            ..self
        }
    }

    /// The kinds of the union.
    pub const fn kinds(self) -> KindSet {
        self.others.with(PieceKind::new(self.first))
    }

    /// [`KindSet::union_of`] for the set this was made from.
    #[inline(always)]
    pub fn union_of<W: Word>(self, sets: &[SquareSet<W>; MAX_KINDS]) -> SquareSet<W> {
        // As in `KindSet::union_of`, the remainder spares the bounds check.
        sets[usize::from(self.first) % MAX_KINDS] | self.others.union_of(sets)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A set of squares per kind, each kind's square its index.
    fn one_square_per_kind() -> [SquareSet<u64>; MAX_KINDS] {
        std::array::from_fn(|index| SquareSet::from_bits(1 << index))
    }

    #[test]
    fn a_union_of_kinds_reads_the_squares_of_each_kind() {
        let sets = one_square_per_kind();
        for bits in [0b1u32, 0b10, 0b1010, 0b1000_0000_0000_0001, 0xffff] {
            let kinds = KindSet(bits);
            let union = KindUnion::new(kinds).map(|union| union.union_of(&sets));
            assert_eq!(union, Some(kinds.union_of(&sets)), "kinds {bits:#b}");
            assert_eq!(union.map(|set| set.bits()), Some(u64::from(bits)), "kinds {bits:#b}");
        }
    }

    #[test]
    fn a_union_grown_kind_by_kind_holds_each_kind_once() {
        let sets = one_square_per_kind();
        let union = KindUnion::only(PieceKind::new(3))
            .with(PieceKind::new(1))
            .with(PieceKind::new(3))
            .with(PieceKind::new(7));
        assert_eq!(union.kinds(), KindSet(0b1000_1010));
        assert_eq!(union.union_of(&sets).bits(), 0b1000_1010);
    }

    #[test]
    fn no_union_is_made_of_no_kinds() {
        assert_eq!(KindUnion::new(KindSet::EMPTY), None);
    }
}
