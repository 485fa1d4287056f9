//! Moves as people type and read them.

use fairy::geometry::Word;
use fairy::movement::Color;
use fairy::position::{Move, Position, UciError};

/// Reads a move typed in coordinate notation (`e2e4`, `e7e8q`) or in SAN
/// (`e4`, `Nf3`, `O-O`), returning a message for the player if it is not a
/// legal move here.
pub(crate) fn parse_move<W: Word>(position: &Position<'_, W>, text: &str) -> Result<Move, String> {
    match position.parse_uci(text) {
        Ok(mv) => Ok(mv),
        // Well-formed coordinates that name no legal move: say so rather
        // than that it is not SAN.
        Err(error @ UciError::Illegal { .. }) => Err(error.to_string()),
        Err(UciError::Parse(_)) => position.parse_san(text).map_err(|error| error.to_string()),
    }
}

/// `moves` from `position` in SAN with move numbers: `1. e4 e5 2. Nf3`, or
/// `1... e5 2. Nf3` when Black moves first.
pub(crate) fn san_line<W: Word>(position: &Position<'_, W>, moves: &[Move]) -> String {
    let mut position = position.clone();
    let mut line = String::new();
    for (index, &mv) in moves.iter().enumerate() {
        if !line.is_empty() {
            line.push(' ');
        }
        match position.turn() {
            Color::White => line.push_str(&format!("{}. ", position.fullmoves())),
            Color::Black if index == 0 => line.push_str(&format!("{}... ", position.fullmoves())),
            Color::Black => {}
        }
        line.push_str(&position.san(mv));
        position.play_unchecked(mv);
    }
    line
}
