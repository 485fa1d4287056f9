//! Every position legal play reaches is one the FEN reader accepts: the
//! cases where it once was not.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

use fairy_geometry::{BoardSize, Geometry};
use fairy_movement::Movement;
use fairy_position::{PieceSpec, Position, Promotion, Variant, VariantSpec, Zone};

fn board(files: u8, ranks: u8) -> Geometry {
    Geometry::new(BoardSize::new(files, ranks).unwrap())
}

/// Plays `moves` from `fen` and checks every position on the way reads
/// back from its FEN as itself.
fn play_and_read_back<'v>(variant: &'v Variant<u64>, fen: &str, moves: &[&str]) -> Position<'v> {
    let mut position = Position::from_fen(variant, fen).unwrap();
    for text in moves {
        position = position.play_uci(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let again = Position::from_fen(variant, &position.fen()).unwrap_or_else(|e| panic!("{}: {e}", position.fen()));
        assert_eq!(again, position);
        assert_eq!(again.hash(), position.hash());
    }
    position
}

#[test]
fn a_promotion_offers_only_kinds_that_may_stand_on_its_square() {
    // A pawn stepping one or two squares forward promotes on the last two
    // ranks, to a queen or a "runner", which itself must promote on the
    // last rank and so can never stand there: on the last rank only the
    // queen is offered.
    let spec = VariantSpec::new("runners", board(4, 5), "k3/4/4/4/K3 w - - 0 1")
        .piece(PieceSpec::new('K', "king", Movement::king()).royal())
        .piece(PieceSpec::new('Q', "queen", Movement::queen()))
        .piece(PieceSpec::new('U', "runner", "fW".parse().unwrap()).promotion(Promotion::new(Zone::ranks([5]), ['Q'])))
        .piece(
            PieceSpec::new('P', "pawn", "fmWfmD".parse().unwrap())
                .promotion(Promotion::new(Zone::ranks([4, 5]), ['Q', 'U'])),
        );
    let variant = Variant::<u64>::new(spec).unwrap();
    let position = Position::from_fen(&variant, "k3/4/3P/4/K3 w - - 0 1").unwrap();
    let mut moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|&m| position.uci(m).to_string())
        .filter(|m| m.starts_with("d3"))
        .collect();
    moves.sort();
    assert_eq!(moves, ["d3d4q", "d3d4u", "d3d5q"]);
    assert_eq!(position.count_legal_moves(), position.legal_moves().len() as u64);
    play_and_read_back(&variant, "k3/4/3P/4/K3 w - - 0 1", &["d3d4u", "a5b5", "d4d5q"]);
}

#[test]
fn a_double_step_that_promotes_leaves_nothing_to_take_en_passant() {
    // Pawns double-step from anywhere (as in Torpedo chess); a White
    // "duke" captures diagonally, en passant too. Black's b3 pawn
    // double-steps to b1 and promotes, passing b2 next to the duke: the new
    // queen cannot be taken en passant.
    let spec = VariantSpec::new("torpedo", board(8, 8), "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        .piece(PieceSpec::new('K', "king", Movement::king()).royal())
        .piece(PieceSpec::new('Q', "queen", Movement::queen()))
        .piece(PieceSpec::new('D', "duke", "ceFmW".parse().unwrap()))
        .piece(
            PieceSpec::new('P', "pawn", Movement::chess_pawn())
                .initial(Zone::ranks(1..=8))
                .promotion(Promotion::new(Zone::ranks([8]), ['Q'])),
        );
    let variant = Variant::<u64>::new(spec).unwrap();
    let after = play_and_read_back(&variant, "4k3/8/8/8/8/1p6/8/D3K3 b - - 0 1", &["b3b1q"]);
    assert!(after.en_passant_squares().is_empty());
    assert!(after.legal_moves().iter().all(|m| !m.is_en_passant()));
}

#[test]
fn a_double_step_by_two_ways_leaves_both_squares_and_reads_back() {
    // A knightly pawn on an open board reaches b4 from b2 through a3 or c3:
    // Black's knightly pawns may take it on either.
    let spec = VariantSpec::new("knightly", board(8, 8), "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        .piece(PieceSpec::new('K', "king", Movement::king()).royal())
        .piece(PieceSpec::new('P', "knightly pawn", Movement::knightly_pawn()).initial(Zone::ranks([2])));
    let variant = Variant::<u64>::new(spec).unwrap();
    // Black's pawns on c4 and e4 capture two files across, one rank down:
    // c4 takes on a3, e4 on c3.
    let after = play_and_read_back(&variant, "4k3/8/8/8/2p1p3/8/1P6/4K3 w - - 0 1", &["b2b4"]);
    // The pawn's square is listed too: it does not stand on either passed
    // square's file, where Fairy-Stockfish's convention looks for it.
    assert_eq!(after.fen(), "4k3/8/8/8/1Pp1p3/8/8/4K3 b - a3c3b4 0 1");
    let takes: Vec<String> = after
        .legal_moves()
        .iter()
        .filter(|m| m.is_en_passant())
        .map(|&m| after.uci(m).to_string())
        .collect();
    assert_eq!(takes, ["c4a3", "e4c3"]);
    play_and_read_back(&variant, "4k3/8/8/8/2p1p3/8/1P6/4K3 w - - 0 1", &["b2b4", "e4c3"]);
}
