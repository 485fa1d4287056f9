//! A game that owns its variant: no lifetime, no visitor, for variants
//! loaded at run time.

use std::sync::Arc;

use fairy_geometry::Word;
use fairy_movement::Color;

/// Evaluates `$body` with `$game` bound to the replayed game (`&mut`, to
/// play on), once per word size (the body is compiled for each).
macro_rules! with_game {
    ($self:expr, |$game:ident| $body:expr) => {
        match &*$self.variant {
            AnyVariant::Small(variant) => {
                let $game = &mut $self.replay(variant);
                $body
            }
            AnyVariant::Medium(variant) => {
                let $game = &mut $self.replay(variant);
                $body
            }
            AnyVariant::Large(variant) => {
                let $game = &mut $self.replay(variant);
                $body
            }
        }
    };
}

use crate::{
    AnyVariant, EndReason, FenError, Game, Move, Outcome, Position, SanError, UciError, Variant, VariantVisitor,
};

/// Code to run on the game of an [`AnyGame`], whatever its board's word:
/// what [`VariantVisitor`] is to [`AnyVariant`].
pub trait GameVisitor {
    /// What the visit returns.
    type Output;

    /// Runs on the game.
    fn visit<W: Word>(self, game: &Game<'_, W>) -> Self::Output;
}

/// A game of any variant, holding its variant (shared, through an
/// [`Arc`]): a type to keep in a struct, send to another thread, or return
/// from a function, with moves and positions as text.
///
/// It stores the start position and the moves; each call replays them on
/// a borrowed [`Game`], which costs a move generation per move played.
/// That suits driving games, GUIs and servers; for tight loops (search,
/// perft) it hands a borrowed game to a [`GameVisitor`], or runs perft
/// itself.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use fairy_geometry::{BoardSize, Geometry};
/// use fairy_movement::Movement;
/// use fairy_position::{AnyGame, AnyVariant, PieceSpec, VariantSpec};
///
/// let spec = VariantSpec::new("rooks", Geometry::new(BoardSize::new(4, 4)?), "k3/4/2K1/1R2 w - - 0 1")
///     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
///     .piece(PieceSpec::new('R', "rook", Movement::rook()));
/// let variant = Arc::new(AnyVariant::new(spec)?);
/// let mut game = AnyGame::new(variant.clone());
/// game.play_san("Ra1+")?;
/// assert_eq!(game.fen(), "k3/4/2K1/R3 b - - 1 1");
/// assert_eq!(game.legal_moves(), ["a4b4"]);
/// // Kb4, then six king moves (b1 c1 d1 b2 d2 d3) and six rook moves.
/// assert_eq!(game.perft(2), 12);
/// game.play_uci("a4b4")?;
/// assert_eq!(game.san_moves(), "1. Ra1+ Kb4");
/// assert_eq!(game.outcome(), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct AnyGame {
    variant: Arc<AnyVariant>,
    start: String,
    moves: Vec<Move>,
    /// Whether a draw was claimed, ending the game.
    claimed: bool,
}

impl AnyGame {
    /// A game from the variant's start position.
    pub fn new(variant: impl Into<Arc<AnyVariant>>) -> AnyGame {
        let variant = variant.into();
        let start = variant.spec().start_fen.clone();
        AnyGame {
            variant,
            start,
            moves: Vec::new(),
            claimed: false,
        }
    }

    /// A game from the position a FEN describes.
    ///
    /// # Errors
    ///
    /// The [`FenError`] of [`Position::from_fen`].
    pub fn from_fen(variant: impl Into<Arc<AnyVariant>>, fen: &str) -> Result<AnyGame, FenError> {
        struct Check<'a>(&'a str);
        impl VariantVisitor for Check<'_> {
            type Output = Result<String, FenError>;
            fn visit<W: Word>(self, variant: &Variant<W>) -> Result<String, FenError> {
                Position::from_fen(variant, self.0).map(|position| position.fen())
            }
        }
        let variant = variant.into();
        let start = variant.visit(Check(fen))?;
        Ok(AnyGame {
            variant,
            start,
            moves: Vec::new(),
            claimed: false,
        })
    }

    /// The variant.
    pub fn variant(&self) -> &Arc<AnyVariant> {
        &self.variant
    }

    /// Runs `visitor` on the game, replayed on a borrowed [`Game`].
    pub fn visit<V: GameVisitor>(&self, visitor: V) -> V::Output {
        with_game!(self, |game| visitor.visit(game))
    }

    /// The game replayed on `variant`, which is this game's.
    fn replay<'v, W: Word>(&self, variant: &'v Variant<W>) -> Game<'v, W> {
        // The start was read when the game was made, and every move was
        // legal when played: replaying cannot fail.
        let start = Position::from_fen(variant, &self.start).unwrap_or_else(|_| variant.start_position());
        let mut game = Game::new(start);
        for &mv in &self.moves {
            if game.play(mv).is_err() {
                break;
            }
        }
        if self.claimed {
            game.claim_draw();
        }
        game
    }

    /// The current position's FEN.
    pub fn fen(&self) -> String {
        with_game!(self, |game| game.position().fen())
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        with_game!(self, |game| game.position().turn())
    }

    /// The legal moves, in coordinate notation (empty once the game is
    /// over).
    pub fn legal_moves(&self) -> Vec<String> {
        with_game!(self, |game| {
            if game.outcome().is_some() {
                return Vec::new();
            }
            let position = game.position();
            position
                .legal_moves()
                .into_iter()
                .map(|mv| position.uci(mv).to_string())
                .collect()
        })
    }

    /// The legal moves, in SAN.
    pub fn legal_moves_san(&self) -> Vec<String> {
        with_game!(self, |game| {
            if game.outcome().is_some() {
                return Vec::new();
            }
            let position = game.position();
            position.legal_moves().into_iter().map(|mv| position.san(mv)).collect()
        })
    }

    /// Plays a move in coordinate notation (`e2e4`, `e7e8q`).
    ///
    /// # Errors
    ///
    /// The [`UciError`] of [`Game::play_uci`].
    pub fn play_uci(&mut self, text: &str) -> Result<(), UciError> {
        let mv = with_game!(self, |game| game.play_uci(text))?;
        self.moves.push(mv);
        Ok(())
    }

    /// Plays a move in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`), returning it in
    /// coordinate notation.
    ///
    /// # Errors
    ///
    /// The [`SanError`] of [`Game::play_san`].
    pub fn play_san(&mut self, text: &str) -> Result<String, SanError> {
        let (mv, uci) = with_game!(self, |game| {
            let before = game.position().clone();
            let mv = game.play_san(text)?;
            Ok::<_, SanError>((mv, before.uci(mv).to_string()))
        })?;
        self.moves.push(mv);
        Ok(uci)
    }

    /// Takes back the last move (or a claimed draw), returning whether
    /// there was one.
    pub fn undo(&mut self) -> bool {
        if self.claimed {
            self.claimed = false;
            return true;
        }
        self.moves.pop().is_some()
    }

    /// The number of moves played.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move has been played.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves played, in SAN with move numbers (`1. e4 e5 2. Nf3`).
    pub fn san_moves(&self) -> String {
        with_game!(self, |game| game.san_moves())
    }

    /// The game in PGN (see [`Game::pgn`]).
    pub fn pgn(&self) -> String {
        with_game!(self, |game| game.pgn())
    }

    /// The number of leaves of the legal move tree `depth` plies deep from
    /// the current position.
    pub fn perft(&self, depth: u32) -> u64 {
        with_game!(self, |game| game.position().perft(depth))
    }

    /// How the game ended, if it has: by the rules or by a claimed draw.
    pub fn outcome(&self) -> Option<Outcome> {
        with_game!(self, |game| game.outcome())
    }

    /// The draw the side to move may claim now, if any.
    pub fn claimable_draw(&self) -> Option<EndReason> {
        with_game!(self, |game| game.claimable_draw())
    }

    /// Claims the draw the rules allow now, ending the game.
    pub fn claim_draw(&mut self) -> Option<Outcome> {
        let outcome = with_game!(self, |game| game.claim_draw());
        if outcome.is_some() {
            self.claimed = true;
        }
        outcome
    }
}
