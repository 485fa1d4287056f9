//! Text diagrams.

use std::fmt::Write as _;

use fairy_geometry::Word;
use fairy_movement::Color;
use fairy_position::Position;

/// How to draw a text diagram.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TextOptions {
    /// Chess symbols and box-drawing lines (otherwise ASCII only).
    pub unicode: bool,
}

impl TextOptions {
    /// Unicode chess symbols and lines.
    pub fn unicode() -> TextOptions {
        TextOptions { unicode: true }
    }

    /// Plain ASCII: letters (upper case White), `.` for empty squares.
    pub fn ascii() -> TextOptions {
        TextOptions { unicode: false }
    }
}

impl Default for TextOptions {
    fn default() -> TextOptions {
        TextOptions::unicode()
    }
}

/// A text diagram of `position`: the highest rank first, rank numbers on
/// the left, file letters below, and the side to move. A net is drawn as a
/// line between its ranks, grid cells are separated by lines, and a
/// cylinder's seam is marked at both ends of each rank.
///
/// # Examples
///
/// ```
/// let gnu = fairy_variants::gnu();
/// let ascii = fairy_diagram::text(&gnu.start_position(), &fairy_diagram::TextOptions::ascii());
/// assert!(ascii.starts_with("10  n n k n n\n"));
/// let unicode = fairy_diagram::text(&gnu.start_position(), &fairy_diagram::TextOptions::unicode());
/// assert!(unicode.starts_with("10  ♞ ♞ ♚ ♞ ♞\n"));
/// ```
pub fn text<W: Word>(position: &Position<'_, W>, options: &TextOptions) -> String {
    let variant = position.variant();
    let geometry = variant.geometry();
    let size = variant.size();
    let grid = geometry.grid();
    let (seam_left, seam_right) = match (geometry.is_cylinder(), options.unicode) {
        (false, _) => (" ", ""),
        (true, true) => ("◂", " ▸"),
        (true, false) => ("<", " >"),
    };
    let mut out = String::new();
    let river = crate::river(variant);
    let [white_palace, black_palace] = crate::palaces(variant);
    let palace = white_palace | black_palace;
    let duck = crate::walls_are_a_duck(variant);
    // Whether a grid line runs between this file and the one before.
    let cell_boundary = |file: u8| file > 0 && grid.is_some_and(|g| file % g.cell_files() == 0);
    // A separator line between cell rows (grid) or at the net.
    let line = |fill: &str, cross: &str| {
        let mut line = String::from("    ");
        for file in 0..size.files() {
            if file > 0 {
                line.push_str(if cell_boundary(file) { cross } else { fill });
            }
            line.push_str(fill);
        }
        line
    };
    for rank in (0..size.ranks()).rev() {
        let _ = write!(out, "{:>2} {seam_left}", rank + 1);
        for file in 0..size.files() {
            if cell_boundary(file) {
                out.push(if options.unicode { '│' } else { '|' });
            } else if file > 0 {
                out.push(' ');
            }
            let square = size.square_at(file, rank);
            let piece = square.and_then(|square| position.piece_at(square));
            let wall = square.is_some_and(|square| position.walls().contains(square));
            let mark = match piece {
                None if wall && duck => {
                    if options.unicode {
                        '◆'
                    } else {
                        '@'
                    }
                }
                None if wall => {
                    if options.unicode {
                        '█'
                    } else {
                        '*'
                    }
                }
                None if square.is_some_and(|square| palace.contains(square)) => {
                    if options.unicode {
                        '∘'
                    } else {
                        '+'
                    }
                }
                None => {
                    if options.unicode {
                        '·'
                    } else {
                        '.'
                    }
                }
                Some(piece) => crate::mark(variant, piece, options.unicode),
            };
            out.push(mark);
        }
        out.push_str(seam_right);
        out.push('\n');
        if rank == 0 {
            continue;
        }
        if geometry.net().is_some_and(|net| net.rank_below() == rank) {
            let net = if options.unicode {
                line("═", "═")
            } else {
                line("=", "=")
            };
            let _ = writeln!(out, "{net} net");
        } else if river == Some(rank) {
            let _ = writeln!(out, "{} river", line("~", "~"));
        } else if grid.is_some_and(|g| rank % g.cell_ranks() == 0) {
            let _ = writeln!(
                out,
                "{}",
                if options.unicode {
                    line("─", "┼")
                } else {
                    line("-", "+")
                }
            );
        }
    }
    out.push_str("    ");
    for file in 0..size.files() {
        if file > 0 {
            out.push(' ');
        }
        out.push((b'a' + file) as char);
    }
    out.push('\n');
    if geometry.is_cylinder() {
        let last = (b'a' + size.files() - 1) as char;
        let _ = writeln!(out, "files wrap: {last} is next to a");
    }
    let side = match position.turn() {
        Color::White => "White",
        Color::Black => "Black",
    };
    let _ = writeln!(out, "{side} to move");
    for color in Color::ALL {
        if let Some(hand) = crate::hand_line(position, color, options.unicode) {
            let _ = writeln!(out, "{hand}");
        }
    }
    if duck {
        let mark = if options.unicode { '◆' } else { '@' };
        let _ = writeln!(out, "duck: {mark} (a wall its side moves after each move)");
    }
    if palace.any() {
        let mark = if options.unicode { '∘' } else { '+' };
        let _ = writeln!(out, "palace: {mark} (its squares, where the royal pieces stay)");
    }
    if let Some(checks) = crate::checks_to_give(position) {
        let _ = writeln!(out, "{checks}");
    }
    if let Some(arrivals) = crate::arrivals_line(position) {
        let _ = writeln!(out, "{arrivals}");
    }
    out
}
