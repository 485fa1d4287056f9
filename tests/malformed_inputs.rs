//! Every parser refuses the malformed inputs of `data/malformed.txt` with a
//! typed error, for every built-in variant: none is accepted, none panics.

#![allow(clippy::unwrap_used)] // test helpers may unwrap

use fairy::geometry::{BoardSize, Coord};
use fairy::movement::Movement;
use fairy::position::Position;

mod corpus;

use corpus::corpus;

#[test]
fn the_corpus_covers_every_parser() {
    let corpus = corpus();
    for kind in ["fen", "uci", "san", "betza", "square", "toml"] {
        assert!(corpus.iter().filter(|(k, _)| k == kind).count() >= 5, "{kind}");
    }
}

#[test]
fn every_parser_refuses_every_malformed_input() {
    let size = BoardSize::new(8, 8).unwrap();
    for (kind, input) in corpus() {
        match kind.as_str() {
            "fen" => {
                for name in fairy::variants::NAMES {
                    let variant = fairy::variants::by_name(name).unwrap();
                    let result = Position::from_fen(variant, &input);
                    assert!(result.is_err(), "{name} accepted FEN {input:?}");
                    assert!(!result.unwrap_err().to_string().contains('\n'));
                }
            }
            "uci" => {
                for name in fairy::variants::NAMES {
                    let start = fairy::variants::by_name(name).unwrap().start_position();
                    assert!(start.parse_uci(&input).is_err(), "{name} accepted move {input:?}");
                    // play_uci takes a list of moves separated by white
                    // space: a single bad token must be refused.
                    let tokens: Vec<&str> = input.split_whitespace().collect();
                    if let [token] = tokens[..] {
                        if start.parse_uci(token).is_err() {
                            assert!(start.play_uci(&input).is_err(), "{name} played {input:?}");
                        }
                    }
                }
            }
            "san" => {
                for name in fairy::variants::NAMES {
                    let start = fairy::variants::by_name(name).unwrap().start_position();
                    let result = start.parse_san(&input);
                    assert!(result.is_err(), "{name} accepted SAN {input:?}");
                    assert!(!result.unwrap_err().to_string().contains('\n'));
                }
            }
            "betza" => {
                let error = Movement::from_betza(&input).expect_err(&input);
                assert!(!error.to_string().contains('\n'));
            }
            "square" => {
                assert!(input.parse::<Coord>().is_err(), "{input:?}");
                assert!(size.parse_square(&input).is_err(), "{input:?}");
            }
            "toml" => {
                let error = fairy::variants::from_toml(&input).expect_err(&input);
                assert!(!error.to_string().contains('\n'), "{error}");
            }
            other => panic!("unknown kind {other}"),
        }
    }
}
