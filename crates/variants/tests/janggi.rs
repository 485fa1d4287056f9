//! The janggi family of the gallery (janggi, janggitraditional,
//! janggimodern, janggicasual) against Fairy-Stockfish's `tests/perft.sh`
//! figures, and one focused test per rule on a small position: the palace
//! diagonals (confined zone moves), the janggi cannon, the elephant, the
//! soldier, passing, bikjang and material counting.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;
#[macro_use]
mod from_gallery;

use common::{ended, moves, moves_from};
use fairy_movement::Color;
use fairy_position::{EndReason, Position, Variant};

gallery_variant!(janggi, "janggi", u128);
gallery_variant!(janggitraditional, "janggitraditional", u128);
gallery_variant!(janggimodern, "janggimodern", u128);
gallery_variant!(janggicasual, "janggicasual", u128);

fn at(fen: &str) -> Position<'static, u128> {
    in_variant(janggi(), fen)
}

fn in_variant(variant: &'static Variant<u128>, fen: &str) -> Position<'static, u128> {
    Position::from_fen(variant, fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

// Fairy-Stockfish's `tests/perft.sh`.

#[test]
#[ignore = "1.1 million nodes: run with --ignored (release)"]
fn janggi_start_perft_4_as_fairy_stockfish() {
    assert_eq!(janggi().start_position().perft(4), 1_065_277);
}

#[test]
fn janggi_perft_4_as_fairy_stockfish() {
    let cases = [
        (
            "1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1",
            76_763,
        ),
        ("1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23", 151_202),
    ];
    for (fen, nodes) in cases {
        assert_eq!(at(fen).perft(4), nodes, "{fen}");
    }
}

#[test]
fn janggi_start_perft_3_with_and_without_bikjang_as_fairy_stockfish() {
    // pyffish's counts by recursion over its legal moves. Without bikjang
    // there are more: after e4d4 and e7d7 the generals face each other on
    // the open e-file, and under bikjang White must part them or pass.
    assert_eq!(janggi().start_position().perft(3), 33_000);
    assert_eq!(janggitraditional().start_position().perft(3), 33_000);
    assert_eq!(janggicasual().start_position().perft(3), 33_316);
    assert_eq!(janggimodern().start_position().perft(3), 33_316);
}

// The rules, one small position each.

#[test]
fn the_chariot_slides_along_the_palace_diagonals() {
    // From d1: the first rank, the d-file, and the diagonal to e2 and f3,
    // where the palace's diagonal ends (not g4).
    let position = at("9/4k4/9/9/9/9/9/9/5K3/3R5 w - - 0 1");
    let chariot = moves_from(&position, "d1");
    assert!(chariot.contains(&"d1e2".to_owned()) && chariot.contains(&"d1f3".to_owned()));
    assert!(!chariot.contains(&"d1g4".to_owned()));
    assert_eq!(chariot.len(), 8 + 9 + 2);
}

#[test]
fn the_general_and_the_guards_step_along_the_palace_diagonals() {
    // From the palace's centre: eight steps. From d2, off the diagonals:
    // only the three orthogonal steps inside the palace.
    let centre = at("9/3k5/9/9/9/9/9/9/4K4/9 w - - 0 1");
    assert_eq!(
        moves(&centre),
        ["e2d1", "e2d2", "e2d3", "e2e1", "e2e2", "e2e3", "e2f1", "e2f2", "e2f3"]
    );
    let side = at("9/5k3/9/9/9/9/9/9/3K5/9 w - - 0 1");
    assert_eq!(moves(&side), ["d2d1", "d2d2", "d2d3", "d2e2"]);
    let guard = at("9/5k3/9/9/9/9/9/9/4A4/3K5 w - - 0 1");
    assert_eq!(
        moves_from(&guard, "e2"),
        ["e2d2", "e2d3", "e2e1", "e2e3", "e2f1", "e2f2", "e2f3"]
    );
}

#[test]
fn soldiers_step_sideways_from_the_start_and_diagonally_along_the_palace_diagonals() {
    assert_eq!(moves_from(&janggi().start_position(), "a4"), ["a4a5", "a4b4"]);
    // On d8 in the enemy palace: forward, sideways, and to e9 on its
    // diagonal (not to c9, off it).
    let position = at("5k3/9/3P5/9/9/9/9/9/4K4/9 w - - 0 1");
    assert_eq!(moves_from(&position, "d8"), ["d8c8", "d8d9", "d8e8", "d8e9"]);
}

#[test]
fn the_elephant_steps_once_orthogonally_then_twice_diagonally() {
    // From e5, the soldier on e6 blocks the way to c8 and g8.
    let position = at("9/3k5/9/9/4P4/4B4/9/9/4K4/9 w - - 0 1");
    assert_eq!(
        moves_from(&position, "e5"),
        ["e5b3", "e5b7", "e5c2", "e5g2", "e5h3", "e5h7"]
    );
}

#[test]
fn the_cannon_moves_and_captures_over_one_screen_that_is_no_cannon() {
    // Over the general on f1 to g1, h1 and i1; over the guard on e2 along
    // the palace diagonal to f3.
    let screens = at("9/4k4/9/9/9/9/9/9/4A4/3C1K3 w - - 0 1");
    assert_eq!(moves_from(&screens, "d1"), ["d1f3", "d1g1", "d1h1", "d1i1"]);
    // A cannon on e2 is no screen.
    let cannon_screen = at("9/4k4/9/9/9/9/9/9/4C4/3C1K3 w - - 0 1");
    assert_eq!(moves_from(&cannon_screen, "d1"), ["d1g1", "d1h1", "d1i1"]);
    // Nor may a cannon capture one: the black cannon on g1 stops it.
    let cannon_target = at("9/4k4/9/9/9/9/9/9/4A4/3C1Kc2 w - - 0 1");
    assert_eq!(moves_from(&cannon_target, "d1"), ["d1f3"]);
}

#[test]
fn a_cannon_gives_no_check_over_a_cannon() {
    // The black cannon on e8 and the white general on e2, with a white
    // cannon between: no check; with a soldier between: check.
    assert!(!at("3k5/9/4c4/9/9/4C4/9/9/4K4/9 w - - 0 1").is_check());
    assert!(at("3k5/9/4c4/9/9/4P4/9/9/4K4/9 w - - 0 1").is_check());
}

#[test]
fn a_side_not_in_check_may_pass_on_its_generals_square() {
    assert!(moves(&janggi().start_position()).contains(&"e2e2".to_owned()));
    // In check from the chariot on e5: no pass.
    let checked = at("3k5/9/9/9/9/4r4/9/9/4K4/9 w - - 0 1");
    assert!(checked.is_check());
    assert!(!moves(&checked).contains(&"e2e2".to_owned()));
}

#[test]
fn two_passes_in_a_row_end_the_game_by_counting() {
    // Equal material: Black's 1.5 points win in janggi; a draw in casual
    // janggi, which does not count.
    let passed = janggi().start_position().play_uci("e2e2 e9e9").unwrap();
    assert!(moves(&passed).is_empty());
    assert_eq!(passed.outcome(), ended(Some(Color::Black), EndReason::Passes));
    let casual = janggicasual().start_position().play_uci("e2e2 e9e9").unwrap();
    assert_eq!(casual.outcome(), ended(None, EndReason::Passes));
    // A chariot (13 points) outweighs the 1.5.
    let chariot = at("3k5/9/9/9/9/9/9/9/4K4/R8 w - - 0 1")
        .play_uci("e2e2 d10d10")
        .unwrap();
    assert_eq!(chariot.outcome(), ended(Some(Color::White), EndReason::Passes));
    // One pass, then a move: the game goes on.
    assert!(!moves(&janggi().start_position().play_uci("e2e2 a7a6 e2e2").unwrap()).is_empty());
}

#[test]
fn bikjang_facing_generals_must_part_or_pass() {
    // On the open e-file: the general leaves it or passes; e1 and e3 keep
    // the generals facing.
    let facing = at("9/4k4/9/9/9/9/9/9/4K4/9 w - - 0 1");
    assert_eq!(moves(&facing), ["e2d1", "e2d2", "e2d3", "e2e2", "e2f1", "e2f2", "e2f3"]);
    // Facing each other is no rule to keep: the general may step into it.
    let apart = at("9/4k4/9/9/9/9/9/9/3K5/9 w - - 0 1");
    assert!(moves(&apart).contains(&"d2e2".to_owned()));
    // Without bikjang, nothing is asked of facing generals.
    let casual = in_variant(janggicasual(), "9/4k4/9/9/9/9/9/9/4K4/9 w - - 0 1");
    assert!(moves(&casual).contains(&"e2e3".to_owned()));
}

#[test]
fn bikjang_facing_generals_may_be_parted_by_a_piece_between() {
    // The chariot on a5 parts the generals only on e5; its other moves
    // leave them facing.
    let facing = at("9/4k4/9/9/9/R8/9/9/4K4/9 w - - 0 1");
    assert_eq!(
        moves(&facing),
        ["a5e5", "e2d1", "e2d2", "e2d3", "e2e2", "e2f1", "e2f2", "e2f3"]
    );
}

#[test]
fn bikjang_allows_the_pass_even_in_check() {
    // In check from the chariot on a2, facing on the e-file: the pass, or
    // a diagonal step off both the rank and the file.
    let position = at("9/4k4/9/9/9/9/9/9/r3K4/9 w - - 0 1");
    assert!(position.is_check());
    assert_eq!(moves(&position), ["e2d1", "e2d3", "e2e2", "e2f1", "e2f3"]);
}

#[test]
fn a_pass_that_leaves_the_generals_facing_ends_the_game() {
    // Counted in janggi (Black's 1.5 points against nothing); a draw in
    // traditional janggi.
    let fen = "9/4k4/9/9/9/9/9/9/4K4/9 w - - 0 1";
    let passed = at(fen).play_uci("e2e2").unwrap();
    assert!(moves(&passed).is_empty());
    assert_eq!(passed.outcome(), ended(Some(Color::Black), EndReason::Bikjang));
    let traditional = in_variant(janggitraditional(), fen).play_uci("e2e2").unwrap();
    assert_eq!(traditional.outcome(), ended(None, EndReason::Bikjang));
}

// Deeper, against Fairy-Stockfish's `go perft` (its largeboards build).

#[test]
#[ignore = "35 million nodes: run with --ignored (release)"]
fn janggi_start_perft_5_as_fairy_stockfish() {
    assert_eq!(janggi().start_position().perft(5), 35_243_995);
}

#[test]
#[ignore = "36 million nodes: run with --ignored (release)"]
fn janggicasual_start_perft_5_as_fairy_stockfish() {
    assert_eq!(janggicasual().start_position().perft(5), 36_282_067);
}
