//! `fairy play`: a game in the terminal, against the engine or watching it
//! play itself.

use std::fmt;
use std::io::{BufRead, IsTerminal, Read, Write};

use fairy::Variant;
use fairy::diagram::TextOptions;
use fairy::engine::{Engine, Limits, Score};
use fairy::geometry::Word;
use fairy::movement::Color;
use fairy::position::{Game, Outcome, VariantVisitor};

use crate::notation::parse_move;
use crate::{Failure, Start, game};

/// How to play.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Options<'a> {
    pub start: &'a Start,
    /// The human's side; `None` when the engine plays both.
    pub human: Option<Color>,
    /// The engine's time per move, in milliseconds.
    pub time: u64,
    pub ascii: bool,
    /// Whether the engine's moves are shown one by one with the board
    /// after each, when it plays both sides (always so against a human).
    pub verbose: bool,
}

/// How a game ended: the outcome and the number of moves.
#[derive(Clone, Debug)]
pub(crate) struct Ending {
    pub outcome: Outcome,
    pub plies: usize,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} after {} moves", self.outcome, self.plies.div_ceil(2))
    }
}

/// The `play` command: moves read from `input`, the game written to `out`.
pub(crate) struct Play<'a, R: BufRead, O: Write> {
    options: Options<'a>,
    input: &'a mut R,
    out: &'a mut O,
    /// Whether to repeat each line read after its prompt, so that a
    /// scripted session reads like a typed one.
    echo: bool,
}

impl<'a, R: BufRead, O: Write> Play<'a, R, O> {
    pub(crate) fn new(options: Options<'a>, input: &'a mut R, out: &'a mut O) -> Self {
        Play {
            options,
            input,
            out,
            echo: !std::io::stdin().is_terminal(),
        }
    }
}

const HELP: &str = "Type a move in coordinate notation (e2e4, e7e8q) or SAN (e4, Nf3, exd5, O-O),
or: moves (the legal moves), undo (take back your last move), draw (claim a draw
the rules allow), fen, help, quit.";

/// The longest input line read; the rest of a longer one is skipped.
const MAX_LINE: usize = 1024;

/// What the human typed, once read.
enum Input {
    Line(String),
    /// Standard input ended.
    End,
}

impl<R: BufRead, O: Write> Play<'_, R, O> {
    fn read_line(&mut self) -> Result<Input, Failure> {
        let cannot = |error: std::io::Error| Failure::Message(format!("cannot read the input: {error}"));
        let mut bytes = Vec::new();
        let read = (&mut *self.input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes)
            .map_err(cannot)?;
        if read == 0 {
            return Ok(Input::End);
        }
        if bytes.len() > MAX_LINE && bytes.last() != Some(&b'\n') {
            // Skip the rest of the line, holding at most a line's worth.
            loop {
                bytes.clear();
                let read = (&mut *self.input)
                    .take(MAX_LINE as u64)
                    .read_until(b'\n', &mut bytes)
                    .map_err(cannot)?;
                if read == 0 || bytes.last() == Some(&b'\n') {
                    break;
                }
            }
            writeln!(self.out, "(a line of more than {MAX_LINE} characters, skipped)")?;
            return Ok(Input::Line(String::new()));
        }
        let line = String::from_utf8_lossy(&bytes).trim().to_string();
        if self.echo {
            writeln!(self.out, "{line}")?;
        }
        Ok(Input::Line(line))
    }

    fn show<W: Word>(&mut self, game: &Game<'_, W>) -> Result<(), Failure> {
        let options = TextOptions {
            unicode: !self.options.ascii,
        };
        writeln!(self.out)?;
        write!(self.out, "{}", fairy::diagram::text(game.position(), &options))?;
        Ok(())
    }
}

impl<R: BufRead, O: Write> VariantVisitor for Play<'_, R, O> {
    /// How the game ended; `None` if the human abandoned it.
    type Output = Result<Option<Ending>, Failure>;

    fn visit<W: Word>(mut self, variant: &Variant<W>) -> Result<Option<Ending>, Failure> {
        let mut game = game(variant, self.options.start)?;
        let mut engine = Engine::new(variant);
        if self.options.human.is_some() {
            writeln!(self.out, "{HELP}")?;
        }
        self.show(&game)?;
        // Watching the engine play itself, the moves and the final board
        // unless every board is asked for.
        let quiet = self.options.human.is_none() && !self.options.verbose;
        loop {
            if let Some(outcome) = game.outcome() {
                if quiet {
                    self.show(&game)?;
                }
                writeln!(self.out, "Game over: {outcome}")?;
                writeln!(self.out, "Moves: {}", game.san_moves())?;
                return Ok(Some(Ending {
                    outcome,
                    plies: game.moves().len(),
                }));
            }
            let turn = game.position().turn();
            let claimable = game.claimable_draw();
            if self.options.human == Some(turn) {
                if let Some(reason) = claimable {
                    writeln!(self.out, "You may claim a draw by {reason}: type draw.")?;
                }
                write!(self.out, "Your move ({turn}): ")?;
                self.out.flush()?;
                let line = match self.read_line()? {
                    Input::End => {
                        writeln!(self.out)?;
                        writeln!(self.out, "Input ended; game abandoned.")?;
                        return Ok(None);
                    }
                    Input::Line(line) => line,
                };
                match line.as_str() {
                    "" => {}
                    "quit" | "exit" | "resign" => {
                        writeln!(self.out, "Game abandoned.")?;
                        return Ok(None);
                    }
                    "help" | "?" => writeln!(self.out, "{HELP}")?,
                    "fen" => writeln!(self.out, "{}", game.position().fen())?,
                    "draw" => {
                        if game.claim_draw().is_none() {
                            writeln!(self.out, "No draw can be claimed now.")?;
                        }
                    }
                    "moves" => {
                        let position = game.position();
                        let moves: Vec<String> =
                            position.legal_moves().into_iter().map(|mv| position.san(mv)).collect();
                        writeln!(self.out, "{}", moves.join(" "))?;
                    }
                    "undo" => {
                        // Back to before the human's last move, taking back
                        // the engine's reply too. Turns alternate, so the
                        // human has moved if the history is long enough.
                        let plies = game.moves().len();
                        let human_moved = if game.start().turn() == turn {
                            plies >= 2
                        } else {
                            plies >= 3
                        };
                        if human_moved {
                            while game.undo().is_some() && game.position().turn() != turn {}
                            self.show(&game)?;
                        } else {
                            writeln!(self.out, "Nothing to take back.")?;
                        }
                    }
                    text => match parse_move(game.position(), text) {
                        Ok(mv) => {
                            let san = game.position().san(mv);
                            game.play(mv).map_err(|error| Failure::Message(error.to_string()))?;
                            writeln!(self.out, "You play {san}.")?;
                            self.show(&game)?;
                        }
                        Err(message) => writeln!(self.out, "{message}; type help for help.")?,
                    },
                }
            } else {
                let position = game.position().clone();
                let result = engine.search(&game, Limits::time(self.options.time), |_| {});
                // The engine claims a draw the rules allow unless it expects
                // to win.
                let hopeful = match result.score {
                    Score::Win(_) => true,
                    Score::Loss(_) => false,
                    Score::Centipawns(centipawns) => centipawns > 0,
                };
                if let (Some(reason), false) = (claimable, hopeful) {
                    if game.claim_draw().is_some() {
                        let side = match turn {
                            Color::White => "White",
                            Color::Black => "Black",
                        };
                        writeln!(self.out, "{side} claims a draw by {reason}.")?;
                        continue;
                    }
                }
                let mv = result
                    .best()
                    .ok_or_else(|| Failure::Message("the engine found no move".to_string()))?;
                game.play(mv).map_err(|error| Failure::Message(error.to_string()))?;
                if quiet {
                    continue;
                }
                writeln!(
                    self.out,
                    "{} ({}); score {} for {turn}, depth {}",
                    position.san_line(&[mv]),
                    position.uci(mv),
                    result.score,
                    result.depth
                )?;
                self.show(&game)?;
            }
        }
    }
}
