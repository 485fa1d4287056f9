//! Iterative-deepening alpha-beta search.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use fairy_geometry::Word;
use fairy_position::{EndReason, Game, Move, MoveList, Outcome, Position, Variant};

use crate::Evaluator;
use crate::table::{Bound, Entry, Table};

/// A score above this is a win found by the search, `MATE - plies`.
const MATE: i32 = 1_000_000;
const WIN_FOUND: i32 = MATE - 10_000;
const INFINITY: i32 = MATE + 1;
/// The deepest search, in plies, including quiescence.
const MAX_PLY: usize = 128;
/// The most plies the quiescence search adds beyond the nominal depth: it
/// bounds the work of one depth on boards full of capturing pieces.
const QUIESCENCE_PLIES: u32 = 6;
/// Delta pruning: a capture is searched in quiescence only if the captured
/// piece's value and this margin could lift the score above alpha.
const DELTA: i32 = 200;

/// When to stop searching: at a depth, after a time, after a number of
/// nodes; whichever comes first (at least depth 1 is always completed).
///
/// The default sets none of them: the search goes on to its deepest
/// iteration (half its 128-ply stack) or until it finds a forced result,
/// unless a [`StopHandle`] stops it. GUIs' `go infinite` is this.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use fairy_engine::Limits;
///
/// // A tenth of a second, or 100,000 nodes, whichever comes first.
/// let limits = Limits { time: Some(Duration::from_millis(100)), nodes: Some(100_000), ..Limits::default() };
/// assert_eq!(limits.depth, None);
/// assert_eq!(Limits::time(100).time, limits.time);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// The time to think.
    pub time: Option<Duration>,
    /// The most nodes to search.
    pub nodes: Option<u64>,
}

impl Limits {
    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for `milliseconds`.
    pub fn time(milliseconds: u64) -> Limits {
        Limits {
            time: Some(Duration::from_millis(milliseconds)),
            ..Limits::default()
        }
    }
}

/// A search's verdict on a position, for the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// An advantage in centipawns.
    Centipawns(i32),
    /// A forced win in this many plies.
    Win(u32),
    /// A forced loss in this many plies.
    Loss(u32),
}

impl Score {
    fn from_internal(score: i32) -> Score {
        if score >= WIN_FOUND {
            Score::Win((MATE - score) as u32)
        } else if score <= -WIN_FOUND {
            Score::Loss((MATE + score) as u32)
        } else {
            Score::Centipawns(score)
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centipawns(centipawns) => write!(f, "{:+.2}", f64::from(centipawns) / 100.0),
            Score::Win(plies) => write!(f, "win in {}", plies.div_ceil(2)),
            Score::Loss(plies) => write!(f, "loss in {}", plies.div_ceil(2)),
        }
    }
}

/// What a completed iteration found.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SearchInfo {
    /// The depth completed, in plies.
    pub depth: u32,
    /// The score of the best move.
    pub score: Score,
    /// The principal variation: the best move and the best replies.
    pub pv: Vec<Move>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time spent so far.
    pub time: Duration,
}

impl SearchInfo {
    /// The best move (none if the game is over).
    pub fn best(&self) -> Option<Move> {
        self.pv.first().copied()
    }
}

/// A search engine for one variant. It keeps its transposition table
/// between searches.
///
/// # Examples
///
/// ```
/// use fairy_engine::{Engine, Limits, Score};
/// use fairy_position::{Game, Position};
///
/// // Chennis: the pawn on e6 steps onto the far rank and wins at once.
/// let chennis = fairy_variants::chennis();
/// let game = Game::new(Position::from_fen(chennis, "k6/4P2/7/7/7/7/4K2 w - - 0 1")?);
/// let mut engine = Engine::new(chennis);
/// let mut depths = Vec::new();
/// let result = engine.search(&game, Limits::depth(4), |info| depths.push(info.depth));
/// assert_eq!(game.position().san(result.best().unwrap()), "e7");
/// assert_eq!(result.score, Score::Win(1));
/// assert_eq!(depths, [1]); // a forced win ends the search
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Engine<'v, W: Word = u64> {
    variant: &'v Variant<W>,
    evaluator: Evaluator,
    table: Table,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
    /// Hashes of the game's positions and of the search path, for
    /// repetitions.
    path: Vec<u64>,
    /// The best line found from each ply of the current path (a
    /// triangular principal-variation table).
    lines: Vec<Vec<Move>>,
    nodes: u64,
    stop: bool,
    /// Set from another thread to stop the search ([`StopHandle`]).
    stop_request: Arc<AtomicBool>,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
}

/// Stops an [`Engine`]'s search from another thread (or from the callback
/// that hears of each depth): the search returns its last completed depth
/// soon after.
///
/// # Examples
///
/// ```
/// use fairy_engine::{Engine, Limits};
/// use fairy_position::Game;
///
/// let chess = fairy_variants::chess();
/// let game = Game::new(chess.start_position());
/// let mut engine = Engine::new(chess);
/// let stop = engine.stop_handle();
/// // Stop as soon as depth 2 is done, however deep the limit.
/// let result = engine.search(&game, Limits::depth(60), |info| {
///     if info.depth == 2 {
///         stop.stop();
///     }
/// });
/// assert_eq!(result.depth, 2);
/// ```
#[derive(Clone, Debug)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// Asks the search under way to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl<'v, W: Word> Engine<'v, W> {
    /// An engine for `variant`, with a 16 MB transposition table.
    pub fn new(variant: &'v Variant<W>) -> Engine<'v, W> {
        Engine::with_table_size(variant, 16)
    }

    /// An engine with a transposition table of about `megabytes` MB.
    pub fn with_table_size(variant: &'v Variant<W>, megabytes: usize) -> Engine<'v, W> {
        let squares = variant.size().square_count();
        Engine {
            variant,
            evaluator: Evaluator::new(variant),
            table: Table::new(megabytes),
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; squares * squares],
            path: Vec::new(),
            lines: vec![Vec::new(); MAX_PLY + 1],
            nodes: 0,
            stop: false,
            stop_request: Arc::new(AtomicBool::new(false)),
            deadline: None,
            node_limit: None,
        }
    }

    /// A handle that stops this engine's searches from elsewhere. A stop
    /// asked for while no search runs is forgotten when the next begins.
    pub fn stop_handle(&self) -> StopHandle {
        StopHandle(Arc::clone(&self.stop_request))
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &Evaluator {
        &self.evaluator
    }

    /// Forgets what earlier searches learned.
    pub fn clear(&mut self) {
        self.table.clear();
        self.history.fill(0);
        self.killers = [[None; 2]; MAX_PLY];
    }

    /// Searches the current position of `game` within `limits`, calling
    /// `on_iteration` after each completed depth. Returns the last
    /// completed iteration (an empty principal variation if the game is
    /// over). If the search is stopped before depth 1 completes, the result
    /// has depth 0, the static evaluation as its score, and the best move
    /// found so far (or the first legal one): a move to play, not a
    /// finished search.
    pub fn search(
        &mut self,
        game: &Game<'v, W>,
        limits: Limits,
        mut on_iteration: impl FnMut(&SearchInfo),
    ) -> SearchInfo {
        let start = Instant::now();
        self.nodes = 0;
        self.stop = false;
        self.stop_request.store(false, Ordering::Relaxed);
        self.deadline = limits.time.map(|time| start + time);
        self.node_limit = limits.nodes;
        self.killers = [[None; 2]; MAX_PLY];
        // The game's positions since the last irreversible move can repeat.
        let history_start = game.moves().len().saturating_sub(game.position().halfmoves() as usize);
        let mut replay = game.start().clone();
        self.path.clear();
        for (index, &mv) in game.moves().iter().enumerate() {
            if index >= history_start {
                self.path.push(replay.hash());
            }
            replay.play_unchecked(mv);
        }
        let root = game.position().clone();
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 / 2).clamp(1, MAX_PLY as u32 / 2);
        let mut best = SearchInfo {
            depth: 0,
            score: Score::Centipawns(self.evaluator.evaluate(&root)),
            pv: Vec::new(),
            nodes: 0,
            time: Duration::ZERO,
        };
        for depth in 1..=max_depth {
            let score = self.negamax(&root, depth as i32, -INFINITY, INFINITY, 0);
            if self.stop {
                // An interrupted depth is not a result; before any depth
                // completes, the best root move searched so far is.
                if best.depth == 0 {
                    best.pv = self.lines[0].clone();
                    if best.pv.is_empty() {
                        best.pv.extend(root.legal_moves().first().copied());
                    }
                    best.nodes = self.nodes;
                    best.time = start.elapsed();
                }
                break;
            }
            best = SearchInfo {
                depth,
                score: Score::from_internal(score),
                pv: self.lines[0].clone(),
                nodes: self.nodes,
                time: start.elapsed(),
            };
            on_iteration(&best);
            if best.pv.is_empty() || score.abs() >= WIN_FOUND {
                break;
            }
        }
        best
    }

    fn out_of_time(&mut self) -> bool {
        if self.nodes % 1024 == 0 {
            let late = self.deadline.is_some_and(|deadline| Instant::now() >= deadline);
            let many = self.node_limit.is_some_and(|limit| self.nodes >= limit);
            let asked = self.stop_request.load(Ordering::Relaxed);
            self.stop |= late || many || asked;
        }
        self.stop
    }

    /// The score of a finished game for the side to move in `position`,
    /// `ply` plies from the root: the engine scores outcomes, the rules
    /// decide them.
    fn score(&self, position: &Position<'v, W>, outcome: Outcome, ply: usize) -> i32 {
        match outcome.winner {
            None => 0,
            Some(winner) if winner == position.turn() => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        }
    }

    /// The draw a player could claim in `position` on the search path
    /// (repetition since the root counts), scored; `None` if there is none.
    fn claimable(&self, position: &Position<'v, W>, ply: usize) -> Option<i32> {
        let limit = self.variant.n_move_rule().saturating_mul(2);
        let reason = if self.path.contains(&position.hash()) {
            EndReason::Repetition
        } else if limit > 0 && position.halfmoves() >= limit {
            EndReason::MoveRule
        } else {
            return None;
        };
        Some(self.score(position, position.claimed_draw(reason), ply))
    }

    /// Makes `mv` followed by the line below it the best line at `ply`.
    fn update_line(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.lines.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        if let Some(below) = tail.first() {
            line.extend_from_slice(below);
        }
    }

    fn negamax(&mut self, position: &Position<'v, W>, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        self.lines[ply].clear();
        if self.out_of_time() && ply > 0 {
            return 0;
        }
        if let Some(outcome) = position.terminal() {
            return self.score(position, outcome, ply);
        }
        if ply > 0 {
            if let Some(draw) = self.claimable(position, ply) {
                return draw;
            }
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiescence(position, alpha, beta, ply, QUIESCENCE_PLIES);
        }
        let key = position.hash();
        let stored = self.table.get(key);
        // Stored scores cut the search short except along the principal
        // variation, whose line must be searched to be reported whole.
        let on_principal = beta - alpha > 1;
        if let Some(entry) = stored.filter(|e| i32::from(e.depth) >= depth && ply > 0 && !on_principal) {
            let score = from_table(entry.score, ply);
            match entry.bound {
                Bound::Exact => return score,
                Bound::Lower if score >= beta => return score,
                Bound::Upper if score <= alpha => return score,
                _ => {}
            }
        }
        let mut moves = position.legal_moves();
        if moves.is_empty() {
            return self.score(position, position.no_move_outcome(), ply);
        }
        self.order(position, &mut moves, stored.and_then(|e| e.best), ply);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        self.path.push(key);
        for (index, &mv) in moves.iter().enumerate() {
            let mut child = position.clone();
            child.play_unchecked(mv);
            // Principal variation search: a null window for all but the
            // first move, re-searched if it surprises.
            let mut score;
            if index == 0 {
                score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
            } else {
                score = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                if score > alpha && score < beta {
                    score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                }
            }
            if self.stop {
                // The root keeps the best line of its completed moves.
                self.path.pop();
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
                if alpha < beta {
                    self.update_line(ply, mv);
                }
            }
            if alpha >= beta {
                if !self.is_capture(position, mv) {
                    let killers = &mut self.killers[ply];
                    if killers[0] != Some(mv) {
                        killers[1] = killers[0];
                        killers[0] = Some(mv);
                    }
                    if let Some(slot) = self.history.get_mut(history_index(position, mv)) {
                        *slot += depth * depth;
                    }
                }
                break;
            }
        }
        self.path.pop();
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.put(Entry {
            key,
            best: best_move,
            score: to_table(best_score, ply),
            depth: depth.clamp(0, 255) as u8,
            bound,
        });
        best_score
    }

    /// Captures and promotions until the position is quiet (every move when
    /// in check), at most `plies` more.
    fn quiescence(&mut self, position: &Position<'v, W>, mut alpha: i32, beta: i32, ply: usize, plies: u32) -> i32 {
        self.nodes += 1;
        self.lines[ply].clear();
        if self.out_of_time() {
            return 0;
        }
        if let Some(outcome) = position.terminal() {
            return self.score(position, outcome, ply);
        }
        let in_check = position.is_check();
        if ply >= MAX_PLY - 1 || plies == 0 {
            return self.evaluator.evaluate(position);
        }
        let mut moves = position.legal_moves();
        if moves.is_empty() {
            return self.score(position, position.no_move_outcome(), ply);
        }
        if !in_check {
            let stand_pat = self.evaluator.evaluate(position);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            moves.retain(|mv| {
                let gain = self.captured_value(position, *mv);
                mv.promotion().is_some()
                    || (self.is_capture(position, *mv) && stand_pat + gain + DELTA > alpha)
                    || self.ends_the_game(position, *mv)
            });
        }
        self.order(position, &mut moves, None, ply);
        for mv in moves {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, plies - 1);
            if self.stop {
                return 0;
            }
            if score >= beta {
                return score;
            }
            if score > alpha {
                alpha = score;
                self.update_line(ply, mv);
            }
        }
        alpha
    }

    /// The value of the piece `mv` captures, 0 for a non-capture. En
    /// passant takes a piece of the capturer's kind in every variant so
    /// far: it is valued as the capturer.
    fn captured_value(&self, position: &Position<'v, W>, mv: Move) -> i32 {
        let square = if mv.is_en_passant() { mv.from() } else { mv.to() };
        position
            .piece_at(square)
            .map_or(0, |piece| self.evaluator.value(piece.kind))
    }

    fn is_capture(&self, position: &Position<'v, W>, mv: Move) -> bool {
        mv.is_en_passant() || position.piece_at(mv.to()).is_some()
    }

    /// Whether `mv` ends the game by a rule at once (the quiescence search
    /// must not stand pat past it).
    fn ends_the_game(&self, position: &Position<'v, W>, mv: Move) -> bool {
        if !self.variant.has_immediate_goals() {
            return false;
        }
        let mut child = position.clone();
        child.play_unchecked(mv);
        child.terminal().is_some()
    }

    /// Orders moves: the stored best move, winning captures and promotions,
    /// killers, then by history.
    fn order(&self, position: &Position<'v, W>, moves: &mut MoveList, best: Option<Move>, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let value = |square| position.piece_at(square).map_or(0, |p| self.evaluator.value(p.kind));
        moves.sort_by_cached_key(|&mv| {
            let key = if Some(mv) == best {
                1 << 30
            } else if self.is_capture(position, mv) || mv.promotion().is_some() {
                let gain =
                    value(mv.to()) * 16 - value(mv.from()) + mv.promotion().map_or(0, |p| self.evaluator.value(p));
                (1 << 28) + gain
            } else if killers.contains(&Some(mv)) {
                1 << 27
            } else {
                self.history
                    .get(history_index(position, mv))
                    .copied()
                    .unwrap_or(0)
                    .min((1 << 26) - 1)
            };
            std::cmp::Reverse(key)
        });
    }
}

fn history_index<W: Word>(position: &Position<'_, W>, mv: Move) -> usize {
    let squares = position.variant().size().square_count();
    mv.from().index() * squares + mv.to().index()
}

/// A score as stored: wins counted from the stored position, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_FOUND {
        score + ply as i32
    } else if score <= -WIN_FOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_FOUND {
        score - ply as i32
    } else if score <= -WIN_FOUND {
        score + ply as i32
    } else {
        score
    }
}
