//! Leaps grouped by displacement, to move every piece of a kind at once.

use fairy_geometry::{Geometry, SquareSet, Word};

use crate::TablePart;

/// The most squares a move in bulk may pass: a pawn's double step passes
/// one. A movement with longer paths is moved piece by piece.
const MAX_LEGS: usize = 3;

/// One way to make a displacement (in square indices): the squares it may
/// start from and the displacements of the squares it passes, which must
/// be empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Way<W: Word> {
    delta: i16,
    origins: W,
    legs: [i16; MAX_LEGS],
    leg_count: u8,
    /// Whether it is the last way of its displacement: the ways are
    /// sorted by displacement, and a displacement's moves are passed on
    /// once, whichever way each piece makes it.
    closes: bool,
}

impl<W: Word> Way<W> {
    fn legs(&self) -> impl Iterator<Item = i16> + '_ {
        self.legs.iter().take(usize::from(self.leg_count)).copied()
    }
}

/// A displacement made one way, passing no square (a pawn's step, its
/// capture, a knight's leap): moved with no test of legs, and passed on
/// as it is found.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Step<W: Word> {
    delta: i16,
    origins: W,
}

/// The leaps, lame leaps and multi-step moves of a movement, grouped by
/// displacement, so that the moves of every piece of a kind are found with
/// a few shifts of their square set instead of one lookup per piece.
///
/// Built from the same paths as a [`MoveTable`](crate::MoveTable), so it
/// follows every rule of the board: a move that wraps round a cylinder is a
/// different displacement from one that does not, and origins whose move
/// would cross a net it may not cross, or stay in its grid cell, are left
/// out.
///
/// # Examples
///
/// ```
/// use fairy_geometry::{BoardSize, Geometry, SquareSet};
/// use fairy_movement::{Color, Movement, ShiftTable, TablePart};
///
/// let size = BoardSize::new(8, 8)?;
/// let board = Geometry::new(size);
/// let step = Movement::chess_pawn().parts()[0];
/// let table = ShiftTable::<u64>::compile(&board, &[TablePart::new(step, Color::White, board)]).unwrap();
/// let pawns: SquareSet = ["a2", "e4", "h7"].iter().map(|s| size.parse_square(s).unwrap()).collect();
/// let mut destinations = SquareSet::<u64>::EMPTY;
/// table.for_each(pawns, SquareSet::board(size), |delta, to| {
///     assert_eq!(delta, 8);
///     destinations |= to;
/// });
/// assert_eq!(destinations.count(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ShiftTable<W: Word> {
    /// The displacements made one way that passes no square.
    steps: Vec<Step<W>>,
    /// The others' ways: one flat list, so that moving a kind's pieces
    /// reads no nested vectors.
    ways: Vec<Way<W>>,
}

impl<W: Word> ShiftTable<W> {
    /// Groups the moves of `parts` by displacement; `None` if a part rides
    /// (a ride has a destination per distance, so it is not one
    /// displacement).
    pub fn compile(geometry: &Geometry, parts: &[TablePart<W>]) -> Option<ShiftTable<W>> {
        let size = geometry.size();
        let mut ways: Vec<Way<W>> = Vec::new();
        for placed in parts {
            for from in placed.origins.iter().filter(|&s| size.contains(s)) {
                for path in placed.paths(geometry, from) {
                    if path.destinations().len() != 1 || path.passed().len() > MAX_LEGS {
                        return None;
                    }
                    let Some(to) = path.end() else { continue };
                    if geometry.grid().is_some() && geometry.same_cell(from, to) {
                        continue;
                    }
                    let offset = |square: fairy_geometry::Square| square.index() as i16 - from.index() as i16;
                    let delta = offset(to);
                    let mut legs = [0; MAX_LEGS];
                    for (leg, &square) in legs.iter_mut().zip(path.passed()) {
                        *leg = offset(square);
                    }
                    let leg_count = path.passed().len() as u8;
                    let origin = W::bit(from.index() as u32);
                    match ways
                        .iter_mut()
                        .find(|way| way.delta == delta && way.leg_count == leg_count && way.legs == legs)
                    {
                        Some(way) => way.origins |= origin,
                        None => ways.push(Way {
                            delta,
                            origins: origin,
                            legs,
                            leg_count,
                            closes: false,
                        }),
                    }
                }
            }
        }
        ways.sort_by_key(|way| (way.delta, way.leg_count, way.legs));
        let made_once = |way: &Way<W>| ways.iter().filter(|other| other.delta == way.delta).count() == 1;
        let (plain, mut ways): (Vec<Way<W>>, Vec<Way<W>>) = ways
            .iter()
            .cloned()
            .partition(|way| way.leg_count == 0 && made_once(way));
        let steps = plain
            .into_iter()
            .map(|way| Step {
                delta: way.delta,
                origins: way.origins,
            })
            .collect();
        for index in 0..ways.len() {
            let next = ways.get(index + 1).map(|way| way.delta);
            ways[index].closes = next != Some(ways[index].delta);
        }
        Some(ShiftTable { steps, ways })
    }

    /// The number of displacements.
    pub fn len(&self) -> usize {
        self.steps.len() + self.ways.iter().filter(|way| way.closes).count()
    }

    /// Whether there is no move at all.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty() && self.ways.is_empty()
    }

    /// For each displacement `delta`, the squares `pieces` reach by it when
    /// the squares of `empty` are empty (destinations are not filtered: the
    /// caller keeps the empty or the capturable ones). The piece reaching
    /// destination `to` stands on `to - delta`. The displacements made one
    /// way that passes no square come first.
    #[inline(always)]
    pub fn for_each(&self, pieces: SquareSet<W>, empty: SquareSet<W>, mut visit: impl FnMut(i16, SquareSet<W>)) {
        let (pieces, empty) = (pieces.bits(), empty.bits());
        // Origins are the squares whose legs and destination are on the
        // board: the bits read never cross the word's ends.
        for step in &self.steps {
            let movers = pieces & step.origins;
            if !movers.is_zero() {
                visit(
                    step.delta,
                    SquareSet::from_bits(movers.shift_within(i32::from(step.delta))),
                );
            }
        }
        let mut movers = W::ZERO;
        for way in &self.ways {
            let mut ready = pieces & way.origins;
            for leg in way.legs() {
                ready &= empty.shift_within(-i32::from(leg));
            }
            movers |= ready;
            if way.closes {
                if !movers.is_zero() {
                    visit(
                        way.delta,
                        SquareSet::from_bits(movers.shift_within(i32::from(way.delta))),
                    );
                }
                movers = W::ZERO;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, MoveTable, Movement};
    use fairy_geometry::BoardSize;

    /// The shift table and the move table agree on every square for every
    /// occupancy tried.
    fn agree(geometry: &Geometry, movement: &Movement, color: Color) {
        let parts: Vec<TablePart<u64>> = movement
            .parts()
            .iter()
            .map(|&p| TablePart::new(p, color, *geometry))
            .collect();
        let shifts = ShiftTable::compile(geometry, &parts).unwrap();
        let table = MoveTable::compile(geometry, &parts);
        let board = SquareSet::<u64>::board(geometry.size());
        for occupied in [
            0u64,
            0x0000_1234_5678_9abc,
            0x00ff_00ff_0000_ff00,
            0xffff_0000_0000_ffff,
        ] {
            let occupied = SquareSet::from_bits(occupied) & board;
            for from in geometry.size().squares() {
                let mut reached = SquareSet::EMPTY;
                shifts.for_each(SquareSet::from_square(from), board - occupied, |_, to| reached |= to);
                assert_eq!(
                    reached & board,
                    table.attacks(from, occupied),
                    "{movement:?} {color:?} from {from:?}"
                );
            }
        }
    }

    #[test]
    fn shifts_agree_with_move_tables_on_every_board() {
        let size = BoardSize::new(8, 8).unwrap();
        let boards = [
            Geometry::new(size),
            Geometry::new(size).with_cylinder(),
            Geometry::new(size).with_cylinder().with_grid(2, 2).unwrap(),
            Geometry::new(BoardSize::new(7, 7).unwrap()).with_net(4).unwrap(),
            Geometry::new(BoardSize::new(5, 10).unwrap()),
        ];
        let pieces = [
            Movement::chess_pawn(),
            Movement::berolina_pawn(),
            Movement::knightly_pawn(),
            Movement::knight(),
            Movement::gnu(),
        ];
        for geometry in &boards {
            for piece in &pieces {
                for color in Color::ALL {
                    agree(geometry, piece, color);
                }
            }
        }
    }

    #[test]
    fn rides_have_no_shift_table() {
        let board = Geometry::new(BoardSize::new(8, 8).unwrap());
        let rook = TablePart::<u64>::new(Movement::rook().parts()[0], Color::White, board);
        assert!(ShiftTable::compile(&board, &[rook]).is_none());
    }
}
