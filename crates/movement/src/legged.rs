//! Moves with legs: a lame leap's, a multi-step move's, a ray's that fits
//! no [`Line`](crate::line::Line). Each reaches its destination only when
//! the squares it passes are empty.

use fairy_geometry::Word;

/// One destination of a move with legs, and the squares that must be
/// empty for it to be reached.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Legged<W: Word> {
    pub destination: W,
    pub legs: W,
}

impl<W: Word> Legged<W> {
    /// The destination if no leg is occupied, else nothing.
    #[inline]
    pub fn reach(&self, occupied: W) -> W {
        if (self.legs & occupied).is_zero() {
            self.destination
        } else {
            W::ZERO
        }
    }
}
