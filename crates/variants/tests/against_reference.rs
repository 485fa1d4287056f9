//! The fast move generator against the slow reference of `reference/`,
//! written independently from the rules files: legal move lists compared
//! position by position along random games, and perft counts compared.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;
mod reference;

use common::{Random, moves};
use fairy_position::Variant;
use reference::{Board, Rules};

fn variant(rules: Rules) -> &'static Variant<u64> {
    match rules {
        Rules::Chennis => fairy_variants::chennis(),
        Rules::Gnu => fairy_variants::gnu(),
        Rules::Cgnp => fairy_variants::cgnp(),
    }
}

/// What the random games went through, so that a test can insist the
/// special rules were exercised.
#[derive(Debug, Default)]
struct Coverage {
    positions: usize,
    checks: usize,
    promotions: usize,
    en_passant: usize,
    endings: Vec<String>,
}

/// Plays `games` random games of up to `plies` moves, comparing the two
/// generators at every position, also after a round trip through FEN.
fn random_games(rules: Rules, games: usize, plies: usize) -> Coverage {
    let variant = variant(rules);
    let mut random = Random(0x2545_f491_4f6c_dd1d ^ games as u64);
    let mut coverage = Coverage::default();
    for game in 0..games {
        let mut fast = variant.start_position();
        let mut slow = Board::from_fen(rules, &fast.fen());
        for ply in 0..plies {
            let moves = moves(&fast);
            assert_eq!(
                moves,
                slow.legal_moves(),
                "{rules:?} game {game} ply {ply}: {}",
                fast.fen()
            );
            let from_fen = Board::from_fen(rules, &fast.fen());
            assert_eq!(moves, from_fen.legal_moves(), "{rules:?} after FEN: {}", fast.fen());
            assert_eq!(moves.len() as u64, fast.count_legal_moves());
            coverage.positions += 1;
            coverage.checks += usize::from(fast.is_check());
            coverage.promotions += usize::from(fast.legal_moves().iter().any(|m| m.promotion().is_some()));
            coverage.en_passant += usize::from(fast.legal_moves().iter().any(|m| m.is_en_passant()));
            if ply % 10 == 5 {
                assert_eq!(fast.perft(2), slow.perft(2), "{rules:?} perft 2: {}", fast.fen());
            }
            if moves.is_empty() {
                let outcome = fast
                    .outcome()
                    .unwrap_or_else(|| panic!("no moves but no outcome: {}", fast.fen()));
                coverage.endings.push(outcome.to_string());
                break;
            }
            let chosen = &moves[random.below(moves.len())];
            fast = fast.play(fast.parse_uci(chosen).unwrap()).unwrap();
            slow = slow.play_uci(chosen);
        }
    }
    println!("{rules:?}: {coverage:?}");
    coverage
}

/// Whether some game ended with a result mentioning `reason`.
fn ended_by(coverage: &Coverage, reason: &str) -> bool {
    coverage.endings.iter().any(|ending| ending.contains(reason))
}

#[test]
fn chennis_random_games_agree_move_by_move() {
    let coverage = random_games(Rules::Chennis, 60, 150);
    assert!(coverage.positions > 2000 && coverage.checks > 20);
    assert!(ended_by(&coverage, "arrival"), "{coverage:?}");
}

#[test]
fn gnu_random_games_agree_move_by_move() {
    let coverage = random_games(Rules::Gnu, 60, 150);
    assert!(coverage.positions > 2000 && coverage.checks > 20);
    assert!(coverage.promotions > 20 && coverage.en_passant > 0, "{coverage:?}");
    assert!(ended_by(&coverage, "arrival"), "{coverage:?}");
}

#[test]
fn cgnp_random_games_agree_move_by_move() {
    let coverage = random_games(Rules::Cgnp, 40, 150);
    assert!(coverage.positions > 2000 && coverage.checks > 20);
    assert!(coverage.promotions > 20 && coverage.en_passant > 0, "{coverage:?}");
    assert!(ended_by(&coverage, "checkmate"), "{coverage:?}");
}

#[test]
fn start_position_perft_agrees_to_depth_3() {
    for rules in [Rules::Chennis, Rules::Gnu, Rules::Cgnp] {
        let fast = variant(rules).start_position();
        let slow = Board::from_fen(rules, &fast.fen());
        assert_eq!(fast.perft(3), slow.perft(3), "{rules:?}");
    }
}
