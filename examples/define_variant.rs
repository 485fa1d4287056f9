//! Defining a new variant in Rust: a 6 x 6 cylinder with archbishops, pawns
//! that promote to them, and a king that wins by reaching the far rank.
//!
//! Run with `cargo run --release --example define_variant`.

use std::error::Error;

use fairy::geometry::{BoardSize, Geometry};
use fairy::movement::Movement;
use fairy::position::{Arrival, PieceSpec, Promotion, Variant, VariantSpec, Zone};

fn main() -> Result<(), Box<dyn Error>> {
    let board = Geometry::new(BoardSize::new(6, 6)?).with_cylinder();
    let spec = VariantSpec::new("archbishops", board, "rnakar/pppppp/6/6/PPPPPP/RNAKAR w - - 0 1")
        // Pieces from Betza notation or from named movement primitives.
        .piece(
            PieceSpec::new('P', "pawn", Movement::from_betza("fmWfcF")?)
                .promotion(Promotion::new(Zone::ranks([6]), ['A', 'R'])),
        )
        .piece(PieceSpec::new('A', "archbishop", Movement::from_betza("BN")?))
        .piece(PieceSpec::new('N', "knight", Movement::knight()))
        .piece(PieceSpec::new('R', "rook", Movement::rook()))
        .piece(PieceSpec::new('K', "king", Movement::king()).royal())
        // A king arriving on the far rank wins at once.
        .arrival(Arrival::new('K', Zone::ranks([6])));
    let variant = Variant::<u64>::new(spec)?;

    let start = variant.start_position();
    println!(
        "{}",
        fairy::diagram::text(&start, &fairy::diagram::TextOptions::default())
    );
    for depth in 1..=5 {
        println!("perft {depth}: {}", start.perft(depth));
    }
    Ok(())
}
