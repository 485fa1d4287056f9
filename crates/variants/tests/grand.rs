//! Grand chess and opulent chess against Fairy-Stockfish's
//! `tests/perft.sh` figures, and their promotion rules on small positions.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;
#[macro_use]
mod from_gallery;

use common::moves_from;
use fairy_position::Position;

gallery_variant!(grand, "grand", u128);
gallery_variant!(opulent, "opulent", u128);

fn at(fen: &str) -> Position<'static, u128> {
    Position::from_fen(grand(), fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

// Fairy-Stockfish's `tests/perft.sh`.

#[test]
fn grand_start_perft_3_as_fairy_stockfish() {
    assert_eq!(grand().start_position().perft(3), 259_514);
}

#[test]
fn grand_en_passant_perft_2_as_fairy_stockfish() {
    let fen = "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3";
    assert_eq!(at(fen).perft(2), 5_768);
}

#[test]
fn opulent_start_perft_3_as_fairy_stockfish() {
    assert_eq!(opulent().start_position().perft(3), 133_829);
}

// The rules, one small position each.

#[test]
fn a_pawn_may_promote_on_the_eighth_and_ninth_ranks() {
    let position = at("4k5/10/P9/10/10/10/10/10/10/4K5 w - - 0 1");
    assert_eq!(
        moves_from(&position, "a8"),
        ["a8a9", "a8a9a", "a8a9b", "a8a9c", "a8a9n", "a8a9q", "a8a9r"]
    );
}

#[test]
fn a_pawn_must_promote_on_the_tenth_rank() {
    let position = at("4k5/P9/10/10/10/10/10/10/10/4K5 w - - 0 1");
    assert_eq!(
        moves_from(&position, "a9"),
        ["a9a10a", "a9a10b", "a9a10c", "a9a10n", "a9a10q", "a9a10r"]
    );
}

#[test]
fn a_pawn_promotes_only_to_a_kind_its_side_has_fewer_of_than_at_the_start() {
    // With a queen and two rooks, neither is a choice.
    let position = at("4k5/P9/10/10/10/10/10/10/10/QRR1K5 w - - 0 1");
    assert_eq!(moves_from(&position, "a9"), ["a9a10a", "a9a10b", "a9a10c", "a9a10n"]);
}

#[test]
fn a_pawn_with_nothing_to_promote_to_may_not_reach_the_tenth_rank() {
    let position = at("5k4/P9/10/10/10/10/10/10/10/QACRRBBNNK w - - 0 1");
    assert!(moves_from(&position, "a9").is_empty());
}

#[test]
fn spent_promotions_are_counted_as_fairy_stockfish_counts_them() {
    // White has its queen and both rooks: pawns on the ninth rank capture
    // and step into the tenth, and on the eighth may stay, without them.
    // Perft as pyffish gives it; the count in bulk agrees with the list.
    let position = at("1r2k4r/P1P7/1P8/10/10/10/10/10/p8p/QR1RK1B1N1 w - - 0 1");
    assert_eq!(position.perft(1), position.legal_moves().len() as u64);
    assert_eq!(position.perft(3), 123_547);
}

// Deeper, against Fairy-Stockfish's `go perft` (its largeboards build).

#[test]
#[ignore = "960 million nodes: run with --ignored (release)"]
fn grand_start_perft_5_as_fairy_stockfish() {
    assert_eq!(grand().start_position().perft(5), 959_883_584);
}

#[test]
#[ignore = "403 million nodes: run with --ignored (release)"]
fn opulent_start_perft_5_as_fairy_stockfish() {
    assert_eq!(opulent().start_position().perft(5), 402_780_823);
}
