//! Games steered by the fuzzer: the first byte picks a built-in variant,
//! each further byte a legal move. Every position on the way keeps its
//! invariants, and its moves read back from coordinates and SAN; the input
//! read as move text never panics the parsers.
#![no_main]

use fairy::position::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, choices)) = data.split_first() else {
        return;
    };
    let names = fairy::variants::NAMES;
    let Some(variant) = fairy::variants::by_name(names[first as usize % names.len()]) else {
        return;
    };
    let mut position = variant.start_position();
    if let Ok(text) = std::str::from_utf8(choices) {
        // Arbitrary move text is refused, never a panic.
        let _ = position.parse_uci(text);
        let _ = position.play_uci(text);
        let _ = position.parse_san(text);
    }
    for &choice in choices {
        let moves = position.legal_moves();
        assert_eq!(moves.len() as u64, position.count_legal_moves());
        assert_eq!(moves.is_empty(), position.outcome().is_some(), "{}", position.fen());
        if moves.is_empty() {
            break;
        }
        let mv = moves[choice as usize % moves.len()];
        let uci = position.uci(mv).to_string();
        assert_eq!(position.parse_uci(&uci), Ok(mv), "{uci} in {}", position.fen());
        let san = position.san(mv);
        assert_eq!(position.parse_san(&san), Ok(mv), "{san} in {}", position.fen());
        position = position.play(mv).expect("a generated move is legal");
        assert_eq!(position.hash(), position.compute_hash(), "{}", position.fen());
        if let Some(king) = position.royal_square(position.turn().other()) {
            // The side that moved never leaves its royal piece attacked.
            assert!(
                !position.is_attacked(king, position.turn(), position.occupied()),
                "{}",
                position.fen()
            );
        }
        let again = Position::from_fen(variant, &position.fen()).expect("written FEN reads back");
        assert_eq!(again, position);
    }
});
