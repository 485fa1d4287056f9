//! Piece movement primitives for chess variants, and the tables they compile
//! into.
//!
//! A piece's movement is a [`Movement`]: a compound of [`Part`]s. Each part is
//! an [`Atom`] (the (m, n) leap of Betza notation: W, F, D, N, A, H, C, Z, G)
//! restricted to some [`Directions`], with a [`Reach`] (one leap, a ride of
//! repeated leaps, a lame leap, or several single steps) and a [`Mode`] (move,
//! capture or both). Named constructors give the common pieces
//! ([`Movement::knight`], [`Movement::gnu`], [`Movement::chess_pawn`],
//! [`Movement::knightly_pawn`], ...).
//!
//! Directions are relative to the side that moves: "forward" is up the board
//! for White and down for Black ([`Color`]).
//!
//! For a given [`Geometry`](fairy_geometry::Geometry), parts become [`Path`]s
//! (the squares a move passes, in order) and then a [`MoveTable`]: a lookup
//! from a square and the board's occupancy to the reachable squares, built
//! once per variant. The tables know nothing of positions or rules beyond
//! the board.
//!
//! # Examples
//!
//! ```
//! use fairy_geometry::{BoardSize, Geometry, SquareSet};
//! use fairy_movement::{Color, Movement, MoveTable, TablePart};
//!
//! let size = BoardSize::new(5, 10)?;
//! let geometry = Geometry::new(size);
//! let camel = Movement::camel();
//! let parts: Vec<TablePart<u64>> = camel
//!     .parts()
//!     .iter()
//!     .map(|&part| TablePart::new(part, Color::White, geometry))
//!     .collect();
//! let table = MoveTable::<u64>::compile(&geometry, &parts);
//! let a1 = size.parse_square("a1")?;
//! let names: Vec<String> = table
//!     .attacks(a1, SquareSet::EMPTY)
//!     .iter()
//!     .map(|s| size.name(s).to_string())
//!     .collect();
//! assert_eq!(names, ["d2", "b4"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod atom;
pub mod betza;
mod color;
mod directions;
mod fill;
mod legged;
mod line;
mod magic;
mod movement;
mod part;
mod path;
mod shift;
mod sightlines;
mod table;

pub use atom::{Atom, Offset};
pub use betza::{BetzaError, BetzaErrorKind, MAX_BETZA_LENGTH};
pub use color::Color;
pub use directions::Directions;
pub use fill::DirectionFill;
pub use movement::Movement;
pub use part::{MAX_STEPS, Mode, Part, Reach};
pub use path::Path;
pub use shift::ShiftTable;
pub use sightlines::Sightlines;
pub use table::{MoveTable, PathHit, TablePart};
