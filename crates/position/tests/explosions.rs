//! Captures that explode (atomic chess and its cousins), kings royal by
//! their count, and the duple check of spartan chess. Each rule with a
//! small position worked out by hand.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;

use common::moves;

use fairy_geometry::{BoardSize, Geometry};
use fairy_movement::{Color, Movement};
use fairy_position::{
    CastlingSpec, EndReason, Explosion, Extinction, GameResult, Goal, Legality, Outcome, PieceSpec, Position,
    Promotion, Variant, VariantSpec, Zone,
};

/// Kings (not royal by kind), rooks, queens, bishops, knights and pawns on
/// `geometry`, with no rule beyond checkmate.
fn army(geometry: Geometry) -> VariantSpec {
    VariantSpec::new("test", geometry, "k7/8/8/8/8/8/8/K7 w - - 0 1")
        .piece(PieceSpec::new('K', "king", Movement::king()))
        .piece(PieceSpec::new('R', "rook", Movement::rook()))
        .piece(PieceSpec::new('Q', "queen", Movement::queen()))
        .piece(PieceSpec::new('B', "bishop", Movement::bishop()))
        .piece(PieceSpec::new('N', "knight", Movement::knight()))
        .piece(PieceSpec::new('P', "pawn", Movement::chess_pawn()).initial(Zone::ranks([2])))
}

fn board() -> Geometry {
    Geometry::new(BoardSize::new(8, 8).unwrap())
}

/// Atomic chess in small: captures explode, sparing pawns; losing the king
/// loses, and the one king is royal.
fn atomic() -> VariantSpec {
    army(board())
        .explosion(Explosion::sparing(['P']))
        .goal(Goal::Extinction(Extinction::of(GameResult::Loss, ['K']).royal()))
}

/// Atomic chess without checks: the kings are not royal.
fn no_check_atomic() -> VariantSpec {
    army(board())
        .explosion(Explosion::sparing(['P']))
        .goal(Goal::Extinction(Extinction::of(GameResult::Loss, ['K'])))
}

fn position<'v>(variant: &'v Variant<u64>, fen: &str) -> Position<'v, u64> {
    Position::from_fen(variant, fen).unwrap()
}

fn legal(position: &Position<'_, u64>, uci: &str) -> bool {
    moves(position).iter().any(|m| m == uci)
}

#[test]
fn a_capture_blows_up_the_capturer_and_its_neighbours_but_pawns() {
    // The queen takes the pawn on e5: it, the knight on d5 and the rook on
    // f5 go; the pawn on d4 next to the blast stays.
    let variant = Variant::<u64>::new(atomic()).unwrap();
    let start = position(&variant, "k7/8/8/3npr2/3pQ3/8/8/K7 w - - 0 1");
    let after = start.play_uci("e4e5").unwrap();
    assert_eq!(after.fen(), "k7/8/8/8/3p4/8/8/K7 b - - 0 1");
    assert_eq!(after.hash(), after.compute_hash());
}

#[test]
fn a_pawn_that_captures_blows_up_too() {
    // Spared next to a blast, but not when it is the capturer.
    let variant = Variant::<u64>::new(atomic()).unwrap();
    let start = position(&variant, "k7/8/8/8/3n4/4P3/8/K7 w - - 0 1");
    let after = start.play_uci("e3d4").unwrap();
    assert_eq!(after.fen(), "k7/8/8/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn a_king_next_to_the_enemy_king_is_never_in_check() {
    // The queen on a1 attacks the whole first rank, but taking a king next
    // to its own would blow its own king up: White is not in check, and
    // every square next to Black's king is safe for White's.
    let variant = Variant::<u64>::new(atomic()).unwrap();
    let start = position(&variant, "8/8/8/8/8/8/4k3/q3K3 w - - 0 1");
    assert!(!start.is_check());
    assert_eq!(moves(&start), ["e1d1", "e1d2", "e1f1", "e1f2"]);
}

#[test]
fn a_capture_may_not_blow_up_the_capturers_own_king() {
    // Taking the knight on d2 would blow up White's king on e1.
    let variant = Variant::<u64>::new(atomic()).unwrap();
    let start = position(&variant, "7k/8/8/8/8/8/R2n4/4K3 w - - 0 1");
    assert!(!legal(&start, "a2d2"));
    assert!(legal(&start, "a2b2"));
}

#[test]
fn a_king_cannot_capture() {
    // It would be the capturer, and blow up.
    let variant = Variant::<u64>::new(atomic()).unwrap();
    let start = position(&variant, "k7/8/8/8/8/8/3n4/4K3 w - - 0 1");
    assert!(!legal(&start, "e1d2"));
    assert!(legal(&start, "e1e2"));
}

/// The legal moves of `fen` in `spec`, checked against the strategy that
/// plays every move (captures are judged in bulk by the fast one).
fn moves_checked_by_playing(spec: VariantSpec, fen: &str) -> Vec<String> {
    let fast = Variant::<u64>::new(spec.clone()).unwrap();
    assert_eq!(fast.legality(), Legality::PinsForQuietMoves);
    let slow = Variant::<u64>::with_legality(spec, Legality::MakeAndTest).unwrap();
    let listed = moves(&position(&fast, fen));
    assert_eq!(listed, moves(&position(&slow, fen)), "{fen}");
    listed
}

fn atomic_moves(fen: &str) -> Vec<String> {
    moves_checked_by_playing(atomic(), fen)
}

#[test]
fn a_blast_that_removes_a_blocker_exposes_the_capturers_king() {
    // The knight on e4 shields White's king from the rook on e8. Taking the
    // bishop on d5 blows the knight up with it, and taking the knight
    // itself leaves e4 empty: both captures open the file.
    let listed = atomic_moves("4r2k/8/8/3b4/4n3/2N5/8/4K3 w - - 0 1");
    assert!(!listed.contains(&"c3d5".to_owned()));
    assert!(!listed.contains(&"c3e4".to_owned()));
    assert!(listed.contains(&"c3b5".to_owned()));
}

#[test]
fn a_capturer_leaving_a_line_to_its_king_exposes_it_unless_the_blast_takes_the_attacker() {
    // The bishop on e3 stands between White's king and a black rook: it may
    // not take the knight on d4 with the rook on e8, and may with the rook
    // on e5, which the blast on d4 destroys.
    let far = atomic_moves("k3r3/8/8/8/3n4/4B3/8/4K3 w - - 0 1");
    assert!(!far.contains(&"e3d4".to_owned()));
    let near = atomic_moves("k7/8/8/4r3/3n4/4B3/8/4K3 w - - 0 1");
    assert!(near.contains(&"e3d4".to_owned()));
}

#[test]
fn a_pawn_capture_off_a_line_to_its_king_exposes_it() {
    // The pawn on e2 may advance along the file, but taking the bishop on
    // d3 opens it.
    let listed = atomic_moves("k3r3/8/8/8/8/3b4/4P3/4K3 w - - 0 1");
    assert!(!listed.contains(&"e2d3".to_owned()));
    assert!(listed.contains(&"e2e3".to_owned()));
    assert!(listed.contains(&"e2e4".to_owned()));
}

#[test]
fn a_capture_promoting_to_an_immune_kind_leaves_the_promoted_piece_standing() {
    // Queens survive explosions here. The pawn on b7 takes the knight on
    // c8: promoted to a queen it stands on c8 after the blast, still
    // shielding White's king on h8 from the rook on a8; promoted to a
    // knight it goes with the blast and opens the rank.
    let spec = VariantSpec::new("test", board(), "k7/8/8/8/8/8/8/K7 w - - 0 1")
        .piece(PieceSpec::new('K', "king", Movement::king()))
        .piece(PieceSpec::new('Q', "queen", Movement::queen()))
        .piece(PieceSpec::new('R', "rook", Movement::rook()))
        .piece(PieceSpec::new('N', "knight", Movement::knight()))
        .piece(
            PieceSpec::new('P', "pawn", Movement::chess_pawn()).promotion(Promotion::new(Zone::ranks([8]), ['Q', 'N'])),
        )
        .explosion(Explosion::sparing(['P']).immune(['Q']))
        .goal(Goal::Extinction(Extinction::of(GameResult::Loss, ['K']).royal()));
    let listed = moves_checked_by_playing(spec, "r1n4K/1P6/8/8/8/8/8/k7 w - - 0 1");
    assert!(listed.contains(&"b7c8q".to_owned()));
    assert!(!listed.contains(&"b7c8n".to_owned()));
}

#[test]
fn blowing_up_the_enemy_king_wins_even_from_check() {
    // White is in check from the rook on a8, but taking the knight on g8
    // blows up Black's king on h8: legal, and the game is over.
    let variant = Variant::<u64>::new(atomic()).unwrap();
    let start = position(&variant, "r5nk/8/8/8/8/8/8/K5R1 w - - 0 1");
    assert!(start.is_check());
    assert!(legal(&start, "g1g8"));
    assert!(!legal(&start, "g1g2"), "a quiet rook move leaves the king in check");
    let after = start.play_uci("g1g8").unwrap();
    assert_eq!(after.fen(), "r7/8/8/8/8/8/8/K7 b - - 0 1");
    let win = Some(Outcome {
        winner: Some(Color::White),
        reason: EndReason::Extinction,
    });
    assert_eq!(after.terminal(), win);
    assert!(after.legal_moves().is_empty());
    // Over with the winner in check, and still read back from its FEN.
    assert_eq!(position(&variant, &after.fen()), after);
}

#[test]
fn without_royal_kings_a_king_may_be_left_attacked() {
    // The rook on a1 attacks d1 and f1 (through e1 once the king leaves).
    // In atomic the king avoids them; without checks it need not.
    let fen = "k7/8/8/8/8/8/8/r3K3 w - - 0 1";
    let royal = Variant::<u64>::new(atomic()).unwrap();
    let royal = position(&royal, fen);
    assert!(royal.is_check());
    assert_eq!(moves(&royal), ["e1d2", "e1e2", "e1f2"]);
    let plain = Variant::<u64>::new(no_check_atomic()).unwrap();
    let plain = position(&plain, fen);
    assert!(!plain.is_check());
    assert_eq!(moves(&plain), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
}

#[test]
fn a_king_blown_up_by_its_own_side_loses_without_royalty() {
    // Without checks a side may blow up its own king, and so loses; if both
    // kings go in one blast, the side that moved loses.
    let variant = Variant::<u64>::new(no_check_atomic()).unwrap();
    let start = position(&variant, "8/8/8/8/8/8/R2nk3/4K3 w - - 0 1");
    let after = start.play_uci("a2d2").unwrap();
    assert_eq!(after.fen(), "8/8/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        after.terminal(),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Extinction,
        })
    );
}

#[test]
fn immune_kings_survive_explosions_and_may_capture() {
    // Atomar: no explosion destroys a king, so a king may take, and a blast
    // next to it leaves it; kings may not take each other.
    let spec = army(board())
        .explosion(Explosion::sparing(['P']).immune(['K']))
        .goal(Goal::Extinction(Extinction::of(GameResult::Loss, ['K'])));
    let mut spec = spec;
    spec.pieces[0] = spec.pieces[0].clone().sparing_own_kind();
    let variant = Variant::<u64>::new(spec).unwrap();
    let rook_takes = position(&variant, "7k/8/8/8/8/8/8/R1rK4 w - - 0 1")
        .play_uci("a1c1")
        .unwrap();
    assert_eq!(rook_takes.fen(), "7k/8/8/8/8/8/8/3K4 b - - 0 1");
    let king_takes = position(&variant, "7k/8/8/8/8/8/3r4/3K4 w - - 0 1")
        .play_uci("d1d2")
        .unwrap();
    assert_eq!(king_takes.fen(), "7k/8/8/8/8/8/3K4/8 b - - 0 1");
    let kings = position(&variant, "8/8/8/8/8/8/3k4/3K4 w - - 0 1");
    assert_eq!(moves(&kings), ["d1c1", "d1c2", "d1e1", "d1e2"]);
}

#[test]
fn an_explosion_wraps_around_a_cylinder() {
    // On a cylinder the h-file is next to the a-file: taking on a4 blows
    // up the rook on h5.
    let spec = army(board().with_cylinder()).explosion(Explosion::sparing(['P']));
    let variant = Variant::<u64>::new(spec).unwrap();
    let after = position(&variant, "k7/8/8/7r/n7/8/8/R6K w - - 0 1")
        .play_uci("a1a4")
        .unwrap();
    assert_eq!(after.fen(), "k7/8/8/8/8/8/8/7K b - - 0 1");
}

#[test]
fn a_net_does_not_stop_an_explosion() {
    // The net lies between ranks 4 and 5; the rook on a5 is next to a4.
    let spec = army(board().with_net(4).unwrap()).explosion(Explosion::sparing(['P']));
    let variant = Variant::<u64>::new(spec).unwrap();
    let after = position(&variant, "k7/8/8/r7/n7/8/8/R6K w - - 0 1")
        .play_uci("a1a4")
        .unwrap();
    assert_eq!(after.fen(), "k7/8/8/8/8/8/8/7K b - - 0 1");
}

#[test]
fn a_rook_blown_up_loses_its_castling_right() {
    let spec = atomic().castling(
        CastlingSpec::new(
            'K',
            "e1".parse().unwrap(),
            "g1".parse().unwrap(),
            'R',
            "h1".parse().unwrap(),
            "f1".parse().unwrap(),
        )
        .by('K'),
    );
    let variant = Variant::<u64>::new(spec).unwrap();
    let start = position(&variant, "4k2r/6n1/8/8/8/8/8/4K1R1 w k - 0 1");
    let after = start.play_uci("g1g7").unwrap();
    assert_eq!(after.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(after.hash(), after.compute_hash());
}

#[test]
fn the_last_king_of_several_is_royal() {
    // Kings royal by count: with two, the rook may attack one; with one
    // left, it is in check.
    let spec = army(board()).goal(Goal::Extinction(Extinction::of(GameResult::Loss, ['K']).royal()));
    let variant = Variant::<u64>::new(spec).unwrap();
    let two = position(&variant, "k7/8/8/8/8/8/8/r2K2K1 w - - 0 1");
    assert!(!two.is_check());
    let one = position(&variant, "k7/8/8/8/8/8/8/r2K4 w - - 0 1");
    assert!(one.is_check());
    assert_eq!(moves(&one), ["d1c2", "d1d2", "d1e2"]);
}

#[test]
fn a_duple_check_attacks_every_king_at_once() {
    // Spartan's duple check: the rook attacks the king on d1, the bishop
    // the king on g1. A move must leave one of them unattacked.
    let spec = army(board()).goal(Goal::Extinction(
        Extinction::of(GameResult::Loss, ['K']).royal().with_duple_check(),
    ));
    let variant = Variant::<u64>::new(spec).unwrap();
    let start = position(&variant, "k7/8/8/8/8/4b3/8/r2K2K1 w - - 0 1");
    assert!(start.is_check());
    assert!(!legal(&start, "d1e1"), "e1 is attacked by the rook through d1");
    assert!(!legal(&start, "d1d2"), "d2 is attacked by the bishop");
    assert!(legal(&start, "d1c2"));
    assert!(legal(&start, "g1h1"));
    let one_safe = position(&variant, "k7/8/8/8/8/8/8/r2K2K1 w - - 0 1");
    assert!(!one_safe.is_check());
}
