//! A game-playing engine for any variant the library can define.
//!
//! [`Engine`] searches with iterative-deepening alpha-beta (negamax) and a
//! transposition table on the positions' Zobrist hashes, extended by a
//! quiescence search over captures and promotions. It reads no rule of the
//! variant: the position says how a game ends ([`Position::terminal`],
//! [`Position::no_move_outcome`], and the draws a player may claim), and
//! the engine scores that. Uncapturable pieces are never targets: the move
//! generator does not offer their capture.
//!
//! [`Position::terminal`]: fairy_position::Position::terminal
//! [`Position::no_move_outcome`]: fairy_position::Position::no_move_outcome
//!
//! [`Evaluator`] scores positions by material and mobility. A piece's value
//! comes from its average mobility on the variant's empty board, so a piece
//! defined in a file gets a sensible value with no table to fill in; pieces
//! that promote or win by arrival gain as they approach their zone.
//!
//! # Examples
//!
//! ```
//! use fairy_engine::{Engine, Limits};
//! use fairy_position::Game;
//!
//! // Mate in one: the queen takes f7.
//! let chess = fairy_variants::chess();
//! let game = Game::new(chess.start_position().play_uci("e2e4 e7e5 f1c4 b8c6 d1h5 g8f6")?);
//! let mut engine = Engine::new(chess);
//! let result = engine.search(&game, Limits::depth(3), |_| {});
//! assert_eq!(game.position().uci(result.best().unwrap()).to_string(), "h5f7");
//! assert_eq!(result.score.to_string(), "win in 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod analysis;
mod eval;
mod search;
mod table;

pub use analysis::{Analysis, analyse};
pub use eval::Evaluator;
pub use search::{Engine, Limits, Score, SearchInfo, StopHandle};
