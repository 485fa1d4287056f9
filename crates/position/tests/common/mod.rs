//! Helpers shared by the position tests.

#![allow(dead_code)]

use fairy_geometry::Word;
use fairy_position::Position;

/// The legal moves in coordinate notation, sorted.
pub fn moves<W: Word>(position: &Position<'_, W>) -> Vec<String> {
    let mut moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|&m| position.uci(m).to_string())
        .collect();
    moves.sort();
    moves
}
