//! The gallery's variants whose moves place walls (duck, amazons,
//! isolation, isolation7x7, snailtrail, joust, and atlantis from
//! Fairy-Stockfish's `variants.ini`) against Fairy-Stockfish's
//! `tests/perft.sh` figures and its `go perft`, and one focused test per
//! rule on a small position: the duck, the arrow, the wall left behind, the
//! squares closed to walls, the sinking edge, a wall instead of a move, a
//! wall that blocks a check, and the notation.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;
#[macro_use]
mod from_gallery;

use common::{ended, moves, moves_from};
use fairy_geometry::{BoardSize, Geometry};
use fairy_movement::{Color, Movement};
use fairy_position::{EndReason, PieceSpec, Position, Variant, VariantError, VariantSpec, WallRule, Walling};

gallery_variant!(duck, "duck");
gallery_variant!(amazons, "amazons", u128);
gallery_variant!(isolation, "isolation");
gallery_variant!(isolation7x7, "isolation7x7");
gallery_variant!(snailtrail, "snailtrail");
gallery_variant!(joust, "joust");
gallery_variant!(atlantis, "atlantis");

fn at<W: fairy_geometry::Word>(variant: &'static Variant<W>, fen: &str) -> Position<'static, W> {
    Position::from_fen(variant, fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

// Fairy-Stockfish's `tests/perft.sh`, and its `go perft` from the start
// (a build with all variants).

#[test]
fn start_perft_1_as_fairy_stockfish_perft_sh() {
    assert_eq!(duck().start_position().perft(1), 640);
    assert_eq!(amazons().start_position().perft(1), 2176);
}

#[test]
fn start_perft_as_fairy_stockfish() {
    assert_eq!(isolation().start_position().perft(2), 47_300);
    assert_eq!(isolation7x7().start_position().perft(2), 49_500);
    assert_eq!(snailtrail().start_position().perft(5), 1_125);
    assert_eq!(joust().start_position().perft(5), 8_094);
    assert_eq!(atlantis().start_position().perft(4), 658_937);
}

#[test]
#[ignore = "250 million to 8 billion nodes: run with --ignored (release)"]
fn start_perft_deep_as_fairy_stockfish_go_perft() {
    // Fairy-Stockfish's `go perft` from the start, in a build with all
    // variants (largeboards).
    assert_eq!(duck().start_position().perft(3), 249_921_262);
    assert_eq!(amazons().start_position().perft(3), 8_350_439_170);
    assert_eq!(isolation().start_position().perft(3), 13_032_440);
    assert_eq!(isolation7x7().start_position().perft(3), 13_974_620);
    assert_eq!(snailtrail().start_position().perft(11), 19_910_670);
    assert_eq!(joust().start_position().perft(11), 32_767_952);
    assert_eq!(atlantis().start_position().perft(5), 20_255_261);
}

// The rules, one small position each.

#[test]
fn the_duck_goes_to_any_empty_square_but_the_one_it_leaves() {
    // 20 moves, each with the duck on any of the 32 empty squares after it.
    assert_eq!(duck().start_position().perft(1), 20 * 32);
    // With the duck on e5, e7e5 is blocked (19 moves), and the duck must
    // leave e5 for one of the 31 other empty squares.
    let after = duck().start_position().play_uci("e2e4,e4e5").unwrap();
    assert_eq!(
        after.fen(),
        "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(after.perft(1), 19 * 31);
    let moved = after.play_uci("e7e6,e6e5");
    assert!(moved.is_err(), "the duck may not stay where it is");
}

#[test]
fn the_duck_blocks_lines_and_is_never_captured() {
    // The rook on a1 stops at a3, below the duck on a4; the king steps to
    // its five squares. Each of the ten moves puts the duck on one of the
    // 60 empty squares.
    let position = at(duck(), "4k3/8/8/8/*7/8/8/R3K3 w - - 0 1");
    let rook: Vec<_> = moves_from(&position, "a1")
        .into_iter()
        .map(|m| m[..4].to_owned())
        .collect();
    let mut rook_moves = rook.clone();
    rook_moves.dedup();
    assert_eq!(rook_moves, ["a1a2", "a1a3", "a1b1", "a1c1", "a1d1"]);
    assert_eq!(position.perft(1), 10 * 60);
}

#[test]
fn a_side_whose_king_is_taken_loses_in_duck_chess() {
    let position = at(duck(), "4k3/8/8/8/8/8/8/4K2r b - - 0 1");
    let after = position.play_uci("h1e1,e1e2").unwrap();
    assert_eq!(after.fen(), "4k3/8/8/8/8/8/4*3/4r3 w - - 0 2");
    assert_eq!(after.outcome(), ended(Some(Color::Black), EndReason::Extinction));
}

#[test]
fn a_side_without_a_move_wins_in_duck_chess() {
    // The king on a8 is shut in by its pawns and the duck on b8; the a7
    // pawn is blocked by its king, the b7 pawn by the duck.
    let position = at(duck(), "K*6/PP6/8/8/8/8/8/7k w - - 0 1");
    assert!(position.legal_moves().is_empty());
    assert_eq!(position.outcome(), ended(Some(Color::White), EndReason::Stalemate));
}

#[test]
fn no_en_passant_over_the_duck() {
    let start = at(duck(), "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    let over_duck = start.play_uci("e2e4,e4e3").unwrap();
    assert_eq!(over_duck.fen(), "4k3/8/8/8/3pP3/4*3/8/4K3 b - - 0 1");
    let elsewhere = start.play_uci("e2e4,e4a5").unwrap();
    assert_eq!(elsewhere.fen(), "4k3/8/8/*7/3pP3/8/8/4K3 b - e3 0 1");
    assert!(elsewhere.parse_uci("d4e3,e3a1").is_ok());
}

#[test]
fn the_arrow_flies_from_where_the_amazon_lands_through_the_square_it_left() {
    // Walled in on a1, the amazon can only go to a2; from there it shoots
    // back to a1, which it left, or along the diagonal to i10.
    let position = at(amazons(), "9q/10/10/10/10/10/10/*9/1*8/Q*8 w - - 0 1");
    let expected: Vec<String> = ["a1", "b3", "c4", "d5", "e6", "f7", "g8", "h9", "i10"]
        .iter()
        .map(|wall| format!("a1a2,a2{wall}"))
        .collect();
    let mut expected = expected;
    expected.sort();
    assert_eq!(moves(&position), expected);
}

#[test]
fn the_snail_leaves_a_wall_where_it_was() {
    let start = snailtrail().start_position();
    assert_eq!(moves(&start), ["a1a2,a2a1", "a1b1,b1a1", "a1b2,b2a1"]);
    let after = start.play_uci("a1b2,b2a1").unwrap();
    assert_eq!(after.fen(), "6p/7/7/7/7/1P5/*6 b - - 1 1");
    let back = after.play_uci("g7g6,g6g7").unwrap();
    assert!(!moves(&back).iter().any(|m| m.starts_with("b2a1")));
}

#[test]
fn the_knight_leaves_a_wall_where_it_was_in_joust() {
    // Eight leaps from d4, each walling d4 behind it.
    let start = joust().start_position();
    let walls: Vec<_> = moves(&start).iter().map(|m| m[5..].to_owned()).collect();
    assert_eq!(walls.len(), 8);
    assert!(walls.iter().all(|wall| wall.ends_with("d4")));
}

#[test]
fn isolation_walls_go_anywhere_but_the_starting_squares() {
    // Five steps from c1; after each, 46 empty squares, c1 closed to walls.
    let start = isolation().start_position();
    assert_eq!(start.perft(1), 5 * 45);
    assert!(start.parse_uci("c1c2,c2c1").is_err());
    assert!(start.parse_uci("c1c2,c2b1").is_ok());
    let seven = isolation7x7().start_position();
    assert_eq!(seven.perft(1), 5 * 46);
    assert!(seven.parse_uci("d1d2,d2d1").is_err());
}

#[test]
fn a_side_without_a_move_loses_in_isolation() {
    // White's piece on a1 is walled in on a2, b1 and b2.
    let position = at(isolation(), "3p2/6/6/6/6/6/**4/P*4 w - - 0 1");
    assert!(position.legal_moves().is_empty());
    assert_eq!(position.outcome(), ended(Some(Color::Black), EndReason::Stalemate));
}

#[test]
fn walled_moves_in_notation_as_fairy_stockfish_writes_them() {
    let start = duck().start_position();
    let mv = start.parse_uci("g1f3,f3d5").unwrap();
    assert_eq!(start.san(mv), "Nf3,d5");
    assert_eq!(start.parse_san("Nf3,d5").unwrap(), mv);
    assert!(start.parse_san("Nf3").is_err(), "a walled move names its wall");
    let castling = at(duck(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let castle = castling.parse_uci("e1g1,g1e2").unwrap();
    assert_eq!(castling.san(castle), "O-O,e2");
    assert_eq!(castling.parse_san("O-O,e2").unwrap(), castle);
    let snail = snailtrail().start_position();
    assert_eq!(snail.san(snail.parse_uci("a1b1,b1a1").unwrap()), "Pb1,a1");
}

#[test]
fn atlantis_sinks_an_empty_square_at_the_edge_or_next_to_a_wall_instead_of_moving() {
    // 26 empty edge squares and the 4 next to the wall on d4, each sunk
    // by a wall alone written from the king, and the king's 5 moves.
    let position = at(atlantis(), "4k3/8/8/8/3*4/8/8/4K3 w - - 0 1");
    let walls: Vec<String> = moves_from(&position, "e1")
        .into_iter()
        .filter(|mv| mv.starts_with("e1e1,"))
        .collect();
    assert_eq!(walls.len(), 30);
    for square in ["d3", "d5", "c4", "e4", "a1", "h5", "b8"] {
        assert!(walls.contains(&format!("e1e1,e1{square}")), "{square}");
    }
    assert!(
        !walls.contains(&"e1e1,e1c3".to_owned()),
        "c3 is neither at the edge nor next to a wall"
    );
    assert_eq!(position.perft(1), 35);
}

#[test]
fn atlantis_sinking_is_no_way_out_of_check() {
    // A wall on b1, c1 or d1 would cut the rook's line: only the king moves.
    let position = at(atlantis(), "4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert_eq!(moves(&position), ["e1d2,d2a1", "e1e2,e2a1", "e1f2,f2a1"]);
}

#[test]
fn atlantis_moves_in_notation_as_fairy_stockfish_writes_them() {
    let start = atlantis().start_position();
    // A plain move with the placeholder wall, read with or without it.
    let knight = start.parse_uci("b1c3").unwrap();
    assert_eq!(start.parse_uci("b1c3,c3a1").unwrap(), knight);
    assert_eq!(start.uci(knight).to_string(), "b1c3,c3a1");
    assert_eq!(start.san(knight), "Nc3,a1");
    assert_eq!(start.parse_san("Nc3").unwrap(), knight);
    // A wall alone, from the side's first piece: a pass written as its
    // move to its own square, which resets the n-move clock for a pawn.
    let sink = start.parse_uci("a1a1,a1a5").unwrap();
    assert_eq!(start.san(sink), "Ra1,a5");
    assert_eq!(start.parse_san("Ra1,a5").unwrap(), sink);
    let after = start.play_uci("b1c3 a7a7,a7a3 c3b1 a7a7,a7a4").unwrap();
    assert_eq!(
        after.fen(),
        "rnbqkbnr/pppppppp/8/8/*7/*7/PPPPPPPP/RNBQKBNR w KQkq - 0 3"
    );
}

fn kings_and_knight() -> Variant<u64> {
    let spec = VariantSpec::new(
        "walled",
        Geometry::new(BoardSize::new(4, 4).unwrap()),
        "2k1/3N/4/K2r w - - 0 1",
    )
    .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    .piece(PieceSpec::new('N', "knight", Movement::knight()))
    .piece(PieceSpec::new('R', "rook", Movement::rook()))
    .walling(Walling::new(WallRule::Static));
    Variant::new(spec).unwrap()
}

#[test]
fn a_wall_may_block_a_check() {
    // The rook on d1 checks the king on a1 along b1 and c1. The king may
    // step to a2 or b2 with a wall on any of the 12 empty squares, or to b1
    // behind a wall on c1. The knight on d3 may block on c1 itself (any
    // wall), or leap to b2 or b4 if its wall blocks the check on b1 or c1.
    let variant = kings_and_knight();
    let position = variant.start_position();
    assert!(position.is_check());
    let blocking: Vec<String> = moves(&position)
        .into_iter()
        .filter(|m| m.starts_with("d3b") || m.starts_with("a1b1"))
        .collect();
    assert_eq!(
        blocking,
        ["a1b1,b1c1", "d3b2,b2b1", "d3b2,b2c1", "d3b4,b4b1", "d3b4,b4c1"]
    );
    assert_eq!(position.perft(1), 12 + 12 + 1 + 12 + 2 + 2);
}

#[test]
fn walls_refuse_rules_they_do_not_combine_with() {
    let spec = VariantSpec::new(
        "walled",
        Geometry::new(BoardSize::new(4, 4).unwrap()),
        "2k1/4/4/K3 w - - 0 1",
    )
    .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    .walling(Walling::new(WallRule::Duck))
    .forbid_checks();
    assert!(matches!(Variant::<u64>::new(spec), Err(VariantError::Walling { .. })));
}
