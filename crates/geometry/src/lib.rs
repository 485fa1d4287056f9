//! Board geometry for chess variants.
//!
//! This crate knows about boards and nothing about pieces:
//!
//! - [`File`], [`Rank`] and [`Coord`] name places on any board from 1x1 up to
//!   16 files by 16 ranks ([`Coord`] prints as `e4` or `p16`).
//! - [`BoardSize`] numbers those places as [`Square`]s, the bit indices of a
//!   [`SquareSet`], rank by rank from `a1`.
//! - [`SquareSet`] is a set of squares stored in a [`Word`] chosen for the
//!   board: `u64` for boards of up to 64 squares (every built-in variant),
//!   `u128` and [`U256`] for larger ones.
//! - [`Geometry`] adds the topology: rectangular edges, a [`Net`] between two
//!   ranks, cylindrical files and a [`Grid`] of cells. [`Geometry::step`]
//!   answers where a step of (df, dr) lands and what it crosses on the way.
//!
//! # Examples
//!
//! ```
//! use fairy_geometry::{BoardSize, Crossings, Geometry};
//!
//! let size = BoardSize::new(8, 8)?;
//! let cylinder = Geometry::new(size).with_cylinder();
//! let h1 = size.parse_square("h1")?;
//! let step = cylinder.step(h1, 1, 0).expect("the cylinder wraps");
//! assert_eq!(size.coord(step.to).unwrap().to_string(), "a1");
//! assert!(step.crossings.contains(Crossings::SEAM));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod coord;
mod geometry;
#[cfg(feature = "serde")]
mod serde_forms;
mod set;
mod size;
mod word;

pub use coord::{Coord, File, ParseCoordError, Rank};
pub use geometry::{Crossings, Geometry, GeometryError, Grid, Net, Step};
pub use set::{SquareSet, SquareSetIter};
pub use size::{BoardSize, BoardSizeError, ParseSquareError, Square, SquareName};
pub use word::{U256, Word};

/// The largest number of files a board may have.
pub const MAX_FILES: u8 = 16;
/// The largest number of ranks a board may have.
pub const MAX_RANKS: u8 = 16;
