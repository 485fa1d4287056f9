//! The shogi family of the gallery (shogi, minishogi, Kyoto and micro
//! shogi, dobutsu, tori, Euro, Judkins, goro goro, Okisaki, yari, sho and
//! check shogi) against Fairy-Stockfish's `tests/perft.sh` figures, and
//! one focused test per rule on a small position.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;
#[macro_use]
mod from_gallery;

use common::{ended, moves, moves_from, play, position};
use fairy_geometry::Word;
use fairy_movement::{Color, Movement};
use fairy_position::{
    EndReason, FenError, ParseFenError, PieceSpec, Position, Promotion, Variant, VariantError, VariantSpec, Zone,
};

gallery_variant!(minishogi, "minishogi", u64);
gallery_variant!(kyotoshogi, "kyotoshogi", u64);
gallery_variant!(micro, "micro", u64);
gallery_variant!(dobutsu, "dobutsu", u64);
gallery_variant!(euroshogi, "euroshogi", u64);
gallery_variant!(torishogi, "torishogi", u64);
gallery_variant!(yarishogi, "yarishogi", u64);
gallery_variant!(judkins, "judkins", u64);
gallery_variant!(gorogoro, "gorogoro", u64);
gallery_variant!(mini, "mini", u64);
gallery_variant!(shogi, "shogi", u128);
gallery_variant!(shoshogi, "shoshogi", u128);
gallery_variant!(checkshogi, "checkshogi", u128);
gallery_variant!(okisakishogi, "okisakishogi", u128);

fn wide<W: Word>(variant: &'static Variant<W>, fen: &str) -> Position<'static, W> {
    Position::from_fen(variant, fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn wide_play<W: Word>(position: &Position<'static, W>, uci: &str) -> Position<'static, W> {
    position.play_uci(uci).unwrap_or_else(|error| panic!("{uci}: {error}"))
}

// Fairy-Stockfish's `tests/perft.sh`: every figure it has for the family.

#[test]
fn minishogi_start_perft_5_as_fairy_stockfish() {
    assert_eq!(minishogi().start_position().perft(5), 533_203);
}

#[test]
fn kyotoshogi_start_perft_5_as_fairy_stockfish() {
    assert_eq!(kyotoshogi().start_position().perft(5), 225_903);
}

#[test]
fn micro_start_perft_5_as_fairy_stockfish() {
    assert_eq!(micro().start_position().perft(5), 71_328);
}

#[test]
fn dobutsu_perft_as_fairy_stockfish() {
    assert_eq!(dobutsu().start_position().perft(6), 71_677);
    assert_eq!(position(dobutsu(), "g1e/1cL/lC1/E1G[] w - - 4 3").perft(4), 2_290);
}

#[test]
fn euroshogi_start_perft_4_as_fairy_stockfish() {
    assert_eq!(euroshogi().start_position().perft(4), 380_499);
}

#[test]
fn torishogi_start_perft_4_as_fairy_stockfish() {
    assert_eq!(torishogi().start_position().perft(4), 103_857);
}

#[test]
fn shogi_start_perft_4_as_fairy_stockfish() {
    assert_eq!(shogi().start_position().perft(4), 719_731);
}

#[test]
fn shoshogi_start_perft_4_as_fairy_stockfish() {
    assert_eq!(shoshogi().start_position().perft(4), 445_372);
}

#[test]
fn yarishogi_start_perft_4_as_fairy_stockfish() {
    assert_eq!(yarishogi().start_position().perft(4), 158_404);
}

// Fairy-Stockfish has no perft.sh figure for these; the counts are its own,
// by recursion over pyffish's `legal_moves` (tools/fsf_diff.py prints them).

#[test]
fn the_rest_of_the_family_start_perft_3_as_fairy_stockfish() {
    assert_eq!(judkins().start_position().perft(3), 6_183);
    assert_eq!(gorogoro().start_position().perft(3), 4_166);
    assert_eq!(mini().start_position().perft(3), 2_512);
    assert_eq!(okisakishogi().start_position().perft(3), 48_211);
    assert_eq!(checkshogi().start_position().perft(3), 25_470);
}

// Promotion.

#[test]
fn shogi_promotion_is_optional_into_within_and_out_of_the_zone() {
    // A silver on c4 enters the last rank at b5, c5 and d5, promoting or
    // not; its steps back to b3 and d3 stay outside.
    let entering = position(minishogi(), "k4/2S2/5/5/4K[] w - - 0 1");
    assert_eq!(
        moves_from(&entering, "c4"),
        ["c4b3", "c4b5", "c4b5+", "c4c5", "c4c5+", "c4d3", "c4d5", "c4d5+"]
    );
    // On c5, within the zone, its only steps leave it, and may promote.
    let leaving = position(minishogi(), "k1S2/5/5/5/4K[] w - - 0 1");
    assert_eq!(moves_from(&leaving, "c5"), ["c5b4", "c5b4+", "c5d4", "c5d4+"]);
}

#[test]
fn a_piece_must_promote_where_it_could_never_move_again() {
    // The pawn's step to the last rank must promote.
    let pawn = position(minishogi(), "k4/2P2/5/5/4K[] w - - 0 1");
    assert_eq!(moves_from(&pawn, "c4"), ["c4c5+"]);
    // Judkins' knight leaps only forward: on the last two ranks it must
    // promote.
    let knight = position(judkins(), "k5/6/6/2N3/6/5K[] w - - 0 1");
    assert_eq!(moves_from(&knight, "c3"), ["c3b5+", "c3d5+"]);
}

#[test]
fn no_piece_is_dropped_where_it_could_never_move() {
    // A pawn in hand: on every empty square but the last rank's (the two
    // kings take a5 and e1): 25 - 5 - 1 = 19.
    let pawn = position(minishogi(), "k4/5/5/5/4K[P] w - - 0 1");
    let drops: Vec<String> = moves(&pawn).into_iter().filter(|m| m.starts_with("P@")).collect();
    assert_eq!(drops.len(), 19);
    assert!(drops.iter().all(|m| !m.ends_with('5')));
    // A knight: not on the last two ranks of Judkins shogi's six.
    let knight = position(judkins(), "k5/6/6/6/6/5K[N] w - - 0 1");
    let drops: Vec<String> = moves(&knight).into_iter().filter(|m| m.starts_with("N@")).collect();
    assert_eq!(drops.len(), 4 * 6 - 1);
    assert!(drops.iter().all(|m| !m.ends_with('5') && !m.ends_with('6')));
}

#[test]
fn no_pawn_is_dropped_on_a_file_holding_a_pawn_of_its_side() {
    // Nifu: White's pawn on a2 bars the a-file; Black's pawn on b4 does
    // not bar the b-file to White.
    let shogi_pawns = position(minishogi(), "k4/1p3/5/P4/4K[P] w - - 0 1");
    let files: Vec<char> = moves(&shogi_pawns)
        .iter()
        .filter(|m| m.starts_with("P@"))
        .map(|m| m.chars().nth(2).unwrap())
        .collect();
    assert!(!files.contains(&'a'));
    assert!(files.contains(&'b'));
    // Tori shogi allows two swallows a file: a third is barred.
    let one = position(torishogi(), "3k3/7/7/7/7/S6/3K3[S] w - - 0 1");
    let two = position(torishogi(), "3k3/7/7/7/S6/S6/3K3[S] w - - 0 1");
    let on_a = |position: &Position<'static>| moves(position).iter().any(|m| m.starts_with("S@a"));
    assert!(on_a(&one));
    assert!(!on_a(&two));
}

#[test]
fn a_mate_by_a_pawn_drop_wins_for_the_mated_side() {
    // P@a4 checks the king on a5: the gold on b3 guards a4 and b4, the
    // silver on c4 guards b5. The mate stands, but the mated side wins.
    let before = position(minishogi(), "k4/2S2/1G3/5/4K[P] w - - 0 1");
    let dropped = play(&before, "P@a4");
    assert!(dropped.legal_moves().is_empty());
    assert_eq!(dropped.outcome(), ended(Some(Color::Black), EndReason::UnsoundMate));
    // The same mate by a pawn's step wins as usual.
    let stepping = position(minishogi(), "k4/2S2/PG3/5/4K[] w - - 0 1");
    let stepped = play(&stepping, "a3a4");
    assert_eq!(stepped.outcome(), ended(Some(Color::White), EndReason::Checkmate));
}

#[test]
fn a_captured_promoted_piece_goes_to_the_hand_unpromoted() {
    // The rook takes a tokin: White's hand gets a pawn.
    let before = position(minishogi(), "4k/5/+p4/5/R3K[] w - - 0 1");
    let after = play(&before, "a1a3");
    assert_eq!(after.fen(), "4k/5/R4/5/4K[P] b - - 0 1");
}

#[test]
fn promoted_pieces_are_written_with_a_plus_in_fen_and_coordinates() {
    // The rook enters the last rank promoting (`+`), becomes a dragon,
    // written `+R`; the promotion resets the move clock.
    let before = position(minishogi(), "4k/5/5/5/R3K[] w - - 5 10");
    let promoted = play(&before, "a1a5+");
    assert_eq!(promoted.fen(), "+R3k/5/5/5/4K[] b - - 0 10");
    let plain = play(&before, "a1a5");
    assert_eq!(plain.fen(), "R3k/5/5/5/4K[] b - - 6 10");
    // A `+` with no letter after it is no piece.
    assert_eq!(
        Position::from_fen(minishogi(), "4k/5/+4/5/R3K[] w - - 0 1").unwrap_err(),
        FenError::Parse(ParseFenError::BadCharacter {
            rank: 3,
            character: '+'
        })
    );
}

// Kyoto and micro shogi: pieces that turn over.

#[test]
fn in_kyoto_shogi_every_move_turns_the_piece_over() {
    // The silver on b1 and the pawn on e1 turn over (`+`); the golds
    // from a lance on a1 and from a knight on d1 turn back (`-`); the king
    // on c1 steps as it is.
    let start = kyotoshogi().start_position();
    assert_eq!(
        moves(&start),
        [
            "a1a2-", "a1b2-", "b1a2+", "b1b2+", "b1c2+", "c1b2", "c1c2", "c1d2", "d1c2-", "d1d2-", "d1e2-", "e1e2+"
        ]
    );
    // Turning over resets no clock: it can be undone.
    let turned = play(&start, "b1b2+");
    assert!(turned.fen().ends_with(" b - - 1 1"), "{}", turned.fen());
}

#[test]
fn in_kyoto_shogi_a_piece_may_be_dropped_either_side_up() {
    let before = position(kyotoshogi(), "4k/5/5/5/K4[P] w - - 0 1");
    let both: Vec<String> = moves(&before).into_iter().filter(|m| m.ends_with("@c3")).collect();
    assert_eq!(both, ["+P@c3", "P@c3"]);
    let rook = play(&before, "+P@c3");
    assert_eq!(rook.fen(), "4k/5/2+P2/5/K4[] b - - 0 1");
}

#[test]
fn in_micro_shogi_only_captures_turn_pieces_over() {
    // The bishop on b2 must turn over taking on c3, and may not when it
    // moves to an empty square.
    let before = position(micro(), "k3/4/2p1/1B2/3K[] w - - 0 1");
    assert_eq!(moves_from(&before, "b2"), ["b2a1", "b2a3", "b2c1", "b2c3+"]);
}

#[test]
fn in_euroshogi_every_move_into_within_or_out_of_the_zone_promotes() {
    // The bishop on c6 stands in the zone: whatever it does, it promotes.
    let before = position(euroshogi(), "7k/8/2B5/8/8/8/8/K7[N] w - - 0 1");
    let bishop = moves_from(&before, "c6");
    assert!(!bishop.is_empty());
    assert!(bishop.iter().all(|m| m.ends_with('+')), "{bishop:?}");
    // A knight may still be dropped there: it can step sideways.
    assert!(moves(&before).iter().any(|m| m == "N@c7"));
}

// Goals of the family.

#[test]
fn dobutsu_a_lion_on_the_last_rank_wins_once_it_stands_safe() {
    // Unattacked on arrival: the game ends at once.
    let before = position(dobutsu(), "3/2L/l2/3[] w - - 0 1");
    assert_eq!(
        play(&before, "c3c4").outcome(),
        ended(Some(Color::White), EndReason::Arrival)
    );
    // Attacked by the giraffe on a4: the game goes on; once the giraffe
    // steps away and White is to move, the lion stands safe and wins.
    let attacked = position(dobutsu(), "g2/2L/l2/3[] w - - 0 1");
    let arrived = play(&attacked, "c3b4");
    assert_eq!(arrived.outcome(), None);
    let unguarded = play(&arrived, "a4a3");
    assert_eq!(unguarded.outcome(), ended(Some(Color::White), EndReason::Arrival));
}

#[test]
fn shoshogi_a_side_loses_when_it_has_neither_king_nor_prince() {
    // With a king and a crown prince, the king may be left attacked by the
    // rook on e9; with the king alone it may not.
    let both = wide(shoshogi(), "4r3k/9/9/9/9/9/9/9/+E3K4 w - - 0 1");
    let moves_of_both = moves(&both);
    assert!(moves_of_both.contains(&"a1a2".to_owned()));
    let alone = wide(shoshogi(), "4r3k/9/9/9/9/9/9/9/G3K4 w - - 0 1");
    assert!(!moves(&alone).contains(&"a1a2".to_owned()));
    // Taking the king leaves the prince, royal now: the game goes on.
    let taken = wide_play(&wide_play(&both, "a1a2"), "e9e1");
    assert_eq!(taken.outcome(), None);
    assert!(!moves(&taken).is_empty());
}

#[test]
fn shoshogi_an_elephant_promoting_to_a_prince_leaves_the_king_royal_for_that_move() {
    // The elephant on e6 is pinned by the rook on e9 against the king, the
    // only one of its kind and so royal. Promoting on d7 or f7 would give
    // White a prince, and the king would no longer be royal once it
    // stands; but for the move itself the king is royal (as in
    // Fairy-Stockfish), so the elephant may only go up the file, promoting
    // or not, besides the king's five steps.
    let pinned = wide(shoshogi(), "k3r4/9/9/4E4/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(
        moves(&pinned),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e6e7", "e6e7+"]
    );
}

#[test]
fn check_shogi_the_first_check_wins() {
    let before = wide(checkshogi(), "4k4/9/9/9/9/9/9/9/R3K4[] w - - 1+1 0 1");
    let checked = wide_play(&before, "a1a9");
    assert_eq!(checked.outcome(), ended(Some(Color::White), EndReason::CheckCount));
}

// Definitions.

#[test]
fn a_promoted_form_must_name_an_unpromoted_kind() {
    let base = || {
        VariantSpec::new(
            "forms",
            fairy_geometry::Geometry::new(fairy_geometry::BoardSize::new(3, 3).unwrap()),
            "k2/3/2K w - - 0 1",
        )
        .piece(PieceSpec::new('K', "king", Movement::king()).royal())
        .piece(
            PieceSpec::new('P', "pawn", Movement::from_betza("fW").unwrap())
                .promotion(Promotion::shogi(Zone::ranks([3]), 'T')),
        )
    };
    let gold = || Movement::from_betza("WfF").unwrap();
    let unknown = base().piece(PieceSpec::new('T', "tokin", gold()).promoted_form_of('X'));
    assert!(matches!(
        Variant::<u64>::new(unknown),
        Err(VariantError::BadPromotion { letter: 'T', .. })
    ));
    let twice = base()
        .piece(PieceSpec::new('T', "tokin", gold()).promoted_form_of('P'))
        .piece(PieceSpec::new('U', "other tokin", gold()).promoted_form_of('P'));
    assert!(matches!(
        Variant::<u64>::new(twice),
        Err(VariantError::BadPromotion { .. })
    ));
    let fine = base().piece(PieceSpec::new('T', "tokin", gold()).promoted_form_of('P'));
    let variant = Variant::<u64>::new(fine).unwrap();
    let tokin = Position::from_fen(&variant, "k2/3/+P1K w - - 0 1").unwrap();
    assert_eq!(tokin.fen(), "k2/3/+P1K w - - 0 1");
}

#[test]
fn pieces_are_conserved_through_minishogi_play() {
    // Captures move pieces into hands unpromoted, drops take them out:
    // counting a promoted form as the kind it came from (`+P` as `P`),
    // board and hands together always hold two of each kind.
    let mut random = common::Random(0x5_0091);
    for _ in 0..20 {
        let mut game: Position<'static> = minishogi().start_position();
        for _ in 0..100 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game = game.play(moves[random.below(moves.len())]).unwrap();
            let setup = game.to_setup();
            let pieces: Vec<_> = setup
                .board
                .iter()
                .flatten()
                .chain(setup.hands.iter().flatten())
                .collect();
            for letter in ['P', 'S', 'G', 'B', 'R', 'K'] {
                let count = pieces.iter().filter(|piece| piece.letter == letter).count();
                assert_eq!(count, 2, "{letter} in {}", game.fen());
            }
            assert_eq!(game.hash(), game.compute_hash(), "{}", game.fen());
        }
    }
}

// Deeper than perft.sh goes, against Fairy-Stockfish's `go perft` (its
// `largeboards` build) on the same positions: run with `--ignored`.

#[test]
#[ignore = "20 million nodes: run with --release -- --ignored"]
fn shogi_start_perft_5_as_fairy_stockfish_go_perft() {
    assert_eq!(shogi().start_position().perft(5), 19_861_490);
}

#[test]
#[ignore = "8 million nodes: run with --release -- --ignored"]
fn minishogi_start_perft_6_as_fairy_stockfish_go_perft() {
    assert_eq!(minishogi().start_position().perft(6), 8_276_188);
}
