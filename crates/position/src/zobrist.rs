//! Zobrist keys: random numbers whose XOR identifies a position.

use fairy_geometry::Square;
use fairy_movement::Color;

use crate::PieceKind;
use crate::piece::MAX_KINDS;

/// Every piece code (kind * 2 + colour).
const CODES: usize = 2 * MAX_KINDS;

/// The keys of one variant: one per (kind, colour, square), per castling
/// right, per en passant square, per counter beyond the board, per wall
/// square, and one for Black to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Zobrist {
    /// Per piece code, per square index: read with no bounds check, as
    /// every move reads it (codes and squares beyond the variant's are 0).
    pieces: Box<[[u64; Square::INDICES]; CODES]>,
    castling: [u64; 8],
    en_passant: Vec<u64>,
    counters: Vec<u64>,
    walls: Vec<u64>,
    /// The seeds of the keys of hand counts and promoted marks.
    hands: u64,
    promoted: u64,
    pub black: u64,
}

impl Zobrist {
    /// Keys for `kinds` piece kinds on a board of `squares` squares, from a
    /// fixed seed so that hashes are the same in every run.
    pub fn new(kinds: usize, squares: usize) -> Zobrist {
        let mut state = 0x5eed_f00d_cafe_b0a7_u64;
        let mut next = || {
            // SplitMix64.
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            mix(state)
        };
        let mut pieces = Box::new([[0; Square::INDICES]; CODES]);
        for code in pieces.iter_mut().take(kinds * 2) {
            for key in code.iter_mut().take(squares) {
                *key = next();
            }
        }
        let castling = std::array::from_fn(|_| next());
        let en_passant = (0..squares).map(|_| next()).collect();
        let black = next();
        let counters = (0..4).map(|_| next()).collect();
        let walls = (0..squares).map(|_| next()).collect();
        let hands = next();
        let promoted = next();
        Zobrist {
            pieces,
            castling,
            en_passant,
            counters,
            walls,
            hands,
            promoted,
            black,
        }
    }

    /// The key of a piece code (kind * 2 + colour) on a square.
    #[inline]
    pub fn piece(&self, code: u8, square: Square) -> u64 {
        // A code is below CODES: the remainder changes no index, and
        // spares the bounds check.
        self.pieces[usize::from(code) % CODES][square.index()]
    }

    /// The key of castling right number `index`, held with its king and
    /// rook on the variant's own squares.
    #[inline]
    pub fn castling(&self, index: usize) -> u64 {
        self.castling.get(index).copied().unwrap_or(0)
    }

    /// What a castling right's key changes by when its king and rook start
    /// on other squares (chess960 mode).
    pub fn castling_squares(&self, king: Square, rook: Square) -> u64 {
        mix(self.castling[0] ^ ((king.index() as u64) << 8 | rook.index() as u64))
    }

    /// The key of a counter beyond the board holding `value` (zero for 0,
    /// so that variants without counters hash as if they had none).
    #[inline]
    pub fn counter(&self, slot: usize, value: u8) -> u64 {
        if value == 0 {
            return 0;
        }
        // Each value its own key, derived from the slot's by a SplitMix64
        // round.
        mix(self.counters.get(slot).copied().unwrap_or(0) ^ u64::from(value).wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }

    /// The key of `color` holding `count` pieces of `kind` in hand (zero
    /// for none, so that empty hands hash as no hands).
    #[inline]
    pub fn hand(&self, color: Color, kind: PieceKind, count: u8) -> u64 {
        if count == 0 {
            return 0;
        }
        let slot = (kind.index() as u64) << 9 | (color.index() as u64) << 8 | u64::from(count);
        mix(self.hands ^ slot.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }

    /// The key of the promoted mark of a square.
    #[inline]
    pub fn promoted(&self, square: usize) -> u64 {
        mix(self.promoted ^ (square as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }

    /// The key of a gate (a square open to gating) on a square.
    #[inline]
    pub fn gate(&self, square: usize) -> u64 {
        mix(self.promoted.rotate_left(29) ^ (square as u64).wrapping_mul(0xd6e8_feb8_6659_fd93))
    }

    /// The key of a wall on a square.
    #[inline]
    pub fn wall(&self, square: usize) -> u64 {
        self.walls.get(square).copied().unwrap_or(0)
    }

    /// The key of an en passant square.
    #[inline]
    pub fn en_passant(&self, square: usize) -> u64 {
        self.en_passant.get(square).copied().unwrap_or(0)
    }
}

/// SplitMix64's output function: a well-spread key from any number.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
