//! fairy against cozy-chess and shakmaty, chess-only move generators, in
//! one run: perft with bulk counting on every side, interleaved, medians
//! reported.
//!
//! `cargo bench --bench versus` (optionally `-- ROUNDS`, default 5). The
//! ratios (fairy's time over theirs) are what the performance targets are
//! stated in: a rule that chess does not use must not move them.
//!
//! `-- ROUNDS minima` times each case one ply shallower, 30 times a round,
//! and reports the median of the rounds' fastest runs: on a shared machine
//! a run's time takes in the machine's pauses, and the fastest of many
//! short runs leaves them out.

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

/// shakmaty's perft, likewise counting the last ply by the length of its
/// move list.
fn shakmaty_perft(position: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position as _;
    let moves = position.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            shakmaty_perft(&child, depth - 1)
        })
        .sum()
}

/// Runs `perft` `runs` times, adding the fastest run's time to `times`.
fn timed(times: &mut Vec<Duration>, runs: usize, perft: impl Fn() -> u64) -> u64 {
    let mut fastest = Duration::MAX;
    let mut nodes = 0;
    for _ in 0..runs {
        let start = Instant::now();
        nodes = perft();
        fastest = fastest.min(start.elapsed());
    }
    times.push(fastest);
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
    let minima = std::env::args().any(|argument| argument == "minima");
    let (runs, shallower) = if minima { (30, 1) } else { (1, 0) };
    let chess = fairy::variants::chess();
    for case in CASES {
        let depth = case.depth - shallower;
        let position = Position::from_fen(chess, case.fen).unwrap_or_else(|error| panic!("{}: {error}", case.fen));
        let board: cozy_chess::Board = case
            .fen
            .parse()
            .unwrap_or_else(|error| panic!("{}: {error:?}", case.fen));
        let shakmaty: shakmaty::Chess = case
            .fen
            .parse::<shakmaty::fen::Fen>()
            .ok()
            .and_then(|fen| fen.into_position(shakmaty::CastlingMode::Standard).ok())
            .unwrap_or_else(|| panic!("{}: shakmaty cannot read it", case.fen));
        let (mut ours, mut cozy, mut shak) = (Vec::new(), Vec::new(), Vec::new());
        let mut nodes = [0; 3];
        for _ in 0..rounds {
            nodes[0] = timed(&mut ours, runs, || black_box(&position).perft(black_box(depth)));
            nodes[1] = timed(&mut cozy, runs, || cozy_perft(black_box(&board), black_box(depth)));
            nodes[2] = timed(&mut shak, runs, || {
                shakmaty_perft(black_box(&shakmaty), black_box(depth))
            });
        }
        assert!(
            nodes.iter().all(|&n| n == nodes[0]),
            "{}: they disagree: {nodes:?}",
            case.name
        );
        let (ours, cozy, shak) = (median(ours), median(cozy), median(shak));
        let rate = |time: Duration| nodes[0] as f64 / time.as_secs_f64() / 1e6;
        let name = if minima {
            format!("{}, perft {depth}", case.name.split(',').next().unwrap_or(case.name))
        } else {
            case.name.to_string()
        };
        println!(
            "{:<22} {:>11} nodes  fairy {:>7.4} s ({:>5.1} M/s)  cozy-chess {:>7.4} s (ratio {:.2})  shakmaty {:>7.4} s (ratio {:.2})",
            name,
            nodes[0],
            ours.as_secs_f64(),
            rate(ours),
            cozy.as_secs_f64(),
            ours.as_secs_f64() / cozy.as_secs_f64(),
            shak.as_secs_f64(),
            ours.as_secs_f64() / shak.as_secs_f64()
        );
    }
}
