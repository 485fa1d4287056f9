//! A tour of the built-in variants: each start position, its perft counts
//! with the speed of move generation, and a short game played to its end.
//!
//! Run with `cargo run --release --example tour`.

use std::error::Error;
use std::time::Instant;

fn main() -> Result<(), Box<dyn Error>> {
    for name in fairy::variants::NAMES {
        let variant = fairy::variants::by_name(name).ok_or("built-in variant missing")?;
        let start = variant.start_position();
        println!("== {name} ({}) ==", variant.size());
        println!(
            "{}",
            fairy::diagram::text(&start, &fairy::diagram::TextOptions::default())
        );
        println!("{:>5} {:>12} {:>10}", "depth", "nodes", "M nodes/s");
        for depth in 1..=5 {
            let timer = Instant::now();
            let nodes = start.perft(depth);
            let seconds = timer.elapsed().as_secs_f64().max(1e-9);
            println!("{depth:>5} {nodes:>12} {:>10.1}", nodes as f64 / seconds / 1e6);
        }
        println!();
    }

    // A short chess game, played from move strings to its result.
    let chess = fairy::variants::chess();
    let moves = "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7";
    let game = chess.start_position().play_uci(moves)?;
    println!("After {moves}:");
    println!(
        "{}",
        fairy::diagram::text(&game, &fairy::diagram::TextOptions::default())
    );
    match game.outcome() {
        Some(outcome) => println!("Result: {outcome}"),
        None => println!("The game goes on."),
    }
    Ok(())
}
