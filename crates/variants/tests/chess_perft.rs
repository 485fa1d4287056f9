//! Chess perft against the reference counts of `data/chess.epd` (126
//! positions, depths 1 to 6, from outside this project).

#![allow(clippy::unwrap_used)] // test helpers may unwrap

mod common;

use common::{perft_cases, run_perft_cases};

const EPD: &str = include_str!("data/chess.epd");

fn run(limit: u64) -> (usize, u64) {
    run_perft_cases(fairy_variants::chess(), EPD, limit)
}

#[test]
fn the_file_has_126_positions_to_depth_6() {
    // 126 lines; one position (6KQ/8/8/8/8/8/8/7k b) is listed twice.
    assert_eq!(EPD.lines().filter(|line| !line.trim().is_empty()).count(), 126);
    assert_eq!(perft_cases(EPD).iter().map(|case| case.depth).max(), Some(6));
}

#[test]
fn every_position_to_one_million_nodes() {
    let (count, nodes) = run(1_000_000);
    println!("{count} cases, {nodes} nodes");
    assert!(count > 400, "only {count} cases under the node limit");
}

#[test]
#[ignore = "deep: 4.8 billion nodes, about 90 s in release; run with --release -- --ignored"]
fn every_position_to_depth_6() {
    let (count, nodes) = run(u64::MAX);
    println!("{count} cases, {nodes} nodes");
    assert_eq!(count, perft_cases(EPD).len());
}
