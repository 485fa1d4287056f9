//! `fairy perft`: counting the legal move tree, on one thread or several.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use fairy::Variant;
use fairy::geometry::Word;
use fairy::position::{Move, Position, VariantVisitor};

use crate::{Failure, position};

/// The `perft` command, ready to run on a variant of any word size.
pub(crate) struct Perft<'a, O: Write> {
    pub depth: u32,
    pub fen: Option<&'a str>,
    pub divide: bool,
    pub threads: usize,
    pub out: &'a mut O,
}

impl<O: Write> VariantVisitor for Perft<'_, O> {
    type Output = Result<(), Failure>;

    fn visit<W: Word>(self, variant: &Variant<W>) -> Result<(), Failure> {
        let position = position(variant, self.fen)?;
        let start = Instant::now();
        let nodes = if self.depth == 0 || (self.threads == 1 && !self.divide) {
            position.perft(self.depth)
        } else {
            let out = &mut *self.out;
            let divide = self.divide;
            split(&position, self.depth, self.threads, |mv, count| {
                if divide {
                    writeln!(out, "{}: {count}", position.uci(mv))?;
                }
                Ok(())
            })?
        };
        let seconds = start.elapsed().as_secs_f64();
        writeln!(self.out, "Nodes searched: {nodes}")?;
        let rate = if seconds > 0.0 {
            nodes as f64 / seconds / 1e6
        } else {
            0.0
        };
        writeln!(self.out, "Time: {seconds:.3} s ({rate:.1} M nodes/s)")?;
        Ok(())
    }
}

/// Perft to `depth` (at least 1) with the root moves shared out among
/// `threads` threads, each taking the next uncounted move when it is free.
/// `report` hears of each root move as its count completes (in move order
/// on one thread, in order of completion on several); if it fails, the
/// count stops.
fn split<W: Word>(
    position: &Position<'_, W>,
    depth: u32,
    threads: usize,
    mut report: impl FnMut(Move, u64) -> Result<(), Failure>,
) -> Result<u64, Failure> {
    let moves = position.legal_moves();
    let next = AtomicUsize::new(0);
    let count_next = || {
        let index = next.fetch_add(1, Ordering::Relaxed);
        let mv = *moves.get(index)?;
        let mut child = position.clone();
        child.play_unchecked(mv);
        Some((mv, child.perft(depth - 1)))
    };
    if threads <= 1 {
        let mut total = 0;
        while let Some((mv, count)) = count_next() {
            report(mv, count)?;
            total += count;
        }
        return Ok(total);
    }
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        for _ in 0..threads.min(moves.len()) {
            let sender = sender.clone();
            let count_next = &count_next;
            // A closed channel means the report failed: stop counting.
            scope.spawn(move || {
                while let Some(result) = count_next() {
                    if sender.send(result).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut total = 0;
        for (mv, count) in receiver {
            report(mv, count)?;
            total += count;
        }
        Ok(total)
    })
}
