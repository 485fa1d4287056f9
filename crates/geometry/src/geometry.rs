//! Board topology: edges, a net between two ranks, cylindrical files and a
//! grid of cells.

use std::error::Error;
use std::fmt;

use bitflags::bitflags;

use crate::{BoardSize, Square};

/// A net lying across the board between two neighbouring ranks.
///
/// Which pieces may cross it, and how, is a rule of the pieces; the geometry
/// only reports that a move crosses it ([`Crossings::NET`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Net {
    below: u8,
}

impl Net {
    /// The rank just below the net, counted from 1 as ranks are named
    /// (Chennis: 4, the net lies between ranks 4 and 5). Every interface
    /// numbers the net this way: [`Geometry::with_net`], definition files
    /// and serde.
    pub const fn rank_below(self) -> u8 {
        self.below + 1
    }

    /// Whether the rank of 0-based index `rank` lies on the upper side of
    /// the net.
    pub const fn is_above(self, rank: u8) -> bool {
        rank > self.below
    }
}

/// A grid dividing the board into rectangular cells, counted from `a1`: a
/// cell is `files` wide and `ranks` high (CGNP chess: 2 x 2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    files: u8,
    ranks: u8,
}

impl Grid {
    /// The width of a cell in files.
    pub const fn cell_files(self) -> u8 {
        self.files
    }

    /// The height of a cell in ranks.
    pub const fn cell_ranks(self) -> u8 {
        self.ranks
    }

    /// The (column, row) of the cell holding a file and rank.
    pub const fn cell(self, file: u8, rank: u8) -> (u8, u8) {
        (file / self.files, rank / self.ranks)
    }
}

bitflags! {
    /// What a step passes on its way from origin to destination.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
    pub struct Crossings: u8 {
        /// Origin and destination lie on different sides of the net.
        const NET = 1;
        /// The step wrapped across the seam of a cylinder (from the last file
        /// to the first or back).
        const SEAM = 1 << 1;
        /// Origin and destination lie in different cells of the grid.
        const GRID_LINE = 1 << 2;
    }
}

/// Where a step lands and what it crossed, as returned by [`Geometry::step`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The destination.
    pub to: Square,
    /// What the step crossed.
    pub crossings: Crossings,
}

/// The shape of a board: its size, and the topology features that compose on
/// it: a net, cylindrical files and a grid of cells.
///
/// # Examples
///
/// ```
/// use fairy_geometry::{BoardSize, Crossings, Geometry};
///
/// // Chennis: 7 x 7 with a net between ranks 4 and 5.
/// let size = BoardSize::new(7, 7)?;
/// let chennis = Geometry::new(size).with_net(4)?;
/// let d4 = size.parse_square("d4")?;
/// let up = chennis.step(d4, 0, 1).unwrap();
/// assert_eq!(size.name(up.to).to_string(), "d5");
/// assert!(up.crossings.contains(Crossings::NET));
/// assert_eq!(chennis.step(d4, 0, 4), None); // off the board
///
/// // CGNP: 8 x 8, cylindrical, 2 x 2 cells.
/// let size = BoardSize::new(8, 8)?;
/// let cgnp = Geometry::new(size).with_cylinder().with_grid(2, 2)?;
/// let e1 = size.parse_square("e1")?;
/// let f2 = size.parse_square("f2")?;
/// assert!(cgnp.same_cell(e1, f2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature a geometry reads and writes as the keys of a
/// variant definition file: `files`, `ranks`, `cylinder` (default false),
/// `net` (the rank below the net, from 1) and `grid` (`[files, ranks]` of a
/// cell), checked as the constructors check them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        try_from = "crate::serde_forms::GeometryForm",
        into = "crate::serde_forms::GeometryForm"
    )
)]
pub struct Geometry {
    size: BoardSize,
    cylinder: bool,
    net: Option<Net>,
    grid: Option<Grid>,
}

impl Geometry {
    /// A rectangular board of this size: no net, no wrap-around, no grid.
    pub const fn new(size: BoardSize) -> Geometry {
        Geometry {
            size,
            cylinder: false,
            net: None,
            grid: None,
        }
    }

    /// This geometry with cylindrical files: the last file is next to the
    /// first. Ranks never wrap.
    #[must_use]
    pub const fn with_cylinder(self) -> Geometry {
        Geometry { cylinder: true, ..self }
    }

    /// This geometry with a net between rank `rank_below` and the next
    /// one, ranks counted from 1 as they are named (Chennis: 4).
    ///
    /// # Errors
    ///
    /// [`GeometryError::NetOffBoard`] if `rank_below` is not a rank of the
    /// board with another above it.
    pub const fn with_net(self, rank_below: u8) -> Result<Geometry, GeometryError> {
        if rank_below == 0 || rank_below >= self.size.ranks() {
            return Err(GeometryError::NetOffBoard {
                rank_below,
                ranks: self.size.ranks(),
            });
        }
        Ok(Geometry {
            net: Some(Net { below: rank_below - 1 }),
            ..self
        })
    }

    /// This geometry with a grid of cells `cell_files` wide and `cell_ranks`
    /// high, counted from `a1`.
    ///
    /// # Errors
    ///
    /// [`GeometryError::EmptyCell`] if either cell dimension is 0.
    pub const fn with_grid(self, cell_files: u8, cell_ranks: u8) -> Result<Geometry, GeometryError> {
        if cell_files == 0 || cell_ranks == 0 {
            return Err(GeometryError::EmptyCell);
        }
        Ok(Geometry {
            grid: Some(Grid {
                files: cell_files,
                ranks: cell_ranks,
            }),
            ..self
        })
    }

    /// This geometry without its grid: the board's shape alone, where
    /// squares touch whatever cells they lie in (a grid restricts moves,
    /// not which squares are neighbours).
    #[must_use]
    pub const fn without_grid(self) -> Geometry {
        Geometry { grid: None, ..self }
    }

    /// The board size.
    pub const fn size(&self) -> BoardSize {
        self.size
    }

    /// Whether files wrap around.
    pub const fn is_cylinder(&self) -> bool {
        self.cylinder
    }

    /// The net, if there is one.
    pub const fn net(&self) -> Option<Net> {
        self.net
    }

    /// The grid, if there is one.
    pub const fn grid(&self) -> Option<Grid> {
        self.grid
    }

    /// Where a step of `files` sideways (towards higher files when positive)
    /// and `ranks` up lands from `from`, and what it crosses. `None` when it
    /// leaves the board over an edge.
    ///
    /// On a cylinder a sideways step always lands: it wraps, and may come
    /// back to `from` itself (a step of a whole circumference).
    pub fn step(&self, from: Square, files: i8, ranks: i8) -> Option<Step> {
        if !self.size.contains(from) {
            return None;
        }
        let (width, height) = (i16::from(self.size.files()), i16::from(self.size.ranks()));
        let from_file = i16::from(self.size.file_of(from));
        let from_rank = i16::from(self.size.rank_of(from));
        let rank = from_rank + i16::from(ranks);
        if !(0..height).contains(&rank) {
            return None;
        }
        let mut file = from_file + i16::from(files);
        let mut crossings = Crossings::empty();
        if !(0..width).contains(&file) {
            if !self.cylinder {
                return None;
            }
            file = file.rem_euclid(width);
            crossings |= Crossings::SEAM;
        }
        let (file, rank) = (file as u8, rank as u8);
        let to = self.size.square_at(file, rank)?;
        if let Some(net) = self.net {
            if net.is_above(from_rank as u8) != net.is_above(rank) {
                crossings |= Crossings::NET;
            }
        }
        if let Some(grid) = self.grid {
            if grid.cell(from_file as u8, from_rank as u8) != grid.cell(file, rank) {
                crossings |= Crossings::GRID_LINE;
            }
        }
        Some(Step { to, crossings })
    }

    /// Whether two squares lie in the same cell of the grid (always false
    /// without a grid, except for a square and itself).
    pub fn same_cell(&self, a: Square, b: Square) -> bool {
        match self.grid {
            Some(grid) => {
                let cell = |s| grid.cell(self.size.file_of(s), self.size.rank_of(s));
                cell(a) == cell(b)
            }
            None => a == b,
        }
    }

    /// Whether two squares lie on different sides of the net (always false
    /// without a net).
    pub fn across_net(&self, a: Square, b: Square) -> bool {
        self.net
            .is_some_and(|net| net.is_above(self.size.rank_of(a)) != net.is_above(self.size.rank_of(b)))
    }
}

/// A geometry feature that does not fit the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GeometryError {
    /// A net must lie between two ranks of the board.
    NetOffBoard {
        /// The rank given as the one below the net, counted from 1.
        rank_below: u8,
        /// The number of ranks of the board.
        ranks: u8,
    },
    /// A grid cell must be at least one square wide and high.
    EmptyCell,
}

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GeometryError::NetOffBoard { rank_below: 0, .. } => {
                write!(f, "a net above rank 0: ranks are numbered from 1")
            }
            GeometryError::NetOffBoard { rank_below, ranks } => write!(
                f,
                "a net above rank {rank_below} does not lie between two ranks of a {ranks}-rank board"
            ),
            GeometryError::EmptyCell => write!(f, "grid cells must be at least 1 x 1"),
        }
    }
}

impl Error for GeometryError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(size: BoardSize, name: &str) -> Square {
        size.parse_square(name).unwrap()
    }

    fn land(geometry: &Geometry, from: &str, df: i8, dr: i8) -> Option<(String, Crossings)> {
        let size = geometry.size();
        geometry
            .step(sq(size, from), df, dr)
            .map(|step| (size.name(step.to).to_string(), step.crossings))
    }

    #[test]
    fn rectangular_edges_on_non_square_boards() {
        let gnu = Geometry::new(BoardSize::new(5, 10).unwrap());
        assert_eq!(land(&gnu, "a1", 1, 3), Some(("b4".into(), Crossings::empty())));
        assert_eq!(land(&gnu, "e10", 0, 1), None);
        assert_eq!(land(&gnu, "e10", 1, 0), None);
        assert_eq!(land(&gnu, "a1", -1, 0), None);
        assert_eq!(land(&gnu, "c9", 0, 1), Some(("c10".into(), Crossings::empty())));
        let chennis = Geometry::new(BoardSize::new(7, 7).unwrap());
        assert_eq!(land(&chennis, "g7", 1, 1), None);
        assert_eq!(land(&chennis, "a1", 6, 6), Some(("g7".into(), Crossings::empty())));
    }

    #[test]
    fn net_is_crossed_only_between_its_ranks() {
        let chennis = Geometry::new(BoardSize::new(7, 7).unwrap()).with_net(4).unwrap();
        assert_eq!(land(&chennis, "d4", 0, 1), Some(("d5".into(), Crossings::NET)));
        assert_eq!(land(&chennis, "d5", 0, -1), Some(("d4".into(), Crossings::NET)));
        assert_eq!(land(&chennis, "d3", 1, 2), Some(("e5".into(), Crossings::NET)));
        assert_eq!(land(&chennis, "d3", 0, 1), Some(("d4".into(), Crossings::empty())));
        assert_eq!(land(&chennis, "d5", 0, 1), Some(("d6".into(), Crossings::empty())));
        let size = chennis.size();
        assert!(chennis.across_net(sq(size, "a1"), sq(size, "g7")));
        assert!(!chennis.across_net(sq(size, "a5"), sq(size, "g7")));
        assert!(Geometry::new(size).with_net(7).is_err());
        assert!(Geometry::new(size).with_net(0).is_err());
        assert!(Geometry::new(size).with_net(6).is_ok());
    }

    #[test]
    fn cylinder_wraps_files_but_not_ranks() {
        let cylinder = Geometry::new(BoardSize::new(8, 8).unwrap()).with_cylinder();
        assert_eq!(land(&cylinder, "h1", 1, 0), Some(("a1".into(), Crossings::SEAM)));
        assert_eq!(land(&cylinder, "a1", -1, 1), Some(("h2".into(), Crossings::SEAM)));
        // A knight crossing the seam.
        assert_eq!(land(&cylinder, "a1", -2, 1), Some(("g2".into(), Crossings::SEAM)));
        assert_eq!(land(&cylinder, "g1", 2, 1), Some(("a2".into(), Crossings::SEAM)));
        assert_eq!(land(&cylinder, "b1", 1, 2), Some(("c3".into(), Crossings::empty())));
        assert_eq!(land(&cylinder, "a8", 0, 1), None);
        // A whole circumference comes back.
        assert_eq!(land(&cylinder, "d4", 8, 0), Some(("d4".into(), Crossings::SEAM)));
    }

    #[test]
    fn grid_lines_separate_cells() {
        let grid = Geometry::new(BoardSize::new(8, 8).unwrap()).with_grid(2, 2).unwrap();
        assert_eq!(land(&grid, "e1", 1, 1), Some(("f2".into(), Crossings::empty())));
        assert_eq!(land(&grid, "e1", -1, 0), Some(("d1".into(), Crossings::GRID_LINE)));
        assert_eq!(land(&grid, "e2", 0, 1), Some(("e3".into(), Crossings::GRID_LINE)));
        let size = grid.size();
        assert!(grid.same_cell(sq(size, "g7"), sq(size, "h8")));
        assert!(!grid.same_cell(sq(size, "f7"), sq(size, "g7")));
        assert!(Geometry::new(size).with_grid(0, 2).is_err());
    }

    #[test]
    fn features_compose() {
        let size = BoardSize::new(8, 8).unwrap();
        let cgnp = Geometry::new(size)
            .with_cylinder()
            .with_grid(2, 2)
            .unwrap()
            .with_net(4)
            .unwrap();
        // The seam is a cell boundary, and the step also crosses the net.
        assert_eq!(
            land(&cgnp, "h4", 1, 1),
            Some(("a5".into(), Crossings::SEAM | Crossings::GRID_LINE | Crossings::NET))
        );
        assert_eq!(
            land(&cgnp, "a3", -1, 0),
            Some(("h3".into(), Crossings::SEAM | Crossings::GRID_LINE))
        );
    }

    #[test]
    fn step_from_off_the_board_is_none() {
        let geometry = Geometry::new(BoardSize::new(3, 3).unwrap());
        assert_eq!(geometry.step(Square::new(9), 0, 0), None);
        assert_eq!(geometry.step(Square::new(0), 127, 0), None);
        assert_eq!(geometry.step(Square::new(0), -128, -128), None);
    }
}
