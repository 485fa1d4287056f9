//! Each rule primitive on its own, in small invented variants: net crossing
//! per kind, uncapturable kinds, promotion of any kind, winning arrivals,
//! end results, variants without royal pieces.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

use fairy_geometry::{BoardSize, Geometry};
use fairy_movement::{Color, Movement};
use fairy_position::{
    Arrival, EndReason, GameResult, NetCrossing, Outcome, PieceSpec, Position, Promotion, Variant, VariantSpec, Zone,
};

fn compile(spec: VariantSpec) -> Variant<u64> {
    Variant::new(spec).unwrap()
}

fn moves_from(position: &Position<'_>, square: &str) -> Vec<String> {
    let mut moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|&m| position.uci(m).to_string())
        .filter(|m| m.starts_with(square))
        .collect();
    moves.sort();
    moves
}

/// A 3 x 4 board with a net between ranks 2 and 3, kings, and three
/// rooks that differ only in how they may cross it.
fn netted() -> Variant<u64> {
    let geometry = Geometry::new(BoardSize::new(3, 4).unwrap()).with_net(2).unwrap();
    let rook = |letter, net| PieceSpec::new(letter, "rook", Movement::rook()).net(net);
    compile(
        VariantSpec::new("net", geometry, "2k/3/3/K2 w - - 0 1")
            .piece(PieceSpec::new('K', "king", Movement::king()).royal())
            .piece(rook('F', NetCrossing::Free))
            .piece(rook('M', NetCrossing::MovesOnly))
            .piece(rook('N', NetCrossing::Never)),
    )
}

#[test]
fn net_crossing_is_a_rule_of_each_kind() {
    let variant = netted();
    // Each rook on b2 with a black rook on b4 beyond the net.
    let free = Position::from_fen(&variant, "1fk/3/1F1/K2 w - - 0 1").unwrap();
    assert_eq!(moves_from(&free, "b2"), ["b2a2", "b2b1", "b2b3", "b2b4", "b2c2"]);
    let moves_only = Position::from_fen(&variant, "1fk/3/1M1/K2 w - - 0 1").unwrap();
    assert_eq!(moves_from(&moves_only, "b2"), ["b2a2", "b2b1", "b2b3", "b2c2"]);
    let never = Position::from_fen(&variant, "1fk/3/1N1/K2 w - - 0 1").unwrap();
    assert_eq!(moves_from(&never, "b2"), ["b2a2", "b2b1", "b2c2"]);
}

#[test]
fn attacks_across_the_net_follow_the_capture_rule() {
    let variant = netted();
    // Black's rook on a4 attacks a1 across the net only if it may capture
    // across: the Free rook checks, the others do not.
    assert!(Position::from_fen(&variant, "f1k/3/3/K2 w - - 0 1").unwrap().is_check());
    assert!(!Position::from_fen(&variant, "m1k/3/3/K2 w - - 0 1").unwrap().is_check());
    assert!(!Position::from_fen(&variant, "n1k/3/3/K2 w - - 0 1").unwrap().is_check());
}

/// Kings, rooks and an uncapturable Wazir on 4 x 4.
fn untouchable() -> Variant<u64> {
    compile(
        VariantSpec::new(
            "untouchable",
            Geometry::new(BoardSize::new(4, 4).unwrap()),
            "3k/4/4/K3 w - - 0 1",
        )
        .piece(PieceSpec::new('K', "king", Movement::king()).royal())
        .piece(PieceSpec::new('R', "rook", Movement::rook()))
        .piece(PieceSpec::new('W', "wazir", Movement::wazir()).uncapturable()),
    )
}

#[test]
fn an_uncapturable_piece_blocks_and_checks_but_is_never_captured() {
    let variant = untouchable();
    // The rook on a3 stops before the Wazir on c3 and cannot take it.
    let position = Position::from_fen(&variant, "3k/R1w1/4/K3 w - - 0 1").unwrap();
    assert_eq!(moves_from(&position, "a3"), ["a3a2", "a3a4", "a3b3"]);
    // The Wazir on b1 checks the king on a1; only king moves answer, and
    // the king cannot take it.
    let position = Position::from_fen(&variant, "3k/R3/4/Kw2 w - - 0 1").unwrap();
    assert!(position.is_check());
    let all: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|&m| position.uci(m).to_string())
        .collect();
    assert_eq!(all, ["a1a2"]);
}

#[test]
fn any_kind_may_promote_with_a_choice_and_optionally() {
    // Kings promote nothing; a Wazir may become a rook on the last rank, or
    // stay a Wazir (promotion is optional here).
    let spec = VariantSpec::new(
        "optional",
        Geometry::new(BoardSize::new(4, 4).unwrap()),
        "3k/4/4/K3 w - - 0 1",
    )
    .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    .piece(PieceSpec::new('R', "rook", Movement::rook()))
    .piece(
        PieceSpec::new('W', "wazir", Movement::wazir()).promotion(Promotion::new(Zone::ranks([4]), ['R']).optional()),
    );
    let variant = compile(spec);
    let position = Position::from_fen(&variant, "3k/W3/4/2K1 w - - 0 1").unwrap();
    assert_eq!(moves_from(&position, "a3"), ["a3a2", "a3a4", "a3a4r", "a3b3"]);
    assert_eq!(position.count_legal_moves(), position.legal_moves().len() as u64);
}

#[test]
fn an_arrival_wins_for_any_kind_on_any_zone() {
    // King of the hill on 4 x 4: a king on b2, c2, b3 or c3 wins.
    let centre = Zone::squares(["b2", "c2", "b3", "c3"].map(|s| s.parse().unwrap()));
    let spec = VariantSpec::new(
        "hill",
        Geometry::new(BoardSize::new(4, 4).unwrap()),
        "3k/4/4/K3 w - - 0 1",
    )
    .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    .arrival(Arrival::new('K', centre));
    let variant = compile(spec);
    let start = variant.start_position();
    let hill = start.play(start.parse_uci("a1b2").unwrap()).unwrap();
    assert_eq!(
        hill.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::Arrival
        })
    );
    assert_eq!(hill.count_legal_moves(), 0);
    // A position where the side to move already stands on the hill cannot
    // arise.
    assert!(Position::from_fen(&variant, "3k/4/1K2/4 w - - 0 1").is_err());
}

#[test]
fn without_royal_pieces_there_is_no_check_and_the_stalemate_result_applies() {
    // Wazirs only; a side with no move loses.
    let spec = VariantSpec::new(
        "no kings",
        Geometry::new(BoardSize::new(2, 2).unwrap()),
        "w1/1W w - - 0 1",
    )
    .piece(PieceSpec::new('W', "wazir", Movement::wazir().and(Movement::ferz())))
    .stalemate(GameResult::Loss);
    let variant = compile(spec);
    let start = variant.start_position();
    assert!(!start.is_check());
    // The Wazir-Ferz on b1 may take a2 or step to a1 or b2.
    assert_eq!(start.count_legal_moves(), 3);
    let blocked = Position::from_fen(&variant, "2/W1 b - - 0 1").unwrap();
    assert_eq!(
        blocked.outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::Stalemate
        })
    );
}

#[test]
fn checkmate_may_win_for_the_mated_side_if_a_variant_says_so() {
    let spec = VariantSpec::new(
        "losing",
        Geometry::new(BoardSize::new(3, 3).unwrap()),
        "k2/3/2K w - - 0 1",
    )
    .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    .piece(PieceSpec::new('R', "rook", Movement::rook()))
    .checkmate(GameResult::Win);
    let variant = compile(spec);
    let mated = Position::from_fen(&variant, "k1R/2R/2K b - - 0 1").unwrap();
    assert_eq!(
        mated.outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Checkmate
        })
    );
}
