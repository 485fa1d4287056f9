//! SVG diagrams.

use std::fmt::Write as _;

use fairy_geometry::{Square, Word};
use fairy_movement::Color;
use fairy_position::Position;

use crate::Glyph;

/// How to draw an SVG diagram.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SvgOptions {
    /// Squares to tint, such as the last move's.
    pub highlight: Vec<Square>,
    /// Mark the royal piece of the side to move if it is in check.
    pub show_check: bool,
    /// Draw the board from Black's side.
    pub flipped: bool,
}

/// The size of a square, in SVG units.
const SQUARE: u32 = 60;
/// The margin around the board: coordinates and seam arrows.
const MARGIN: u32 = 40;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

/// An SVG picture of `position`.
///
/// Chess's pieces are drawn with chess symbols; any other piece (a Ferz, a
/// Gnu, an archbishop, a custom letter) as a disc with its letter, white or
/// black. A net is a thick blue line between its ranks, grid cells are
/// outlined in bold, and a cylinder's seam is marked with arrows at both
/// edges. The side to move is written below the board.
///
/// # Examples
///
/// ```
/// let cgnp = fairy_variants::cgnp();
/// let svg = fairy_diagram::svg(&cgnp.start_position(), &fairy_diagram::SvgOptions::default());
/// assert!(svg.contains("class=\"seam\""));
/// assert!(svg.contains("class=\"grid\""));
/// ```
pub fn svg<W: Word>(position: &Position<'_, W>, options: &SvgOptions) -> String {
    let variant = position.variant();
    let geometry = variant.geometry();
    let size = variant.size();
    let (files, ranks) = (u32::from(size.files()), u32::from(size.ranks()));
    let width = files * SQUARE + 2 * MARGIN;
    let hands: Vec<String> = Color::ALL
        .into_iter()
        .filter_map(|color| crate::hand_line(position, color, true))
        .collect();
    let height = ranks * SQUARE + 2 * MARGIN + 20 + 20 * hands.len() as u32;
    // Board coordinates of the top-left corner of a file and rank.
    let x = |file: u32| {
        let column = if options.flipped { files - 1 - file } else { file };
        MARGIN + column * SQUARE
    };
    let y = |rank: u32| {
        let row = if options.flipped { rank } else { ranks - 1 - rank };
        MARGIN + row * SQUARE
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Segoe UI Symbol, sans-serif">"#
    );
    let _ = writeln!(
        out,
        r#"<title>{} — {}</title>"#,
        escape(variant.name()),
        escape(&position.fen())
    );
    let _ = writeln!(out, r#"<rect width="{width}" height="{height}" fill="white"/>"#);

    // Squares, highlights and check.
    let checked = if options.show_check && position.is_check() {
        position.royal_square(position.turn())
    } else {
        None
    };
    for square in size.squares() {
        let (file, rank) = (u32::from(size.file_of(square)), u32::from(size.rank_of(square)));
        let fill = if (file + rank) % 2 == 0 { DARK } else { LIGHT };
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"#,
            x(file),
            y(rank)
        );
        if options.highlight.contains(&square) {
            let _ = writeln!(
                out,
                r##"<rect class="highlight" x="{}" y="{}" width="{SQUARE}" height="{SQUARE}" fill="#f6f669" fill-opacity="0.6"/>"##,
                x(file),
                y(rank)
            );
        }
        if checked == Some(square) {
            let _ = writeln!(
                out,
                r##"<circle class="check" cx="{}" cy="{}" r="{}" fill="#e02020" fill-opacity="0.55"/>"##,
                x(file) + SQUARE / 2,
                y(rank) + SQUARE / 2,
                SQUARE / 2 - 2
            );
        }
    }
    // Winning arrival squares: a small flag in a corner, White's on the
    // right, Black's on the left.
    for (color, _, zone) in crate::arrivals(position) {
        for square in zone {
            let (file, rank) = (u32::from(size.file_of(square)), u32::from(size.rank_of(square)));
            let (left, top) = (x(file), y(rank));
            let (pole, fill) = match color {
                Color::White => (left + SQUARE - 14, "white"),
                Color::Black => (left + 4, "black"),
            };
            let _ = writeln!(
                out,
                r##"<path class="goal" d="M{pole} {} v16 M{pole} {} l10 4 l-10 4 z" stroke="#202020" stroke-width="1.5" fill="{fill}"/>"##,
                top + 3,
                top + 3
            );
        }
    }
    let _ = writeln!(
        out,
        r##"<rect x="{MARGIN}" y="{MARGIN}" width="{}" height="{}" fill="none" stroke="#333" stroke-width="2"/>"##,
        files * SQUARE,
        ranks * SQUARE
    );

    // Grid cells: bold lines at the cell boundaries.
    if let Some(grid) = geometry.grid() {
        let (cell_files, cell_ranks) = (u32::from(grid.cell_files()), u32::from(grid.cell_ranks()));
        for file in (cell_files..files).step_by(cell_files as usize) {
            let at = if options.flipped { x(file) + SQUARE } else { x(file) };
            let _ = writeln!(
                out,
                r##"<line class="grid" x1="{at}" y1="{MARGIN}" x2="{at}" y2="{}" stroke="#202020" stroke-width="4"/>"##,
                MARGIN + ranks * SQUARE
            );
        }
        for rank in (cell_ranks..ranks).step_by(cell_ranks as usize) {
            let at = if options.flipped { y(rank) } else { y(rank) + SQUARE };
            let _ = writeln!(
                out,
                r##"<line class="grid" x1="{MARGIN}" y1="{at}" x2="{}" y2="{at}" stroke="#202020" stroke-width="4"/>"##,
                MARGIN + files * SQUARE
            );
        }
    }

    // The net: a thick line between its ranks.
    if let Some(net) = geometry.net() {
        let upper = u32::from(net.rank_below());
        let at = if options.flipped { y(upper) } else { y(upper) + SQUARE };
        let _ = writeln!(
            out,
            r##"<line class="net" x1="{}" y1="{at}" x2="{}" y2="{at}" stroke="#1f4fbf" stroke-width="8" stroke-dasharray="14 4"/>"##,
            MARGIN - 12,
            MARGIN + files * SQUARE + 12
        );
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" font-size="12" fill="#1f4fbf">net</text>"##,
            MARGIN + files * SQUARE + 4,
            at - 8
        );
    }

    // The river: a wavy blue band between its ranks.
    if let Some(upper) = crate::river(variant) {
        let upper = u32::from(upper);
        let at = if options.flipped { y(upper) } else { y(upper) + SQUARE };
        let _ = writeln!(
            out,
            r##"<line class="river" x1="{MARGIN}" y1="{at}" x2="{}" y2="{at}" stroke="#3f8fdf" stroke-width="6" stroke-dasharray="10 6"/>"##,
            MARGIN + files * SQUARE
        );
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" font-size="12" fill="#3f8fdf">river</text>"##,
            MARGIN + files * SQUARE + 4,
            at + 4
        );
    }

    // The palaces: their diagonals, corner to corner, where a palace is a
    // rectangle of squares.
    for palace in crate::palaces(variant) {
        let Some(first) = palace.first() else { continue };
        let (mut low_file, mut high_file) = (size.file_of(first), size.file_of(first));
        let (mut low_rank, mut high_rank) = (size.rank_of(first), size.rank_of(first));
        for square in palace {
            low_file = low_file.min(size.file_of(square));
            high_file = high_file.max(size.file_of(square));
            low_rank = low_rank.min(size.rank_of(square));
            high_rank = high_rank.max(size.rank_of(square));
        }
        let rectangle = usize::from(high_file - low_file + 1) * usize::from(high_rank - low_rank + 1);
        if rectangle != palace.count() as usize || rectangle < 4 {
            continue;
        }
        let centre = |file: u8, rank: u8| (x(u32::from(file)) + SQUARE / 2, y(u32::from(rank)) + SQUARE / 2);
        let corners = [
            (centre(low_file, low_rank), centre(high_file, high_rank)),
            (centre(low_file, high_rank), centre(high_file, low_rank)),
        ];
        for ((x1, y1), (x2, y2)) in corners {
            let _ = writeln!(
                out,
                r##"<line class="palace" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#a0522d" stroke-width="2" opacity="0.7"/>"##
            );
        }
    }

    // The cylinder's seam: arrows at both edges, pointing out of the board.
    if geometry.is_cylinder() {
        let middle = MARGIN + ranks * SQUARE / 2;
        let (left, right) = (MARGIN - 6, MARGIN + files * SQUARE + 6);
        let last = (b'a' + size.files() - 1) as char;
        let (left_label, right_label) = if options.flipped { ('a', last) } else { (last, 'a') };
        let _ = writeln!(
            out,
            r##"<g class="seam" fill="#8a2be2"><path d="M{left} {} l-18 14 l18 14 z"/><path d="M{right} {} l18 14 l-18 14 z"/><text x="{}" y="{}" font-size="13">{left_label}</text><text x="{}" y="{}" font-size="13">{right_label}</text></g>"##,
            middle - 14,
            middle - 14,
            left - 16,
            middle + 30,
            right + 6,
            middle + 30
        );
        for at in [MARGIN, MARGIN + files * SQUARE] {
            let _ = writeln!(
                out,
                r##"<line class="seam" x1="{at}" y1="{MARGIN}" x2="{at}" y2="{}" stroke="#8a2be2" stroke-width="3" stroke-dasharray="6 6"/>"##,
                MARGIN + ranks * SQUARE
            );
        }
    }

    // Coordinates.
    for file in 0..files {
        let letter = (b'a' + file as u8) as char;
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" font-size="14" text-anchor="middle" fill="#333">{letter}</text>"##,
            x(file) + SQUARE / 2,
            MARGIN + ranks * SQUARE + 18
        );
    }
    for rank in 0..ranks {
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" font-size="14" text-anchor="end" fill="#333">{}</text>"##,
            MARGIN - 8 - if geometry.is_cylinder() { 20 } else { 0 },
            y(rank) + SQUARE / 2 + 5,
            rank + 1
        );
    }

    // Walls: dark squares with a cross-hatch; a duck: a yellow duck's head.
    let duck = crate::walls_are_a_duck(position.variant());
    for square in position.walls() {
        let (file, rank) = (u32::from(size.file_of(square)), u32::from(size.rank_of(square)));
        let (left, top) = (x(file), y(rank));
        if duck {
            let (cx, cy) = (left + SQUARE / 2, top + SQUARE / 2);
            let _ = writeln!(
                out,
                r##"<g class="duck"><circle cx="{cx}" cy="{cy}" r="{}" fill="#f2c14e" stroke="#8a6d1f" stroke-width="2"/><path d="M{} {} l{} -5 l0 10 z" fill="#e8772e"/><circle cx="{}" cy="{}" r="3" fill="#222"/></g>"##,
                SQUARE * 3 / 10,
                cx + SQUARE * 3 / 10 - 2,
                cy,
                SQUARE / 6,
                cx + SQUARE / 10,
                cy - SQUARE / 10,
            );
            continue;
        }
        let _ = writeln!(
            out,
            r##"<g class="wall"><rect x="{left}" y="{top}" width="{SQUARE}" height="{SQUARE}" fill="#3b3b3b"/><path d="M{left} {top} l{SQUARE} {SQUARE} M{} {top} l-{SQUARE} {SQUARE}" stroke="#777777" stroke-width="3"/></g>"##,
            left + SQUARE
        );
    }

    // Pieces.
    for square in size.squares() {
        let Some(piece) = position.piece_at(square) else {
            continue;
        };
        let (file, rank) = (u32::from(size.file_of(square)), u32::from(size.rank_of(square)));
        let (cx, cy) = (x(file) + SQUARE / 2, y(rank) + SQUARE / 2);
        let white = piece.color == Color::White;
        let (fill, stroke) = if white {
            ("#ffffff", "#000000")
        } else {
            ("#000000", "#ffffff")
        };
        match Glyph::of(variant, piece).solid() {
            Glyph::Chess(symbol) => {
                let _ = writeln!(
                    out,
                    r##"<text class="piece" x="{cx}" y="{}" font-size="{}" text-anchor="middle" fill="{fill}" stroke="#000000" stroke-width="1.5">{symbol}</text>"##,
                    cy + SQUARE * 17 / 60,
                    SQUARE * 46 / 60,
                );
            }
            Glyph::Stone(_) => {
                let _ = writeln!(
                    out,
                    r##"<circle class="piece stone" cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="#000000" stroke-width="2.5"/>"##,
                    SQUARE * 25 / 60,
                );
            }
            Glyph::Letter(letter) => {
                let _ = writeln!(
                    out,
                    r##"<g class="piece disc"><circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="#000000" stroke-width="2.5"/><text x="{cx}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{stroke}">{letter}</text></g>"##,
                    SQUARE * 23 / 60,
                    cy + SQUARE * 9 / 60,
                    SQUARE * 26 / 60
                );
            }
        }
    }

    let mut side = String::from(if position.turn() == Color::White {
        "White to move"
    } else {
        "Black to move"
    });
    if let Some(checks) = crate::checks_to_give(position) {
        side.push_str("; ");
        side.push_str(&checks);
    }
    let _ = writeln!(
        out,
        r##"<text x="{MARGIN}" y="{}" font-size="14" fill="#333">{side}</text>"##,
        MARGIN + ranks * SQUARE + 38
    );
    for (line, hand) in (1..).zip(&hands) {
        let _ = writeln!(
            out,
            r##"<text class="hand" x="{MARGIN}" y="{}" font-size="14" fill="#333">{hand}</text>"##,
            MARGIN + ranks * SQUARE + 38 + 20 * line
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Text safe inside SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
