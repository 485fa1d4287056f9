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

/// The winning arrivals of a variant: per side, each kind whose arrival
/// wins and the squares where it does.
fn arrivals<W: fairy_geometry::Word>(
    position: &fairy_position::Position<'_, W>,
) -> Vec<(
    fairy_movement::Color,
    fairy_position::PieceKind,
    fairy_geometry::SquareSet<W>,
)> {
    let variant = position.variant();
    fairy_movement::Color::ALL
        .into_iter()
        .flat_map(|color| {
            variant
                .kinds()
                .map(move |kind| (color, kind, variant.arrival_zone(kind, color)))
        })
        .filter(|(_, _, zone)| zone.any())
        .collect()
}

/// The winning arrivals as diagrams write them ("arrival wins: White K on
/// rank 8, Black K on rank 8"); `None` in variants without them.
fn arrivals_line<W: fairy_geometry::Word>(position: &fairy_position::Position<'_, W>) -> Option<String> {
    let variant = position.variant();
    let size = variant.size();
    let described: Vec<String> = arrivals(position)
        .into_iter()
        .map(|(color, kind, zone)| {
            let side = match color {
                fairy_movement::Color::White => "White",
                fairy_movement::Color::Black => "Black",
            };
            // Whole ranks by number, other squares by name.
            let mut parts = Vec::new();
            let mut rest = zone;
            for rank in 0..size.ranks() {
                let whole: fairy_geometry::SquareSet<W> = (0..size.files())
                    .filter_map(|file| size.square_at(file, rank))
                    .collect();
                if whole.any() && (whole - zone).is_empty() {
                    parts.push(format!("rank {}", rank + 1));
                    rest = rest - whole;
                }
            }
            parts.extend(rest.iter().map(|square| size.name(square).to_string()));
            format!("{side} {} on {}", variant.letter(kind), parts.join(", "))
        })
        .collect();
    (!described.is_empty()).then(|| format!("arrival wins: {}", described.join("; ")))
}

/// The river: where a kind's region is White's first ranks and Black's
/// the others (Xiangqi's elephants), the 0-based rank above it.
fn river<W: fairy_geometry::Word>(variant: &fairy_position::Variant<W>) -> Option<u8> {
    use fairy_movement::Color;
    let size = variant.size();
    let below = |rank: u8| -> fairy_geometry::SquareSet<W> {
        size.squares().filter(|&square| size.rank_of(square) < rank).collect()
    };
    let board = fairy_geometry::SquareSet::<W>::board(size);
    variant.kinds().find_map(|kind| {
        let white = variant.region(kind, Color::White);
        let black = variant.region(kind, Color::Black);
        (1..size.ranks()).find(|&rank| white == below(rank) && black == board - below(rank))
    })
}

/// Whether the walls are a duck: the one wall, moved every turn, that duck
/// chess's diagrams draw as a duck.
fn walls_are_a_duck<W: fairy_geometry::Word>(variant: &fairy_position::Variant<W>) -> bool {
    variant
        .spec()
        .walling
        .as_ref()
        .is_some_and(|walling| walling.rule == fairy_position::WallRule::Duck)
}

/// The palaces: the squares royal pieces are kept to where that is not
/// whole ranks, per side.
fn palaces<W: fairy_geometry::Word>(variant: &fairy_position::Variant<W>) -> [fairy_geometry::SquareSet<W>; 2] {
    use fairy_movement::Color;
    let size = variant.size();
    let board = fairy_geometry::SquareSet::<W>::board(size);
    Color::ALL.map(|color| {
        variant
            .kinds()
            .filter(|&kind| variant.piece(kind).is_some_and(|spec| spec.royal))
            .map(|kind| variant.region(kind, color))
            .filter(|&region| region != board)
            .fold(fairy_geometry::SquareSet::EMPTY, |all, region| all | region)
    })
}

/// The check counters of a variant won by giving checks, as diagrams
/// write them ("checks to give: White 2, Black 3"); `None` in others.
fn checks_to_give<W: fairy_geometry::Word>(position: &fairy_position::Position<'_, W>) -> Option<String> {
    use fairy_movement::Color;
    let white = position.checks_remaining(Color::White)?;
    let black = position.checks_remaining(Color::Black)?;
    Some(format!("checks to give: White {white}, Black {black}"))
}

/// The character a text diagram shows a piece by: its chess symbol with
/// `symbols` where it has one, otherwise its letter (lower case for Black).
fn mark<W: fairy_geometry::Word>(
    variant: &fairy_position::Variant<W>,
    piece: fairy_position::Piece,
    symbols: bool,
) -> char {
    match (Glyph::of(variant, piece), symbols) {
        (Glyph::Chess(symbol) | Glyph::Stone(symbol), true) => symbol,
        _ if piece.color == fairy_movement::Color::White => variant.letter(piece.kind),
        _ => variant.letter(piece.kind).to_ascii_lowercase(),
    }
}

/// A side's pieces in hand as diagrams write them ("White in hand: ♕ ♘
/// ♙×2", or with letters, lower case for Black: "Black in hand: q n
/// px2"), in the order FEN lists them; `None` in variants without drops.
fn hand_line<W: fairy_geometry::Word>(
    position: &fairy_position::Position<'_, W>,
    color: fairy_movement::Color,
    symbols: bool,
) -> Option<String> {
    use fairy_movement::Color;
    let variant = position.variant();
    // Free drops take nothing from a hand.
    if !variant.has_drops() || variant.spec().drops.as_ref().is_some_and(|drops| drops.free) {
        return None;
    }
    let hand = position.hand(color);
    let mut held: Vec<String> = hand
        .iter()
        .map(|(kind, count)| {
            let shown = mark(variant, fairy_position::Piece { color, kind }, symbols);
            let times = if symbols { '×' } else { 'x' };
            if count > 1 {
                format!("{shown}{times}{count}")
            } else {
                shown.to_string()
            }
        })
        .collect();
    held.reverse();
    if held.is_empty() {
        held.push("-".to_owned());
    }
    let side = match color {
        Color::White => "White",
        Color::Black => "Black",
    };
    Some(format!("{side} in hand: {}", held.join(" ")))
}
