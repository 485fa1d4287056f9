//! FEN text against every built-in variant: parsing never panics, and a
//! position that parses writes back to FEN that reads as the same position
//! with the same hash; its moves keep the incremental hash exact.
#![no_main]

use fairy::position::{Position, Setup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(setup) = Setup::from_fen(text) {
        // Plain data round-trips through FEN.
        assert_eq!(Setup::from_fen(&setup.fen()).as_ref(), Ok(&setup), "{text:?}");
    }
    for name in fairy::variants::NAMES {
        let Some(variant) = fairy::variants::by_name(name) else {
            continue;
        };
        let Ok(position) = Position::from_fen(variant, text) else {
            continue;
        };
        let again = Position::from_fen(variant, &position.fen()).expect("written FEN reads back");
        assert_eq!(again, position, "{name} {text:?}");
        assert_eq!(again.hash(), position.hash());
        assert_eq!(position.hash(), position.compute_hash());
        let moves = position.legal_moves();
        assert_eq!(moves.len() as u64, position.count_legal_moves());
        assert_eq!(moves.is_empty(), position.outcome().is_some(), "{name} {text:?}");
        for &mv in &moves {
            let after = position.play(mv).expect("a generated move is legal");
            assert_eq!(after.hash(), after.compute_hash());
            let uci = position.uci(mv).to_string();
            assert_eq!(position.parse_uci(&uci), Ok(mv));
        }
    }
});
