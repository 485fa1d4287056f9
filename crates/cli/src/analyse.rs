//! `fairy analyse`: the engine's view of a position.

use std::io::Write;

use fairy::Variant;
use fairy::engine::{Engine, Limits, SearchInfo};
use fairy::geometry::Word;
use fairy::position::VariantVisitor;

use crate::{Failure, Start, game};

/// The `analyse` command.
pub(crate) struct Analyse<'a, O: Write> {
    pub start: &'a Start,
    pub depth: Option<u32>,
    pub time: Option<u64>,
    pub out: &'a mut O,
}

impl<O: Write> VariantVisitor for Analyse<'_, O> {
    type Output = Result<(), Failure>;

    fn visit<W: Word>(self, variant: &Variant<W>) -> Result<(), Failure> {
        let game = game(variant, self.start)?;
        let root = game.position();
        if let Some(outcome) = game.outcome() {
            writeln!(self.out, "The game is over: {outcome}")?;
            return Ok(());
        }
        let limits = Limits {
            depth: self.depth,
            time: self.time.map(std::time::Duration::from_millis),
            nodes: None,
        };
        let out = self.out;
        // Each iteration is reported as it completes; a failed write (the
        // reader has gone) stops the search, and is reported after it.
        let mut written = Ok(());
        let mut engine = Engine::new(variant);
        let stop = engine.stop_handle();
        let result = engine.search(&game, limits, |info: &SearchInfo| {
            if written.is_ok() {
                written = writeln!(
                    out,
                    "depth {:>2}  score {:>9}  nodes {:>10}  time {:>6} ms  pv {}",
                    info.depth,
                    info.score.to_string(),
                    info.nodes,
                    info.time.as_millis(),
                    root.san_line(&info.pv)
                )
                .and_then(|()| out.flush());
                if written.is_err() {
                    stop.stop();
                }
            }
        });
        written?;
        let best = result
            .best()
            .ok_or_else(|| Failure::Message("the search found no move".to_string()))?;
        if result.depth == 0 {
            writeln!(
                out,
                "stopped before depth 1 was complete; best move so far {} ({})",
                root.san(best),
                root.uci(best)
            )?;
        } else {
            writeln!(
                out,
                "best move {} ({}), score {}",
                root.san(best),
                root.uci(best),
                result.score
            )?;
        }
        Ok(())
    }
}
