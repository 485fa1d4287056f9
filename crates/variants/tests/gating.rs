//! Gating (Seirawan chess, S-house) and dragon chess's first-rank drops,
//! against Fairy-Stockfish's `tests/perft.sh` figures, and one focused test
//! per rule on a small position.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;
#[macro_use]
mod from_gallery;

use common::{moves, moves_from, play, position};

gallery_variant!(seirawan, "seirawan");
gallery_variant!(shouse, "shouse");
gallery_variant!(dragon, "dragon");

// Fairy-Stockfish's `tests/perft.sh`.

#[test]
fn seirawan_start_perft_4_as_fairy_stockfish() {
    assert_eq!(seirawan().start_position().perft(4), 782_599);
}

#[test]
fn seirawan_middlegame_perft_4_as_fairy_stockfish() {
    let fen = "reb1k2r/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] b KQkqc - 3 7";
    assert_eq!(position(seirawan(), fen).perft(4), 890_467);
}

#[test]
fn shouse_start_perft_3_as_fairy_stockfish() {
    assert_eq!(shouse().start_position().perft(3), 546_694);
}

// No perft.sh figure: Fairy-Stockfish's own count, by recursion over
// pyffish's `legal_moves`.

#[test]
fn dragon_start_perft_3_as_fairy_stockfish() {
    assert_eq!(dragon().start_position().perft(3), 8_982);
}

// Rules.

#[test]
fn gating_puts_a_piece_from_the_hand_on_the_square_left() {
    // The knight on g1 moves plainly, or with a hawk or an elephant put on
    // g1; the g-file's gate closes either way.
    let start = seirawan().start_position();
    assert_eq!(
        moves_from(&start, "g1"),
        ["g1f3", "g1f3e", "g1f3h", "g1h3", "g1h3e", "g1h3h"]
    );
    let gated = play(&start, "g1f3h");
    assert_eq!(
        gated.fen(),
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Eeh] b KQBCDFkqbcdfg - 1 1"
    );
    assert_eq!(gated.san(gated.parse_uci("g8f6e").unwrap()), "Nf6/E");
    assert_eq!(start.san(start.parse_uci("g1f3h").unwrap()), "Nf3/H");
    assert_eq!(start.parse_san("Nf3/H").unwrap(), start.parse_uci("g1f3h").unwrap());
}

#[test]
fn castling_may_gate_on_the_king_or_the_rook_square() {
    // Gating on the king's square is written as the castling and the
    // piece (`e1g1h`), on the rook's as the rook going to the king's
    // square (`h1e1h`). The a-file's gate stays open.
    let before = position(seirawan(), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1");
    let on_king = play(&before, "e1g1h");
    assert_eq!(on_king.fen(), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3HRK1[Eeh] b Akq - 1 1");
    let on_rook = play(&before, "h1e1h");
    assert_eq!(on_rook.fen(), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKH[Eeh] b Akq - 1 1");
    assert_eq!(before.san(before.parse_uci("h1e1h").unwrap()), "O-O/Hh1");
    assert_eq!(before.parse_san("O-O/He1").unwrap(), before.parse_uci("e1g1h").unwrap());
}

#[test]
fn a_side_with_nothing_left_to_gate_keeps_no_gates() {
    // White gates both its pieces: its gates close and FEN no longer
    // lists them; Black's stay.
    let start = seirawan().start_position();
    let after = ["g1f3h", "g8f6", "b1c3e"]
        .into_iter()
        .fold(start, |position, uci| play(&position, uci));
    assert_eq!(
        after.fen(),
        "rnbqkb1r/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/REBQKBHR[eh] b KQkqbcdf - 3 2"
    );
    assert!(
        after
            .gates()
            .iter()
            .all(|square| after.variant().size().rank_of(square) == 7)
    );
}

#[test]
fn in_seirawan_chess_pieces_in_hand_are_never_dropped() {
    let start = seirawan().start_position();
    assert!(moves(&start).iter().all(|m| !m.contains('@')));
    // S-house drops them too.
    assert!(moves(&shouse().start_position()).iter().any(|m| m == "H@e4"));
}

#[test]
fn dragon_is_dropped_only_on_the_first_rank() {
    let start = dragon().start_position();
    let opened = play(&play(&start, "g1f3"), "g8f6");
    let drops: Vec<String> = moves(&opened).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(drops, ["D@g1"]);
}
