//! fairy against cozy-chess, a chess-only move generator, in one run:
//! perft with bulk counting on both sides, interleaved, medians reported.
//!
//! `cargo bench --bench versus` (optionally `-- ROUNDS`, default 5). The
//! ratio is what the performance targets are stated in: a rule that chess
//! does not use must not move it.

use std::hint::black_box;
use std::time::{Duration, Instant};

use fairy::position::Position;

/// cozy-chess's perft, counting the last ply by the size of each piece's
/// move set, as fairy's does.
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

struct Case {
    name: &'static str,
    fen: &'static str,
    depth: u32,
}

const CASES: [Case; 2] = [
    Case {
        name: "chess start, perft 6",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 6,
    },
    Case {
        name: "Kiwipete, perft 5",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 5,
    },
];

fn main() {
    // `cargo bench` passes `--bench`; a number among the arguments sets the
    // rounds.
    let rounds = std::env::args()
        .skip(1)
        .find_map(|argument| argument.parse::<usize>().ok())
        .unwrap_or(5)
        .max(1);
    let chess = fairy::variants::chess();
    for case in CASES {
        let position = Position::from_fen(chess, case.fen).unwrap_or_else(|error| panic!("{}: {error}", case.fen));
        let board: cozy_chess::Board = case
            .fen
            .parse()
            .unwrap_or_else(|error| panic!("{}: {error:?}", case.fen));
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        let mut nodes = (0, 0);
        for _ in 0..rounds {
            let start = Instant::now();
            nodes.0 = black_box(&position).perft(black_box(case.depth));
            ours.push(start.elapsed());
            let start = Instant::now();
            nodes.1 = cozy_perft(black_box(&board), black_box(case.depth));
            theirs.push(start.elapsed());
        }
        assert_eq!(nodes.0, nodes.1, "{}: the two disagree", case.name);
        let (ours, theirs) = (median(ours), median(theirs));
        let rate = |time: Duration| nodes.0 as f64 / time.as_secs_f64() / 1e6;
        println!(
            "{:<22} {:>11} nodes  fairy {:>7.3} s ({:>5.1} M/s)  cozy-chess {:>7.3} s ({:>5.1} M/s)  ratio {:.2}",
            case.name,
            nodes.0,
            ours.as_secs_f64(),
            rate(ours),
            theirs.as_secs_f64(),
            rate(theirs),
            ours.as_secs_f64() / theirs.as_secs_f64()
        );
    }
}
