//! Perft: counting the leaves of the legal move tree, the standard test of
//! a move generator.

use fairy_geometry::Word;

use crate::{Move, Position};

impl<W: Word> Position<'_, W> {
    /// The number of leaves of the legal move tree `depth` plies deep. The
    /// last ply is counted without playing its moves. A position where the
    /// game is over has no moves, so the tree stops there.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::Movement;
    /// use fairy_position::{PieceSpec, Variant, VariantSpec};
    ///
    /// let spec = VariantSpec::new("kings", Geometry::new(BoardSize::new(3, 3)?), "k2/3/2K w - - 0 1")
    ///     .piece(PieceSpec::new('K', "king", Movement::king()).royal());
    /// let variant = Variant::<u64>::new(spec)?;
    /// // The White king on c1 may go to b1 or c2; b2 is attacked.
    /// assert_eq!(variant.start_position().perft(1), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves(),
            _ => self
                .legal_moves()
                .into_iter()
                .map(|mv| {
                    let mut child = self.clone();
                    child.play_unchecked(mv);
                    child.perft(depth - 1)
                })
                .sum(),
        }
    }

    /// Perft split by the first move: each legal move with the number of
    /// leaves below it (`depth` counts the move itself).
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        self.legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = self.clone();
                child.play_unchecked(mv);
                (mv, child.perft(depth.saturating_sub(1)))
            })
            .collect()
    }
}
