//! Sightlines: the lines of a reverse table laid out square by square, so
//! that checks and pins along them are read off a few set operations
//! rather than by walking each line.

use fairy_geometry::{Square, SquareSet, Word};

use crate::MoveTable;

/// For every square of a board of up to 64 squares, the squares a rider
/// of a [`MoveTable`] built by [`MoveTable::compile_reverse`] could attack
/// it from along a line, and for each such square the squares in between.
///
/// A check or a pin on a royal piece is then found as cozy-chess finds
/// them: each attacker in sight is a check if nothing stands between, and
/// pins the one piece of the royal side that does. This asks nothing of
/// the lines an attacker is not on, where [`MoveTable::hits`] looks at
/// every line with an attacker on it square by square.
///
/// Built only where each square in sight lies on one line of the square
/// looked from (not where a cylinder's rank reaches a square both ways
/// round) and the table has no legged path (its legs block without a
/// line): elsewhere [`MoveTable::hits`] answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sightlines<W: Word> {
    /// Per square, [`Sightlines::STRIDE`] words: the squares in sight,
    /// then for each square index the squares between.
    rows: Box<[W]>,
}

impl<W: Word> Sightlines<W> {
    /// Words a square's row takes: the squares in sight, and one for each
    /// square index.
    const STRIDE: usize = W::BITS as usize + 1;

    /// The sightlines of `table`, where it has some and they are
    /// unambiguous (see [`Sightlines`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry, SquareSet};
    /// use fairy_movement::{Color, MoveTable, Movement, Sightlines, TablePart};
    ///
    /// let geometry = Geometry::new(BoardSize::new(8, 8)?);
    /// let parts: Vec<TablePart<u64>> =
    ///     Movement::rook().parts().iter().map(|&part| TablePart::new(part, Color::White, geometry)).collect();
    /// let table = MoveTable::<u64>::compile_reverse(&geometry, &parts);
    /// let sightlines = Sightlines::of(&table).expect("a rook's lines on 8x8");
    /// let square = |name: &str| geometry.size().parse_square(name);
    /// let (e1, e5) = (square("e1")?, square("e5")?);
    /// assert_eq!(sightlines.in_sight(e1).count(), 14);
    /// assert_eq!(sightlines.between(e1, e5).count(), 3);
    /// // A knight has no lines.
    /// let knight: Vec<TablePart<u64>> =
    ///     Movement::knight().parts().iter().map(|&part| TablePart::new(part, Color::White, geometry)).collect();
    /// assert!(Sightlines::of(&MoveTable::<u64>::compile_reverse(&geometry, &knight)).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(table: &MoveTable<W>) -> Option<Sightlines<W>> {
        if W::BITS > 64 || table.is_leaper() || table.has_legs() {
            return None;
        }
        let mut rows = vec![W::ZERO; W::BITS as usize * Self::STRIDE].into_boxed_slice();
        for (from, row) in rows.chunks_exact_mut(Self::STRIDE).enumerate() {
            for (line, ascending) in table.lines_from(from) {
                for square in SquareSet::from_bits(line.run | line.next) {
                    let bit = W::bit(square.index() as u32);
                    if !(row[0] & bit).is_zero() {
                        // In sight along two lines.
                        return None;
                    }
                    row[0] |= bit;
                    // What the line reaches with only this square filled,
                    // but for it: the squares before it.
                    let reached = if ascending {
                        line.reach::<true>(bit)
                    } else {
                        line.reach::<false>(bit)
                    };
                    row[1 + square.index()] = reached & !bit;
                }
            }
        }
        let any = rows.chunks_exact(Self::STRIDE).any(|row| !row[0].is_zero());
        any.then_some(Sightlines { rows })
    }

    /// The squares in sight of `from`: those on one of its lines.
    #[inline(always)]
    pub fn in_sight(&self, from: Square) -> SquareSet<W> {
        SquareSet::from_bits(self.rows.get(from.index() * Self::STRIDE).copied().unwrap_or(W::ZERO))
    }

    /// The squares strictly between `from` and `to` on the line that joins
    /// them (none if `to` is not in sight of `from`).
    #[inline(always)]
    pub fn between(&self, from: Square, to: Square) -> SquareSet<W> {
        let index = from.index() * Self::STRIDE + 1 + to.index();
        SquareSet::from_bits(self.rows.get(index).copied().unwrap_or(W::ZERO))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::magic::Random;
    use crate::table::tests::reverse;
    use crate::{Color, Movement};
    use fairy_geometry::{BoardSize, Geometry};

    /// The first and second occupied squares of each line, read off the
    /// sightlines, against [`MoveTable::hits`], on pseudo-random boards.
    fn agrees_with_hits(geometry: &Geometry, movement: &Movement) {
        let table = reverse(geometry, movement, Color::White);
        let sightlines = Sightlines::of(&table).expect("sightlines");
        let board = SquareSet::<u64>::board(geometry.size());
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        for _ in 0..300 {
            let occupied = SquareSet::from_bits(random.next() & random.next()) & board;
            for from in geometry.size().squares() {
                let mut expected = Vec::new();
                table.hits(from, occupied, board, |hit| {
                    expected.push((hit.first, hit.through_first));
                    if let Some(second) = hit.second {
                        expected.push((second, hit.through_second));
                    }
                });
                let mut found = Vec::new();
                for square in sightlines.in_sight(from) & occupied {
                    let between = sightlines.between(from, square);
                    if (between & occupied).count() < 2 {
                        found.push((square, between.with(square)));
                    }
                }
                expected.sort_by_key(|&(square, _)| square.index());
                assert_eq!(found, expected, "from {from:?}");
            }
        }
    }

    #[test]
    fn sightlines_find_what_hits_find_on_a_plain_board() {
        let geometry = Geometry::new(BoardSize::new(8, 8).unwrap());
        agrees_with_hits(&geometry, &Movement::queen());
        agrees_with_hits(&geometry, &Movement::rook());
    }

    #[test]
    fn sightlines_find_what_hits_find_across_a_net_and_a_grid() {
        let netted = Geometry::new(BoardSize::new(7, 7).unwrap()).with_net(3).unwrap();
        agrees_with_hits(&netted, &Movement::queen());
        let grid = Geometry::new(BoardSize::new(8, 8).unwrap()).with_grid(2, 2).unwrap();
        agrees_with_hits(&grid, &Movement::queen());
    }

    #[test]
    fn a_cylinder_rank_in_sight_both_ways_round_has_no_sightlines() {
        let cylinder = Geometry::new(BoardSize::new(8, 8).unwrap()).with_cylinder();
        assert!(Sightlines::of(&reverse(&cylinder, &Movement::rook(), Color::White)).is_none());
    }
}
