//! A game: a start position and the moves played since, with the draws a
//! player may claim.

use fairy_geometry::Word;

use crate::{EndReason, IllegalMoveError, Move, Outcome, Position};

/// A game in progress: the positions from the start to now, so that moves
/// can be taken back and repetitions counted.
///
/// A game ends by its variant's rules ([`Position::outcome`]), or by a draw
/// a player claims ([`Game::claim_draw`]) when the rules let them
/// ([`Game::claimable_draw`]): the same position for the third time
/// (threefold repetition, positions compared by their Zobrist hash), or the
/// variant's n-move rule (fifty moves by each side without a capture or a
/// pawn move, in chess). Such draws are never automatic.
///
/// # Examples
///
/// ```
/// # use fairy_geometry::{BoardSize, Geometry};
/// # use fairy_movement::Movement;
/// # use fairy_position::{EndReason, Game, PieceSpec, Variant, VariantSpec};
/// # let spec = VariantSpec::new("kings", Geometry::new(BoardSize::new(3, 3)?), "k2/3/2K w - - 0 1")
/// #     .piece(PieceSpec::new('K', "king", Movement::king()).royal());
/// # let variant = Variant::<u64>::new(spec)?;
/// let mut game = Game::new(variant.start_position());
/// for text in ["c1c2", "a3a2", "c2c1", "a2a3", "c1c2", "a3a2", "c2c1", "a2a3"] {
///     game.play_uci(text)?;
/// }
/// assert_eq!(game.claimable_draw(), Some(EndReason::Repetition));
/// assert_eq!(game.outcome(), None); // until someone claims it
/// let draw = game.claim_draw().expect("the draw is claimable");
/// assert_eq!((draw.winner, game.outcome()), (None, Some(draw)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game<'v, W: Word = u64> {
    positions: Vec<Position<'v, W>>,
    moves: Vec<Move>,
    /// The draw claimed, ending the game.
    claimed: Option<Outcome>,
}

impl<'v, W: Word> Game<'v, W> {
    /// A game from `start`.
    pub fn new(start: Position<'v, W>) -> Game<'v, W> {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            claimed: None,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position<'v, W> {
        // There is always at least the start position.
        &self.positions[self.positions.len() - 1]
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position<'v, W> {
        &self.positions[0]
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a legal move.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] if it is not legal in the current position, or
    /// the game has ended by a claimed draw.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if self.claimed.is_some() {
            return Err(IllegalMoveError {
                uci: self.position().uci(mv).to_string(),
            });
        }
        let next = self.position().play(mv)?;
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Plays a move written in coordinate notation.
    ///
    /// # Errors
    ///
    /// The [`UciError`](crate::UciError) of [`Position::parse_uci`].
    pub fn play_uci(&mut self, text: &str) -> Result<Move, crate::UciError> {
        let mv = self.position().parse_uci(text)?;
        self.play(mv).map_err(|_| crate::UciError::Illegal {
            uci: self.position().uci(mv),
        })?;
        Ok(mv)
    }

    /// Plays a move written in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`).
    ///
    /// # Errors
    ///
    /// The [`SanError`](crate::SanError) of [`Position::parse_san`]; a
    /// move after a claimed draw is [`SanError::Illegal`](crate::SanError::Illegal).
    pub fn play_san(&mut self, text: &str) -> Result<Move, crate::SanError> {
        let mv = self.position().parse_san(text)?;
        self.play(mv).map_err(|_| crate::SanError::Illegal {
            text: text.trim().to_owned(),
        })?;
        Ok(mv)
    }

    /// The moves played, in SAN with move numbers (`1. e4 e5 2. Nf3`).
    pub fn san_moves(&self) -> String {
        self.start().san_line(&self.moves)
    }

    /// The game in PGN form: the `Variant` tag, the start position's FEN
    /// if it is not the variant's (`SetUp` and `FEN`), the `Result`, then
    /// the numbered moves and the result (`*` while the game goes on).
    ///
    /// # Examples
    ///
    /// ```
    /// # use fairy_geometry::{BoardSize, Geometry};
    /// # use fairy_movement::Movement;
    /// # use fairy_position::{Game, PieceSpec, Variant, VariantSpec};
    /// # let spec = VariantSpec::new("rooks", Geometry::new(BoardSize::new(4, 4)?), "k3/4/2K1/1R2 w - - 0 1")
    /// #     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    /// #     .piece(PieceSpec::new('R', "rook", Movement::rook()));
    /// # let variant = Variant::<u64>::new(spec)?;
    /// let mut game = Game::new(variant.start_position());
    /// game.play_san("Ra1")?;
    /// game.play_san("Kb4")?;
    /// assert_eq!(game.pgn(), "[Variant \"rooks\"]\n[Result \"*\"]\n\n1. Ra1+ Kb4 *\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pgn(&self) -> String {
        let result = self.outcome().map_or("*", |outcome| outcome.pgn());
        let start = self.start();
        let mut pgn = format!("[Variant \"{}\"]\n", start.variant().name());
        let fen = start.fen();
        if fen != start.variant().start_position().fen() {
            pgn.push_str("[SetUp \"1\"]\n");
            pgn.push_str(&format!("[FEN \"{fen}\"]\n"));
        }
        pgn.push_str(&format!("[Result \"{result}\"]\n\n"));
        let moves = self.san_moves();
        if moves.is_empty() {
            pgn.push_str(result);
        } else {
            pgn.push_str(&format!("{moves} {result}"));
        }
        pgn.push('\n');
        pgn
    }

    /// Takes back the last move, returning it (`None` at the start). A
    /// claimed draw is taken back with it.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.claimed = None;
        Some(mv)
    }

    /// How many times the current position has occurred in the game,
    /// counting now.
    pub fn repetitions(&self) -> usize {
        let hash = self.position().hash();
        self.positions.iter().filter(|p| p.hash() == hash).count()
    }

    /// The end the side to move may claim now, if any: repetition (in
    /// chess the third occurrence of the position, a draw; see
    /// [`Repetition`](crate::Repetition) for other counts and results), or
    /// the variant's n-move rule.
    pub fn claimable_draw(&self) -> Option<EndReason> {
        if self.position().outcome().is_some() {
            return None;
        }
        let limit = self.position().variant().n_move_rule().saturating_mul(2);
        if self.repetitions() >= self.position().variant().repetition_count() {
            Some(EndReason::Repetition)
        } else if limit > 0 && self.position().halfmoves() >= limit {
            Some(EndReason::MoveRule)
        } else {
            None
        }
    }

    /// Claims the draw [`Game::claimable_draw`] offers, ending the game with
    /// it (scored as the variant scores draws); `None` if there is none.
    pub fn claim_draw(&mut self) -> Option<Outcome> {
        let reason = self.claimable_draw()?;
        let outcome = self.position().claimed_draw(reason);
        self.claimed = Some(outcome);
        Some(outcome)
    }

    /// How the game has ended: by its variant's rules, or by a claimed
    /// draw.
    pub fn outcome(&self) -> Option<Outcome> {
        self.claimed.or_else(|| self.position().outcome())
    }
}
