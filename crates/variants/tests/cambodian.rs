//! The gallery's Cambodian chess (Ouk Chatrang) and Kar Ouk against
//! Fairy-Stockfish's `tests/perft.sh` figures and its `go perft`, and one
//! focused test per rule on a small position: the unmoved king's knight
//! leap, the unmoved met's double step, the gates that keep them and how
//! they close, and Kar Ouk's first check.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;
#[macro_use]
mod from_gallery;

use common::{ended, moves, moves_from};
use fairy_movement::{Color, Movement};
use fairy_position::{EndReason, PieceSpec, Position, Promotion, Variant, VariantError, Zone};

gallery_variant!(cambodian, "cambodian");
gallery_variant!(karouk, "karouk");

fn at(variant: &'static Variant<u64>, fen: &str) -> Position<'static> {
    Position::from_fen(variant, fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

// Fairy-Stockfish's `tests/perft.sh`, and its `go perft` from the start
// (a build with all variants).

#[test]
fn perft_as_fairy_stockfish_perft_sh() {
    assert_eq!(cambodian().start_position().perft(4), 361_719);
    // Written there with a counting limit of 0 in the en passant field
    // (`b DEe 0 0 5`), as Fairy-Stockfish reads it.
    let fen = "r1s1ks1r/3nm3/pppNpppp/3n4/5P2/PPPPPNPP/8/R1SKMS1R b DEe 0 0 5";
    assert_eq!(at(cambodian(), fen).perft(2), 72);
    let fen = "rn1mksnr/3s4/pppppppp/8/4N3/PPPPPPPP/8/R1SKMSNR b DEde - 3 2";
    assert_eq!(at(karouk(), fen).perft(4), 358_460);
}

#[test]
#[ignore = "200 million nodes each: run with --ignored (release)"]
fn start_perft_deep_as_fairy_stockfish_go_perft() {
    assert_eq!(cambodian().start_position().perft(6), 204_583_970);
    // Fewer: a check ends the game.
    assert_eq!(karouk().start_position().perft(6), 204_573_392);
}

// The rules, one small position each.

#[test]
fn the_unmoved_king_leaps_as_a_knight_to_the_rank_in_front() {
    // From d1: c2, d2 and e2 as a king (c1 and e1 hold its pieces), and
    // b2 and f2 as a knight one rank forward.
    assert_eq!(
        moves_from(&cambodian().start_position(), "d1"),
        ["d1b2", "d1c2", "d1d2", "d1e2", "d1f2"]
    );
}

#[test]
fn the_king_may_not_leap_out_of_check() {
    // The rook on f1 checks along the first rank: c1 and e1 stay on its
    // line, and the leaps to b2 and f2 are not allowed from check.
    let position = at(cambodian(), "4k3/8/8/8/8/8/8/3K1r2 w D - 0 1");
    assert_eq!(moves(&position), ["d1c2", "d1d2", "d1e2"]);
}

#[test]
fn the_unmoved_met_steps_two_squares_forward_over_anything() {
    // The met on e1 jumps its own knight on e2 to e3; its diagonal steps go
    // to d2 and f2; the king has c1, c2, d2 and the leaps b2 and f2 (not
    // e2, its knight's).
    let position = at(cambodian(), "4k3/8/8/8/8/8/4N3/3KM3 w DE - 0 1");
    assert_eq!(moves_from(&position, "e1"), ["e1d2", "e1e3", "e1f2"]);
    assert_eq!(moves_from(&position, "d1"), ["d1b2", "d1c1", "d1c2", "d1d2", "d1f2"]);
}

#[test]
fn a_gate_closes_when_its_piece_moves() {
    // The king steps up and back: its gate is gone, and with it the leap.
    let back = cambodian().start_position().play_uci("d1d2 e8e7 d2d1").unwrap();
    assert_eq!(back.fen(), "rnsm1snr/4k3/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR b Ed - 3 2");
    let white_again = back.play_uci("e7e8").unwrap();
    assert_eq!(moves_from(&white_again, "d1"), ["d1c2", "d1d2", "d1e2"]);
}

#[test]
fn a_rook_aiming_at_the_unmoved_king_closes_its_gate() {
    // The rook to d5 stands on the king's file, whatever is between: the
    // king's gate closes. To b5 it aims at nothing.
    let position = at(cambodian(), "4k3/8/8/r7/8/8/8/3K4 b D - 0 1");
    assert_eq!(
        position.play_uci("a5d5").unwrap().fen(),
        "4k3/8/8/3r4/8/8/8/3K4 w - - 1 2"
    );
    assert_eq!(
        position.play_uci("a5b5").unwrap().fen(),
        "4k3/8/8/1r6/8/8/8/3K4 w D - 1 2"
    );
}

#[test]
fn in_kar_ouk_the_first_check_wins() {
    let position = at(karouk(), "4k3/8/8/8/8/8/8/R2K4 w - - 1+1 0 1");
    let checked = position.play_uci("a1a8").unwrap();
    assert_eq!(checked.fen(), "R3k3/8/8/8/8/8/8/3K4 b - - 0+1 1 1");
    assert!(checked.legal_moves().is_empty());
    assert_eq!(checked.outcome(), ended(Some(Color::White), EndReason::CheckCount));
}

#[test]
fn gate_moves_only_move_and_do_not_promote() {
    let base = || from_gallery::gallery_spec("cambodian");
    let mut capturing = base();
    capturing.pieces[0] = capturing.pieces[0].clone().gate_moves(Movement::knight());
    assert!(matches!(
        Variant::<u64>::new(capturing),
        Err(VariantError::GateMoves { letter: 'P', .. })
    ));
    let mut promoting = base();
    let pawn = PieceSpec::new('P', "pawn", "fmWfcF".parse().unwrap())
        .promotion(Promotion::new(Zone::ranks([6, 7, 8]), ['M']))
        .gate_moves("mfD".parse().unwrap());
    promoting.pieces[0] = pawn;
    assert!(matches!(
        Variant::<u64>::new(promoting),
        Err(VariantError::GateMoves { letter: 'P', .. })
    ));
}
