//! How games end: the goals a variant is played for, compiled per colour,
//! and the one place that decides whether a position has ended the game.
//!
//! [`Position::terminal`] says whether the last move ended the game by a
//! rule that needs no move generation (an extinction, an arrival);
//! [`Position::outcome`]
//! adds the ends that depend on the legal moves (checkmate, stalemate).
//! Move generation, setup validation, [`Game`](crate::Game) and the engine
//! ask these and never look at the rules themselves.

use std::cmp::Ordering;

use fairy_geometry::{SquareSet, Word};
use fairy_movement::Color;
use smallvec::SmallVec;

use crate::compile::{KindOf, ZoneOf};
use crate::kinds::KindSet;
use crate::mate_condition::CompiledMateCondition;
use crate::{
    CheckCounters, EndReason, GameResult, MateCondition, Outcome, PieceKind, Position, PositionError, VariantError,
    Zone,
};

/// A way a game of the variant is won, lost or drawn.
///
/// A variant lists its goals in [`VariantSpec::goals`](crate::VariantSpec);
/// checkmate losing and stalemate drawing apply unless it says otherwise.
///
/// # Examples
///
/// ```
/// use fairy_position::{Arrival, GameResult, Goal, Zone};
///
/// // King of the Hill: a king on a centre square wins; otherwise chess.
/// let centre = Zone::squares(["d4".parse()?, "e4".parse()?, "d5".parse()?, "e5".parse()?]);
/// let goals = [Goal::Checkmate(GameResult::Loss), Goal::Arrival(Arrival::new('K', centre))];
/// assert!(matches!(goals[1], Goal::Arrival(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Goal {
    /// A side with no legal move while one of its royal pieces is attacked
    /// gets this result.
    Checkmate(GameResult),
    /// A side with no legal move and no royal piece attacked (in a variant
    /// without royal pieces: with no legal move) gets this result.
    Stalemate(GameResult),
    /// Stalemate scored by the pieces on the board (suicide chess): a side
    /// with no legal move and no royal piece attacked gets this result if
    /// it has fewer pieces than its opponent, the opposite result if it has
    /// more, and a draw if as many. Replaces [`Goal::Stalemate`].
    StalemateByPieceCount(GameResult),
    /// A side whose pieces of a kind have dwindled to a count gets a result
    /// at once (extinction chess, antichess, the bare king of shatranj).
    Extinction(Extinction),
    /// A side that gives check this many times wins at once (three-check:
    /// 3). The FEN carries the checks each side has still to give (`3+3`
    /// after en passant, as Fairy-Stockfish writes it).
    CheckCount(u8),
    /// A move that brings a piece of a kind to a zone wins at once.
    Arrival(Arrival),
    /// Every draw (stalemate scored as a draw, a claimed draw) is a win for
    /// this side instead (Armageddon: Black).
    DrawOdds(Color),
    /// Conditions a checkmate must meet (shatar).
    MateCondition(MateCondition),
    /// How many times a position must occur for the game to end by
    /// repetition, and how it is scored (chess: the third time, a draw;
    /// Fairy-Stockfish's `nFoldRule`, `nFoldValue`, `nFoldValueAbsolute`).
    Repetition(Repetition),
    /// A board with no empty square ends the game, scored by the variant's
    /// [`Counting`](crate::Counting) or drawn (the reversi family;
    /// Fairy-Stockfish's `adjudicateFullBoard`).
    FullBoard,
}

/// The repetition rule: the game may be ended when a position occurs for
/// the `count`-th time ([`Game::claimable_draw`](crate::Game::claimable_draw)).
///
/// # Examples
///
/// ```
/// use fairy_position::{GameResult, Repetition};
///
/// // The fourth occurrence loses for the side to move.
/// let rule = Repetition::new(4, GameResult::Loss);
/// assert!(!rule.as_white);
/// // Whoever is to move, White wins.
/// let white_wins = Repetition::new(4, GameResult::Win).as_white();
/// assert!(white_wins.as_white);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Repetition {
    /// The occurrence of a position that ends the game (at least 2).
    pub count: u32,
    /// The result, for the side to move in the repeated position (or for
    /// White, with `as_white`).
    pub result: GameResult,
    /// Whether `result` is White's whoever is to move.
    pub as_white: bool,
}

impl Repetition {
    /// The `count`-th occurrence of a position scored `result` for the
    /// side to move.
    pub fn new(count: u32, result: GameResult) -> Repetition {
        Repetition {
            count,
            result,
            as_white: false,
        }
    }

    /// This rule, with its result White's whoever is to move.
    #[must_use]
    pub fn as_white(self) -> Repetition {
        Repetition { as_white: true, ..self }
    }
}

/// A winning arrival: a move that puts a piece of the kind lettered `piece`
/// on a square of `zone` (counted from the mover's side) wins at once, for
/// either side or only for `side`.
///
/// # Examples
///
/// ```
/// use fairy_movement::Color;
/// use fairy_position::{Arrival, Zone};
///
/// // Fox and hounds: only White's fox wins by reaching the far rank.
/// let fox_home = Arrival::new('F', Zone::ranks([8])).only_for(Color::White);
/// assert_eq!(fox_home.side, Some(Color::White));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Arrival {
    /// The upper-case letter of the arriving piece kind.
    pub piece: char,
    /// Where its arrival wins.
    pub zone: Zone,
    /// The side whose pieces win by arriving; both if `None`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub side: Option<Color>,
    /// Whether the opponent may reply first (Fairy-Stockfish's `flagMove`:
    /// racing kings, Jeson Mor): the arrival wins if the piece still stands
    /// in the zone when its side is to move again. Where the arriving kind
    /// of the side to reply is royal, the game ends at once unless that
    /// side moves second (Black) and its royal piece can arrive too; if it
    /// does, the game is drawn.
    pub reply: bool,
    /// Whether the piece must stand safe: its arrival wins only while no
    /// enemy piece attacks it (Fairy-Stockfish's `flagPieceSafe`: dobutsu's
    /// lion). An attacked piece that still stands there unattacked when
    /// its side is to move again wins then; if both sides' pieces stand
    /// there safe, the game is drawn.
    #[cfg_attr(feature = "serde", serde(default))]
    pub safe: bool,
}

impl Arrival {
    /// An arrival that wins for either side.
    pub fn new(piece: char, zone: Zone) -> Arrival {
        Arrival {
            piece,
            zone,
            side: None,
            reply: false,
            safe: false,
        }
    }

    /// This arrival, winning only while the piece stands unattacked (see
    /// [`Arrival::safe`]).
    #[must_use]
    pub fn safe(self) -> Arrival {
        Arrival { safe: true, ..self }
    }

    /// This arrival, winning only once the opponent has replied (see
    /// [`Arrival::reply`]).
    #[must_use]
    pub fn with_reply(self) -> Arrival {
        Arrival { reply: true, ..self }
    }

    /// This arrival, winning only for `side`.
    #[must_use]
    pub fn only_for(self, side: Color) -> Arrival {
        Arrival {
            side: Some(side),
            ..self
        }
    }
}

/// An extinction rule: once a side has at most `at_most` pieces of one of
/// the kinds counted (while its opponent has at least `opponent_at_least`
/// of that kind), that side gets `result` and the game ends.
///
/// Each kind lettered in `pieces` is counted on its own (extinction chess:
/// losing every piece of any one kind loses); the letter `*` counts all of
/// a side's pieces together (antichess: losing everything wins). The rule
/// is checked after every move for both sides, the side that just moved
/// first, as Fairy-Stockfish does.
///
/// With `claim` (the bare king of shatranj), a side to move that has just
/// been brought down to its count is not yet extinct while it may reply in
/// kind: its opponent needs one piece more than `opponent_at_least`. The
/// side that moved, if still at its count after its reply, is extinct.
///
/// # Examples
///
/// ```
/// use fairy_position::{Extinction, GameResult};
///
/// // Antichess: a side that has lost all its pieces wins.
/// let antichess = Extinction::all(GameResult::Win);
/// assert_eq!(antichess.pieces, ['*']);
/// // Three kings: a side left with two of its three kings loses.
/// let three_kings = Extinction::of(GameResult::Loss, ['K']).at_most(2);
/// assert_eq!(three_kings.at_most, 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Extinction {
    /// The result for the side whose pieces have dwindled.
    pub result: GameResult,
    /// The upper-case letters of the kinds counted, each on its own, or
    /// `*` for all pieces together.
    pub pieces: Vec<char>,
    /// A side is extinct with this many pieces of a kind or fewer.
    pub at_most: u32,
    /// ... if its opponent has at least this many of that kind.
    pub opponent_at_least: u32,
    /// Whether the side to move may still reply in kind (see above).
    pub claim: bool,
    /// Whether the last pieces of the counted kinds are royal
    /// (Fairy-Stockfish's `extinctionPseudoRoyal`): while a side has at
    /// most `at_most + 1` pieces of such a kind, none of them may be left
    /// attacked, and a side with no move while one is attacked is
    /// checkmated (atomic chess: the one king; spartan: the last king).
    /// Such pieces are lost by checkmate, so the game ends at once by the
    /// count only where captures explode (atomic chess); elsewhere a side
    /// that never had such pieces plays on (Fairy-Stockfish's maharajah:
    /// Black has no amazon to lose).
    pub royal: bool,
    /// With `royal`: whether all of a side's pieces of the counted kinds
    /// attacked at once count as a check too, however many there are
    /// (spartan's duple check).
    pub duple_check: bool,
    /// Whether the kinds are counted together, as one (sho shogi's king
    /// and its promoted drunk elephant, the prince: a side loses when it
    /// has neither, and the last of them is royal).
    #[cfg_attr(feature = "serde", serde(default))]
    pub together: bool,
}

/// The letter that counts all of a side's pieces in [`Extinction::pieces`].
pub const ALL_PIECES: char = '*';

impl Extinction {
    /// A side with no piece left of one of the kinds lettered in `pieces`
    /// gets `result`.
    pub fn of(result: GameResult, pieces: impl IntoIterator<Item = char>) -> Extinction {
        Extinction {
            result,
            pieces: pieces.into_iter().collect(),
            at_most: 0,
            opponent_at_least: 0,
            claim: false,
            royal: false,
            duple_check: false,
            together: false,
        }
    }

    /// A side with no piece left at all gets `result`.
    pub fn all(result: GameResult) -> Extinction {
        Extinction::of(result, [ALL_PIECES])
    }

    /// Extinct with `count` pieces or fewer instead of none.
    #[must_use]
    pub fn at_most(self, count: u32) -> Extinction {
        Extinction { at_most: count, ..self }
    }

    /// Only while the opponent has at least `count` pieces of the kind.
    #[must_use]
    pub fn opponent_at_least(self, count: u32) -> Extinction {
        Extinction {
            opponent_at_least: count,
            ..self
        }
    }

    /// The side to move may still reply in kind (shatranj's bare king).
    #[must_use]
    pub fn with_claim(self) -> Extinction {
        Extinction { claim: true, ..self }
    }

    /// The last pieces of the counted kinds are royal (see
    /// [`Extinction::royal`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_position::{Extinction, GameResult};
    ///
    /// // Atomic chess: the king is not royal by kind, but a side's only
    /// // king may not be left attacked, and losing it loses.
    /// let atomic = Extinction::of(GameResult::Loss, ['K']).royal();
    /// assert!(atomic.royal);
    /// ```
    #[must_use]
    pub fn royal(self) -> Extinction {
        Extinction { royal: true, ..self }
    }

    /// With [`Extinction::royal`], all the counted pieces attacked at once
    /// are in check too (spartan's duple check).
    #[must_use]
    pub fn with_duple_check(self) -> Extinction {
        Extinction {
            duple_check: true,
            ..self
        }
    }
}

/// One compiled extinction rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CompiledExtinction {
    result: GameResult,
    /// What is counted, as the positions count it: the kinds each on their
    /// own, or one group of them all if counted together.
    groups: SmallVec<[CountedGroup; 4]>,
    at_most: u32,
    opponent_at_least: u32,
    claim: bool,
}

/// Pieces counted together by an extinction rule: every piece if `all`,
/// plus those of `kinds` (a piece of `kinds` then counts twice, as the
/// rule's letters say).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
struct CountedGroup {
    all: bool,
    kinds: KindSet,
}

impl CountedGroup {
    fn with(mut self, counted: Option<PieceKind>) -> CountedGroup {
        match counted {
            None => self.all = true,
            Some(kind) => self.kinds.insert(kind),
        }
        self
    }
}

/// The goals of a variant compiled for its board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Goals<W: Word> {
    pub checkmate: GameResult,
    pub stalemate: GameResult,
    /// Whether stalemate is scored by the pieces on the board.
    pub stalemate_by_piece_count: bool,
    pub extinctions: Vec<CompiledExtinction>,
    /// The checks that win, if giving checks wins.
    pub checks_to_win: Option<u8>,
    /// Per colour: each kind with the squares where its arrival wins at
    /// once.
    pub arrivals: [Vec<(PieceKind, SquareSet<W>)>; 2],
    /// Per colour: arrivals that win once the opponent has replied.
    pub arrivals_with_reply: [Vec<(PieceKind, SquareSet<W>)>; 2],
    /// Per colour: arrivals that win while the piece stands unattacked.
    pub safe_arrivals: [Vec<(PieceKind, SquareSet<W>)>; 2],
    pub draw_odds: Option<Color>,
    /// Kinds royal while a side has at most this many of them (of all of
    /// the set together).
    pub pseudo_royals: SmallVec<[(KindSet, u32); 2]>,
    /// Kinds whose pieces, all attacked at once, are in check.
    pub duple_check: KindSet,
    pub mate_condition: Option<CompiledMateCondition>,
    pub repetition: Repetition,
    /// Whether a full board ends the game.
    pub full_board: bool,
    /// The goals that can end the game before moves are generated, in the
    /// order they are asked: only those the variant has.
    immediate: SmallVec<[ImmediateEnd; 2]>,
}

/// A goal that ends the game as soon as a position shows it, before any
/// move is generated.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum ImmediateEnd {
    FullBoard,
    Extinction,
    ArrivalAfterReply,
    Arrival,
    SafeArrival,
    CheckCount,
}

impl<W: Word> Goals<W> {
    /// Checks and compiles a variant's goals.
    /// `explodes`: whether captures explode, which decides whether a
    /// royal extinction ends the game at once (see [`Extinction::royal`]).
    pub fn compile(
        goals: &[Goal],
        kind_of: &KindOf<'_>,
        zone: &ZoneOf<'_, W>,
        explodes: bool,
    ) -> Result<Goals<W>, VariantError> {
        let mut compiled = Goals {
            checkmate: GameResult::Loss,
            stalemate: GameResult::Draw,
            stalemate_by_piece_count: false,
            extinctions: Vec::new(),
            checks_to_win: None,
            arrivals: [Vec::new(), Vec::new()],
            arrivals_with_reply: [Vec::new(), Vec::new()],
            safe_arrivals: [Vec::new(), Vec::new()],
            draw_odds: None,
            pseudo_royals: SmallVec::new(),
            duple_check: KindSet::EMPTY,
            mate_condition: None,
            repetition: Repetition::new(3, GameResult::Draw),
            full_board: false,
            immediate: SmallVec::new(),
        };
        let mut seen = [false; 7];
        let mut once = |index: usize, goal: &'static str| {
            if std::mem::replace(&mut seen[index], true) {
                Err(VariantError::Goal {
                    reason: format!("{goal} is given twice"),
                })
            } else {
                Ok(())
            }
        };
        for goal in goals {
            match goal {
                Goal::Checkmate(result) => {
                    once(0, "the checkmate result")?;
                    compiled.checkmate = *result;
                }
                Goal::Stalemate(result) => {
                    once(1, "the stalemate result")?;
                    compiled.stalemate = *result;
                }
                Goal::StalemateByPieceCount(result) => {
                    once(1, "the stalemate result")?;
                    compiled.stalemate = *result;
                    compiled.stalemate_by_piece_count = true;
                }
                Goal::Extinction(extinction) => {
                    let rule = CompiledExtinction::compile(extinction, kind_of)?;
                    if extinction.royal {
                        let most = extinction.at_most.saturating_add(1);
                        // A group counted together is royal as one.
                        for group in &rule.groups {
                            if group.all {
                                return Err(VariantError::Goal {
                                    reason: format!(
                                        "the letter {ALL_PIECES:?} counts pieces of every kind, which cannot be royal"
                                    ),
                                });
                            }
                            compiled.pseudo_royals.push((group.kinds, most));
                            if extinction.duple_check {
                                for kind in group.kinds.iter() {
                                    compiled.duple_check.insert(kind);
                                }
                            }
                        }
                    } else if extinction.duple_check {
                        return Err(VariantError::Goal {
                            reason: "a duple check needs royal extinction pieces".to_owned(),
                        });
                    }
                    // Royal pieces are lost by checkmate; only an explosion
                    // can take the last of them at once.
                    if !extinction.royal || explodes {
                        compiled.extinctions.push(rule);
                    }
                }
                Goal::CheckCount(checks) => {
                    once(3, "the number of checks that wins")?;
                    if *checks == 0 {
                        return Err(VariantError::Goal {
                            reason: "a check count of 0 would end every game before it starts".to_owned(),
                        });
                    }
                    compiled.checks_to_win = Some(*checks);
                }
                Goal::MateCondition(condition) => {
                    once(4, "the mate condition")?;
                    compiled.mate_condition = Some(CompiledMateCondition::compile(condition, kind_of)?);
                }
                Goal::Repetition(rule) => {
                    once(5, "the repetition rule")?;
                    if rule.count < 2 {
                        return Err(VariantError::Goal {
                            reason: format!("a position cannot repeat {} times", rule.count),
                        });
                    }
                    compiled.repetition = rule.clone();
                }
                Goal::FullBoard => {
                    once(6, "the full board's end")?;
                    compiled.full_board = true;
                }
                Goal::DrawOdds(color) => {
                    once(2, "the side with draw odds")?;
                    compiled.draw_odds = Some(*color);
                }
                Goal::Arrival(arrival) => {
                    let kind = kind_of(arrival.piece, &|| "a winning arrival".to_owned())?;
                    let name = || format!("the arrival zone of {:?}", arrival.piece);
                    for color in Color::ALL {
                        if arrival.side.is_some_and(|side| side != color) {
                            continue;
                        }
                        let squares = zone(&arrival.zone, color, &name)?;
                        if squares.is_empty() {
                            return Err(VariantError::Goal {
                                reason: format!("{} has no square", name()),
                            });
                        }
                        let arrivals = if arrival.safe {
                            &mut compiled.safe_arrivals
                        } else if arrival.reply {
                            &mut compiled.arrivals_with_reply
                        } else {
                            &mut compiled.arrivals
                        };
                        arrivals[color.index()].push((kind, squares));
                    }
                }
            }
        }
        let has = |arrivals: &[Vec<(PieceKind, SquareSet<W>)>; 2]| arrivals.iter().any(|arrivals| !arrivals.is_empty());
        for (end, present) in [
            (ImmediateEnd::FullBoard, compiled.full_board),
            (ImmediateEnd::Extinction, !compiled.extinctions.is_empty()),
            (ImmediateEnd::ArrivalAfterReply, has(&compiled.arrivals_with_reply)),
            (ImmediateEnd::Arrival, has(&compiled.arrivals)),
            (ImmediateEnd::SafeArrival, has(&compiled.safe_arrivals)),
            (ImmediateEnd::CheckCount, compiled.checks_to_win.is_some()),
        ] {
            if present {
                compiled.immediate.push(end);
            }
        }
        Ok(compiled)
    }

    /// Whether an extinction rule is among the goals.
    pub fn has_extinction(&self) -> bool {
        !self.extinctions.is_empty()
    }

    /// Whether some pieces are royal by their count rather than their kind.
    #[inline]
    pub fn has_pseudo_royals(&self) -> bool {
        !self.pseudo_royals.is_empty()
    }

    /// Whether pieces of `kind` are royal by their count.
    #[inline]
    pub fn is_counted_royal(&self, kind: PieceKind) -> bool {
        self.pseudo_royals.iter().any(|(kinds, _)| kinds.contains(kind))
    }

    /// Whether a goal can end the game before any move is generated.
    #[inline]
    pub fn has_immediate(&self) -> bool {
        !self.immediate.is_empty()
    }

    /// The outcome when `side` gets `result` for `reason`, with draw odds
    /// applied.
    fn outcome_for(&self, side: Color, result: GameResult, reason: EndReason) -> Outcome {
        self.outcome(Outcome::for_side(side, result, reason).winner, reason)
    }

    /// The outcome of a game won by `winner` (drawn if `None`) for
    /// `reason`, with draw odds applied.
    pub(crate) fn outcome(&self, winner: Option<Color>, reason: EndReason) -> Outcome {
        Outcome {
            winner: winner.or(self.draw_odds),
            reason,
        }
    }
}

impl<W: Word> Position<'_, W> {
    /// How the last move ended the game by a rule that needs no look at the
    /// legal moves, if it did: a winning arrival. Such a position has no
    /// legal moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::{Color, Movement};
    /// use fairy_position::{Arrival, EndReason, PieceSpec, Variant, VariantSpec, Zone};
    ///
    /// // Kings on 3 x 3: a king reaching the far rank wins.
    /// let spec = VariantSpec::new("race", Geometry::new(BoardSize::new(3, 3)?), "2k/3/K2 w - - 0 1")
    ///     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    ///     .arrival(Arrival::new('K', Zone::ranks([3])));
    /// let variant = Variant::<u64>::new(spec)?;
    /// let position = variant.start_position();
    /// assert_eq!(position.terminal(), None);
    /// let after = position.play_uci("a1a2")?.play_uci("c3c2")?.play_uci("a2a3")?;
    /// let outcome = after.terminal().expect("White's king has arrived");
    /// assert_eq!((outcome.winner, outcome.reason), (Some(Color::White), EndReason::Arrival));
    /// assert!(after.legal_moves().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn terminal(&self) -> Option<Outcome> {
        if !self.variant.ends_at_once {
            return None;
        }
        self.immediate_end()
    }

    /// [`Position::terminal`] for a variant with rules that end games at
    /// once.
    #[inline]
    fn immediate_end(&self) -> Option<Outcome> {
        if self.history.passes > 0 {
            if let Some(outcome) = self.passed_out() {
                return Some(outcome);
            }
        }
        for &end in &self.variant.goals.immediate {
            let outcome = self.ended_by(end);
            if outcome.is_some() {
                return outcome;
            }
        }
        None
    }

    /// The outcome if the goal `end` has ended the game here. Each goal
    /// is asked out of line: inlined together, their set-up was paid at
    /// every node by variants that have one of them.
    #[inline(always)]
    fn ended_by(&self, end: ImmediateEnd) -> Option<Outcome> {
        match end {
            ImmediateEnd::FullBoard => self.full_board_end(),
            ImmediateEnd::Extinction => self.extinction_end(),
            ImmediateEnd::ArrivalAfterReply => self.arrival_after_reply_end(),
            ImmediateEnd::Arrival => self.arrival_end(),
            ImmediateEnd::SafeArrival => self.safe_arrival_end(),
            ImmediateEnd::CheckCount => self.check_count_end(),
        }
    }

    #[inline(never)]
    fn full_board_end(&self) -> Option<Outcome> {
        (self.variant.board - self.occupied())
            .is_empty()
            .then(|| self.adjudicated(EndReason::FullBoard))
    }

    /// Asked inline, unlike the other goals: most rules end a side with
    /// none left, and most positions have some of every group on both
    /// sides, which one set test each settles.
    #[inline(always)]
    fn extinction_end(&self) -> Option<Outcome> {
        let settled =
            |rule: &CompiledExtinction| rule.at_most == 0 && rule.groups.iter().all(|&group| self.both_have(group));
        if self.variant.goals.extinctions.iter().all(settled) {
            return None;
        }
        self.extinction_counted()
    }

    /// [`Position::extinction_end`] by counting the pieces.
    #[cold]
    #[inline(never)]
    fn extinction_counted(&self) -> Option<Outcome> {
        let goals = &self.variant.goals;
        goals.extinctions.iter().find_map(|extinction| {
            let extinct = self.extinct(extinction)?;
            Some(goals.outcome_for(extinct, extinction.result, EndReason::Extinction))
        })
    }

    #[inline(never)]
    fn arrival_after_reply_end(&self) -> Option<Outcome> {
        self.arrival_after_reply()
            .map(|winner| self.variant.goals.outcome(winner, EndReason::Arrival))
    }

    #[inline(never)]
    fn arrival_end(&self) -> Option<Outcome> {
        let mover = self.turn.other();
        self.has_arrived(mover)
            .then(|| self.variant.goals.outcome(Some(mover), EndReason::Arrival))
    }

    #[inline(never)]
    fn safe_arrival_end(&self) -> Option<Outcome> {
        self.safe_arrival()
            .map(|winner| self.variant.goals.outcome(winner, EndReason::Arrival))
    }

    #[inline(never)]
    fn check_count_end(&self) -> Option<Outcome> {
        let goals = &self.variant.goals;
        let mover = self.turn.other();
        goals
            .checks_to_win
            .is_some_and(|checks| self.checks_given(mover) >= u32::from(checks))
            .then(|| goals.outcome(Some(mover), EndReason::CheckCount))
    }

    /// The end by an arrival the opponent could reply to, if there is one:
    /// `Some(winner)`, `Some(None)` for a draw.
    fn arrival_after_reply(&self) -> Option<Option<Color>> {
        let goals = &self.variant.goals;
        let (us, them) = (self.turn, self.turn.other());
        let arrived = |color: Color| self.stands_in(&goals.arrivals_with_reply, color);
        let royal_arrives = |color: Color| {
            goals.arrivals_with_reply[color.index()]
                .iter()
                .any(|&(kind, _)| self.variant.royal.contains(kind))
        };
        if arrived(us) {
            // Our arrival stood through the reply: a win, or a draw if the
            // side that moves second arrived with its royal piece too.
            let both = us == Color::White && royal_arrives(them) && arrived(them);
            return Some((!both).then_some(us));
        }
        if arrived(them) && royal_arrives(us) {
            // A royal piece's race: decided now unless the side that moves
            // second can still arrive with its next move.
            let can_follow = us == Color::Black && !self.is_check() && self.royal_can_arrive();
            if !can_follow {
                return Some(Some(them));
            }
        }
        None
    }

    /// The end by a safe arrival, if there is one: `Some(winner)`,
    /// `Some(None)` for a draw. The side to move is looked at first: its
    /// piece stood through the reply.
    fn safe_arrival(&self) -> Option<Option<Color>> {
        let (us, them) = (self.turn, self.turn.other());
        if self.arrived_safely(us) {
            return Some((!self.arrived_safely(them)).then_some(us));
        }
        self.arrived_safely(them).then_some(Some(them))
    }

    /// Whether a piece of `color` stands safe where its arrival wins: one
    /// alone there must be unattacked.
    fn arrived_safely(&self, color: Color) -> bool {
        let occupied = self.occupied();
        self.variant.goals.safe_arrivals[color.index()]
            .iter()
            .any(|&(kind, squares)| {
                let arrived = self.pieces_of(color, kind) & squares;
                match arrived.first() {
                    None => false,
                    Some(square) if arrived.count() == 1 => !self.is_attacked(square, color.other(), occupied),
                    Some(_) => true,
                }
            })
    }

    /// Whether the side to move has a legal move of a royal piece into its
    /// arrival zone.
    fn royal_can_arrive(&self) -> bool {
        let zones = &self.variant.goals.arrivals_with_reply[self.turn.index()];
        let mut moves = crate::MoveList::new();
        self.generate_under_rules(&mut crate::movegen::MoveCollector(&mut moves));
        moves.iter().any(|mv| {
            self.code_at(mv.from()).is_some_and(|code| {
                let kind = PieceKind::new(code >> 1);
                self.variant.royal.contains(kind)
                    && zones
                        .iter()
                        .any(|&(arriving, squares)| arriving == kind && squares.contains(mv.to()))
            })
        })
    }

    /// The checks `color` has given, in a variant won by giving checks (0
    /// in others).
    pub fn checks_given(&self, color: Color) -> u32 {
        u32::from(self.extra.counters[color.index()])
    }

    /// The checks `color` has still to give to win, in a variant won by
    /// giving checks.
    pub fn checks_remaining(&self, color: Color) -> Option<u32> {
        let checks = self.variant.goals.checks_to_win?;
        Some(u32::from(checks).saturating_sub(self.checks_given(color)))
    }

    /// The check counters as a FEN writes them, in a variant won by giving
    /// checks.
    pub(crate) fn check_counters(&self) -> Option<CheckCounters> {
        let [white, black] = Color::ALL.map(|color| self.checks_remaining(color));
        Some(CheckCounters::Remaining([white?, black?]))
    }

    /// After a move by `mover` into a position whose moves will only be
    /// counted (perft's last ply): counts a check it gave only where that
    /// check ends the game. Fewer checks change nothing the count reads,
    /// and the test for check is the costly part.
    #[inline]
    pub(crate) fn count_check_if_decisive(&mut self, mover: Color) {
        let Some(checks) = self.variant.goals.checks_to_win else {
            return;
        };
        if self.checks_given(mover) + 1 >= u32::from(checks) {
            self.count_check(mover);
        }
    }

    /// After a move by `mover`: counts a check it gave, in a variant won by
    /// giving checks. Only the test of the variant inline: the rest, out of
    /// line, would otherwise decide with its size whether the move's play
    /// takes a call here in every variant.
    #[inline(always)]
    pub(crate) fn count_check(&mut self, mover: Color) {
        if self.variant.goals.checks_to_win.is_some() {
            self.count_check_given(mover);
        }
    }

    /// [`Position::count_check`] in a variant won by giving checks.
    #[inline(never)]
    fn count_check_given(&mut self, mover: Color) {
        if !self.is_check() {
            return;
        }
        let slot = mover.index();
        let given = self.extra.counters[slot];
        let counted = given.saturating_add(1);
        self.hash ^= self.variant.zobrist.counter(slot, given) ^ self.variant.zobrist.counter(slot, counted);
        self.extra.counters[slot] = counted;
    }

    /// Reads a setup's check counters into the position.
    pub(crate) fn set_checks(&mut self, counters: Option<CheckCounters>) -> Result<(), PositionError> {
        let Some(checks) = self.variant.goals.checks_to_win else {
            return match counters {
                None => Ok(()),
                Some(_) => Err(PositionError::CheckCounters {
                    reason: "the variant does not count checks",
                }),
            };
        };
        let limit = u32::from(checks);
        let given = match counters {
            None => [0, 0],
            Some(CheckCounters::Given(given)) => given,
            Some(CheckCounters::Remaining(remaining)) => {
                if remaining.iter().any(|&r| r > limit) {
                    return Err(PositionError::CheckCounters {
                        reason: "more checks to give than the variant's count",
                    });
                }
                remaining.map(|r| limit - r)
            }
        };
        for color in Color::ALL {
            let count = given[color.index()].min(limit);
            self.extra.counters[color.index()] = count as u8;
        }
        Ok(())
    }

    /// How the game has ended, if it has: by a rule of the last move
    /// ([`Position::terminal`]), or with no legal move for the side to move
    /// ([`Position::no_move_outcome`]). Draws that must be claimed (the
    /// n-move rule, repetition) are not outcomes of a position; see
    /// [`Game`](crate::Game).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.terminal() {
            return Some(outcome);
        }
        (self.count_legal_moves() == 0).then(|| self.no_move_outcome())
    }

    /// The outcome for a side to move that has no legal move: checkmate if a
    /// royal piece of its is attacked, stalemate otherwise, each scored by
    /// the variant's goals (a drawn stalemate by its
    /// [`Counting`](crate::Counting), if it counts). Meaningful only when
    /// [`legal_moves`](Position::legal_moves) is empty and the game has not
    /// ended by [`Position::terminal`].
    pub fn no_move_outcome(&self) -> Outcome {
        let goals = &self.variant.goals;
        let (result, reason) = if self.is_check() {
            self.mate_result(goals.checkmate)
        } else if goals.stalemate_by_piece_count {
            let (ours, theirs) = (self.pieces(self.turn).count(), self.pieces(self.turn.other()).count());
            let result = match ours.cmp(&theirs) {
                Ordering::Less => goals.stalemate,
                Ordering::Equal => GameResult::Draw,
                Ordering::Greater => goals.stalemate.reversed(),
            };
            (result, EndReason::Stalemate)
        } else {
            (goals.stalemate, EndReason::Stalemate)
        };
        if result == GameResult::Draw && reason == EndReason::Stalemate {
            return self.adjudicated(reason);
        }
        goals.outcome_for(self.turn, result, reason)
    }

    /// The outcome of a game ended here by a claim for `reason`: the
    /// n-move rule's draw, or repetition as the variant scores it (a draw
    /// unless its [`Repetition`] rule says otherwise), with draw odds
    /// applied.
    pub fn claimed_draw(&self, reason: EndReason) -> Outcome {
        let goals = &self.variant.goals;
        let rule = &goals.repetition;
        if reason == EndReason::Repetition && rule.result != GameResult::Draw {
            let result = if rule.as_white && self.turn == Color::Black {
                rule.result.reversed()
            } else {
                rule.result
            };
            return goals.outcome_for(self.turn, result, reason);
        }
        goals.outcome(None, reason)
    }

    /// Checks the goals against a position being set up: the side to move
    /// must not have won already (its arrival would have ended the game
    /// before the other side moved).
    pub(crate) fn check_goals(&self) -> Result<(), PositionError> {
        let goals = &self.variant.goals;
        let won_by_checks = goals
            .checks_to_win
            .is_some_and(|checks| self.checks_given(self.turn) >= u32::from(checks));
        if goals.has_immediate() && (self.has_arrived(self.turn) || won_by_checks) {
            return Err(PositionError::AlreadyWon { color: self.turn });
        }
        Ok(())
    }

    /// The side extinct by `rule`, if one is: the side that just moved is
    /// looked at first.
    fn extinct(&self, rule: &CompiledExtinction) -> Option<Color> {
        let them = self.turn.other();
        if rule.groups.iter().any(|&group| self.dwindled(rule, them, group, 0)) {
            return Some(them);
        }
        let reply = u32::from(rule.claim);
        if rule
            .groups
            .iter()
            .any(|&group| self.dwindled(rule, self.turn, group, reply))
        {
            return Some(self.turn);
        }
        None
    }

    /// Whether both sides have a piece of `group` on the board.
    #[inline(always)]
    fn both_have(&self, group: CountedGroup) -> bool {
        let counted = if group.all {
            self.pieces_of_both()
        } else {
            self.on_board(group.kinds)
        };
        counted.intersects(self.by_color[0]) && counted.intersects(self.by_color[1])
    }

    /// Whether `side` has at most `rule`'s pieces of `group` left, while
    /// the opponent has at least its share and `reply` more.
    ///
    /// Pieces in hand count, as in Fairy-Stockfish: a side with pieces to
    /// drop is not extinct. They are added only when the board's alone
    /// are few enough, since a hand's total is the dearer count.
    #[inline(always)]
    fn dwindled(&self, rule: &CompiledExtinction, side: Color, group: CountedGroup, reply: u32) -> bool {
        let on_board = |color: Color| {
            let all = if group.all { self.pieces(color).count() } else { 0 };
            all + self.pieces_of_kinds(color, group.kinds).count()
        };
        let left = on_board(side);
        if left > rule.at_most || left + self.in_hand(side, group) > rule.at_most {
            return false;
        }
        let other = side.other();
        on_board(other) + self.in_hand(other, group) >= rule.opponent_at_least + reply
    }

    /// The pieces of `group` in `color`'s hand. Out of line, so that it is
    /// not worked out ahead of the test on the board's count that
    /// usually makes it moot.
    #[inline(never)]
    fn in_hand(&self, color: Color, group: CountedGroup) -> u32 {
        let hand = self.hand(color);
        let all = if group.all { hand.total() } else { 0 };
        all + group.kinds.iter().map(|kind| hand.count(kind)).sum::<u32>()
    }

    /// Whether a piece of `color` stands where its arrival wins.
    fn has_arrived(&self, color: Color) -> bool {
        self.stands_in(&self.variant.goals.arrivals, color)
    }

    /// Whether a piece of `color` stands in its zone of one of `arrivals`.
    fn stands_in(&self, arrivals: &[Vec<(PieceKind, SquareSet<W>)>; 2], color: Color) -> bool {
        arrivals[color.index()]
            .iter()
            .any(|&(kind, squares)| self.pieces_of(color, kind).intersects(squares))
    }
}

impl CompiledExtinction {
    fn compile(extinction: &Extinction, kind_of: &KindOf<'_>) -> Result<CompiledExtinction, VariantError> {
        if extinction.pieces.is_empty() {
            return Err(VariantError::Goal {
                reason: "an extinction rule counts no piece".to_owned(),
            });
        }
        let mut counted: SmallVec<[Option<PieceKind>; 4]> = SmallVec::new();
        for &letter in &extinction.pieces {
            let kind = if letter == ALL_PIECES {
                None
            } else {
                Some(kind_of(letter, &|| "an extinction rule".to_owned())?)
            };
            if !counted.contains(&kind) {
                counted.push(kind);
            }
        }
        let groups = if extinction.together {
            std::iter::once(
                counted
                    .iter()
                    .fold(CountedGroup::default(), |group, &kind| group.with(kind)),
            )
            .collect()
        } else {
            counted.iter().map(|&kind| CountedGroup::default().with(kind)).collect()
        };
        Ok(CompiledExtinction {
            result: extinction.result,
            groups,
            at_most: extinction.at_most,
            opponent_at_least: extinction.opponent_at_least,
            claim: extinction.claim,
        })
    }
}
