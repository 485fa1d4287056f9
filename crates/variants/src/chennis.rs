//! Chennis: 7 x 7, a net between ranks 4 and 5, won by a pawn reaching the
//! far rank. Rules: `rules/chennis.md`.

use fairy_geometry::Geometry;
use fairy_movement::{Atom, Directions, Movement, Part};
use fairy_position::{Arrival, NetCrossing, PieceSpec, VariantSpec, Zone};

use crate::board;

/// The start position (clarification 1: the first seven pieces of the
/// source's list, a to g).
pub const START: &str = "rnbkqbn/ppppppp/7/7/7/PPPPPPP/RNBKQBN w - - 0 1";

/// Chennis as a definition. Kings, queens, rooks and bishops never cross the
/// net; knights cross freely; pawns cross by their straight step only and
/// never capture (or attack) across it. A pawn arriving on the far rank
/// wins at once; checkmate loses and stalemate draws.
pub fn chennis_spec() -> VariantSpec {
    let geometry = match Geometry::new(board(7, 7)).with_net(4) {
        Ok(geometry) => geometry,
        Err(_) => unreachable!("a 7-rank board has a rank above the fourth"),
    };
    // A pawn with no double step, no en passant and no promotion.
    let pawn = Movement::new([
        Part::leap(Atom::WAZIR).only(Directions::FORWARD).move_only(),
        Part::leap(Atom::FERZ).only(Directions::FORWARD).capture_only(),
    ]);
    let walled = |piece: PieceSpec| piece.net(NetCrossing::Never);
    VariantSpec::new("chennis", geometry, START)
        .piece(walled(PieceSpec::new('K', "king", Movement::king()).royal()))
        .piece(walled(PieceSpec::new('Q', "queen", Movement::queen())))
        .piece(walled(PieceSpec::new('R', "rook", Movement::rook())))
        .piece(walled(PieceSpec::new('B', "bishop", Movement::bishop())))
        .piece(PieceSpec::new('N', "knight", Movement::knight()))
        .piece(PieceSpec::new('P', "pawn", pawn).net(NetCrossing::MovesOnly))
        .arrival(Arrival::new('P', Zone::ranks([7])))
}
