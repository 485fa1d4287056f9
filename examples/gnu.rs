//! A game of Gnu: a knight takes on the last rank and becomes a Gnu, and
//! the king walks up the long board to arrive on Black's back rank, which
//! wins at once. Black's moves are not good ones; the point is the rules.
//!
//! Run with `cargo run --example gnu`.

use std::error::Error;

use fairy::Position;
use fairy::diagram::TextOptions;

/// Prints a caption and the position's diagram.
fn show(caption: &str, position: &Position<'_>) {
    println!("{caption}\n{}", fairy::diagram::text(position, &TextOptions::default()));
}

fn main() -> Result<(), Box<dyn Error>> {
    let gnu = fairy::variants::gnu();
    let start = gnu.start_position();
    show("Gnu: 5 x 10; the Ferz (f) cannot be captured.", &start);

    // The king sets off; the b1 knight heads for the far rank.
    let position = start.play_uci(
        "b2b3 e9e8 d2d3 a9a8 c1d2 e8e7 d2e3 e7e6 e3d4 b9b7 d4e5 a8a7 b1a3 b7b6 \
         e5d6 c8b9 a3b5 a10b8 b5c7 e10d8 d6e7 c9c8 c7a8 e6e5",
    )?;
    show("The knight reached a8 and the king e7.", &position);

    // A knight ending its move on the far rank becomes a Gnu: a8xb10=G.
    let position = position.play_uci("a8b10g")?;
    show("After Nxb10=G (written a8b10g): the knight is a Gnu (G).", &position);

    // The king takes on d8, steps to e9 and arrives on e10.
    let position = position.play_uci("b9a10 e7d8 d10e8 d8e9 b8a6 e9e10")?;
    show(
        "After Kxd8, Ke9, Ke10: the king arrived on Black's back rank.",
        &position,
    );
    match position.outcome() {
        Some(outcome) => println!("Result: {outcome}"),
        None => println!("The game goes on."),
    }
    Ok(())
}
