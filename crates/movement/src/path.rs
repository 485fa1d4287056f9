//! The squares a part's move passes on a given board.

use fairy_geometry::{Crossings, Geometry, Square};
use smallvec::SmallVec;

use crate::line::HopLimits;
use crate::part::lame_way;
use crate::{Color, Offset, Part, Reach};

/// The way of one move, or one ray of moves, on a given board: the squares
/// it passes in order, of which the last ones are destinations.
///
/// A destination is reachable when every square before it on the path is
/// empty. A leap has one square; a ride's path is its ray (every square a
/// destination); a lame leap or a multi-step move has one destination, the
/// last square, and the squares before it must be empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    squares: SmallVec<[Square; 8]>,
    first_destination: usize,
    /// For a ride: the board displacement of each of its leaps.
    step: Option<(i8, i8)>,
    /// For a hop: its limits before and beyond the screen.
    hop: Option<HopLimits>,
}

impl Path {
    pub(crate) fn new(squares: SmallVec<[Square; 8]>, first_destination: usize) -> Path {
        Path {
            squares,
            first_destination,
            step: None,
            hop: None,
        }
    }

    /// For a hop: its limits before and beyond the screen.
    pub(crate) fn hop(&self) -> Option<HopLimits> {
        self.hop
    }

    /// For a ride: the displacement (files, ranks) of each of its leaps on
    /// the board.
    pub fn ride_step(&self) -> Option<(i8, i8)> {
        self.step
    }

    /// Every square of the path, in the order the move passes them.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// The squares the move may stop on.
    pub fn destinations(&self) -> &[Square] {
        &self.squares[self.first_destination..]
    }

    /// The squares that must be empty for any destination to be reached
    /// (those before the first destination).
    pub fn passed(&self) -> &[Square] {
        &self.squares[..self.first_destination]
    }

    /// The last square.
    pub fn end(&self) -> Option<Square> {
        self.squares.last().copied()
    }

    /// This path ended before its first square outside `within`; `None`
    /// if no destination is left.
    pub(crate) fn confined_to(mut self, within: impl Fn(Square) -> bool) -> Option<Path> {
        let inside = self.squares.iter().take_while(|&&square| within(square)).count();
        if inside <= self.first_destination {
            return None;
        }
        self.squares.truncate(inside);
        Some(self)
    }
}

impl Part {
    /// The paths of this part from `from` on `geometry`, for a piece of
    /// `color`. `may_cross_net` says whether the move may cross the board's
    /// net (a path that would cross it otherwise ends before the net).
    ///
    /// A [`Reach::Steps`] part of more than [`MAX_STEPS`](crate::MAX_STEPS)
    /// steps has no paths.
    ///
    /// The grid rule (a move must end in another cell) is left to the
    /// [`MoveTable`](crate::MoveTable), because a ride may pass squares of its
    /// own cell; only [`Reach::Steps`] applies it here, to each step.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::{Atom, Color, Part};
    ///
    /// let size = BoardSize::new(8, 8)?;
    /// let cylinder = Geometry::new(size).with_cylinder();
    /// let rook = Part::ride(Atom::WAZIR);
    /// let paths = rook.paths(&cylinder, Color::White, size.parse_square("d1")?, true);
    /// // Up the file, and both ways round the rank, each stopping before d1.
    /// let lengths: Vec<usize> = paths.iter().map(|p| p.squares().len()).collect();
    /// assert_eq!(lengths, [7, 7, 7]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn paths(&self, geometry: &Geometry, color: Color, from: Square, may_cross_net: bool) -> Vec<Path> {
        let mut paths = Vec::new();
        if !geometry.size().contains(from) {
            return paths;
        }
        let wrapped;
        let geometry = if self.is_wrapping() {
            wrapped = geometry.with_cylinder();
            &wrapped
        } else {
            geometry
        };
        let step = |at: Square, offset: Offset| {
            let offset = offset.for_color(color);
            geometry
                .step(at, offset.files, offset.ranks)
                .filter(|step| may_cross_net || !step.crossings.contains(Crossings::NET))
        };
        for offset in self.offsets() {
            match self.reach() {
                Reach::Leap => {
                    if let Some(landing) = step(from, offset).filter(|s| s.to != from) {
                        paths.push(Path::new(SmallVec::from_slice(&[landing.to]), 0));
                    }
                }
                Reach::Ride { .. } | Reach::Hop { .. } => {
                    let (max, hop) = match self.reach() {
                        Reach::Hop {
                            screen_within,
                            land_within,
                        } => (
                            None,
                            Some(HopLimits {
                                screen_within,
                                land_within,
                            }),
                        ),
                        Reach::Ride { max } => (max, None),
                        _ => (None, None),
                    };
                    let mut squares = SmallVec::new();
                    let mut at = from;
                    for _ in 0..max.map_or(usize::MAX, usize::from) {
                        match step(at, offset) {
                            Some(landing) if landing.to != from => {
                                squares.push(landing.to);
                                at = landing.to;
                            }
                            _ => break,
                        }
                    }
                    if !squares.is_empty() {
                        let board_offset = offset.for_color(color);
                        paths.push(Path {
                            step: Some((board_offset.files, board_offset.ranks)),
                            hop,
                            ..Path::new(squares, 0)
                        });
                    }
                }
                Reach::Lame => {
                    let mut squares: SmallVec<[Square; 8]> = SmallVec::new();
                    let mut at = from;
                    let complete = lame_way(offset).into_iter().all(|unit| match step(at, unit) {
                        Some(landing) => {
                            squares.push(landing.to);
                            at = landing.to;
                            true
                        }
                        None => false,
                    });
                    if complete && !squares.is_empty() && at != from && !squares[..squares.len() - 1].contains(&from) {
                        let last = squares.len() - 1;
                        paths.push(Path::new(squares, last));
                    }
                }
                Reach::Steps(_) => {}
            }
        }
        if let Reach::Steps(count) = self.reach() {
            if count > 0 && count <= crate::MAX_STEPS {
                let offsets = self.offsets();
                let mut way = SmallVec::new();
                extend_steps(
                    geometry,
                    &offsets,
                    &step,
                    from,
                    from,
                    usize::from(count),
                    &mut way,
                    &mut paths,
                );
            }
        }
        paths
    }
}

/// Extends `way` by single steps until it has `remaining` more, recording
/// each complete way as a path. Each step must be a legal move on its own:
/// on a grid it must leave its cell.
#[allow(clippy::too_many_arguments)]
fn extend_steps(
    geometry: &Geometry,
    offsets: &[Offset],
    step: &impl Fn(Square, Offset) -> Option<fairy_geometry::Step>,
    from: Square,
    at: Square,
    remaining: usize,
    way: &mut SmallVec<[Square; 8]>,
    paths: &mut Vec<Path>,
) {
    if remaining == 0 {
        let last = way.len() - 1;
        paths.push(Path::new(way.clone(), last));
        return;
    }
    for &offset in offsets {
        let Some(landing) = step(at, offset) else { continue };
        let leaves_cell = geometry.grid().is_none() || landing.crossings.contains(Crossings::GRID_LINE);
        if !leaves_cell || landing.to == from || way.contains(&landing.to) {
            continue;
        }
        way.push(landing.to);
        extend_steps(geometry, offsets, step, from, landing.to, remaining - 1, way, paths);
        way.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Atom, Directions};
    use fairy_geometry::BoardSize;

    fn names(geometry: &Geometry, squares: &[Square]) -> Vec<String> {
        squares.iter().map(|&s| geometry.size().name(s).to_string()).collect()
    }

    fn all_paths(geometry: &Geometry, part: Part, color: Color, from: &str, cross: bool) -> Vec<Vec<String>> {
        let from = geometry.size().parse_square(from).unwrap();
        let mut paths: Vec<Vec<String>> = part
            .paths(geometry, color, from, cross)
            .iter()
            .map(|p| names(geometry, p.squares()))
            .collect();
        paths.sort();
        paths
    }

    #[test]
    fn rides_stop_at_edges_and_at_a_net_they_may_not_cross() {
        let size = BoardSize::new(7, 7).unwrap();
        let chennis = Geometry::new(size).with_net(4).unwrap();
        let rook = Part::ride(Atom::WAZIR);
        assert_eq!(
            all_paths(&chennis, rook, Color::White, "a4", false),
            [vec!["a3", "a2", "a1"], vec!["b4", "c4", "d4", "e4", "f4", "g4"]]
        );
        let up: Vec<Vec<String>> = all_paths(&chennis, rook, Color::White, "a4", true);
        assert!(up.contains(&vec!["a5".to_string(), "a6".into(), "a7".into()]));
    }

    #[test]
    fn lame_leaps_pass_their_way() {
        let size = BoardSize::new(8, 8).unwrap();
        let board = Geometry::new(size);
        let double = Part::leap(Atom::DABBABA).only(Directions::FORWARD).lame();
        let from = size.parse_square("e2").unwrap();
        let paths = double.paths(&board, Color::White, from, true);
        assert_eq!(paths.len(), 1);
        assert_eq!(names(&board, paths[0].passed()), ["e3"]);
        assert_eq!(names(&board, paths[0].destinations()), ["e4"]);
        let black = double.paths(&board, Color::Black, size.parse_square("d7").unwrap(), true);
        assert_eq!(names(&board, black[0].squares()), ["d6", "d5"]);
    }

    #[test]
    fn knightly_double_steps_obey_the_grid_at_each_step() {
        let size = BoardSize::new(8, 8).unwrap();
        let cgnp = Geometry::new(size).with_cylinder().with_grid(2, 2).unwrap();
        let steps = Part::leap(Atom::FERZ).only(Directions::FORWARD).steps(2);
        assert_eq!(
            all_paths(&cgnp, steps, Color::White, "e2", true),
            [vec!["d3", "e4"], vec!["f3", "g4"]]
        );
        // Across the seam from the a-file.
        assert_eq!(
            all_paths(&cgnp, steps, Color::White, "a2", true),
            [vec!["b3", "c4"], vec!["h3", "a4"]]
        );
        assert_eq!(
            all_paths(&cgnp, steps, Color::Black, "e7", true),
            [vec!["d6", "e5"], vec!["f6", "g5"]]
        );
    }

    #[test]
    fn a_cylinder_ride_stops_before_its_own_square() {
        let size = BoardSize::new(8, 8).unwrap();
        let cylinder = Geometry::new(size).with_cylinder();
        let bishop = Part::ride(Atom::FERZ);
        let paths = all_paths(&cylinder, bishop, Color::White, "d1", true);
        assert_eq!(
            paths,
            [
                vec!["c2", "b3", "a4", "h5", "g6", "f7", "e8"],
                vec!["e2", "f3", "g4", "h5", "a6", "b7", "c8"],
            ]
        );
        let rank = all_paths(
            &cylinder,
            Part::ride(Atom::DABBABA).only(Directions::SIDEWAYS),
            Color::White,
            "a1",
            true,
        );
        assert_eq!(rank, [vec!["c1", "e1", "g1"], vec!["g1", "e1", "c1"]]);
    }
}
