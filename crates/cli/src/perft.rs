//! `fairy perft`: counting the legal move tree, on one thread or several.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use fairy::Variant;
use fairy::geometry::Word;
use fairy::position::VariantVisitor;

use crate::{Failure, Start, game};

/// The `perft` command, ready to run on a variant of any word size.
pub(crate) struct Perft<'a, O: Write> {
    pub depth: u32,
    /// The positions to count from, in order.
    pub starts: &'a [Start],
    /// Whether to head each count with `position N: FEN`.
    pub numbered: bool,
    pub divide: bool,
    pub threads: usize,
    pub out: &'a mut O,
}

/// The most bytes a positions file may have: it is read whole.
const MAX_POSITIONS_FILE: u64 = 64 << 20;

/// Reads a positions file: one position per line, `FEN` or `startpos`,
/// optionally followed by `moves` and moves; empty lines and lines starting
/// with `#` are skipped.
pub(crate) fn read_positions(path: &Path) -> Result<Vec<Start>, Failure> {
    let cannot = |error: std::io::Error| Failure::Message(format!("cannot read {}: {error}", path.display()));
    let size = std::fs::metadata(path).map_err(cannot)?.len();
    if size > MAX_POSITIONS_FILE {
        return Err(Failure::Message(format!(
            "{} has {size} bytes; a positions file may have at most {MAX_POSITIONS_FILE}",
            path.display()
        )));
    }
    let text = std::fs::read_to_string(path).map_err(cannot)?;
    let mut starts = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        starts.push(Start::parse(line));
    }
    Ok(starts)
}

impl<O: Write> VariantVisitor for Perft<'_, O> {
    type Output = Result<(), Failure>;

    fn visit<W: Word>(self, variant: &Variant<W>) -> Result<(), Failure> {
        let mut refused = 0;
        for (index, start) in self.starts.iter().enumerate() {
            let game = match game(variant, start) {
                Ok(game) => game,
                // In a file of positions, one that cannot be set up is
                // reported and the others are still counted.
                Err(Failure::Message(message)) if self.numbered => {
                    writeln!(self.out, "position {}: error: {message}", index + 1)?;
                    refused += 1;
                    continue;
                }
                Err(failure) => return Err(failure),
            };
            let position = game.position();
            if self.numbered {
                writeln!(self.out, "position {}: {}", index + 1, position.fen())?;
                if let Some(outcome) = position.outcome() {
                    writeln!(self.out, "Game over: {} {:?}", outcome.pgn(), outcome.reason)?;
                }
            }
            let started = Instant::now();
            let nodes = if self.depth == 0 || (self.threads == 1 && !self.divide) {
                position.perft(self.depth)
            } else {
                let out = &mut *self.out;
                let divide = self.divide;
                position.perft_split(self.depth, self.threads, |mv, count| {
                    if divide {
                        writeln!(out, "{}: {count}", position.uci(mv))?;
                    }
                    Ok::<(), Failure>(())
                })?
            };
            let seconds = started.elapsed().as_secs_f64();
            writeln!(self.out, "Nodes searched: {nodes}")?;
            let rate = if seconds > 0.0 {
                nodes as f64 / seconds / 1e6
            } else {
                0.0
            };
            writeln!(self.out, "Time: {seconds:.3} s ({rate:.1} M nodes/s)")?;
        }
        match refused {
            0 => Ok(()),
            _ => Err(Failure::Message(format!(
                "{refused} of {} positions could not be set up",
                self.starts.len()
            ))),
        }
    }
}
