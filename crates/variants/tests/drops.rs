//! Pieces in hand and drops: the crazyhouse family of the gallery
//! (crazyhouse, loop, chessgi, pocketknight, capahouse), placement chess,
//! and one board of the two-board games (bughouse, koedem, supply), against
//! Fairy-Stockfish's `tests/perft.sh` figures, and one focused test per
//! rule on a small position.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;
#[macro_use]
mod from_gallery;

use common::{ended, moves, play, position};
use fairy_movement::Color;
use fairy_position::{EndReason, FenError, ParseFenError, Position, PositionError, Variant, VariantSpec};

gallery_variant!(crazyhouse, "crazyhouse");
gallery_variant!(loop_chess, "loop");
gallery_variant!(chessgi, "chessgi");
gallery_variant!(pocketknight, "pocketknight");
gallery_variant!(placement, "placement");
gallery_variant!(bughouse, "bughouse");
gallery_variant!(koedem, "koedem");
gallery_variant!(supply, "supply", u128);

fn perft(variant: &'static Variant<u64>, fen: &str, depth: u32) -> u64 {
    position(variant, fen).perft(depth)
}

// Fairy-Stockfish's `tests/perft.sh`, every drop variant of this family
// it has figures for.

#[test]
fn crazyhouse_start_perft_4_as_fairy_stockfish() {
    assert_eq!(crazyhouse().start_position().perft(4), 197_281);
}

#[test]
fn crazyhouse_full_hands_perft_2_as_fairy_stockfish() {
    assert_eq!(
        perft(crazyhouse(), "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", 2),
        75_353
    );
}

#[test]
fn crazyhouse_hands_in_either_form_perft_3_as_fairy_stockfish() {
    assert_eq!(perft(crazyhouse(), "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", 3), 88_634);
    // The hand as a rank of its own below the first.
    assert_eq!(perft(crazyhouse(), "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1", 3), 88_634);
}

#[test]
fn crazyhouse_middlegame_perft_3_as_fairy_stockfish() {
    let fen = "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1";
    assert_eq!(perft(crazyhouse(), fen, 3), 58_057);
}

#[test]
fn loop_perft_2_as_fairy_stockfish() {
    let fen = "5R2/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnppp] b - - 1 1";
    assert_eq!(perft(loop_chess(), fen, 2), 31_983);
    assert_eq!(loop_chess().start_position().perft(4), 197_281);
}

#[test]
fn chessgi_perft_2_as_fairy_stockfish() {
    let fen = "5Rp1/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnpp] b - - 1 48";
    assert_eq!(perft(chessgi(), fen, 2), 32_816);
    assert_eq!(chessgi().start_position().perft(4), 197_281);
}

#[test]
fn pocketknight_start_perft_3_as_fairy_stockfish() {
    assert_eq!(pocketknight().start_position().perft(3), 88_617);
}

#[test]
fn placement_perft_as_fairy_stockfish() {
    assert_eq!(placement().start_position().perft(3), 50_560);
    assert_eq!(
        perft(
            placement(),
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/QR1BKNN1[BRk] w - - 0 1",
            6
        ),
        17_804
    );
    assert_eq!(
        perft(
            placement(),
            "1n1r1q2/pppppppp/8/8/8/8/PPPPPPPP/1N1B1R1N[KQRBkrbbn] b - - 0 4",
            5
        ),
        145_152
    );
    assert_eq!(
        perft(placement(), "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1", 4),
        18_492
    );
}

/// Crazyhouse from the start to 4.9 million nodes: the figure pyffish
/// gives by recursion over its legal moves.
#[test]
#[ignore = "deep perft: run with --ignored"]
fn crazyhouse_start_perft_5_as_fairy_stockfish() {
    assert_eq!(crazyhouse().start_position().perft(5), 4_888_832);
}

/// Crazyhouse to 121 million nodes: the figure Fairy-Stockfish's `go
/// perft 6` gives.
#[test]
#[ignore = "deep perft: run with --ignored --release"]
fn crazyhouse_start_perft_6_as_fairy_stockfish() {
    assert_eq!(crazyhouse().start_position().perft(6), 120_812_942);
}

// The rules, one small position each.

#[test]
fn a_drop_goes_on_any_empty_square() {
    // White holds a knight: a drop on each of the 64 - 3 empty squares.
    let start = position(crazyhouse(), "k7/8/8/8/8/8/8/1R2K3[N] w - - 0 1");
    let drops = moves(&start).into_iter().filter(|m| m.starts_with("N@")).count();
    assert_eq!(drops, 61);
}

#[test]
fn a_drop_answers_a_check_only_by_blocking_it() {
    // The rook on e8 checks the king on e1: a knight dropped on e2 to e7
    // blocks; nowhere else.
    let checked = position(crazyhouse(), "k3r3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    let drops: Vec<String> = moves(&checked).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(drops, ["N@e2", "N@e3", "N@e4", "N@e5", "N@e6", "N@e7"]);
    // A knight's check cannot be blocked.
    let by_knight = position(crazyhouse(), "k7/8/8/8/8/8/2n5/4K3[N] w - - 0 1");
    assert!(moves(&by_knight).iter().all(|m| !m.contains('@')));
}

#[test]
fn no_drop_answers_a_double_check() {
    let double = position(crazyhouse(), "k3r3/8/8/8/8/8/2n5/4K3[QN] w - - 0 1");
    assert!(moves(&double).iter().all(|m| m.starts_with("e1")));
}

#[test]
fn pawns_are_not_dropped_on_the_first_or_last_rank() {
    let start = position(crazyhouse(), "k7/8/8/8/8/8/8/4K3[Pp] w - - 0 1");
    let ranks: Vec<char> = moves(&start)
        .iter()
        .filter_map(|m| m.strip_prefix("P@"))
        .map(|square| square.chars().nth(1).unwrap())
        .collect();
    assert_eq!(ranks.len(), 6 * 8);
    assert!(ranks.iter().all(|rank| ('2'..='7').contains(rank)));
}

#[test]
fn chessgi_pawns_are_dropped_on_their_first_rank_too() {
    let start = position(chessgi(), "k7/8/8/8/8/8/8/4K3[P] w - - 0 1");
    let drops: Vec<String> = moves(&start).into_iter().filter(|m| m.starts_with("P@")).collect();
    // Ranks 1 to 7 but the king's square.
    assert_eq!(drops.len(), 7 * 8 - 1);
    assert!(drops.contains(&"P@a1".to_owned()));
    assert!(!drops.iter().any(|m| m.ends_with('8')));
    // A pawn dropped there moves one step.
    let dropped = play(&play(&start, "P@a1"), "a8b8");
    assert_eq!(moves(&dropped).iter().filter(|m| m.starts_with("a1")).count(), 1);
}

#[test]
fn a_captured_piece_changes_sides_into_the_capturers_hand() {
    let before = position(crazyhouse(), "k7/8/8/3r4/8/8/8/3RK3[] w - - 0 1");
    let after = play(&before, "d1d5");
    assert_eq!(after.fen(), "k7/8/8/3R4/8/8/8/4K3[R] b - - 0 1");
    let rook = crazyhouse().kind_of_letter('R').unwrap();
    assert_eq!(after.hand(Color::White).count(rook), 1);
    assert!(after.hand(Color::Black).is_empty());
}

#[test]
fn a_drop_resets_the_halfmove_clock() {
    let before = position(crazyhouse(), "k7/8/8/8/8/8/8/4K3[N] w - - 7 20");
    assert_eq!(play(&before, "N@d4").halfmoves(), 0);
}

#[test]
fn a_promoted_piece_is_marked_and_goes_back_to_the_hand_as_a_pawn() {
    let before = position(crazyhouse(), "1r5k/P7/8/8/8/8/8/K7[] w - - 0 1");
    let promoted = play(&before, "a7b8q");
    assert_eq!(promoted.fen(), "1Q~5k/8/8/8/8/8/8/K7[R] b - - 0 1");
    // Read back with its mark, it is the same position.
    let read = position(crazyhouse(), &promoted.fen());
    assert_eq!(read, promoted);
    assert_eq!(read.hash(), promoted.hash());
    // Taken, it becomes Black's pawn.
    let taken = play(&position(crazyhouse(), "1Q~4rk/8/8/8/8/8/8/K7[] b - - 0 1"), "g8b8");
    assert_eq!(taken.fen(), "1r5k/8/8/8/8/8/8/K7[p] w - - 0 2");
    // A mark differs from no mark.
    let unmarked = position(crazyhouse(), "1Q4rk/8/8/8/8/8/8/K7[] b - - 0 1");
    assert_eq!(play(&unmarked, "g8b8").fen(), "1r5k/8/8/8/8/8/8/K7[q] w - - 0 2");
}

#[test]
fn loop_chess_keeps_a_promoted_piece_what_it_is() {
    let before = position(loop_chess(), "1r5k/P7/8/8/8/8/8/K7[] w - - 0 1");
    let promoted = play(&before, "a7b8q");
    assert_eq!(promoted.fen(), "1Q5k/8/8/8/8/8/8/K7[R] b - - 0 1");
    let taken = play(&position(loop_chess(), "1Q4rk/8/8/8/8/8/8/K7[] b - - 0 1"), "g8b8");
    assert_eq!(taken.fen(), "1r5k/8/8/8/8/8/8/K7[q] w - - 0 2");
}

#[test]
fn pocketknight_captures_leave_the_game() {
    let before = position(pocketknight(), "k7/8/8/3r4/8/8/8/3RK3[Nn] w - - 0 1");
    assert_eq!(play(&before, "d1d5").fen(), "k7/8/8/3R4/8/8/8/4K3[Nn] b - - 0 1");
}

#[test]
fn hands_are_written_white_first_from_the_last_kind_to_the_pawns() {
    let mixed = position(crazyhouse(), "k7/8/8/8/8/8/8/4K3[pPnQNbq] w - - 0 1");
    assert_eq!(mixed.fen(), "k7/8/8/8/8/8/8/4K3[QNPqbnp] w - - 0 1");
}

#[test]
fn drops_are_written_with_the_piece_letter_and_an_at_sign() {
    let start = position(crazyhouse(), "k7/8/8/8/8/8/8/4K3[Pn] w - - 0 1");
    let drop = start.parse_uci("P@e4").unwrap();
    assert!(drop.is_drop());
    assert_eq!(start.uci(drop).to_string(), "P@e4");
    assert_eq!(start.san(drop), "P@e4");
    assert_eq!(start.parse_san("P@e4").unwrap(), drop);
    assert_eq!(start.parse_san("@e4").unwrap(), drop);
    let after = start.play(drop).unwrap();
    let check = after.parse_uci("N@d3").unwrap();
    assert_eq!(after.san(check), "N@d3+");
    assert_eq!(after.parse_san("n@d3").unwrap(), check);
    assert!(start.parse_uci("N@e4").is_err(), "White holds no knight");
}

#[test]
fn the_hash_tells_hands_apart() {
    let one = position(crazyhouse(), "k7/8/8/8/8/8/8/4K3[N] w - - 0 1");
    let other = position(crazyhouse(), "k7/8/8/8/8/8/8/4K3[n] w - - 0 1");
    let two = position(crazyhouse(), "k7/8/8/8/8/8/8/4K3[NN] w - - 0 1");
    assert_ne!(one.hash(), other.hash());
    assert_ne!(one.hash(), two.hash());
    assert_ne!(one, other);
}

#[test]
fn pieces_are_conserved_through_crazyhouse_play() {
    // Every capture moves a piece into a hand, every drop takes one out:
    // board and hands together always hold 32 pieces.
    let mut random = common::Random(0x00c0_ffee);
    for _ in 0..20 {
        let mut game: Position<'static> = crazyhouse().start_position();
        for _ in 0..120 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[random.below(moves.len())];
            game = game.play(mv).unwrap();
            let on_board = game.pieces(Color::White).count() + game.pieces(Color::Black).count();
            let in_hand = game.hand(Color::White).total() + game.hand(Color::Black).total();
            assert_eq!(on_board + in_hand, 32, "{}", game.fen());
            assert_eq!(game.hash(), game.compute_hash(), "{}", game.fen());
        }
    }
}

#[test]
fn a_hand_where_there_are_no_drops_is_an_error_naming_the_piece() {
    let chess = fairy_variants::by_name("chess").unwrap();
    assert_eq!(
        Position::from_fen(chess, "k7/8/8/8/8/8/8/4K3[N] w - - 0 1").unwrap_err(),
        FenError::Position(PositionError::Hand {
            piece: 'N',
            reason: "the variant has no drops, so no pieces in hand"
        })
    );
    // An empty hand is no hand.
    assert!(Position::from_fen(chess, "k7/8/8/8/8/8/8/4K3[] w - - 0 1").is_ok());
    assert_eq!(
        Position::from_fen(crazyhouse(), "k7/8/8/8/8/8/8/4K3[Z] w - - 0 1").unwrap_err(),
        FenError::Position(PositionError::Hand {
            piece: 'Z',
            reason: "not a piece of this variant"
        })
    );
    assert_eq!(
        Position::from_fen(crazyhouse(), "k7/8/8/8/8/8/8/4K3[N2] w - - 0 1").unwrap_err(),
        FenError::Parse(ParseFenError::BadHand {
            field: "k7/8/8/8/8/8/8/4K3[N2]".to_owned()
        })
    );
    assert_eq!(
        Position::from_fen(crazyhouse(), "k7/8/8/8/8/8/8/4K3[N w - - 0 1").unwrap_err(),
        FenError::Parse(ParseFenError::BadHand {
            field: "k7/8/8/8/8/8/8/4K3[N".to_owned()
        })
    );
}

#[test]
fn a_side_that_must_drop_drops_while_it_can() {
    // White holds a knight: every move is a drop on the first rank.
    let holding = position(placement(), "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[N] w - - 0 1");
    assert_eq!(
        moves(&holding),
        ["N@a1", "N@b1", "N@c1", "N@d1", "N@f1", "N@g1", "N@h1"]
    );
    // With the first rank full, the pieces move.
    let full = position(placement(), "4k3/pppppppp/8/8/8/8/8/RNBQKBNR[n] w - - 0 1");
    assert!(moves(&full).contains(&"g1f3".to_owned()));
}

#[test]
fn bishops_are_dropped_onto_both_colours() {
    // A bishop on c1 (a dark square): the second goes on a light one.
    let second = position(placement(), "4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1K3[B] w - - 0 1");
    assert_eq!(moves(&second), ["B@b1", "B@d1", "B@f1", "B@h1"]);
    // Free: d1 (light) and g1 (dark). The bishop in hand must go on d1,
    // and so the knight may not.
    let last = position(placement(), "4k3/pppppppp/8/8/8/8/PPPPPPPP/RNB1KQ1R[BN] w - - 0 1");
    assert_eq!(moves(&last), ["B@d1", "N@g1"]);
}

#[test]
fn a_king_and_rook_dropped_on_their_squares_may_castle() {
    let rooks = position(placement(), "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1");
    let king = play(&rooks, "K@e1");
    assert_eq!(king.fen(), "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[r] b KQq - 0 1");
    let rook = play(&king, "R@h8");
    assert_eq!(rook.fen(), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w KQkq - 0 2");
    // A king away from its square gains nothing.
    let aside = play(
        &position(placement(), "4k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[K] w - - 0 1"),
        "K@d1",
    );
    assert_eq!(aside.castling_rights(), fairy_position::CastlingRights::NONE);
}

#[test]
fn a_royal_piece_is_not_dropped_into_check() {
    // White's king is in hand: not onto the rook's file or rank, nor
    // next to the other king.
    let open = position(crazyhouse(), "r6k/8/8/8/8/8/8/8[K] w - - 0 1");
    let drops = moves(&open);
    assert!(!drops.contains(&"K@a1".to_owned()));
    assert!(!drops.contains(&"K@b8".to_owned()));
    assert!(!drops.contains(&"K@g7".to_owned()));
    assert!(drops.contains(&"K@b1".to_owned()));
}

#[test]
fn pieces_in_hand_keep_a_side_from_extinction() {
    // Antihouse (Fairy-Stockfish's variants.ini): antichess with drops. A
    // side with no piece on the board but one in hand plays on.
    let spec = fairy_variants::fsf::spec_from_ini(include_str!("data/fsf-variants.ini"), "antihouse").unwrap();
    let antihouse = Variant::<u64>::new(spec).unwrap();
    let holding = Position::from_fen(&antihouse, "8/8/1p1p4/8/8/8/q7/8[Q] w - - 0 31").unwrap();
    assert_eq!(holding.outcome(), None);
    assert_eq!(holding.legal_moves().len(), 64 - 3);
    let bare = Position::from_fen(&antihouse, "8/8/1p1p4/8/8/8/q7/8[] w - - 0 31").unwrap();
    assert_eq!(bare.outcome().map(|outcome| outcome.winner), Some(Some(Color::White)));
}

#[test]
fn an_empty_hand_may_be_written_with_a_dash() {
    // Fairy-Stockfish's shogi start positions write `[-]`.
    let dash = position(crazyhouse(), "k7/8/8/8/8/8/8/4K3[-] w - - 0 1");
    assert_eq!(dash.fen(), "k7/8/8/8/8/8/8/4K3[] w - - 0 1");
}

#[test]
fn a_piece_given_from_outside_the_game_goes_to_the_hand() {
    // As a bughouse partner's capture would.
    let start = crazyhouse().start_position();
    let queen = crazyhouse().kind_of_letter('Q').unwrap();
    let given = start.with_piece_in_hand(Color::Black, queen).unwrap();
    assert_eq!(
        given.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[q] w KQkq - 0 1"
    );
    assert_eq!(given.hash(), given.compute_hash());
    let chess = fairy_variants::by_name("chess").unwrap();
    assert_eq!(
        chess
            .start_position()
            .with_piece_in_hand(Color::White, queen)
            .unwrap_err(),
        PositionError::Hand {
            piece: 'Q',
            reason: "the variant has no drops, so no pieces in hand"
        }
    );
}

#[test]
fn where_drops_may_not_check_no_drop_gives_check() {
    // Kings and rooks on 3 x 3, White to drop a rook: on a1, a2, b3 and
    // c3 it would check the king on a3; b1, b2 and c2 are left, with the
    // king's steps to b1 and c2 (b2 touches the other king).
    let spec = |no_checks: bool| {
        let mut drops = fairy_position::Drops::new();
        if no_checks {
            drops = drops.no_drop_checks();
        }
        VariantSpec::new(
            "drops",
            fairy_geometry::Geometry::new(fairy_geometry::BoardSize::new(3, 3).unwrap()),
            "k2/3/2K[R] w - - 0 1",
        )
        .piece(fairy_position::PieceSpec::new('K', "king", fairy_movement::Movement::king()).royal())
        .piece(fairy_position::PieceSpec::new(
            'R',
            "rook",
            fairy_movement::Movement::rook(),
        ))
        .drops(drops)
    };
    let free = Variant::<u64>::new(spec(false)).unwrap();
    assert_eq!(moves(&free.start_position()).len(), 9);
    let quiet = Variant::<u64>::new(spec(true)).unwrap();
    assert_eq!(moves(&quiet.start_position()), ["R@b1", "R@b2", "R@c2", "c1b1", "c1c2"]);
}

// One board of a two-board game: the hands are fed by the partner's
// captures on the other board, and this board's captures feed the
// partner's hands.

#[test]
fn bughouse_with_empty_hands_counts_chess_perft() {
    // No piece in hand, so no drop: chess's moves (`chess.epd`'s start).
    assert_eq!(bughouse().start_position().perft(4), 197_281);
}

#[test]
fn koedem_perft_1_as_fairy_stockfish() {
    // A king in hand must be dropped first: on the 34 empty squares.
    let king_in_hand = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB2BNR[KQ] w kq - 0 1";
    assert_eq!(perft(koedem(), king_in_hand, 1), 34);
    let queen_in_hand = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR[Q] w KQkq - 0 1";
    assert_eq!(perft(koedem(), queen_in_hand, 1), 54);
}

#[test]
fn on_a_partner_board_a_capture_goes_to_no_hand() {
    let before = position(bughouse(), "k7/8/8/3r4/8/8/8/3RK3[] w - - 0 1");
    assert_eq!(play(&before, "d1d5").fen(), "k7/8/8/3R4/8/8/8/4K3[] b - - 0 1");
}

#[test]
fn on_a_partner_board_a_promoted_piece_is_marked() {
    // Taken, it would go to the partner as a pawn: FEN marks it, as
    // Fairy-Stockfish's does.
    let before = position(bughouse(), "1r5k/P7/8/8/8/8/8/K7[] w - - 0 1");
    let promoted = play(&before, "a7b8q");
    assert_eq!(promoted.fen(), "1Q~5k/8/8/8/8/8/8/K7[] b - - 0 1");
    assert_eq!(position(bughouse(), &promoted.fen()), promoted);
}

#[test]
fn pieces_the_partner_fed_are_dropped() {
    // The king's five steps, and the queen on each of the 62 empty
    // squares.
    let fed = position(bughouse(), "4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1");
    assert_eq!(fed.legal_moves().len(), 67);
}

#[test]
fn a_bughouse_side_with_no_move_loses() {
    let stalemated = position(bughouse(), "k7/2Q5/1K6/8/8/8/8/8[] b - - 0 1");
    assert_eq!(stalemated.outcome(), ended(Some(Color::White), EndReason::Stalemate));
}

#[test]
fn a_koedem_side_with_no_king_loses_when_the_opponent_has_two() {
    let bare = position(koedem(), "K6K/8/8/8/8/8/7p/8[] b - - 0 1");
    assert_eq!(bare.outcome(), ended(Some(Color::White), EndReason::Extinction));
    // With its king in hand, it is still in the game, and must drop it:
    // on any of the 61 empty squares.
    let in_hand = position(koedem(), "K6K/7p/8/8/8/8/8/8[k] b - - 0 1");
    assert_eq!(in_hand.outcome(), None);
    assert_eq!(in_hand.legal_moves().len(), 61);
}

#[test]
fn supply_drops_go_to_the_own_half_where_the_kind_may_stand() {
    // An advisor only on the palace's diagonal points: e2, d3 and f3 are
    // free.
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[A] w - - 0 1";
    let fed = Position::from_fen(supply(), fen).unwrap();
    let drops: Vec<String> = moves(&fed).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(drops, ["A@d3", "A@e2", "A@f3"]);
}

#[test]
fn supply_drops_may_not_give_check() {
    // A chariot anywhere on White's empty half (44 squares) but the five
    // of the e-file, where it would check the general on e10; the general
    // may only step to d2 (e1 would face the other).
    let fed = Position::from_fen(supply(), "4k4/9/9/9/9/9/9/9/9/3K5[R] w - - 0 1").unwrap();
    let moves = moves(&fed);
    assert_eq!(moves.len(), 40);
    assert!(!moves.iter().any(|m| m.starts_with("R@e")));
}

/// Crazyhouse where the king is royal only while it is the last of its
/// kind (Fairy-Stockfish's `extinctionPseudoRoyal` with drops).
fn royal_by_count_with_drops() -> Variant<u64> {
    let ini = "[royaldrops:crazyhouse]\n\
               king = -\n\
               commoner = k\n\
               castlingKingPiece = k\n\
               extinctionValue = loss\n\
               extinctionPieceTypes = k\n\
               extinctionPseudoRoyal = true\n";
    Variant::new(fairy_variants::fsf::spec_from_ini(ini, "royaldrops").unwrap()).unwrap()
}

#[test]
fn a_king_royal_by_count_stays_royal_for_the_drop_of_a_second() {
    // White's lone king on e1 is royal, and the rook on e8 checks it. A
    // second king dropped would leave neither royal once it stands, but
    // for the drop itself both are (as in Fairy-Stockfish): every square
    // that blocks the check is on the rook's file, where the dropped king
    // would stand attacked, so only the king's own steps off the file are
    // left.
    let variant = royal_by_count_with_drops();
    let checked = Position::from_fen(&variant, "k3r3/8/8/8/8/8/8/4K3[K] w - - 0 1").unwrap();
    assert_eq!(moves(&checked), ["e1d1", "e1d2", "e1f1", "e1f2"]);
    // Out of check, the second king goes on any empty square but the three
    // next to Black's king: 62 - 3 drops and the first king's five steps.
    let quiet = Position::from_fen(&variant, "k7/8/8/8/8/8/8/4K3[K] w - - 0 1").unwrap();
    let all = moves(&quiet);
    assert_eq!(all.len(), 59 + 5);
    for touching in ["K@a7", "K@b7", "K@b8"] {
        assert!(!all.contains(&touching.to_owned()), "{touching}");
    }
}
