//! Goals beyond checkmate, and the move rules that go with them: extinction
//! of a kind or of every piece, shatranj's bare king, stalemate scored by
//! piece count, compulsory capture, and castling by a king that is not
//! royal. Each with a small position worked out by hand.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;

use common::moves;

use fairy_geometry::{BoardSize, Geometry};
use fairy_movement::{Color, Movement};
use fairy_position::{
    Arrival, CastlingSpec, EndReason, Extinction, GameResult, Goal, Legality, Outcome, PieceSpec, Position, Variant,
    VariantSpec, Zone,
};

/// Kings (royal or not), rooks and queens on a board of `files` x `ranks`.
fn pieces(files: u8, ranks: u8, royal_king: bool) -> VariantSpec {
    let mut king = PieceSpec::new('K', "king", Movement::king());
    king.royal = royal_king;
    VariantSpec::new(
        "test",
        Geometry::new(BoardSize::new(files, ranks).unwrap()),
        "k7/8/8/8/8/8/8/K7 w - - 0 1",
    )
    .piece(king)
    .piece(PieceSpec::new('R', "rook", Movement::rook()))
    .piece(PieceSpec::new('Q', "queen", Movement::queen()))
    .piece(PieceSpec::new('B', "bishop", Movement::bishop()))
    .piece(PieceSpec::new('N', "knight", Movement::knight()))
    .piece(PieceSpec::new('P', "pawn", Movement::chess_pawn()).initial(Zone::ranks([2])))
}

/// Compiles `spec` both ways; the moves of `fen` agree.
fn position_both_ways(spec: VariantSpec, fen: &str, test: impl Fn(&Position<'_, u64>)) {
    let fast = Variant::<u64>::new(spec.clone()).unwrap();
    let slow = Variant::<u64>::with_legality(spec, Legality::MakeAndTest).unwrap();
    let (a, b) = (
        Position::from_fen(&fast, fen).unwrap(),
        Position::from_fen(&slow, fen).unwrap(),
    );
    assert_eq!(moves(&a), moves(&b), "{fen}");
    test(&a);
    test(&b);
}

fn outcome(winner: Option<Color>, reason: EndReason) -> Option<Outcome> {
    Some(Outcome { winner, reason })
}

#[test]
fn extinction_of_a_kind_ends_the_game_at_once() {
    // Extinction chess in small: losing the last queen loses. White's rook
    // takes Black's only queen; Black still has a king and a rook, but the
    // game is over, and Black has no move.
    let spec = pieces(8, 8, false).goal(Goal::Extinction(Extinction::of(GameResult::Loss, ['K', 'Q'])));
    position_both_ways(spec, "k6q/7r/8/8/8/8/8/KQ5R w - - 0 1", |position| {
        assert_eq!(position.terminal(), None);
        let after = position.play_uci("h1h7").unwrap();
        assert_eq!(after.terminal(), None, "Black still has its queen");
        let after = after.play_uci("a8b8").unwrap().play_uci("h7h8").unwrap();
        assert_eq!(after.terminal(), outcome(Some(Color::White), EndReason::Extinction));
        assert_eq!(after.outcome(), after.terminal());
        assert!(after.legal_moves().is_empty());
        assert_eq!(after.perft(1), 0);
    });
}

#[test]
fn extinction_of_every_piece_wins_in_antichess() {
    // Antichess in small: White's last piece, the rook on a1, is taken and
    // White wins, though Black took it.
    let spec = pieces(8, 8, false)
        .goal(Goal::Extinction(Extinction::all(GameResult::Win)))
        .compulsory_capture();
    position_both_ways(spec, "8/8/8/8/8/8/8/Rr6 b - - 0 1", |position| {
        assert_eq!(moves(position), ["b1a1"], "the capture is compulsory");
        let after = position.play_uci("b1a1").unwrap();
        assert_eq!(after.terminal(), outcome(Some(Color::White), EndReason::Extinction));
        assert!(after.legal_moves().is_empty());
    });
}

#[test]
fn a_position_already_extinct_is_read_and_over() {
    // A side with nothing left is a finished game, not a malformed FEN.
    let spec = pieces(8, 8, false).goal(Goal::Extinction(Extinction::all(GameResult::Win)));
    let variant = Variant::<u64>::new(spec).unwrap();
    let position = Position::from_fen(&variant, "8/8/8/8/8/8/8/R7 b - - 0 1").unwrap();
    assert_eq!(position.outcome(), outcome(Some(Color::Black), EndReason::Extinction));
}

/// Royal kings and shatranj's rule: a side left with its king alone loses,
/// unless it can bare the other king at once.
fn bare_king_loses() -> VariantSpec {
    pieces(8, 8, true).goal(Goal::Extinction(
        Extinction::all(GameResult::Loss)
            .at_most(1)
            .opponent_at_least(2)
            .with_claim(),
    ))
}

#[test]
fn a_bare_king_loses_unless_it_can_bare_back() {
    // Shatranj's rule: a side left with its king alone loses, unless it
    // can take the opponent's last piece at once (then it is a draw by
    // stalemate-free play: both bare, neither extinct by the rule).
    let spec = bare_king_loses();
    position_both_ways(spec.clone(), "k7/1r6/8/8/8/8/8/KR6 w - - 0 1", |position| {
        // White takes the rook: Black is bare, but its king can take the
        // b7 rook back at once (and must: a7 and b8 are the rook's), so the
        // game goes on, and after it both kings are bare.
        let after = position.play_uci("b1b7").unwrap();
        assert_eq!(after.terminal(), None);
        assert_eq!(moves(&after), ["a8b7"]);
        assert_eq!(after.play_uci("a8b7").unwrap().terminal(), None);
    });
    // With two White pieces left after the capture, Black cannot bare back:
    // lost at once.
    position_both_ways(spec, "k7/1r6/8/8/8/8/8/KRR5 w - - 0 1", |position| {
        let after = position.play_uci("b1b7").unwrap();
        assert_eq!(after.terminal(), outcome(Some(Color::White), EndReason::Extinction));
    });
}

#[test]
fn the_bare_king_that_did_not_bare_back_has_lost() {
    let spec = bare_king_loses();
    // Black, bare, moves its king away instead of taking the rook on c7:
    // Black has lost.
    position_both_ways(spec, "k7/2R5/8/8/8/8/8/K7 b - - 0 1", |position| {
        assert_eq!(position.terminal(), None);
        let after = position.play_uci("a8b8").unwrap();
        assert_eq!(after.terminal(), outcome(Some(Color::White), EndReason::Extinction));
    });
}

#[test]
fn stalemate_by_piece_count_goes_to_the_side_with_fewer_pieces() {
    // Pawns blocked head to head: no side has a move. The side to move is
    // stalemated; with fewer pieces it wins, with more it loses, with as
    // many it draws.
    let spec = pieces(8, 8, false).goal(Goal::StalemateByPieceCount(GameResult::Win));
    let variant = Variant::<u64>::new(spec).unwrap();
    let result = |fen: &str| Position::from_fen(&variant, fen).unwrap().outcome();
    let stalemate = |winner| outcome(winner, EndReason::Stalemate);
    assert_eq!(result("8/8/8/8/p7/P7/8/8 w - - 0 1"), stalemate(None));
    assert_eq!(result("8/8/8/1p6/pP6/P7/8/8 w - - 0 1"), stalemate(None));
    assert_eq!(result("8/8/8/8/p6p/P6P/8/8 w - - 0 1"), stalemate(None));
    assert_eq!(result("8/8/8/8/p6p/P7/8/8 w - - 0 1"), stalemate(Some(Color::White)));
    assert_eq!(result("8/8/8/8/p7/P6P/8/8 w - - 0 1"), None, "h3-h4 is a move");
    assert_eq!(result("8/8/8/7p/p6P/P7/P7/8 w - - 0 1"), stalemate(Some(Color::Black)));
}

#[test]
fn compulsory_capture_leaves_only_the_captures() {
    let spec = pieces(8, 8, true).compulsory_capture();
    // The rook on b1 can take the rook on g1: that is the only legal move.
    // Counted at perft's last ply (captures and the rest in one pass), the
    // moves are the same.
    position_both_ways(spec.clone(), "k7/8/8/8/8/8/8/KR4r1 w - - 0 1", |position| {
        assert_eq!(moves(position), ["b1g1"]);
        assert_eq!(position.perft(1), 1);
    });
    // Nothing can be taken: every legal move stays. The king has none (a2
    // and b2 are the queen's diagonal and rank, b1 its file); the rook has
    // h2-h8 and b1-g1.
    position_both_ways(spec, "k7/8/8/8/8/1q6/8/K6R w - - 0 1", |position| {
        assert_eq!(position.legal_moves().len(), 13);
        assert_eq!(position.perft(1), 13);
    });
}

#[test]
fn compulsory_capture_counts_en_passant_and_ignores_illegal_captures() {
    let spec = pieces(8, 8, true).compulsory_capture();
    position_both_ways(spec.clone(), "k7/8/8/3pP3/8/8/8/K7 w - d6 0 1", |position| {
        assert_eq!(moves(position), ["e5d6"]);
        assert_eq!(position.perft(1), 1, "en passant is the one capture, counted as one");
    });
    // The rook on b2 is pinned to its king by the bishop on d4 and may not
    // take the knight on b5: with no legal capture, the king's quiet moves
    // are legal.
    position_both_ways(spec, "7k/8/8/1n6/3b4/8/1R6/K7 w - - 0 1", |position| {
        assert_eq!(moves(position), ["a1a2", "a1b1"]);
        assert_eq!(position.perft(1), 2);
    });
}

#[test]
fn a_king_that_is_not_royal_castles_through_attacked_squares() {
    // Giveaway's castling: the king on e1 is attacked by the rook on e8
    // and f1 is attacked by the rook on f8; a royal king could not castle,
    // a king that is not royal can.
    let castle = CastlingSpec::new(
        'K',
        "e1".parse().unwrap(),
        "g1".parse().unwrap(),
        'R',
        "h1".parse().unwrap(),
        "f1".parse().unwrap(),
    );
    let fen = "4rr2/8/8/8/8/8/8/4K2R w K - 0 1";
    let free = pieces(8, 8, false).castling(castle.clone().by('K'));
    position_both_ways(free, fen, |position| {
        assert!(moves(position).contains(&"e1g1".to_owned()));
    });
    let royal = pieces(8, 8, true).castling(castle);
    let variant = Variant::<u64>::new(royal).unwrap();
    let position = Position::from_fen(&variant, "k3rr2/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    assert!(!moves(&position).contains(&"e1g1".to_owned()));
}

/// Kings and rooks, won by giving `checks` checks.
fn check_count(checks: u8) -> Variant<u64> {
    Variant::new(pieces(8, 8, true).goal(Goal::CheckCount(checks))).unwrap()
}

#[test]
fn giving_the_counted_checks_wins() {
    // Three-check in small: the rook gives check three times and wins on
    // the third, though Black is not mated.
    let variant = check_count(3);
    let position = Position::from_fen(&variant, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(position.checks_remaining(Color::White), Some(3));
    let after = position.play_uci("a1a8").unwrap();
    assert!(after.is_check());
    assert_eq!(after.checks_remaining(Color::White), Some(2));
    assert_eq!(after.fen(), "R3k3/8/8/8/8/8/8/4K3 b - - 2+3 1 1");
    let after = after.play_uci("e8e7 a8a7 e7e6 a7a6").unwrap();
    assert_eq!(after.checks_remaining(Color::White), Some(0));
    assert_eq!(after.terminal(), outcome(Some(Color::White), EndReason::CheckCount));
    assert!(after.legal_moves().is_empty());
    // A move that gives no check counts nothing.
    let quiet = position.play_uci("a1b1").unwrap();
    assert_eq!(quiet.checks_remaining(Color::White), Some(3));
    assert_eq!(quiet.hash(), quiet.compute_hash());
    assert_eq!(after.hash(), after.compute_hash());
}

#[test]
fn perft_ends_its_count_at_the_deciding_check() {
    // The rook on a1 has 10 moves and the king 5; only a1a8 gives check.
    // Black's king then has 5 moves, less those the rook covers: 2 after
    // a7, 3 after d1, and 3 out of the check after a8. With one check to
    // go, a8 wins at once and leaves nothing to count below it.
    let variant = check_count(3);
    let fresh = Position::from_fen(&variant, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(fresh.perft(2), 68);
    let deciding = Position::from_fen(&variant, "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1").unwrap();
    assert_eq!(deciding.perft(1), 15);
    assert_eq!(deciding.perft(2), 65);
    let divided = deciding.divide(2);
    let after_check = divided.iter().find(|(mv, _)| deciding.uci(*mv).to_string() == "a1a8");
    assert_eq!(after_check.map(|&(_, leaves)| leaves), Some(0));
}

#[test]
fn check_counters_are_read_in_both_of_fairy_stockfish_forms() {
    let variant = check_count(3);
    let remaining = Position::from_fen(&variant, "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1").unwrap();
    let given = Position::from_fen(&variant, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +2+0").unwrap();
    assert_eq!(remaining, given);
    assert_eq!(given.fen(), "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1");
    // Without counters: none given yet.
    let fresh = Position::from_fen(&variant, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(fresh.checks_remaining(Color::Black), Some(3));
}

#[test]
fn check_counters_that_do_not_fit_are_refused() {
    let variant = check_count(3);
    for fen in [
        "4k3/8/8/8/8/8/8/R3K3 w - - 4+3 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 3+x 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1 +0+0",
        // White to move has given its three checks: the game ended before.
        "4k3/8/8/8/8/8/8/R3K3 w - - 0+3 0 1",
    ] {
        assert!(Position::from_fen(&variant, fen).is_err(), "{fen}");
    }
    let chess_like = Variant::<u64>::new(pieces(8, 8, true)).unwrap();
    assert!(Position::from_fen(&chess_like, "4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1").is_err());
}

/// Kings racing to the eighth rank, as in racing kings: each arrival waits
/// for the opponent's reply.
fn race() -> Variant<u64> {
    Variant::new(
        pieces(8, 8, true)
            .arrival(Arrival::new('K', Zone::ranks([8])).only_for(Color::White).with_reply())
            .arrival(Arrival::new('K', Zone::ranks([1])).only_for(Color::Black).with_reply()),
    )
    .unwrap()
}

#[test]
fn a_race_won_by_white_waits_for_black_to_follow() {
    let variant = race();
    let position = Position::from_fen(&variant, "8/K6k/8/8/8/8/8/8 w - - 0 1").unwrap();
    // White arrives; Black's king can reach the eighth rank at once, so
    // Black moves.
    let arrived = position.play_uci("a7a8").unwrap();
    assert_eq!(arrived.terminal(), None);
    // Black follows: a draw. Black does not: White wins.
    let follows = arrived.play_uci("h7h8").unwrap();
    assert_eq!(follows.terminal(), outcome(None, EndReason::Arrival));
    let stays = arrived.play_uci("h7h6").unwrap();
    assert_eq!(stays.terminal(), outcome(Some(Color::White), EndReason::Arrival));
    assert!(stays.legal_moves().is_empty());
}

#[test]
fn a_race_ends_at_once_when_black_cannot_follow_or_arrives_first() {
    let variant = race();
    let far = Position::from_fen(&variant, "8/K7/8/8/8/8/7k/8 w - - 0 1").unwrap();
    let arrived = far.play_uci("a7a8").unwrap();
    assert_eq!(arrived.terminal(), outcome(Some(Color::White), EndReason::Arrival));
    // Black first: White, having moved first, gets no reply.
    let black = Position::from_fen(&variant, "8/7k/8/8/8/8/K7/8 b - - 0 1").unwrap();
    let arrived = black.play_uci("h7h8").unwrap();
    assert_eq!(arrived.terminal(), outcome(Some(Color::Black), EndReason::Arrival));
}

#[test]
fn where_checks_are_forbidden_no_move_gives_check() {
    // The rook on b1 may not go to a1 or b8, which would check the king on
    // a8: 11 rook moves and 3 king moves are left.
    let spec = pieces(8, 8, true).forbid_checks();
    position_both_ways(spec, "k7/8/8/8/8/8/8/1R5K w - - 0 1", |position| {
        let all = moves(position);
        assert_eq!(all.len(), 14, "{all:?}");
        assert!(!all.contains(&"b1a1".to_owned()) && !all.contains(&"b1b8".to_owned()));
    });
}

#[test]
fn en_passant_is_taken_only_in_its_zone() {
    // Horde's rule: en passant only on the capturer's sixth rank. White's
    // double step from the first rank passes the second: Black's pawn on
    // b3 may not take there; from the second rank it passes the third, and
    // Black's pawn on b4 may.
    let horde = |spec: VariantSpec| {
        let pawn = PieceSpec::new('P', "pawn", Movement::chess_pawn()).initial(Zone::ranks([1, 2]));
        let mut spec = spec;
        spec.pieces.retain(|piece| piece.letter != 'P');
        spec.piece(pawn).en_passant_zone(Zone::ranks([6]))
    };
    let spec = horde(pieces(8, 8, true));
    let variant = Variant::<u64>::new(spec).unwrap();
    let low = Position::from_fen(&variant, "k7/8/8/8/8/1p6/8/K1P5 w - - 0 1").unwrap();
    let after = low.play_uci("c1c3").unwrap();
    assert!(after.en_passant_squares().is_empty(), "{}", after.fen());
    let high = Position::from_fen(&variant, "k7/8/8/8/1p6/8/2P5/K7 w - - 0 1").unwrap();
    let after = high.play_uci("c2c4").unwrap();
    assert!(moves(&after).contains(&"b4c3".to_owned()), "{}", after.fen());
}

#[test]
fn a_side_without_a_royal_piece_needs_an_extinction_rule() {
    let fen = "k7/8/8/8/8/8/8/1R6 w - - 0 1";
    let chess_like = Variant::<u64>::new(pieces(8, 8, true)).unwrap();
    assert!(Position::from_fen(&chess_like, fen).is_err());
    let horde_like =
        Variant::<u64>::new(pieces(8, 8, true).goal(Goal::Extinction(Extinction::all(GameResult::Loss)))).unwrap();
    let position = Position::from_fen(&horde_like, fen).unwrap();
    assert!(!position.is_check());
    assert_eq!(position.legal_moves().len(), 14);
}

#[test]
fn several_royal_kinds_must_all_be_kept_safe() {
    // Coregal's rule: the queens are royal too. The rook on a1 attacks the
    // queen on d1: White is in check, no king move answers it, taking the
    // rook does.
    let mut spec = pieces(8, 8, true);
    for piece in &mut spec.pieces {
        piece.royal |= piece.letter == 'Q';
    }
    let variant = Variant::<u64>::new(spec.clone()).unwrap();
    assert_eq!(variant.legality(), Legality::MakeAndTest);
    position_both_ways(spec, "4k3/8/8/8/8/8/8/r2QK3 w - - 0 1", |position| {
        assert!(position.is_check());
        let all = moves(position);
        assert!(all.contains(&"d1a1".to_owned()), "{all:?}");
        assert!(!all.iter().any(|m| m.starts_with("e1")), "{all:?}");
    });
}

#[test]
fn a_royal_piece_held_in_check_may_only_take_its_checker() {
    // Makpong: the king on e1 may not step out of the rook's check; the
    // rook on d2 blocks on d1. With the checker next to it, the king may
    // take it, and do nothing else.
    let spec = pieces(8, 8, true).hold_royal_in_check();
    position_both_ways(spec.clone(), "k7/8/8/8/8/8/3R4/r3K3 w - - 0 1", |position| {
        assert_eq!(moves(position), ["d2d1"]);
    });
    position_both_ways(spec.clone(), "k7/8/8/8/8/8/8/3rK3 w - - 0 1", |position| {
        assert_eq!(moves(position), ["e1d1"]);
    });
    // Out of check the king moves freely.
    position_both_ways(spec, "k7/8/8/8/8/8/8/4K3 w - - 0 1", |position| {
        assert_eq!(moves(position).len(), 5);
    });
}

#[test]
fn a_promotion_limit_bars_promoting_to_a_kind_a_side_has_enough_of() {
    // At most one queen: with a queen on d1 the pawn may become a rook,
    // not a queen; once the queen is gone, a queen again.
    let mut spec = pieces(8, 8, true);
    for piece in &mut spec.pieces {
        match piece.letter {
            'Q' => piece.promotion_limit = Some(1),
            'P' => piece.promotion = Some(fairy_position::Promotion::new(Zone::ranks([8]), ['Q', 'R'])),
            _ => {}
        }
    }
    position_both_ways(spec.clone(), "k7/4P3/8/8/8/8/8/K2Q4 w - - 0 1", |position| {
        let promotions: Vec<String> = moves(position).into_iter().filter(|m| m.starts_with("e7")).collect();
        assert_eq!(promotions, ["e7e8r"]);
    });
    position_both_ways(spec, "k7/4P3/8/8/8/8/8/K7 w - - 0 1", |position| {
        let promotions: Vec<String> = moves(position).into_iter().filter(|m| m.starts_with("e7")).collect();
        assert_eq!(promotions, ["e7e8q", "e7e8r"]);
    });
}

#[test]
fn a_mate_must_meet_the_mate_condition() {
    // Shatar's rules: a mate by knights alone wins for the mated side; a
    // mate stands only if a knight or a rook gave a check in the series
    // that led to it; otherwise it is a draw.
    let spec = pieces(8, 8, true).goal(Goal::MateCondition(fairy_position::MateCondition {
        not_by: vec!['N'],
        not_by_drop: vec![],
        after_check_by: vec!['N', 'R'],
    }));
    let unsound = |winner| outcome(winner, EndReason::UnsoundMate);
    position_both_ways(spec.clone(), "6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1", |position| {
        // The smothered mate by the knight.
        let mated = position.play_uci("g5f7").unwrap();
        assert_eq!(mated.outcome(), unsound(Some(Color::Black)));
    });
    position_both_ways(spec.clone(), "7k/7p/8/8/8/8/8/K1B3R1 w - - 0 1", |position| {
        // The bishop mates at the first check of the series.
        let mated = position.play_uci("c1b2").unwrap();
        assert_eq!(mated.outcome(), unsound(None));
    });
    position_both_ways(spec, "8/6kp/8/8/8/8/8/K1B2R2 w - - 0 1", |position| {
        // The rook's check begins the series; the bishop's mate ends it.
        let mated = ["f1g1", "g7h8", "c1b2"]
            .iter()
            .fold(position.clone(), |position, uci| position.play_uci(uci).unwrap());
        assert_eq!(mated.outcome(), outcome(Some(Color::White), EndReason::Checkmate));
        // Read from its FEN the position begins a new series: no shak.
        let again = Position::from_fen(mated.variant(), &mated.fen()).unwrap();
        assert_eq!(again, mated);
        assert_eq!(again.outcome(), unsound(None));
    });
}

/// Chess kings and queens, with or without passing on stalemate.
fn kings_and_queen(pass: bool) -> Variant<u64> {
    let spec = VariantSpec::new(
        "pass",
        Geometry::new(BoardSize::new(8, 8).unwrap()),
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    )
    .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    .piece(PieceSpec::new('Q', "queen", Movement::queen()));
    Variant::<u64>::new(if pass { spec.pass_on_stalemate() } else { spec }).unwrap()
}

#[test]
fn pass_on_stalemate() {
    // Black's king on h8 has no move (g8, g7 and h7 are the queen's or
    // the king's): with the rule, its one move is a pass, written from and
    // to its square as Fairy-Stockfish writes it; the halfmove clock runs.
    let variant = kings_and_queen(true);
    let stalemated = variant.start_position();
    let moves = stalemated.legal_moves();
    assert_eq!(moves.len(), 1);
    assert!(moves[0].is_pass());
    assert_eq!(stalemated.uci(moves[0]).to_string(), "h8h8");
    assert_eq!(stalemated.san(moves[0]), "Kh8");
    assert_eq!(stalemated.outcome(), None);
    let after = stalemated.play(moves[0]).unwrap();
    assert_eq!(after.fen(), "7k/5Q2/6K1/8/8/8/8/8 w - - 1 2");
    assert_eq!(after.hash(), after.compute_hash());
    // White's queen and king move as usual: 21 queen moves, 5 king moves.
    assert_eq!(after.legal_moves().len(), 26);
    assert!(after.legal_moves().iter().all(|mv| !mv.is_pass()));
    // Without the rule, stalemate.
    let plain = kings_and_queen(false);
    assert_eq!(
        plain.start_position().outcome().map(|o| o.reason),
        Some(EndReason::Stalemate)
    );
}

#[test]
fn a_pass_written_with_a_pawn_resets_the_clock() {
    // Fairy-Stockfish's andersgiveaway: White's one piece, a blocked pawn,
    // passes; a pass is a move of the piece it is written with, so a
    // pawn's pass resets the halfmove clock (pyffish: `... b - - 0 10`).
    let spec = VariantSpec::new(
        "pawns",
        Geometry::new(BoardSize::new(8, 8).unwrap()),
        "k7/8/8/8/8/p7/P7/8 w - - 5 10",
    )
    .piece(PieceSpec::new('P', "pawn", "fmWfceFifmnD".parse().unwrap()).resets_clock(true))
    .piece(PieceSpec::new('K', "king", Movement::king()))
    .goal(Goal::Extinction(Extinction::all(GameResult::Win)))
    .pass_on_stalemate();
    let variant = Variant::<u64>::new(spec).unwrap();
    let start = variant.start_position();
    assert_eq!(moves(&start), ["a2a2"]);
    let after = start.play(start.legal_moves()[0]).unwrap();
    assert_eq!(after.fen(), "k7/8/8/8/8/p7/P7/8 b - - 0 10");
}

#[test]
fn no_pass_out_of_checkmate() {
    // Mated on h8 by the queen on g7 guarded by the king: no pass.
    let variant = kings_and_queen(true);
    let mated = Position::from_fen(&variant, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(mated.legal_moves().is_empty());
    assert_eq!(mated.outcome().map(|o| o.reason), Some(EndReason::Checkmate));
}

#[test]
fn repetition_rule() {
    // Kings shuffling on a 3 x 3 board: the start position comes back
    // every four plies. With the rule at four occurrences and a loss for
    // the side to move, the third occurrence is not enough; at the fourth,
    // White (to move) loses.
    let game_after = |rule: fairy_position::Repetition, cycles: usize| {
        let spec = VariantSpec::new(
            "kings",
            Geometry::new(BoardSize::new(3, 3).unwrap()),
            "k2/3/2K w - - 0 1",
        )
        .piece(PieceSpec::new('K', "king", Movement::king()).royal())
        .goal(Goal::Repetition(rule));
        let variant = Variant::<u64>::new(spec).unwrap();
        let mut game = fairy_position::Game::new(variant.start_position());
        for _ in 0..cycles {
            for text in ["c1c2", "a3a2", "c2c1", "a2a3"] {
                game.play_uci(text).unwrap();
            }
        }
        (game.claimable_draw(), game.clone().claim_draw())
    };
    let loses = fairy_position::Repetition::new(4, GameResult::Loss);
    assert_eq!(game_after(loses.clone(), 2), (None, None));
    let (reason, outcome) = game_after(loses, 3);
    assert_eq!(reason, Some(EndReason::Repetition));
    assert_eq!(outcome.map(|o| o.winner), Some(Some(Color::Black)));
    // Scored for White whoever is to move.
    let white_wins = fairy_position::Repetition::new(4, GameResult::Win).as_white();
    assert_eq!(game_after(white_wins, 3).1.map(|o| o.winner), Some(Some(Color::White)));
    // Fewer than two occurrences is not a rule.
    let spec = VariantSpec::new(
        "kings",
        Geometry::new(BoardSize::new(3, 3).unwrap()),
        "k2/3/2K w - - 0 1",
    )
    .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    .goal(Goal::Repetition(fairy_position::Repetition::new(1, GameResult::Draw)));
    assert!(Variant::<u64>::new(spec).is_err());
}

#[test]
fn san_asks_for_a_missing_promotion_piece() {
    // The pawn on a7 may promote to a queen on a8: `a8` alone is not a
    // move, and the error says what is missing; `a8=Q` is.
    let spec = VariantSpec::new(
        "promote",
        Geometry::new(BoardSize::new(4, 8).unwrap()),
        "4/P3/4/4/4/4/4/K2k w - - 0 1",
    )
    .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    .piece(PieceSpec::new('Q', "queen", Movement::queen()))
    .piece(
        PieceSpec::new('P', "pawn", Movement::chess_pawn())
            .initial(Zone::ranks([2]))
            .promotion(fairy_position::Promotion::new(Zone::ranks([8]), ['Q'])),
    );
    let variant = Variant::<u64>::new(spec).unwrap();
    let mut game = fairy_position::Game::new(variant.start_position());
    assert!(matches!(
        game.play_san("a8"),
        Err(fairy_position::SanError::MissingPromotion { .. })
    ));
    assert_eq!(
        game.position().parse_san("a8").unwrap_err().to_string(),
        "a8 promotes: name the piece it becomes (a8=Q, say)"
    );
    game.play_san("a8=Q").unwrap();
    assert_eq!(game.san_moves(), "1. a8=Q");
    assert_eq!(game.pgn(), "[Variant \"promote\"]\n[Result \"*\"]\n\n1. a8=Q *\n");
}
