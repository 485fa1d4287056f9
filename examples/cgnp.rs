//! A short game of CGNP chess: a knight captures across the seam of the
//! cylinder, a move that would stay in its grid cell is refused, and a
//! knightly pawn is taken en passant on the square it passed.
//!
//! Run with `cargo run --example cgnp`.

use std::error::Error;

use fairy::Position;
use fairy::diagram::TextOptions;

/// Prints a caption and the position's diagram.
fn show(caption: &str, position: &Position<'_>) {
    println!("{caption}\n{}", fairy::diagram::text(position, &TextOptions::default()));
}

fn main() -> Result<(), Box<dyn Error>> {
    let cgnp = fairy::variants::cgnp();
    let start = cgnp.start_position();
    show(
        "CGNP chess: files wrap (h is next to a) and the board is cut into 2 x 2 cells.",
        &start,
    );

    // Black's a-pawn double-steps a7-h6-a5 (each step into a new cell, the
    // first across the seam); the h3 knight takes it across the seam.
    let position = start.play_uci("g1h3 a7a5 h3a5")?;
    show(
        "After 1. Nh3 a5 (via h6) 2. Nxa5: the knight captured across the seam.",
        &position,
    );

    // a7 is empty now, but it shares a8's cell: the rook may not stop there.
    match position.parse_uci("a8a7") {
        Ok(_) => println!("a8-a7 is legal?!"),
        Err(error) => println!("Black tries Ra8-a7, inside the rook's own cell: {error}\n"),
    }

    // Black brings a pawn to f4; White's e-pawn double-steps e2-d3-e4, and
    // the f4 pawn takes it en passant on d3, the square it passed.
    let position = position.play_uci("g7g5 a5b7 g5f4 b7d8 e8d8 e2e4")?;
    println!(
        "After ...g5 ...f4 and e2-d3-e4: the FEN names the passed square.\n{}",
        position.fen()
    );
    let position = position.play_uci("f4d3")?;
    show("\nAfter ...fxd3 en passant: the e4 pawn is gone.", &position);
    println!("Legal moves for White now: {}", position.legal_moves().len());
    Ok(())
}
