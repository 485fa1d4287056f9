//! The gallery's reversi family (flipello, flipello10, flipersi) and ataxx
//! against Fairy-Stockfish's `tests/perft.sh` figures and its `go perft`,
//! and one focused test per rule on a small position: drops that must
//! enclose, the opening squares, flips along lines and next to a move,
//! free drops, passing when stalemated, and the ends scored by counting;
//! and snort's and quadwrangle's rules, read from Fairy-Stockfish's
//! `variants.ini`.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;
#[macro_use]
mod from_gallery;

use common::{ended, moves};
use fairy_geometry::{BoardSize, Geometry};
use fairy_movement::{Color, Movement};
use fairy_position::{
    Drops, Enclosing, Enclosure, EndReason, FenError, PieceSpec, Position, PositionError, Variant, VariantError,
    VariantSpec,
};

gallery_variant!(flipello, "flipello");
gallery_variant!(flipello10, "flipello10", u128);
gallery_variant!(flipersi, "flipersi");
gallery_variant!(ataxx, "ataxx");

/// A section of Fairy-Stockfish's `variants.ini` (kept in `tests/data`).
fn from_fsf_ini(name: &str) -> &'static Variant<u64> {
    let spec = fairy_variants::fsf::spec_from_ini(include_str!("data/fsf-variants.ini"), name).unwrap();
    Box::leak(Box::new(Variant::new(spec).unwrap()))
}

fn at<W: fairy_geometry::Word>(variant: &'static Variant<W>, fen: &str) -> Position<'static, W> {
    Position::from_fen(variant, fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

/// A hand of `white` discs for White and `black` for Black, in FEN.
fn hand(white: usize, black: usize) -> String {
    format!("[{}{}]", "P".repeat(white), "p".repeat(black))
}

// Fairy-Stockfish's `tests/perft.sh`, and its `go perft` from the start
// (a build with all variants).

#[test]
fn perft_as_fairy_stockfish_perft_sh() {
    assert_eq!(flipello().start_position().perft(7), 55_092);
    assert_eq!(flipersi().start_position().perft(9), 38_208);
    assert_eq!(flipello10().start_position().perft(7), 55_180);
    assert_eq!(ataxx().start_position().perft(4), 155_888);
    assert_eq!(at(ataxx(), "7/7/7/7/ppppppp/ppppppp/PPPPPPP w 0 1").perft(5), 452_980);
}

#[test]
#[ignore = "10 to 142 million nodes: run with --ignored (release)"]
fn start_perft_deep_as_fairy_stockfish_go_perft() {
    assert_eq!(flipello().start_position().perft(10), 24_571_056);
    assert_eq!(flipersi().start_position().perft(12), 10_321_792);
    assert_eq!(flipello10().start_position().perft(10), 25_168_088);
    assert_eq!(ataxx().start_position().perft(6), 141_865_520);
}

// The rules, one small position each.

#[test]
fn a_drop_must_enclose_a_run_of_enemy_discs() {
    // Othello's start: White encloses d5 from d6 (with d4) or c5 (with e5),
    // and e4 from e3 (with e5) or f4 (with d4).
    assert_eq!(moves(&flipello().start_position()), ["P@c5", "P@d6", "P@e3", "P@f4"]);
}

#[test]
fn a_drop_flips_every_run_it_encloses() {
    // Black's a2, b2 and b1 lie between a1 and White's a3, c3 and c1: a1
    // is White's one drop, and it flips all three.
    let fen = format!("8/8/8/3PP3/3PP3/P1P5/pp6/1pP5{} w - - 0 1", hand(2, 2));
    let position = at(flipello(), &fen);
    assert_eq!(moves(&position), ["P@a1"]);
    let after = position.play_uci("P@a1").unwrap();
    assert_eq!(
        after.fen(),
        format!("8/8/8/3PP3/3PP3/P1P5/PP6/PPP5{} b - - 0 1", hand(1, 2))
    );
}

#[test]
fn the_opening_squares_are_filled_first() {
    // Flipersi starts empty: the first drops go on d4, e4, d5 and e5,
    // enclosing nothing, then Black has the three left.
    let start = flipersi().start_position();
    assert_eq!(moves(&start), ["P@d4", "P@d5", "P@e4", "P@e5"]);
    assert_eq!(moves(&start.play_uci("P@d4").unwrap()), ["P@d5", "P@e4", "P@e5"]);
}

#[test]
fn a_side_without_a_drop_passes_and_two_passes_end_the_game() {
    // White's lone a1 encloses nothing (b2 and c3 are empty), nor can
    // Black enclose a1 in its corner: White passes (written from its first
    // disc's square), then Black (from d4), and the game is over, Black
    // having more discs.
    let fen = format!("8/8/8/3pp3/3pp3/8/8/P7{} w - - 0 1", hand(3, 3));
    let position = at(flipello(), &fen);
    assert_eq!(moves(&position), ["a1a1"]);
    let passed = position.play_uci("a1a1").unwrap();
    assert_eq!(moves(&passed), ["d4d4"]);
    let over = passed.play_uci("d4d4").unwrap();
    assert!(over.legal_moves().is_empty());
    assert_eq!(over.outcome(), ended(Some(Color::Black), EndReason::Passes));
}

#[test]
fn a_full_board_ends_the_game_by_counting() {
    // 33 white discs against 31, then 32 against 32.
    let more = at(
        flipello(),
        "PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/Pppppppp/pppppppp/pppppppp/pppppppp[] w - - 0 1",
    );
    assert!(more.legal_moves().is_empty());
    assert_eq!(more.outcome(), ended(Some(Color::White), EndReason::FullBoard));
    let even = at(
        flipello(),
        "PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/pppppppp/pppppppp/pppppppp/pppppppp[] b - - 0 1",
    );
    assert_eq!(even.outcome(), ended(None, EndReason::FullBoard));
}

#[test]
fn a_side_with_no_disc_left_loses() {
    // Black has no disc to enclose with nor to pass with: stalemated with
    // fewer discs, it loses.
    let fen = format!("8/8/8/3PP3/3PP3/8/8/8{} b - - 0 1", hand(2, 2));
    let position = at(flipello(), &fen);
    assert!(position.legal_moves().is_empty());
    assert_eq!(position.outcome(), ended(Some(Color::White), EndReason::Stalemate));
}

#[test]
fn flipersi_stalemate_is_scored_by_the_discs() {
    // Flipersi does not pass: White's four discs on the first rank
    // enclose nothing (every line to Black's centre crosses an empty
    // square), so White is stalemated, four discs against four: a draw.
    let fen = format!("8/8/8/3pp3/3pp3/8/8/PPPP4{} w - - 0 1", hand(2, 2));
    let position = at(flipersi(), &fen);
    assert!(position.legal_moves().is_empty());
    assert_eq!(position.outcome(), ended(None, EndReason::Stalemate));
    // With a fifth disc White wins.
    let fen = format!("8/8/8/3pp3/3pp3/8/8/PPPPP3{} w - - 0 1", hand(2, 2));
    assert_eq!(
        at(flipersi(), &fen).outcome(),
        ended(Some(Color::White), EndReason::Stalemate)
    );
}

#[test]
fn a_blob_grows_next_to_its_own_or_jumps_two_squares() {
    // Ataxx's start: each white blob has 3 empty squares next to it to
    // grow on (a drop, with no hand), and 5 two squares away to jump to.
    let start = ataxx().start_position();
    assert_eq!(start.fen(), "P5p/7/7/7/7/7/p5P w - - 0 1");
    assert_eq!(
        moves(&start),
        [
            "P@a6", "P@b6", "P@b7", "P@f1", "P@f2", "P@g2", "a7a5", "a7b5", "a7c5", "a7c6", "a7c7", "g1e1", "g1e2",
            "g1e3", "g1f3", "g1g3"
        ]
    );
}

#[test]
fn ataxx_flips_the_enemy_blobs_next_to_where_it_lands() {
    // Black's b2 and c2 stand next to b1 and to c1: growing to b1 or
    // jumping to c1 turns both white (the jump leaves a1 empty).
    let position = at(ataxx(), "7/7/7/7/7/1pp4/P6 w - - 0 1");
    let grown = position.play_uci("P@b1").unwrap();
    assert_eq!(grown.fen(), "7/7/7/7/7/1PP4/PP5 b - - 0 1");
    let jumped = position.play_uci("a1c1").unwrap();
    assert_eq!(jumped.fen(), "7/7/7/7/7/1PP4/2P4 b - - 1 1");
}

#[test]
fn an_ataxx_side_without_a_move_passes() {
    // Fairy-Stockfish's second ataxx perft position: White's first rank
    // has no empty square next to it and none two squares away.
    let position = at(ataxx(), "7/7/7/7/ppppppp/ppppppp/PPPPPPP w 0 1");
    assert_eq!(moves(&position), ["a1a1"]);
}

#[test]
fn free_drops_keep_no_hands() {
    let error = Position::from_fen(ataxx(), "P5p/7/7/7/7/7/p5P[P] w - - 0 1").unwrap_err();
    assert!(
        matches!(error, FenError::Position(PositionError::Hand { piece: 'P', .. })),
        "{error}"
    );
    assert_eq!(
        error.to_string(),
        "piece 'P' in hand: the variant's drops are free, so hands hold nothing"
    );
}

#[test]
fn enclosing_rules_are_refused_with_royal_pieces_or_without_drops() {
    let base = || {
        VariantSpec::new(
            "discs",
            Geometry::new(BoardSize::new(4, 4).unwrap()),
            "4/1pP1/1Pp1/4 w - - 0 1",
        )
        .piece(PieceSpec::new('P', "disc", "".parse().unwrap()))
    };
    let flips = Enclosing::new().flips(Enclosure::Reversi);
    let with_king = base()
        .piece(PieceSpec::new('K', "king", Movement::king()).royal())
        .drops(Drops::new())
        .enclosing(flips.clone());
    assert!(matches!(
        Variant::<u64>::new(with_king),
        Err(VariantError::Enclosing { .. })
    ));
    let without_drops = base().enclosing(flips.drops(Enclosure::Reversi));
    assert!(matches!(
        Variant::<u64>::new(without_drops),
        Err(VariantError::Enclosing { .. })
    ));
    // Flips alone need no drops: the discs never move, so nothing is legal.
    let flips_only = Variant::<u64>::new(base().enclosing(Enclosing::new().flips(Enclosure::Ataxx))).unwrap();
    assert!(flips_only.start_position().legal_moves().is_empty());
}

#[test]
fn snort_and_quadwrangle_start_perft_as_fairy_stockfish() {
    // Fairy-Stockfish's `go perft` with its `variants.ini` loaded.
    assert_eq!(from_fsf_ini("snort").start_position().perft(3), 222_792);
    assert_eq!(from_fsf_ini("quadwrangle").start_position().perft(2), 28_680);
}

#[test]
fn a_snort_drop_may_not_stand_next_to_an_enemy_piece_along_a_file_or_rank() {
    // Anywhere but d4 and the four squares beside it: 59 (a diagonal
    // neighbour is allowed).
    let position = at(from_fsf_ini("snort"), "8/8/8/8/3p4/8/8/8 w - - 0 1");
    let drops = moves(&position);
    assert_eq!(drops.len(), 59);
    assert!(drops.contains(&"P@e5".to_owned()));
    assert!(!drops.contains(&"P@e4".to_owned()) && !drops.contains(&"P@d5".to_owned()));
}

#[test]
fn a_quadwrangle_drop_flips_only_next_to_a_piece_of_the_mover_and_a_move_always() {
    let quadwrangle = from_fsf_ini("quadwrangle");
    let alone = at(quadwrangle, "8/8/8/8/3p4/8/8/8 w - - 0 1").play_uci("P@e5").unwrap();
    assert_eq!(alone.fen(), "8/8/8/4P3/3p4/8/8/8 b - - 0 1");
    let beside = at(quadwrangle, "8/8/5P2/8/3p4/8/8/8 w - - 0 1")
        .play_uci("P@e5")
        .unwrap();
    assert_eq!(beside.fen(), "8/8/5P2/4P3/3P4/8/8/8 b - - 0 1");
    let moved = at(quadwrangle, "8/8/8/8/3p4/8/8/P7 w - - 0 1")
        .play_uci("a1c3")
        .unwrap();
    assert_eq!(moved.fen(), "8/8/8/8/3P4/2P5/8/8 b - - 1 1");
}
