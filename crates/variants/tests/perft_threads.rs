//! Perft with its work shared out among threads (`Position::perft_split`),
//! against the reference counts of `data/chess.epd` and the count on one
//! thread.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;

use std::convert::Infallible;

use common::{perft_cases, position};
use fairy_position::{Move, Position};

const EPD: &str = include_str!("data/chess.epd");

/// The moves reported by `perft_split` on `threads` threads, sorted, and
/// the total it returned.
fn split(position: &Position<'_>, depth: u32, threads: usize) -> (Vec<(Move, u64)>, u64) {
    let mut reported = Vec::new();
    let total = position
        .perft_split(depth, threads, |mv, leaves| {
            reported.push((mv, leaves));
            Ok::<(), Infallible>(())
        })
        .unwrap();
    reported.sort();
    (reported, total)
}

#[test]
fn perft_on_two_threads_reports_each_move_with_the_leaves_below_it() {
    let chess = fairy_variants::chess();
    let mut checked = 0;
    for case in perft_cases(EPD)
        .iter()
        .filter(|case| case.depth >= 3 && case.nodes <= 100_000)
    {
        let start = position(chess, case.fen);
        let (two, total) = split(&start, case.depth, 2);
        assert_eq!(total, case.nodes, "{} depth {}", case.fen, case.depth);
        assert_eq!(two.iter().map(|&(_, leaves)| leaves).sum::<u64>(), total);
        let (one, _) = split(&start, case.depth, 1);
        assert_eq!(two, one, "{} depth {}", case.fen, case.depth);
        assert_eq!(start.perft_threads(case.depth, 2), case.nodes);
        checked += 1;
    }
    assert!(checked > 50, "only {checked} cases");
}

#[test]
fn a_move_that_ends_the_game_is_reported_with_no_leaves() {
    // Ra8 mates: the Black king's pawns hem it in.
    let start = position(fairy_variants::chess(), "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    let (reported, total) = split(&start, 3, 2);
    assert_eq!(reported.len(), start.legal_moves().len());
    let mate = start.parse_uci("a1a8").unwrap();
    assert_eq!(reported.iter().find(|&&(mv, _)| mv == mate), Some(&(mate, 0)));
    assert_eq!(total, start.perft(3));
}

#[test]
fn a_failing_report_stops_the_count_on_two_threads() {
    let start = fairy_variants::chess().start_position();
    let mut reports = 0;
    let counted = start.perft_split(4, 2, |_, _| {
        reports += 1;
        Err("enough")
    });
    assert_eq!(counted, Err("enough"));
    assert_eq!(reports, 1);
}
