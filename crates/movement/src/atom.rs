//! Leap vectors.

use crate::Color;

/// A displacement of a move: `files` to the right (towards higher files)
/// and `ranks` forward, as seen by White. Black, sitting across the board,
/// sees it turned by 180 degrees ([`Offset::for_color`]): its forward is
/// down the board and its right towards lower files.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Offset {
    /// Files to the right (White's right, towards the h-file).
    pub files: i8,
    /// Ranks forward.
    pub ranks: i8,
}

impl Offset {
    /// The offset of `files` sideways and `ranks` forward.
    pub const fn new(files: i8, ranks: i8) -> Offset {
        Offset { files, ranks }
    }

    /// This offset as seen on the board by `color`: Black's is turned by
    /// 180 degrees (it moves down the board, and its left is White's
    /// right), as in Fairy-Stockfish. For moves symmetric between left and
    /// right this is the same as mirroring.
    #[inline]
    pub const fn for_color(self, color: Color) -> Offset {
        match color {
            Color::White => self,
            Color::Black => Offset {
                files: -self.files,
                ranks: -self.ranks,
            },
        }
    }

    /// The opposite displacement.
    pub const fn reversed(self) -> Offset {
        Offset {
            files: -self.files,
            ranks: -self.ranks,
        }
    }
}

/// The basic leap of Betza notation: (m, n) squares in the two board
/// directions, taken in all its reflections. `Atom::new(1, 3)` is the Camel.
///
/// # Examples
///
/// ```
/// use fairy_movement::Atom;
///
/// assert_eq!(Atom::new(1, 2), Atom::KNIGHT);
/// assert_eq!(Atom::KNIGHT.offsets().len(), 8);
/// assert_eq!(Atom::WAZIR.offsets().len(), 4);
/// assert_eq!(Atom::new(0, 0).offsets().len(), 0); // the null move is no move
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Atom {
    long: u8,
    short: u8,
}

impl Atom {
    /// W, (1, 0): one step orthogonally.
    pub const WAZIR: Atom = Atom::new(1, 0);
    /// F, (1, 1): one step diagonally.
    pub const FERZ: Atom = Atom::new(1, 1);
    /// D, (2, 0).
    pub const DABBABA: Atom = Atom::new(2, 0);
    /// N, (2, 1).
    pub const KNIGHT: Atom = Atom::new(2, 1);
    /// A, (2, 2).
    pub const ALFIL: Atom = Atom::new(2, 2);
    /// H, (3, 0).
    pub const THREELEAPER: Atom = Atom::new(3, 0);
    /// C, (3, 1).
    pub const CAMEL: Atom = Atom::new(3, 1);
    /// Z, (3, 2).
    pub const ZEBRA: Atom = Atom::new(3, 2);
    /// G, (3, 3).
    pub const TRIPPER: Atom = Atom::new(3, 3);

    /// The (m, n) leap; the order of `m` and `n` does not matter.
    pub const fn new(m: u8, n: u8) -> Atom {
        if m >= n {
            Atom { long: m, short: n }
        } else {
            Atom { long: n, short: m }
        }
    }

    /// The longer and shorter legs, (m, n) with m >= n.
    pub const fn legs(self) -> (u8, u8) {
        (self.long, self.short)
    }

    /// Whether the leap goes straight along a file or rank (n = 0).
    pub const fn is_orthogonal(self) -> bool {
        self.short == 0 && self.long > 0
    }

    /// Whether the leap goes straight along a diagonal (m = n).
    pub const fn is_diagonal(self) -> bool {
        self.short == self.long && self.long > 0
    }

    /// Every distinct offset of this leap: 8 for an oblique leap, 4 for an
    /// orthogonal or diagonal one, none for (0, 0).
    pub fn offsets(self) -> Vec<Offset> {
        // Leaps longer than any board cannot land; clamp so they still fit i8.
        let m = self.long.min(64) as i8;
        let n = self.short.min(64) as i8;
        let mut offsets = Vec::with_capacity(8);
        if m == 0 {
            return offsets;
        }
        for (a, b) in [(m, n), (n, m)] {
            for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let offset = Offset::new(a * sa, b * sb);
                if !offsets.contains(&offset) {
                    offsets.push(offset);
                }
            }
        }
        offsets.sort();
        offsets
    }
}
