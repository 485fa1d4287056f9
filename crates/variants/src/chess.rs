//! Standard chess.

use fairy_geometry::{BoardSize, Coord, File, Geometry, Rank};
use fairy_movement::Movement;
use fairy_position::{CastlingSpec, PieceSpec, Promotion, VariantSpec, Zone};

/// The start position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn square(file: u8, rank: u8) -> Coord {
    match (File::new(file), Rank::new(rank)) {
        (Some(file), Some(rank)) => Coord::new(file, rank),
        _ => unreachable!("chess squares are on the board"),
    }
}

/// Standard chess as a definition: the 8 x 8 board, the six pieces from
/// their movement primitives, castling on both sides, promotion to queen,
/// rook, bishop or knight on the last rank.
pub fn chess_spec() -> VariantSpec {
    let size = match BoardSize::new(8, 8) {
        Ok(size) => size,
        Err(_) => unreachable!("8 x 8 is a valid board"),
    };
    VariantSpec::new("chess", Geometry::new(size), START)
        .piece(
            PieceSpec::new('P', "pawn", Movement::chess_pawn())
                .initial(Zone::ranks([2]))
                .promotion(Promotion::new(Zone::ranks([8]), ['Q', 'R', 'B', 'N'])),
        )
        .piece(PieceSpec::new('N', "knight", Movement::knight()))
        .piece(PieceSpec::new('B', "bishop", Movement::bishop()))
        .piece(PieceSpec::new('R', "rook", Movement::rook()))
        .piece(PieceSpec::new('Q', "queen", Movement::queen()))
        .piece(PieceSpec::new('K', "king", Movement::king()).royal())
        .castling(CastlingSpec::new(
            'K',
            square(4, 0),
            square(6, 0),
            'R',
            square(7, 0),
            square(5, 0),
        ))
        .castling(CastlingSpec::new(
            'Q',
            square(4, 0),
            square(2, 0),
            'R',
            square(0, 0),
            square(3, 0),
        ))
}
