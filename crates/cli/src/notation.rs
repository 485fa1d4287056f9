//! Moves as people type and read them.

use fairy::geometry::Word;
use fairy::position::{Move, Position, UciError};

/// Reads a move typed in coordinate notation (`e2e4`, `e7e8q`) or in SAN
/// (`e4`, `Nf3`, `O-O`), returning a message for the player if it is not a
/// legal move here.
pub(crate) fn parse_move<W: Word>(position: &Position<'_, W>, text: &str) -> Result<Move, String> {
    match position.parse_uci(text) {
        Ok(mv) => Ok(mv),
        Err(UciError::Parse(_)) => position.parse_san(text).map_err(|error| error.to_string()),
        // Well-formed coordinates that name no legal move: say so rather
        // than that it is not SAN.
        Err(error) => Err(error.to_string()),
    }
}
