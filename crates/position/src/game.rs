//! A game: a start position and the moves played since, with the draws a
//! player may claim.

use fairy_geometry::Word;

use crate::{EndReason, IllegalMoveError, Move, Outcome, Position};

/// A game in progress: the positions from the start to now, so that moves
/// can be taken back and repetitions counted.
///
/// Besides the ends by rule ([`Position::outcome`]), a game ends in a draw
/// once a player may claim one: the same position for the third time
/// (threefold repetition, positions compared by their Zobrist hash), or
/// fifty moves by each side without a capture or a pawn-like move.
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
/// assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::Repetition));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game<'v, W: Word = u64> {
    positions: Vec<Position<'v, W>>,
    moves: Vec<Move>,
}

impl<'v, W: Word> Game<'v, W> {
    /// A game from `start`.
    pub fn new(start: Position<'v, W>) -> Game<'v, W> {
        Game {
            positions: vec![start],
            moves: Vec::new(),
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
    /// [`IllegalMoveError`] if it is not legal in the current position.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
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
        let mut next = self.position().clone();
        next.play_unchecked(mv);
        self.positions.push(next);
        self.moves.push(mv);
        Ok(mv)
    }

    /// Takes back the last move, returning it (`None` at the start).
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    /// How many times the current position has occurred in the game,
    /// counting now.
    pub fn repetitions(&self) -> usize {
        let hash = self.position().hash();
        self.positions.iter().filter(|p| p.hash() == hash).count()
    }

    /// How the game has ended: by its variant's rules, or by a draw a player
    /// may claim (threefold repetition, the fifty-move rule).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.position().outcome() {
            return Some(outcome);
        }
        let reason = if self.repetitions() >= 3 {
            EndReason::Repetition
        } else if self.position().halfmoves() >= 100 {
            EndReason::FiftyMoves
        } else {
            return None;
        };
        Some(Outcome { winner: None, reason })
    }
}
