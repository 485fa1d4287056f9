//! Gnu: 5 x 10, an uncapturable Ferz, knights and pawns promoting to Gnus,
//! won by the king reaching the far rank. Rules: `rules/gnu.md`.

use fairy_geometry::Geometry;
use fairy_movement::Movement;
use fairy_position::{Arrival, PieceSpec, Promotion, VariantSpec, Zone};

use crate::board;

/// The start position.
pub const START: &str = "nnknn/ppppp/2f2/5/5/5/5/2F2/PPPPP/NNKNN w - - 0 1";

/// Gnu as a definition. Pawns move as in chess (double step from their
/// start rank, en passant). The Ferz cannot be captured by anything. A pawn
/// or a knight ending a move on the far rank becomes a Gnu (Knight + Camel),
/// written `g`; a king arriving there wins at once. Checkmate wins,
/// stalemate draws; no castling.
pub fn gnu_spec() -> VariantSpec {
    let to_gnu = || Promotion::new(Zone::ranks([10]), ['G']);
    VariantSpec::new("gnu", Geometry::new(board(5, 10)), START)
        .piece(PieceSpec::new('K', "king", Movement::king()).royal())
        .piece(PieceSpec::new('N', "knight", Movement::knight()).promotion(to_gnu()))
        .piece(
            PieceSpec::new('P', "pawn", Movement::chess_pawn())
                .initial(Zone::ranks([2]))
                .promotion(to_gnu()),
        )
        .piece(PieceSpec::new('F', "ferz", Movement::ferz()).uncapturable())
        .piece(PieceSpec::new('G', "gnu", Movement::gnu()))
        .arrival(Arrival::new('K', Zone::ranks([10])))
}
