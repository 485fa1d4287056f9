//! Standard algebraic notation, checked by hand on small positions.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;

use common::{place, position};
use fairy_movement::Color::White;
use fairy_position::SanError;

fn san_of(position: &fairy_position::Position<'static>, uci: &str) -> String {
    position.san(position.parse_uci(uci).unwrap())
}

#[test]
fn chess_moves_in_san() {
    let start = fairy_variants::chess().start_position();
    assert_eq!(san_of(&start, "e2e4"), "e4");
    assert_eq!(san_of(&start, "g1f3"), "Nf3");
    let castles = position(fairy_variants::chess(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san_of(&castles, "e1g1"), "O-O");
    assert_eq!(san_of(&castles, "e1c1"), "O-O-O");
    assert_eq!(san_of(&castles, "a1a8"), "Rxa8+");
    let promotion = position(fairy_variants::chess(), "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(san_of(&promotion, "e7e8q"), "e8=Q+"); // the queen checks along the rank
    assert_eq!(san_of(&promotion, "e7d8n"), "exd8=N");
    let mate = fairy_variants::chess()
        .start_position()
        .play_uci("f2f3 e7e5 g2g4")
        .unwrap();
    assert_eq!(san_of(&mate, "d8h4"), "Qh4#");
    let en_passant = position(fairy_variants::chess(), "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2");
    assert_eq!(san_of(&en_passant, "d5c6"), "dxc6");
}

#[test]
fn disambiguation_by_file_rank_or_both() {
    // Knights on c3 and g1 can both go to e2: the file tells them apart.
    let knights = position(fairy_variants::chess(), "4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1");
    assert_eq!(san_of(&knights, "c3e2"), "Nce2");
    assert_eq!(san_of(&knights, "g1e2"), "Nge2");
    // Rooks on a1 and a7 share the file: the rank.
    let rooks = position(fairy_variants::chess(), "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san_of(&rooks, "a1a4"), "R1a4");
    assert_eq!(san_of(&rooks, "a7a4"), "R7a4");
    // Queens on a1, a5 and e1 all reach e5: a1 shares a file with a5 and a
    // rank with e1, so it needs both.
    let queens = position(fairy_variants::chess(), "8/7k/8/Q7/8/8/8/Q3Q2K w - - 0 1");
    assert_eq!(san_of(&queens, "a1e5"), "Qa1e5");
    assert_eq!(san_of(&queens, "a5e5"), "Q5e5");
    assert_eq!(san_of(&queens, "e1e5"), "Qee5");
    for uci in ["a1e5", "a5e5", "e1e5"] {
        let mv = queens.parse_uci(uci).unwrap();
        assert_eq!(queens.parse_san(&queens.san(mv)), Ok(mv));
    }
}

#[test]
fn disambiguation_across_the_seam_of_a_cylinder() {
    // On CGNP's cylinder the knights on a1 and g1 both reach h3.
    let position = place(fairy_variants::cgnp(), "Na1 Ng1 Ke5 ke8", White);
    assert_eq!(san_of(&position, "a1h3"), "Nah3");
    assert_eq!(san_of(&position, "g1h3"), "Ngh3");
    // A rook reaching a square round either side is one move, one name.
    let rook = place(fairy_variants::cgnp(), "Ra1 Ke3 ke6", White);
    assert_eq!(san_of(&rook, "a1h1"), "Rh1");
}

#[test]
fn pawn_like_pieces_are_told_apart_when_two_reach_a_square() {
    // Pawns on b3 and d3 both take on c4: the file tells them apart.
    let position = place(fairy_variants::gnu(), "Pb3 Pd3 nc4 Kc1 kc10", White);
    assert_eq!(san_of(&position, "b3c4"), "bxc4");
    assert_eq!(san_of(&position, "d3c4"), "dxc4");
}

#[test]
fn reading_san_is_lenient_but_exact() {
    let start = fairy_variants::chess().start_position();
    let nf3 = start.parse_uci("g1f3").unwrap();
    for text in ["Nf3", "Ngf3", "Ng1f3", "Nf3+", "Nf3!", " Nf3 "] {
        assert_eq!(start.parse_san(text), Ok(nf3), "{text}");
    }
    assert!(matches!(start.parse_san("Nf4"), Err(SanError::Illegal { .. })));
    assert!(matches!(start.parse_san("Zf3"), Err(SanError::Illegal { .. })));
    assert!(matches!(start.parse_san(""), Err(SanError::Syntax { .. })));
    assert!(matches!(start.parse_san("N"), Err(SanError::Syntax { .. })));
    let knights = position(fairy_variants::chess(), "4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1");
    assert!(matches!(knights.parse_san("Ne2"), Err(SanError::Ambiguous { .. })));
    let promotion = position(fairy_variants::chess(), "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1");
    let queen = promotion.parse_uci("e7e8q").unwrap();
    assert_eq!(promotion.parse_san("e8=Q"), Ok(queen));
    assert_eq!(promotion.parse_san("e8Q"), Ok(queen));
    assert!(promotion.parse_san("e8").is_err());
    let castles = position(fairy_variants::chess(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(castles.parse_san("0-0"), castles.parse_san("O-O"));
    // Gnu promotions read with their letter.
    let gnu = place(fairy_variants::gnu(), "Pb9 Ke1 ke10", White);
    assert_eq!(gnu.san(gnu.parse_san("b10=G").unwrap()), "b10=G");
}
