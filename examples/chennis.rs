//! A short game of Chennis: a knight jumps the net and takes the queen, a
//! pawn steps across the net, captures its way to the far rank and wins at
//! once.
//!
//! Run with `cargo run --example chennis`.

use std::error::Error;

use fairy::Position;
use fairy::diagram::TextOptions;

/// Prints a caption and the position's diagram.
fn show(caption: &str, position: &Position<'_>) {
    println!("{caption}\n{}", fairy::diagram::text(position, &TextOptions::default()));
}

fn main() -> Result<(), Box<dyn Error>> {
    let chennis = fairy::variants::chennis();
    let start = chennis.start_position();
    show("Chennis: a net lies between ranks 4 and 5.", &start);

    // The knight crosses the net (c3-d5) and takes the queen on e7.
    let position = start.play_uci("b1c3 g6g5 c3d5 g5g4 d5e7")?;
    show(
        "After 1. Nc3 g5 2. Nd5 g4 3. Nxe7: the knight jumped the net.",
        &position,
    );

    // Black's g-pawn crossed the net by its straight step (g5-g4); a pawn
    // could never capture across it.
    let position = position.play_uci("d7e7 a2a3")?;
    show(
        "After 3...Kxe7 4. a3: Black's pawn on g4 is on White's side of the net.",
        &position,
    );

    // Black's g-pawn crossed the net by its straight step; it captures on
    // f2 and then on e1, arriving on White's first rank.
    let position = position.play_uci("g4g3 a3a4 g3f2 a4a5 f2e1")?;
    show(
        "After ...g3 ...gxf2 ...fxe1: the pawn reached the first rank.",
        &position,
    );
    match position.outcome() {
        Some(outcome) => println!("Result: {outcome}"),
        None => println!("The game goes on."),
    }
    Ok(())
}
