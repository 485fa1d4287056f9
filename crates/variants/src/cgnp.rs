//! CGNP chess (Cylindrical Grid kNightly Pawns): chess on a cylinder with a
//! 2 x 2 grid, pawns replaced by knightly pawns. Rules: `rules/cgnp.md`.

use fairy_geometry::Geometry;
use fairy_movement::Movement;
use fairy_position::VariantSpec;

use crate::board;
use crate::chess::chess_army;

/// The start position: chess's, with no castling rights.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";

/// CGNP chess as a definition. Files wrap for every move and attack;
/// every move and attack must end in another 2 x 2 cell (the seam is a cell
/// boundary). Knightly pawns step one square diagonally forward, capture
/// with a forward wide knight leap, double-step by two single steps each
/// legal on its own, and are taken en passant on the intermediate square.
/// No castling.
pub fn cgnp_spec() -> VariantSpec {
    let geometry = match Geometry::new(board(8, 8)).with_cylinder().with_grid(2, 2) {
        Ok(geometry) => geometry,
        Err(_) => unreachable!("2 x 2 cells are not empty"),
    };
    chess_army(VariantSpec::new("cgnp", geometry, START), Movement::knightly_pawn())
}
