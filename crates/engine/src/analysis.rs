//! Searching an owned game ([`AnyGame`]), with the moves as text.

use std::time::Duration;

use fairy_geometry::Word;
use fairy_position::{AnyGame, Game, GameVisitor};

use crate::{Engine, Limits, Score};

/// What a search of an [`AnyGame`] found: [`SearchInfo`](crate::SearchInfo)
/// with its moves written out, since they outlive the borrowed game.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Analysis {
    /// The depth completed, in plies.
    pub depth: u32,
    /// The score of the best move, for the side to move.
    pub score: Score,
    /// The principal variation in coordinate notation.
    pub pv: Vec<String>,
    /// The principal variation in SAN with move numbers (`12... Qxd4 13. Nc3`).
    pub pv_san: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
}

impl Analysis {
    /// The best move in coordinate notation (none if the game is over).
    pub fn best(&self) -> Option<&str> {
        self.pv.first().map(String::as_str)
    }
}

/// Searches the current position of `game` within `limits`, with a fresh
/// engine (its default table size). For repeated searches of one variant,
/// an [`Engine`] kept between them reuses its table: see
/// [`AnyGame::visit`].
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use fairy_engine::{Limits, analyse};
/// use fairy_position::AnyGame;
///
/// let gnu = fairy_variants::gnu_spec();
/// let mut game = AnyGame::from_fen(Arc::new(fairy_position::AnyVariant::new(gnu)?), "5/2K2/5/5/5/5/5/k4/5/5 w - - 0 1")?;
/// let analysis = analyse(&game, Limits::depth(4));
/// // The king on c9 steps onto the far rank and wins.
/// assert_eq!(analysis.score.to_string(), "win in 1");
/// let best = analysis.best().unwrap().to_string();
/// assert!(best.starts_with("c9") && best.ends_with("10"), "{best}");
/// game.play_uci(&best)?;
/// assert!(game.outcome().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyse(game: &AnyGame, limits: Limits) -> Analysis {
    struct Search(Limits);
    impl GameVisitor for Search {
        type Output = Analysis;
        fn visit<W: Word>(self, game: &Game<'_, W>) -> Analysis {
            let mut engine = Engine::new(game.position().variant());
            let info = engine.search(game, self.0, |_| {});
            let position = game.position();
            let mut pv = Vec::new();
            let mut walk = position.clone();
            for &mv in &info.pv {
                pv.push(walk.uci(mv).to_string());
                walk = match walk.play(mv) {
                    Ok(next) => next,
                    Err(_) => break,
                };
            }
            Analysis {
                depth: info.depth,
                score: info.score,
                pv_san: position.san_line(&info.pv[..pv.len()]),
                pv,
                nodes: info.nodes,
                time: info.time,
            }
        }
    }
    game.visit(Search(limits))
}
