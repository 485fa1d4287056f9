//! The machine words that store square sets.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

mod sealed {
    pub trait Sealed {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
    impl Sealed for super::U256 {}
}

/// A fixed-width bit string holding one bit per square: `u64` for boards of
/// up to 64 squares, `u128` up to 128 and [`U256`] up to 256 (16x16).
///
/// Code that is generic over the word is compiled once per word, so a variant
/// on a small board runs on plain `u64` operations.
///
/// This trait is sealed: the three implementations cover every board size.
pub trait Word:
    sealed::Sealed
    + Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The number of bits, which is the largest number of squares.
    const BITS: u32;
    /// No bit set.
    const ZERO: Self;
    /// Every bit set.
    const ONES: Self;

    /// One byte per square, for a board's mailbox (which piece stands where).
    type Bytes: Copy + AsRef<[u8]> + AsMut<[u8]> + Eq + Hash + Debug + Send + Sync + 'static;

    /// A byte array of `BITS` bytes, every byte equal to `value`.
    fn bytes(value: u8) -> Self::Bytes;

    /// Only bit `index` set; no bit if `index` is not below [`Word::BITS`].
    fn bit(index: u32) -> Self;

    /// The lowest `count` bits set (`count` at most [`Word::BITS`]).
    fn low_bits(count: u32) -> Self;

    /// Whether bit `index` is set.
    fn test(self, index: u32) -> bool;

    /// The lowest 64 bits, which hold every square of a board of up to 64
    /// squares.
    fn low64(self) -> u64;

    /// The word whose lowest 64 bits are `bits`, the others clear.
    fn from_low64(bits: u64) -> Self;

    /// The bits moved `delta` places up (towards higher indices) if
    /// positive, down if negative; bits moved out are lost. `delta` must be
    /// less than [`Word::BITS`] in magnitude.
    fn shift(self, delta: i32) -> Self;

    /// [`Word::shift`] for callers that read only bits that come from
    /// inside the word: where a bit is moved past an end, what arrives at
    /// the other is unspecified. On the words a machine rotates in one
    /// instruction it rotates, with no branch on the sign of `delta`.
    fn shift_within(self, delta: i32) -> Self;

    /// The number of bits set.
    fn count_ones(self) -> u32;

    /// The index of the lowest set bit, [`Word::BITS`] if none is.
    fn trailing_zeros(self) -> u32;

    /// The index of the highest set bit, if any.
    fn highest(self) -> Option<u32>;

    /// This word without its lowest set bit.
    fn without_lowest(self) -> Self;

    /// The bits up to and including the lowest set bit; every bit if none is
    /// set. Cuts a ray whose squares ascend in index order at its first
    /// blocker.
    fn up_to_lowest(self) -> Self;

    /// The bits from the highest set bit upwards; every bit if none is set.
    /// Cuts a ray whose squares descend in index order at its first blocker.
    fn down_to_highest(self) -> Self;

    /// Whether no bit is set.
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }

    /// The 64-bit chunk number `index`, the lowest being 0; nothing beyond
    /// the word.
    #[inline]
    fn chunk64(self, index: u32) -> u64 {
        if index * 64 >= Self::BITS {
            0
        } else {
            self.shift(-((index * 64) as i32)).low64()
        }
    }

    /// The word's 64-bit chunks folded into one: the lowest as it is, each
    /// higher one `i` rotated left by `rotations[i - 1]`, all combined by
    /// exclusive or. Where the rotations keep a set of squares apart, the
    /// fold loses nothing of them: magic lookups on boards of more than 64
    /// squares hash a line's occupancy folded so.
    #[inline]
    fn fold64(self, rotations: [u8; 3]) -> u64 {
        let mut folded = self.low64();
        for (index, &rotation) in (1..Self::BITS / 64).zip(&rotations) {
            folded ^= self.chunk64(index).rotate_left(u32::from(rotation));
        }
        folded
    }
}

macro_rules! primitive_word {
    ($word:ty, $bits:expr) => {
        impl Word for $word {
            const BITS: u32 = $bits;
            const ZERO: Self = 0;
            const ONES: Self = !0;

            type Bytes = [u8; $bits];

            #[inline]
            fn bytes(value: u8) -> Self::Bytes {
                [value; $bits]
            }

            #[inline]
            fn bit(index: u32) -> Self {
                (1 as $word).checked_shl(index).unwrap_or(0)
            }

            #[inline]
            fn low_bits(count: u32) -> Self {
                if count >= $bits { !0 } else { (1 << count) - 1 }
            }

            #[inline]
            fn test(self, index: u32) -> bool {
                index < $bits && (self >> index) & 1 != 0
            }

            #[inline]
            fn low64(self) -> u64 {
                self as u64
            }

            #[inline]
            fn from_low64(bits: u64) -> Self {
                bits as $word
            }

            #[inline]
            fn shift(self, delta: i32) -> Self {
                if delta >= 0 { self << delta } else { self >> -delta }
            }

            #[inline]
            fn shift_within(self, delta: i32) -> Self {
                // The count is taken modulo the width: a negative `delta`
                // rotates down.
                self.rotate_left(delta as u32)
            }

            #[inline]
            fn count_ones(self) -> u32 {
                <$word>::count_ones(self)
            }

            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$word>::trailing_zeros(self)
            }

            #[inline]
            fn highest(self) -> Option<u32> {
                if self == 0 {
                    None
                } else {
                    Some($bits - 1 - self.leading_zeros())
                }
            }

            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }

            #[inline]
            fn up_to_lowest(self) -> Self {
                self ^ self.wrapping_sub(1)
            }

            #[inline]
            fn down_to_highest(self) -> Self {
                // `| 1` makes an empty word select every bit (highest = 0).
                !0 << ($bits - 1 - (self | 1).leading_zeros())
            }
        }
    };
}

primitive_word!(u64, 64);
primitive_word!(u128, 128);

/// A 256-bit word for boards of more than 128 squares (up to 16x16), stored
/// as two `u128` halves, low half first.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct U256 {
    low: u128,
    high: u128,
}

impl U256 {
    /// The word whose low and high halves are given.
    pub const fn from_halves(low: u128, high: u128) -> U256 {
        U256 { low, high }
    }

    /// The low and high halves.
    pub const fn halves(self) -> (u128, u128) {
        (self.low, self.high)
    }
}

macro_rules! u256_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign:ident, $op:tt) => {
        impl $trait for U256 {
            type Output = U256;
            #[inline]
            fn $method(self, other: U256) -> U256 {
                U256 { low: self.low $op other.low, high: self.high $op other.high }
            }
        }
        impl $assign_trait for U256 {
            #[inline]
            fn $assign(&mut self, other: U256) {
                *self = *self $op other;
            }
        }
    };
}

u256_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
u256_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
u256_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for U256 {
    type Output = U256;
    #[inline]
    fn not(self) -> U256 {
        U256 {
            low: !self.low,
            high: !self.high,
        }
    }
}

impl Word for U256 {
    const BITS: u32 = 256;
    const ZERO: Self = U256 { low: 0, high: 0 };
    const ONES: Self = U256 { low: !0, high: !0 };

    type Bytes = [u8; 256];

    #[inline]
    fn bytes(value: u8) -> Self::Bytes {
        [value; 256]
    }

    #[inline]
    fn bit(index: u32) -> Self {
        if index < 128 {
            U256 {
                low: 1 << index,
                high: 0,
            }
        } else {
            U256 {
                low: 0,
                high: 1u128.checked_shl(index - 128).unwrap_or(0),
            }
        }
    }

    #[inline]
    fn low_bits(count: u32) -> Self {
        if count <= 128 {
            U256 {
                low: u128::low_bits(count),
                high: 0,
            }
        } else {
            U256 {
                low: !0,
                high: u128::low_bits(count - 128),
            }
        }
    }

    #[inline]
    fn test(self, index: u32) -> bool {
        if index < 128 {
            self.low.test(index)
        } else {
            self.high.test(index - 128)
        }
    }

    #[inline]
    fn low64(self) -> u64 {
        self.low as u64
    }

    #[inline]
    fn from_low64(bits: u64) -> Self {
        U256 {
            low: u128::from(bits),
            high: 0,
        }
    }

    #[inline]
    fn shift(self, delta: i32) -> Self {
        let magnitude = delta.unsigned_abs();
        if magnitude >= 256 {
            return U256::ZERO;
        }
        if delta >= 0 {
            if magnitude >= 128 {
                U256 {
                    low: 0,
                    high: self.low << (magnitude - 128),
                }
            } else if magnitude == 0 {
                self
            } else {
                U256 {
                    low: self.low << magnitude,
                    high: self.high << magnitude | self.low >> (128 - magnitude),
                }
            }
        } else if magnitude >= 128 {
            U256 {
                low: self.high >> (magnitude - 128),
                high: 0,
            }
        } else {
            U256 {
                low: self.low >> magnitude | self.high << (128 - magnitude),
                high: self.high >> magnitude,
            }
        }
    }

    #[inline]
    fn shift_within(self, delta: i32) -> Self {
        // Two halves rotate in no single instruction: a plain shift.
        self.shift(delta)
    }

    #[inline]
    fn count_ones(self) -> u32 {
        self.low.count_ones() + self.high.count_ones()
    }

    #[inline]
    fn trailing_zeros(self) -> u32 {
        if self.low != 0 {
            self.low.trailing_zeros()
        } else {
            128 + self.high.trailing_zeros()
        }
    }

    #[inline]
    fn highest(self) -> Option<u32> {
        match self.high.highest() {
            Some(index) => Some(128 + index),
            None => self.low.highest(),
        }
    }

    #[inline]
    fn without_lowest(self) -> Self {
        if self.low != 0 {
            U256 {
                low: self.low.without_lowest(),
                high: self.high,
            }
        } else {
            U256 {
                low: 0,
                high: self.high.without_lowest(),
            }
        }
    }

    #[inline]
    fn up_to_lowest(self) -> Self {
        // `self ^ (self - 1)` across the halves, the borrow passing to the
        // high half only when the low one is empty: no branch.
        let borrow = u128::from(self.low == 0);
        U256 {
            low: self.low ^ self.low.wrapping_sub(1),
            high: self.high ^ self.high.wrapping_sub(borrow),
        }
    }

    #[inline]
    fn down_to_highest(self) -> Self {
        if self.high != 0 {
            U256 {
                low: 0,
                high: self.high.down_to_highest(),
            }
        } else {
            U256 {
                low: self.low.down_to_highest(),
                high: !0,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The same operations on a plain `Vec<bool>`, as the reference.
    fn bits_of<W: Word>(word: W) -> Vec<bool> {
        (0..W::BITS).map(|i| word.test(i)).collect()
    }

    fn word_from<W: Word>(indices: &[u32]) -> W {
        indices.iter().fold(W::ZERO, |w, &i| w | W::bit(i % W::BITS))
    }

    fn check_scans<W: Word>(indices: &[u32]) {
        let word: W = word_from(indices);
        let bits = bits_of(word);
        let lowest = bits.iter().position(|&b| b);
        let highest = bits.iter().rposition(|&b| b);
        assert_eq!(word.count_ones() as usize, bits.iter().filter(|&&b| b).count());
        assert_eq!(word.trailing_zeros() as usize, lowest.unwrap_or(W::BITS as usize));
        assert_eq!(word.highest().map(|h| h as usize), highest);
        let through = bits_of(word.up_to_lowest());
        let from = bits_of(word.down_to_highest());
        let without = bits_of(word.without_lowest());
        for i in 0..W::BITS as usize {
            assert_eq!(through[i], lowest.is_none_or(|l| i <= l), "up_to_lowest bit {i}");
            assert_eq!(from[i], highest.is_none_or(|h| i >= h), "down_to_highest bit {i}");
            assert_eq!(without[i], bits[i] && Some(i) != lowest, "without_lowest bit {i}");
        }
    }

    fn check_shift<W: Word>(indices: &[u32], delta: i32) {
        let word: W = word_from(indices);
        let shifted = word.shift(delta);
        for i in 0..W::BITS as i64 {
            let source = i - i64::from(delta);
            let expected = (0..i64::from(W::BITS)).contains(&source) && word.test(source as u32);
            assert_eq!(shifted.test(i as u32), expected, "bit {i} after shifting by {delta}");
        }
    }

    /// `shift_within` agrees with `shift` on every bit that comes from
    /// inside the word.
    fn check_shift_within<W: Word>(indices: &[u32], delta: i32) {
        let word: W = word_from(indices);
        let (within, shifted) = (word.shift_within(delta), word.shift(delta));
        for i in 0..W::BITS as i64 {
            if (0..i64::from(W::BITS)).contains(&(i - i64::from(delta))) {
                assert_eq!(
                    within.test(i as u32),
                    shifted.test(i as u32),
                    "bit {i} after shifting by {delta}"
                );
            }
        }
    }

    proptest! {
        #[test]
        fn shifts_within_agree_with_shifts_inside_the_word(indices in proptest::collection::vec(0u32..256, 0..6), delta in -63i32..64) {
            check_shift_within::<u64>(&indices, delta);
            check_shift_within::<u128>(&indices, delta * 2);
            check_shift_within::<U256>(&indices, delta * 4);
        }

        #[test]
        fn shifts_agree_with_a_bit_vector(indices in proptest::collection::vec(0u32..256, 0..6), delta in -63i32..64) {
            check_shift::<u64>(&indices, delta);
            check_shift::<u128>(&indices, delta * 2);
            check_shift::<U256>(&indices, delta * 4);
        }

        #[test]
        fn scans_agree_with_a_bit_vector(indices in proptest::collection::vec(0u32..256, 0..6)) {
            check_scans::<u64>(&indices);
            check_scans::<u128>(&indices);
            check_scans::<U256>(&indices);
        }
    }

    #[test]
    fn bits_beyond_the_word_are_no_bits() {
        assert_eq!(u64::bit(64), 0);
        assert_eq!(u64::bit(200), 0);
        assert_eq!(u128::bit(128), 0);
        assert_eq!(U256::bit(256), U256::ZERO);
        assert_eq!(U256::bit(255).count_ones(), 1);
    }

    #[test]
    fn low_bits_and_bytes() {
        assert_eq!(u64::low_bits(0), 0);
        assert_eq!(u64::low_bits(64), !0);
        assert_eq!(u128::low_bits(80).count_ones(), 80);
        assert_eq!(U256::low_bits(256), U256::ONES);
        assert_eq!(U256::low_bits(130).count_ones(), 130);
        assert_eq!(<u64 as Word>::bytes(7).len(), 64);
        assert_eq!(U256::bytes(0).len(), 256);
    }
}
