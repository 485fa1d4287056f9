//! fairy: chess variants ("fairy chess") from composable primitives.
//!
//! This crate gathers the workspace's crates under one roof:
//!
//! - [`geometry`]: boards of any size up to 16 x 16, square sets, nets,
//!   cylinders and grids;
//! - [`movement`]: leapers, riders, pawns and compounds, compiled into move
//!   tables;
//! - [`position`]: variant rules, FEN, positions, legal move generation,
//!   perft;
//! - [`variants`]: the built-in variants, and variants defined in files;
//! - [`diagram`]: text and SVG diagrams;
//! - [`engine`]: a search engine to analyse and play any variant.
//!
//! The most used types are re-exported at the top level.
//!
//! # Examples
//!
//! ```
//! let chess = fairy::variants::chess();
//! let position = chess.start_position();
//! let e4 = position.parse_uci("e2e4")?;
//! let position = position.play(e4)?;
//! assert_eq!(position.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
//! assert_eq!(position.perft(3), 13_160);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use fairy_diagram as diagram;
pub use fairy_engine as engine;
pub use fairy_geometry as geometry;
pub use fairy_movement as movement;
pub use fairy_position as position;
pub use fairy_variants as variants;

pub use fairy_engine::{Analysis, Engine, Limits, analyse};
pub use fairy_geometry::{BoardSize, Coord, Geometry, Square, SquareSet};
pub use fairy_movement::{Color, Movement, Part};
pub use fairy_position::{
    AnyGame, AnyVariant, Game, Move, Outcome, PieceSpec, Position, SanError, Setup, UciMove, Variant, VariantSpec,
};

/// The README's code examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
