//! Standard chess.

use fairy_geometry::Geometry;
use fairy_movement::Movement;
use fairy_position::{CastlingSpec, PieceSpec, Promotion, VariantSpec, Zone};

use crate::{board, square};

/// The start position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Standard chess as a definition: the 8 x 8 board, the six pieces from
/// their movement primitives, castling on both sides, promotion to queen,
/// rook, bishop or knight on the last rank.
pub fn chess_spec() -> VariantSpec {
    chess_army(
        VariantSpec::new("chess", Geometry::new(board(8, 8)), START),
        Movement::chess_pawn(),
    )
    .castling(CastlingSpec::new(
        'K',
        square("e1"),
        square("g1"),
        'R',
        square("h1"),
        square("f1"),
    ))
    .castling(CastlingSpec::new(
        'Q',
        square("e1"),
        square("c1"),
        'R',
        square("a1"),
        square("d1"),
    ))
}

/// Chess's pieces added to `spec`, with `pawn` as the pawn's movement: pawns
/// double-step from the second rank and promote on the eighth to queen,
/// rook, bishop or knight. Shared by the variants played with chess's army.
pub(crate) fn chess_army(spec: VariantSpec, pawn: Movement) -> VariantSpec {
    spec.piece(
        PieceSpec::new('P', "pawn", pawn)
            .initial(Zone::ranks([2]))
            .promotion(Promotion::new(Zone::ranks([8]), ['Q', 'R', 'B', 'N'])),
    )
    .piece(PieceSpec::new('N', "knight", Movement::knight()))
    .piece(PieceSpec::new('B', "bishop", Movement::bishop()))
    .piece(PieceSpec::new('R', "rook", Movement::rook()))
    .piece(PieceSpec::new('Q', "queen", Movement::queen()))
    .piece(PieceSpec::new('K', "king", Movement::king()).royal())
}
