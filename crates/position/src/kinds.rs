//! Small sets of piece kinds.

use fairy_geometry::{SquareSet, Word};

use crate::PieceKind;
use crate::piece::MAX_KINDS;

/// A set of piece kinds of one variant, one bit per kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct KindSet(u32);

impl KindSet {
    pub const EMPTY: KindSet = KindSet(0);

    pub const fn only(kind: PieceKind) -> KindSet {
        KindSet(1 << kind.index())
    }

    pub const fn with(self, kind: PieceKind) -> KindSet {
        KindSet(self.0 | 1 << kind.index())
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
