//! Rides grouped by direction, to follow every rider of a set at once.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use fairy_geometry::{Geometry, Square, SquareSet, Word};

use crate::{MoveTable, TablePart};

/// One direction of a ride, as a repeated shift of square sets: the
/// displacement (in square indices) of one step, and the squares a step
/// may be taken from.
///
/// In one direction no two riders reach the same square (the nearer rider
/// stops the other's ride), so the squares a set of riders reaches in it,
/// counted, are their moves that way: [`DirectionFill::reach`] follows
/// them all with one shift a step instead of one lookup a piece. Built
/// only where it agrees with the move table on every square (see
/// [`DirectionFill::compile`]).
///
/// # Examples
///
/// ```
/// use fairy_geometry::{BoardSize, Geometry, SquareSet};
/// use fairy_movement::{Color, DirectionFill, MoveTable, Movement, TablePart};
///
/// let size = BoardSize::new(8, 8)?;
/// let board = Geometry::new(size);
/// let parts: Vec<TablePart<u64>> =
///     Movement::rook().parts().iter().map(|&part| TablePart::new(part, Color::White, board)).collect();
/// let table = MoveTable::compile(&board, &parts);
/// let directions = DirectionFill::compile(&board, &parts, &table).unwrap();
/// assert_eq!(directions.len(), 4);
/// let square = |name: &str| size.parse_square(name).unwrap();
/// let rooks: SquareSet = [square("a1"), square("a4")].into_iter().collect();
/// let empty = SquareSet::board(size) - rooks;
/// // Up the board (one rank is eight squares on): the rook on a1 reaches
/// // a2 to a4, where the other rook stops it (a square the caller leaves
/// // out as its own), and the rook on a4 goes on to a8.
/// let up = directions.iter().find(|direction| direction.delta() == 8).unwrap();
/// let names: Vec<String> = up.reach(rooks, empty).iter().map(|square| size.name(square).to_string()).collect();
/// assert_eq!(names, ["a2", "a3", "a4", "a5", "a6", "a7", "a8"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DirectionFill<W: Word> {
    delta: i16,
    origins: SquareSet<W>,
}

impl<W: Word> DirectionFill<W> {
    /// The directions of `parts`, whose moves `table` holds; `None` unless
    /// every part is a plain ride whose every ray is one repeated
    /// displacement from every square the direction may be followed from,
    /// and no two rays from a square meet (as on a cylinder). A ride
    /// limited in range, a hop, a leap or a grid's rule fails the test.
    pub fn compile(geometry: &Geometry, parts: &[TablePart<W>], table: &MoveTable<W>) -> Option<Vec<DirectionFill<W>>> {
        let size = geometry.size();
        if geometry.grid().is_some() {
            return None;
        }
        // Each ray by its origin and displacement.
        let mut rays: HashMap<(Square, i16), Vec<Square>> = HashMap::new();
        for placed in parts {
            for from in placed.origins.iter().filter(|&square| size.contains(square)) {
                for path in placed.paths(geometry, from) {
                    if path.ride_step().is_none() || path.hop().is_some() || !path.passed().is_empty() {
                        return None;
                    }
                    let squares = path.squares().to_vec();
                    let first = *squares.first()?;
                    let delta = i16::try_from(first.index() as i32 - from.index() as i32).ok()?;
                    match rays.entry((from, delta)) {
                        Entry::Occupied(known) if *known.get() == squares => {}
                        Entry::Occupied(_) => return None,
                        Entry::Vacant(slot) => {
                            slot.insert(squares);
                        }
                    }
                }
            }
        }
        let mut directions: Vec<DirectionFill<W>> = Vec::new();
        for (&(from, delta), squares) in &rays {
            let passed: SquareSet<W> = squares.iter().take(squares.len() - 1).copied().collect();
            let origins = passed.with(from);
            match directions.iter_mut().find(|direction| direction.delta == delta) {
                Some(direction) => direction.origins |= origins,
                None => directions.push(DirectionFill { delta, origins }),
            }
        }
        directions.sort_by_key(|direction| direction.delta);
        // Following each direction from each square must give that
        // square's ray, and nothing where it has none.
        for direction in &directions {
            for from in direction.origins {
                let ray = rays.get(&(from, direction.delta))?;
                let followed = direction.reach(SquareSet::from_square(from), SquareSet::board(size));
                if followed != ray.iter().copied().collect::<SquareSet<W>>() {
                    return None;
                }
            }
        }
        for from in size.squares() {
            let mut union = SquareSet::EMPTY;
            for direction in &directions {
                let reached = direction.reach(SquareSet::from_square(from), SquareSet::board(size));
                if reached.intersects(union) {
                    return None;
                }
                union |= reached;
            }
            if union != table.attacks(from, SquareSet::EMPTY) & SquareSet::board(size) {
                return None;
            }
        }
        Some(directions)
    }

    /// The squares `pieces` reach in this direction when the squares of
    /// `empty` are empty: each ride goes on past empty squares and stops
    /// on the first occupied one (reached, for the caller to keep if it may
    /// be captured).
    #[inline(always)]
    pub fn reach(&self, pieces: SquareSet<W>, empty: SquareSet<W>) -> SquareSet<W> {
        let origins = self.origins.bits();
        let onward = empty.bits() & origins;
        let mut front = pieces.bits() & origins;
        let mut reached = W::ZERO;
        while !front.is_zero() {
            front = front.shift(i32::from(self.delta));
            reached |= front;
            front &= onward;
        }
        SquareSet::from_bits(reached)
    }

    /// The displacement of one step, in square indices.
    pub fn delta(&self) -> i16 {
        self.delta
    }

    /// The squares a step may be taken from.
    pub fn origins(&self) -> SquareSet<W> {
        self.origins
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Movement};
    use fairy_geometry::BoardSize;

    fn parts<W: Word>(movement: &Movement, geometry: Geometry) -> Vec<TablePart<W>> {
        movement
            .parts()
            .iter()
            .map(|&part| TablePart::new(part, Color::White, geometry))
            .collect()
    }

    /// The directions' reaches, counted, are the table's moves piece by
    /// piece, for many pieces at once and every occupancy tried.
    fn agree<W: Word>(geometry: Geometry, movement: &Movement) {
        let parts = parts::<W>(movement, geometry);
        let table = MoveTable::compile(&geometry, &parts);
        let directions = DirectionFill::compile(&geometry, &parts, &table).expect("plain rides fill");
        let board = SquareSet::<W>::board(geometry.size());
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..40 {
            let occupied: SquareSet<W> = geometry.size().squares().filter(|_| random() % 3 == 0).collect();
            let pieces: SquareSet<W> = occupied.iter().filter(|_| random() % 2 == 0).collect();
            let by_piece: u32 = pieces.iter().map(|from| table.attacks(from, occupied).count()).sum();
            let by_direction: u32 = directions
                .iter()
                .map(|direction| direction.reach(pieces, board - occupied).count())
                .sum();
            assert_eq!(by_direction, by_piece, "{movement:?} among {occupied:?}");
        }
    }

    #[test]
    fn direction_fills_count_the_moves_of_many_riders_at_once() {
        let square = Geometry::new(BoardSize::new(16, 16).unwrap());
        agree::<fairy_geometry::U256>(square, &Movement::rook());
        agree::<fairy_geometry::U256>(square, &Movement::bishop());
        agree::<fairy_geometry::U256>(square, &Movement::queen());
        agree::<u64>(Geometry::new(BoardSize::new(8, 8).unwrap()), &Movement::queen());
        agree::<u128>(Geometry::new(BoardSize::new(10, 10).unwrap()), &Movement::queen());
        agree::<u64>(
            Geometry::new(BoardSize::new(7, 7).unwrap()).with_net(4).unwrap(),
            &Movement::rook(),
        );
    }

    #[test]
    fn only_plain_unbroken_rides_fill() {
        let size = BoardSize::new(8, 8).unwrap();
        let plain = Geometry::new(size);
        let cases = [
            (plain, Movement::knight()),
            (plain, "R2".parse::<Movement>().unwrap()),
            (plain, "pR".parse::<Movement>().unwrap()),
            (plain.with_cylinder(), Movement::rook()),
            (plain.with_grid(2, 2).unwrap(), Movement::rook()),
        ];
        for (geometry, movement) in cases {
            let parts = parts::<u64>(&movement, geometry);
            let table = MoveTable::compile(&geometry, &parts);
            assert!(
                DirectionFill::compile(&geometry, &parts, &table).is_none(),
                "{movement:?} on {geometry:?}"
            );
        }
    }
}
