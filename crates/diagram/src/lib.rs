//! Diagrams of positions of any variant: a text diagram for terminals and
//! an SVG picture for the web, both showing what makes a board special (a
//! net, grid cells, a cylinder's seam) and telling apart pieces that have
//! no chess symbol.
//!
//! # Examples
//!
//! ```
//! let chennis = fairy_variants::chennis();
//! let start = chennis.start_position();
//! let text = fairy_diagram::text(&start, &fairy_diagram::TextOptions::ascii());
//! assert!(text.contains("net"));
//! let svg = fairy_diagram::svg(&start, &fairy_diagram::SvgOptions::default());
//! assert!(svg.starts_with("<svg"));
//! ```

mod glyph;
mod svg;
mod text;

pub use glyph::Glyph;
pub use svg::{SvgOptions, svg};
pub use text::{TextOptions, text};
