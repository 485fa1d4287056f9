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

/// The check counters of a variant won by giving checks, as diagrams
/// write them ("checks to give: White 2, Black 3"); `None` in others.
fn checks_to_give<W: fairy_geometry::Word>(position: &fairy_position::Position<'_, W>) -> Option<String> {
    use fairy_movement::Color;
    let white = position.checks_remaining(Color::White)?;
    let black = position.checks_remaining(Color::Black)?;
    Some(format!("checks to give: White {white}, Black {black}"))
}
