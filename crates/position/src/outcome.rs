//! How games end.

use std::fmt;

use fairy_movement::Color;

/// A result from the point of view of one side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum GameResult {
    /// That side wins.
    Win,
    /// Neither side wins.
    Draw,
    /// That side loses.
    Loss,
}

impl GameResult {
    /// The same result from the other side's point of view.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_position::GameResult;
    ///
    /// assert_eq!(GameResult::Win.reversed(), GameResult::Loss);
    /// assert_eq!(GameResult::Draw.reversed(), GameResult::Draw);
    /// ```
    pub const fn reversed(self) -> GameResult {
        match self {
            GameResult::Win => GameResult::Loss,
            GameResult::Draw => GameResult::Draw,
            GameResult::Loss => GameResult::Win,
        }
    }
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// The side to move has no legal move and its royal piece is attacked.
    Checkmate,
    /// The side to move has no legal move and is not in check (in a variant
    /// without royal pieces: has no legal move).
    Stalemate,
    /// The last move put a piece on a square where its arrival wins.
    Arrival,
    /// A side's pieces of a kind dwindled to the count where it is extinct.
    Extinction,
    /// A side gave the number of checks that wins.
    CheckCount,
    /// A checkmate that does not meet the variant's conditions on mates
    /// ([`MateCondition`](crate::MateCondition)): a mate by forbidden
    /// pieces wins for the mated side, a mate without the check a series
    /// needed is a draw (shatar).
    UnsoundMate,
    /// The same position occurred a third time: a draw a player may claim
    /// (reported by [`Game`](crate::Game), never by a position alone).
    Repetition,
    /// The n-move rule (fifty moves in chess) by each side without a
    /// capture or a move that resets the clock: a draw a player may claim
    /// (reported by [`Game`](crate::Game)).
    MoveRule,
    /// Both sides passed in a row ([`Passing`](crate::Passing)).
    Passes,
    /// A side passed with the royal pieces facing each other (Janggi's
    /// bikjang, [`Passing::bikjang`](crate::Passing::bikjang)).
    Bikjang,
    /// No empty square is left ([`Goal::FullBoard`](crate::Goal::FullBoard)).
    FullBoard,
}

/// The end of a game: who won (nobody for a draw) and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// The outcome when `side` gets `result` for `reason`.
    pub(crate) fn for_side(side: Color, result: GameResult, reason: EndReason) -> Outcome {
        let winner = match result {
            GameResult::Win => Some(side),
            GameResult::Draw => None,
            GameResult::Loss => Some(side.other()),
        };
        Outcome { winner, reason }
    }

    /// The result for `side`.
    pub fn result_for(&self, side: Color) -> GameResult {
        match self.winner {
            None => GameResult::Draw,
            Some(winner) if winner == side => GameResult::Win,
            Some(_) => GameResult::Loss,
        }
    }

    /// The result in PGN form: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Arrival => "arrival",
            EndReason::Extinction => "extinction",
            EndReason::CheckCount => "checks",
            EndReason::UnsoundMate => "a mate the rules do not allow",
            EndReason::Repetition => "threefold repetition",
            EndReason::MoveRule => "the n-move rule",
            EndReason::Passes => "two passes in a row",
            EndReason::Bikjang => "bikjang",
            EndReason::FullBoard => "a full board",
        })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reason = self.reason;
        match self.winner {
            Some(color) => write!(f, "{} ({color} wins by {reason})", self.pgn()),
            None => write!(f, "{} (draw by {reason})", self.pgn()),
        }
    }
}
