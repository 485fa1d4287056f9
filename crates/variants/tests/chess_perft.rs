//! Chess perft against the reference counts of `data/chess.epd` (126
//! positions, depths 1 to 6, from outside this project).

#![allow(clippy::unwrap_used)] // test helpers may unwrap

use fairy_position::Position;

const EPD: &str = include_str!("data/chess.epd");

/// One (position, depth, expected count) case.
struct Case {
    fen: &'static str,
    depth: u32,
    nodes: u64,
}

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for line in EPD.lines().filter(|line| !line.trim().is_empty()) {
        let mut fields = line.split(';');
        let fen = fields.next().unwrap().trim();
        for field in fields {
            let (depth, nodes) = field.trim().split_once(' ').unwrap();
            cases.push(Case {
                fen,
                depth: depth.trim_start_matches('D').parse().unwrap(),
                nodes: nodes.parse().unwrap(),
            });
        }
    }
    cases
}

/// Runs every case with at most `limit` nodes; returns (cases, nodes).
fn run(limit: u64) -> (usize, u64) {
    let chess = fairy_variants::chess();
    let (mut count, mut total) = (0, 0);
    let mut failures = Vec::new();
    for case in cases().iter().filter(|case| case.nodes <= limit) {
        let position = Position::from_fen(chess, case.fen).unwrap_or_else(|error| panic!("{}: {error}", case.fen));
        let nodes = position.perft(case.depth);
        if nodes != case.nodes {
            failures.push(format!(
                "{} depth {}: {} expected, {} counted",
                case.fen, case.depth, case.nodes, nodes
            ));
        }
        count += 1;
        total += nodes;
    }
    assert!(failures.is_empty(), "perft mismatches:\n{}", failures.join("\n"));
    (count, total)
}

#[test]
fn the_file_has_126_positions_to_depth_6() {
    // 126 lines; one position (6KQ/8/8/8/8/8/8/7k b) is listed twice.
    assert_eq!(EPD.lines().filter(|line| !line.trim().is_empty()).count(), 126);
    assert_eq!(cases().iter().map(|case| case.depth).max(), Some(6));
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
    assert_eq!(count, cases().len());
}
