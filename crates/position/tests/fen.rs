//! FEN reading and writing on boards of several sizes, and the typed errors
//! for malformed or impossible positions.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

use fairy_geometry::{BoardSize, Geometry};
use fairy_movement::Movement;
use fairy_position::{
    FenError, ParseFenError, PieceSpec, Position, PositionError, Promotion, Variant, VariantSpec, Zone,
};

/// Kings, knights, ferzes and pawns on a board of the given size.
fn variant(files: u8, ranks: u8, start: &str) -> Variant<u64> {
    let size = BoardSize::new(files, ranks).unwrap();
    let spec = VariantSpec::new("test", Geometry::new(size), start)
        .piece(PieceSpec::new('K', "king", Movement::king()).royal())
        .piece(PieceSpec::new('N', "knight", Movement::knight()))
        .piece(PieceSpec::new('F', "ferz", Movement::ferz()))
        .piece(
            PieceSpec::new('P', "pawn", Movement::chess_pawn())
                .initial(Zone::ranks([2]))
                .promotion(Promotion::new(Zone::ranks([ranks]), ['N'])),
        );
    Variant::new(spec).unwrap()
}

fn round_trip(variant: &Variant<u64>, fen: &str) {
    let position = Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(position.fen(), fen);
    let again = Position::from_fen(variant, &position.fen()).unwrap();
    assert_eq!(again, position);
    assert_eq!(again.hash(), position.hash());
}

#[test]
fn round_trips_on_five_by_ten() {
    let gnu_like = variant(5, 10, "nnknn/ppppp/2f2/5/5/5/5/2F2/PPPPP/NNKNN w - - 0 1");
    round_trip(&gnu_like, "nnknn/ppppp/2f2/5/5/5/5/2F2/PPPPP/NNKNN w - - 0 1");
    round_trip(&gnu_like, "2k2/1p3/5/3P1/5/n4/5/5/4F/1K3 b - - 12 40");
    // A double step leaves an en passant square only if it can be taken.
    round_trip(&gnu_like, "2k2/5/5/5/5/5/2Pp1/5/5/2K2 b - c3 0 1");
    let quiet = Position::from_fen(&gnu_like, "2k2/5/5/5/5/5/2P2/5/5/2K2 b - c3 0 1").unwrap();
    assert_eq!(quiet.fen(), "2k2/5/5/5/5/5/2P2/5/5/2K2 b - - 0 1");
}

#[test]
fn round_trips_on_seven_by_seven() {
    let seven = variant(7, 7, "1nnknn1/ppppppp/7/7/7/PPPPPPP/1NNKNN1 w - - 0 1");
    round_trip(&seven, "1nnknn1/ppppppp/7/7/7/PPPPPPP/1NNKNN1 w - - 0 1");
    round_trip(&seven, "3k3/7/N6/3pP2/7/7/3K3 w - d5 0 9");
    round_trip(&seven, "7/3k3/7/7/7/7/K6 b - - 99 120");
}

#[test]
fn round_trips_on_eight_by_eight_with_every_field() {
    let eight = variant(8, 8, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
    round_trip(&eight, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
    round_trip(&eight, "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2");
    round_trip(&eight, "N3k3/8/8/8/8/8/8/4K2n b - - 7 31");
}

#[test]
fn multi_digit_runs_on_a_sixteen_file_board() {
    let size = BoardSize::new(16, 3).unwrap();
    let spec = VariantSpec::new("wide", Geometry::new(size), "k15/16/15K w - - 0 1")
        .piece(PieceSpec::new('K', "king", Movement::king()).royal());
    let wide = Variant::<u64>::new(spec).unwrap();
    round_trip(&wide, "k15/16/15K w - - 0 1");
    round_trip(&wide, "7k8/16/10K5 b - - 0 1");
}

fn fen_error(variant: &Variant<u64>, fen: &str) -> FenError {
    Position::from_fen(variant, fen).expect_err(fen)
}

#[test]
fn malformed_fen_gives_typed_errors() {
    let eight = variant(8, 8, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let parse = |fen| match fen_error(&eight, fen) {
        FenError::Parse(error) => error,
        other => panic!("{fen}: expected a parse error, got {other:?}"),
    };
    assert_eq!(
        parse("4k3/8/8/8/8/8/8/4K4 w - - 0 1"),
        ParseFenError::UnevenRank {
            rank: 1,
            width: 9,
            expected: 8
        }
    );
    assert_eq!(
        parse("4k3/8/8/8/8/8/8/4K3X3K3K3 w"),
        ParseFenError::RankTooLong { rank: 1 }
    );
    assert_eq!(
        parse("4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
        ParseFenError::BadTurn { field: "x".into() }
    );
    assert_eq!(
        parse("4k3/8/8/8/8/8/8/99999999999999999999 w - - 0 1"),
        ParseFenError::BadRun {
            rank: 1,
            run: "99999999999999999999".into()
        }
    );
    assert_eq!(
        parse("4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1"),
        ParseFenError::BadClock {
            name: "halfmove clock",
            field: "99999999999999999999".into()
        }
    );
    assert_eq!(
        parse("4k3/8/8/8/8/8/8/4K2? w - - 0 1"),
        ParseFenError::BadCharacter {
            rank: 1,
            character: '?'
        }
    );
    assert_eq!(parse(""), ParseFenError::Empty);
}

#[test]
fn impossible_positions_give_typed_errors() {
    // Pawns start on the second rank, so none can stand on the first.
    let eight = variant(8, 8, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
    let position = |fen| match fen_error(&eight, fen) {
        FenError::Position(error) => error,
        other => panic!("{fen}: expected a position error, got {other:?}"),
    };
    let size = |files, ranks| BoardSize::new(files, ranks).unwrap();
    assert_eq!(
        position("4k3/8/8/8/8/8/4K3 w - - 0 1"),
        PositionError::BoardSize {
            expected: size(8, 8),
            found: size(8, 7)
        }
    );
    assert_eq!(
        position("4k4/9/9/9/9/9/9/4K4 w - - 0 1"),
        PositionError::BoardSize {
            expected: size(8, 8),
            found: size(9, 8)
        }
    );
    assert_eq!(
        position("4k3/8/8/8/8/8/8/4K2Q w - - 0 1"),
        PositionError::UnknownPiece {
            piece: 'Q',
            square: "h1".parse().unwrap()
        }
    );
    assert_eq!(
        position("4k3/8/8/8/8/8/8/3PK3 w - - 0 1"),
        PositionError::ImpossibleSquare {
            piece: 'P',
            square: "d1".parse().unwrap()
        }
    );
    assert_eq!(
        position("3Pk3/8/8/8/8/8/8/4K3 b - - 0 1"),
        PositionError::ImpossibleSquare {
            piece: 'P',
            square: "d8".parse().unwrap()
        }
    );
    assert_eq!(
        position("8/8/8/8/8/8/8/4K3 w - - 0 1"),
        PositionError::RoyalCount {
            color: fairy_movement::Color::Black,
            count: 0
        }
    );
    assert_eq!(
        position("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),
        PositionError::RoyalCount {
            color: fairy_movement::Color::White,
            count: 2
        }
    );
    assert_eq!(
        position("4k3/8/3N4/8/8/8/8/4K3 w - - 0 1"),
        PositionError::OpponentInCheck
    );
    assert_eq!(
        position("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
        PositionError::UnknownCastling { letter: 'K' }
    );
    assert!(matches!(
        position("4k3/8/8/8/8/8/8/4K3 w - e3 0 1"),
        PositionError::EnPassant { .. }
    ));
    assert!(matches!(
        position("4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1"),
        PositionError::EnPassant { .. }
    ));
    // A possible en passant square that no pawn can take on is dropped.
    let dropped = Position::from_fen(&eight, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").unwrap();
    assert!(dropped.en_passant_squares().is_empty());
}

#[test]
fn errors_display_in_one_line() {
    let eight = variant(8, 8, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    for fen in [
        "",
        "4k3/8/8/8/8/8/8/4K4",
        "4k3/8/8/8/8/8/8/4K2Q w",
        "4k3/8/3N4/8/8/8/8/4K3 w",
    ] {
        let message = fen_error(&eight, fen).to_string();
        assert!(!message.is_empty() && !message.contains('\n'), "{message:?}");
    }
}

#[test]
fn an_en_passant_error_names_the_square_at_fault() {
    let eight = variant(8, 8, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
    let at_fault = |fen: &str| match Position::from_fen(&eight, fen) {
        Err(FenError::Position(PositionError::EnPassant { square, .. })) => square.to_string(),
        other => panic!("{fen}: {other:?}"),
    };
    // After e2-e4, e3 was passed; e5 was not, whatever comes first.
    assert_eq!(at_fault("4k3/8/8/8/4P3/8/8/4K3 b - e3e5 0 1"), "e5");
    assert_eq!(at_fault("4k3/8/8/8/4P3/8/8/4K3 b - e5 0 1"), "e5");
    // The pawn's own square may be listed with the square it passed.
    let listed = Position::from_fen(&eight, "4k3/8/8/8/3pP3/8/8/4K3 b - e3e4 0 1").unwrap();
    assert_eq!(listed.fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
}

#[test]
fn a_wrapping_error_prints_its_cause_once() {
    // The message carries the inner error's, and `source()` does not
    // return it again: a chain reporter prints it once.
    use std::error::Error as _;
    let chess = variant(8, 8, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let error = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4K3 x - - 0 1").unwrap_err();
    assert!(error.to_string().contains("\"x\""), "{error}");
    assert!(error.source().is_none());
    let error = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4K2Z w - - 0 1").unwrap_err();
    assert!(error.to_string().contains("'Z'"), "{error}");
    assert!(error.source().is_none());
}
