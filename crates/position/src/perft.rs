//! Perft: counting the leaves of the legal move tree, the standard test of
//! a move generator.

use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;

use fairy_geometry::{Square, SquareSet, Word};

use crate::movegen::{MoveSink, each_piece_move, each_shifted_move};
use crate::variant::Promotions;
use crate::{Move, MoveList, PieceKind, Position};

/// A sink that counts the leaves below each move as it is generated, with
/// no list of moves at interior nodes. With `DEFER_CHECKS` (a variant won
/// by giving checks), the moves into positions whose moves are only
/// counted leave their checks uncounted unless a check would end the game.
struct Subtrees<'p, 'v, W: Word, const DEFER_CHECKS: bool> {
    position: &'p Position<'v, W>,
    /// The depth below each move.
    depth: u32,
    leaves: u64,
}

impl<W: Word, const DEFER_CHECKS: bool> Subtrees<'_, '_, W, DEFER_CHECKS> {
    #[inline(always)]
    fn below(&mut self, mv: Move) {
        let mut child = self.position.clone();
        if DEFER_CHECKS && self.depth == 1 {
            child.play_counting_checks::<false>(mv);
            child.count_check_if_decisive(self.position.turn);
        } else {
            child.play_unchecked(mv);
        }
        // The last ply is counted without perft's dispatch on the depth:
        // below most moves of a tree, it is the one left.
        self.leaves += if self.depth == 1 {
            child.count_legal_moves()
        } else {
            child.perft(self.depth)
        };
    }
}

impl<W: Word, const DEFER_CHECKS: bool> MoveSink<W> for Subtrees<'_, '_, W, DEFER_CHECKS> {
    fn piece_moves(&mut self, promotions: &Promotions<W>, from: Square, to: SquareSet<W>) {
        each_piece_move(promotions, from, to, |mv| self.below(mv));
    }

    fn shifted_moves(&mut self, promotions: &Promotions<W>, delta: i16, to: SquareSet<W>) {
        each_shifted_move(promotions, delta, to, |mv| self.below(mv));
    }

    fn drops(&mut self, kind: PieceKind, to: SquareSet<W>) {
        for square in to {
            self.below(Move::drop(kind, square));
        }
    }

    fn one(&mut self, mv: Move) {
        self.below(mv);
    }
}

/// The deepest perft counted by recursion on the call stack; deeper trees
/// are walked with a stack on the heap down to this depth, so that no depth
/// can overflow a thread's stack (a tree can be that deep where moves are
/// forced).
const RECURSION_DEPTH: u32 = 64;

impl<W: Word> Position<'_, W> {
    /// The number of leaves of the legal move tree `depth` plies deep. The
    /// last ply is counted without playing its moves. A position where the
    /// game is over has no moves, so the tree stops there.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::Movement;
    /// use fairy_position::{PieceSpec, Variant, VariantSpec};
    ///
    /// let spec = VariantSpec::new("kings", Geometry::new(BoardSize::new(3, 3)?), "k2/3/2K w - - 0 1")
    ///     .piece(PieceSpec::new('K', "king", Movement::king()).royal());
    /// let variant = Variant::<u64>::new(spec)?;
    /// // The White king on c1 may go to b1 or c2; b2 is attacked.
    /// assert_eq!(variant.start_position().perft(1), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves(),
            _ if depth > RECURSION_DEPTH => self.deep_perft(depth),
            _ if self.variant.goals.checks_to_win.is_some() => self.subtrees::<true>(depth),
            _ => self.subtrees::<false>(depth),
        }
    }

    /// Perft counted below each legal move as it is generated.
    #[inline(always)]
    fn subtrees<const DEFER_CHECKS: bool>(&self, depth: u32) -> u64 {
        let mut subtrees = Subtrees::<W, DEFER_CHECKS> {
            position: self,
            depth: depth - 1,
            leaves: 0,
        };
        self.generate(&mut subtrees);
        subtrees.leaves
    }

    /// Perft deeper than [`RECURSION_DEPTH`]: the top of the tree walked
    /// with an explicit stack, each subtree at that depth by recursion.
    fn deep_perft(&self, depth: u32) -> u64 {
        struct Frame<'v, W: Word> {
            position: Position<'v, W>,
            moves: MoveList,
            next: usize,
        }
        let mut stack = vec![Frame {
            position: self.clone(),
            moves: self.legal_moves(),
            next: 0,
        }];
        let mut leaves = 0;
        while let Some(frame) = stack.last_mut() {
            let Some(&mv) = frame.moves.get(frame.next) else {
                stack.pop();
                continue;
            };
            frame.next += 1;
            let mut child = frame.position.clone();
            child.play_unchecked(mv);
            let child_depth = depth - stack.len() as u32;
            if child_depth <= RECURSION_DEPTH {
                leaves += child.perft(child_depth);
            } else {
                let moves = child.legal_moves();
                stack.push(Frame {
                    position: child,
                    moves,
                    next: 0,
                });
            }
        }
        leaves
    }

    /// [`Position::perft`] with the work shared out among `threads`
    /// threads (one if `threads` is 0 or 1): `report` hears of each move
    /// from here with the leaves below it as its count completes (in move
    /// order on one thread, in the order they finish on several). A report
    /// that fails stops the count: the threads finish the task each is on
    /// and take no other, and the error is returned.
    ///
    /// On several threads the tasks are the replies to each move, two
    /// plies down, each taken by the next thread free: a move's subtree
    /// may hold most of the tree (a capture of the queen has few replies,
    /// a quiet move many), and tasks that small keep every thread busy to
    /// the end.
    ///
    /// Depth 0 counts this position, 1, and reports no move.
    ///
    /// # Errors
    ///
    /// The first error `report` returns.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::Movement;
    /// use fairy_position::{PieceSpec, Variant, VariantSpec};
    ///
    /// let spec = VariantSpec::new("kings", Geometry::new(BoardSize::new(3, 3)?), "k2/3/2K w - - 0 1")
    ///     .piece(PieceSpec::new('K', "king", Movement::king()).royal());
    /// let variant = Variant::<u64>::new(spec)?;
    /// let start = variant.start_position();
    /// // The White king goes to b1 or c2; either way the Black king on a3
    /// // has one answer (b3 or a2), the others being next to it.
    /// let mut reported = Vec::new();
    /// let leaves = start.perft_split(2, 2, |mv, leaves| {
    ///     reported.push((start.uci(mv).to_string(), leaves));
    ///     Ok::<(), String>(())
    /// });
    /// assert_eq!(leaves, Ok(2));
    /// reported.sort();
    /// assert_eq!(reported, [("c1b1".to_owned(), 1), ("c1c2".to_owned(), 1)]);
    ///
    /// // A failing report stops the count.
    /// assert_eq!(start.perft_split(2, 1, |_, _| Err("stop")), Err("stop"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn perft_split<E>(
        &self,
        depth: u32,
        threads: usize,
        mut report: impl FnMut(Move, u64) -> Result<(), E>,
    ) -> Result<u64, E> {
        if depth == 0 {
            return Ok(1);
        }
        let moves = self.legal_moves();
        let children: Vec<Self> = moves
            .iter()
            .map(|&mv| {
                let mut child = self.clone();
                child.play_unchecked(mv);
                child
            })
            .collect();
        let mut total = 0;
        if threads <= 1 || depth == 1 {
            for (&mv, child) in moves.iter().zip(&children) {
                let leaves = child.perft(depth - 1);
                report(mv, leaves)?;
                total += leaves;
            }
            return Ok(total);
        }
        // Each move's replies, as tasks; a move with none (it mates or
        // stalemates) has no leaves below it.
        let mut tasks: Vec<(usize, Move)> = Vec::new();
        let mut unfinished: Vec<AtomicUsize> = Vec::with_capacity(moves.len());
        for (index, (&mv, child)) in moves.iter().zip(&children).enumerate() {
            let replies = child.legal_moves();
            if replies.is_empty() {
                report(mv, 0)?;
            }
            unfinished.push(AtomicUsize::new(replies.len()));
            tasks.extend(replies.into_iter().map(|reply| (index, reply)));
        }
        let leaves_below: Vec<AtomicU64> = moves.iter().map(|_| AtomicU64::new(0)).collect();
        let next = AtomicUsize::new(0);
        let stopped = AtomicBool::new(false);
        // Counts the next task; with the move and its leaves once it was
        // its move's last.
        let count_next = || {
            if stopped.load(Ordering::Relaxed) {
                return None;
            }
            let &(index, reply) = tasks.get(next.fetch_add(1, Ordering::Relaxed))?;
            let mut grandchild = children[index].clone();
            grandchild.play_unchecked(reply);
            leaves_below[index].fetch_add(grandchild.perft(depth - 2), Ordering::Relaxed);
            // The last task of a move sees every other task's leaves: each
            // added them before it counted itself off.
            let finished = unfinished[index].fetch_sub(1, Ordering::AcqRel) == 1;
            Some(finished.then(|| (moves[index], leaves_below[index].load(Ordering::Relaxed))))
        };
        std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::channel();
            for _ in 0..threads.min(tasks.len()) {
                let sender = sender.clone();
                let count_next = &count_next;
                scope.spawn(move || {
                    while let Some(counted) = count_next() {
                        // A closed channel means a report failed.
                        if let Some(counted) = counted
                            && sender.send(counted).is_err()
                        {
                            break;
                        }
                    }
                });
            }
            drop(sender);
            for (mv, leaves) in receiver {
                if let Err(error) = report(mv, leaves) {
                    stopped.store(true, Ordering::Relaxed);
                    return Err(error);
                }
                total += leaves;
            }
            Ok(total)
        })
    }

    /// [`Position::perft`] on `threads` threads, the work shared out among
    /// them as [`Position::perft_split`] shares it.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::Movement;
    /// use fairy_position::{PieceSpec, Variant, VariantSpec};
    ///
    /// let spec = VariantSpec::new("kings", Geometry::new(BoardSize::new(3, 3)?), "k2/3/2K w - - 0 1")
    ///     .piece(PieceSpec::new('K', "king", Movement::king()).royal());
    /// let variant = Variant::<u64>::new(spec)?;
    /// let start = variant.start_position();
    /// assert_eq!(start.perft_threads(2, 2), start.perft(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn perft_threads(&self, depth: u32, threads: usize) -> u64 {
        let Ok(leaves) = self.perft_split(depth, threads, |_, _| Ok::<(), Infallible>(()));
        leaves
    }

    /// Perft split by the first move: each legal move with the number of
    /// leaves below it (`depth` counts the move itself).
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        let mut divided = Vec::new();
        // On one thread the moves are reported in order; at depth 0 each
        // counts as at depth 1, the position it leads to.
        let Ok(_) = self.perft_split(depth.max(1), 1, |mv, leaves| {
            divided.push((mv, leaves));
            Ok::<(), Infallible>(())
        });
        divided
    }
}
