//! A variant's definition as plain data.

use fairy_geometry::Geometry;

use crate::{
    Arrival, CastlingSpec, Counting, Drops, Enclosing, Explosion, GameResult, Goal, Passing, PieceSpec, Walling, Zone,
};

/// The n-move rule of chess: fifty moves by each side.
pub const FIFTY_MOVES: u32 = 50;

/// A variant's definition as plain data: the board, the pieces, castling,
/// how the game ends, and the start position. [`Variant::new`](crate::Variant::new)
/// checks it and compiles it into move tables.
///
/// # Serde
///
/// With the `serde` feature a definition reads and writes as its fields,
/// named as here; JSON and TOML give the same tree (absent options are
/// left out rather than written as null). The board is a table of `files`,
/// `ranks`, `cylinder`, `net` (the rank below the net, from 1, as
/// [`Geometry::with_net`] numbers it) and `grid` (`[files, ranks]` of a
/// cell); a movement is its Betza text (`"mfWcefFimenfD"`); squares are
/// names (`"e1"`); results and sides are lower-case (`"loss"`, `"white"`).
/// Every value is checked as its constructor checks it, and what only a
/// whole variant can check (the start position, letters, castling
/// squares) [`Variant::new`](crate::Variant::new) checks: no input makes
/// either panic. The hand-written format of definition files
/// (`fairy_variants::file`) is a friendlier spelling of the same data.
///
/// # Examples
///
/// ```
/// use fairy_geometry::{BoardSize, Geometry};
/// use fairy_movement::Movement;
/// use fairy_position::{PieceSpec, Position, Variant, VariantSpec};
///
/// // Kings and knights on a 5 x 5 board.
/// let spec = VariantSpec::new("knights", Geometry::new(BoardSize::new(5, 5)?), "1nkn1/5/5/5/1NKN1 w - - 0 1")
///     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
///     .piece(PieceSpec::new('N', "knight", Movement::knight()));
/// let variant = Variant::<u64>::new(spec)?;
/// let position = variant.start_position();
/// // Knight b1: a3, c3, d2; knight d1: b2, c3, e3; king c1: b2, c2, d2.
/// assert_eq!(position.legal_moves().len(), 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct VariantSpec {
    /// The variant's name.
    pub name: String,
    /// The board.
    pub geometry: Geometry,
    /// The piece kinds, in the order that numbers them.
    pub pieces: Vec<PieceSpec>,
    /// The ways to castle (none: no castling).
    pub castling: Vec<CastlingSpec>,
    /// Chess960 mode (Fischer random chess's castling): the king and the
    /// rooks castle from wherever they stand on the back rank, to the
    /// squares the ways to castle give; each side of the king has one way
    /// at most. FEN names the rooks by their files where the way's letter
    /// would be ambiguous, and coordinate notation writes castling as the
    /// king taking its rook.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "std::ops::Not::not"))]
    pub chess960: bool,
    /// How the game is won, lost or drawn; checkmate loses and stalemate
    /// draws unless a goal says otherwise.
    pub goals: Vec<Goal>,
    /// The n-move rule: after this many moves by each side without a
    /// capture or a move that resets the clock, a player may claim a draw
    /// (50 in chess, 70 in chaturanga; 0: no such rule).
    pub n_move_rule: u32,
    /// Whether a side that can capture must (antichess, losers): then only
    /// its captures are legal.
    pub compulsory_capture: bool,
    /// Whether moves that give check are illegal (racing kings).
    pub checks_forbidden: bool,
    /// Whether a royal piece in check is held there: it may move only to
    /// take the one piece giving check (makpong); other pieces still
    /// answer the check as usual.
    pub royal_held_in_check: bool,
    /// Whether a side with no legal move that is not in check passes
    /// instead of being stalemated (Fairy-Stockfish's `passOnStalemate`);
    /// two passes in a row end the game.
    pub pass_on_stalemate: bool,
    /// Passing as a move, and the rules of a game passed out (Janggi);
    /// none if `None`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub passing: Option<Passing>,
    /// How a game that a rule ends without a winner on the board is
    /// scored (passed out, a full board, a drawn stalemate): by counting
    /// the material (Janggi, the reversi family), or drawn if `None`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub counting: Option<Counting>,
    /// Walls placed by moves (duck chess, the amazons); none if `None`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub walling: Option<Walling>,
    /// Drops that must enclose and moves that flip enemy pieces (the
    /// reversi family, ataxx); none if `None`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub enclosing: Option<Enclosing>,
    /// Whether a piece may not move or be dropped to a square from which it
    /// could never move again (shogi's pawns and lances on the last rank,
    /// its knights on the last two; Fairy-Stockfish's
    /// `immobilityIllegal`): such a move must promote, where it can.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "std::ops::Not::not"))]
    pub immobility_illegal: bool,
    /// Whether royal pieces may not face each other on a file or rank with
    /// nothing between them (Xiangqi's flying general; Fairy-Stockfish's
    /// `flyingGeneral`): for legality each royal piece attacks along
    /// them as a rook, and so, like every attack, not within its own grid
    /// cell. A royal kind that petrifies (and so attacks nothing) is
    /// refused.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "std::ops::Not::not"))]
    pub flying_royals: bool,
    /// Where en passant captures may be made, counted from the capturing
    /// side (horde: its sixth rank only); anywhere a double step passes if
    /// `None`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub en_passant_zone: Option<Zone>,
    /// What a capture sets off beyond taking the piece: an explosion
    /// (atomic chess), or nothing.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub explosion: Option<Explosion>,
    /// Hands and drops: the pieces each side holds off the board and may
    /// drop as its move (crazyhouse); none if `None`.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub drops: Option<Drops>,
    /// The start position in FEN.
    pub start_fen: String,
}

impl VariantSpec {
    /// A variant with no pieces yet, where checkmate loses, stalemate
    /// draws, and the fifty-move rule applies.
    pub fn new(name: impl Into<String>, geometry: Geometry, start_fen: impl Into<String>) -> VariantSpec {
        VariantSpec {
            name: name.into(),
            geometry,
            pieces: Vec::new(),
            castling: Vec::new(),
            chess960: false,
            goals: Vec::new(),
            n_move_rule: FIFTY_MOVES,
            compulsory_capture: false,
            checks_forbidden: false,
            royal_held_in_check: false,
            pass_on_stalemate: false,
            passing: None,
            counting: None,
            walling: None,
            enclosing: None,
            immobility_illegal: false,
            flying_royals: false,
            en_passant_zone: None,
            explosion: None,
            drops: None,
            start_fen: start_fen.into(),
        }
    }

    /// Adds a piece kind.
    #[must_use]
    pub fn piece(mut self, piece: PieceSpec) -> VariantSpec {
        self.pieces.push(piece);
        self
    }

    /// Adds a way to castle.
    #[must_use]
    pub fn castling(mut self, castling: CastlingSpec) -> VariantSpec {
        self.castling.push(castling);
        self
    }

    /// Turns on chess960 mode: castling from wherever the king and the
    /// rooks start on the back rank.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_position::VariantSpec;
    ///
    /// let spec = VariantSpec::new("shuffle", Geometry::new(BoardSize::new(8, 8)?), "8/8/8/8/8/8/8/8 w - - 0 1").chess960();
    /// assert!(spec.chess960);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn chess960(self) -> VariantSpec {
        VariantSpec { chess960: true, ..self }
    }

    /// Adds a goal.
    #[must_use]
    pub fn goal(mut self, goal: Goal) -> VariantSpec {
        self.goals.push(goal);
        self
    }

    /// Adds a winning arrival.
    #[must_use]
    pub fn arrival(self, arrival: Arrival) -> VariantSpec {
        self.goal(Goal::Arrival(arrival))
    }

    /// Sets what checkmate means for the mated side.
    #[must_use]
    pub fn checkmate(mut self, result: GameResult) -> VariantSpec {
        self.goals.retain(|goal| !matches!(goal, Goal::Checkmate(_)));
        self.goal(Goal::Checkmate(result))
    }

    /// Sets what stalemate means for the stalemated side.
    #[must_use]
    pub fn stalemate(mut self, result: GameResult) -> VariantSpec {
        self.goals
            .retain(|goal| !matches!(goal, Goal::Stalemate(_) | Goal::StalemateByPieceCount(_)));
        self.goal(Goal::Stalemate(result))
    }

    /// Makes captures compulsory: a side that can capture must.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::Movement;
    /// use fairy_position::{PieceSpec, Variant, VariantSpec};
    ///
    /// // The rook on a1 must take the rook on a3.
    /// let spec = VariantSpec::new("rooks", Geometry::new(BoardSize::new(3, 3)?), "r2/3/R2 w - - 0 1")
    ///     .piece(PieceSpec::new('R', "rook", Movement::rook()))
    ///     .compulsory_capture();
    /// let variant = Variant::<u64>::new(spec)?;
    /// let moves = variant.start_position().legal_moves();
    /// assert_eq!(moves.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn compulsory_capture(self) -> VariantSpec {
        VariantSpec {
            compulsory_capture: true,
            ..self
        }
    }

    /// Lets a side with no legal move that is not in check pass: its one
    /// legal move is then a pass ([`Move::is_pass`](crate::Move::is_pass)),
    /// written from its royal piece's square or its first piece's (a side
    /// without pieces cannot pass). Two passes in a row end the game,
    /// scored by [`Counting`] or drawn.
    #[must_use]
    pub fn pass_on_stalemate(self) -> VariantSpec {
        VariantSpec {
            pass_on_stalemate: true,
            ..self
        }
    }

    /// Lets a side not in check pass: see [`Passing`].
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::Movement;
    /// use fairy_position::{EndReason, Passing, PieceSpec, Variant, VariantSpec};
    ///
    /// let spec = VariantSpec::new("kings", Geometry::new(BoardSize::new(3, 3)?), "k2/3/2K w - - 0 1")
    ///     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    ///     .passing(Passing::new());
    /// let variant = Variant::<u64>::new(spec)?;
    /// // b1 and c2 (b2 is next to the other king), and a pass written from
    /// // and to the king's square.
    /// let position = variant.start_position();
    /// assert_eq!(position.legal_moves().len(), 3);
    /// let passed_out = position.play_uci("c1c1 a3a3")?;
    /// assert_eq!(passed_out.terminal().map(|o| o.reason), Some(EndReason::Passes));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn passing(self, passing: Passing) -> VariantSpec {
        VariantSpec {
            passing: Some(passing),
            ..self
        }
    }

    /// Scores a game a rule ends without a winner on the board by
    /// counting the material: see [`Counting`].
    #[must_use]
    pub fn counting(self, counting: Counting) -> VariantSpec {
        VariantSpec {
            counting: Some(counting),
            ..self
        }
    }

    /// Makes drops enclose and moves flip: see [`Enclosing`].
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::BTreeMap;
    ///
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_position::{Counting, Drops, Enclosing, Enclosure, Goal, GameResult, PieceSpec, Variant, VariantSpec};
    ///
    /// // Reversi on 4 x 4: a disc goes where it encloses, and flips what
    /// // it encloses.
    /// let spec = VariantSpec::new("reversi4", Geometry::new(BoardSize::new(4, 4)?), "4/1pP1/1Pp1/4[PPPPPPpppppp] w - - 0 1")
    ///     .piece(PieceSpec::new('P', "disc", "".parse()?))
    ///     .drops(Drops::new())
    ///     .enclosing(Enclosing::new().drops(Enclosure::Reversi).flips(Enclosure::Reversi))
    ///     .goal(Goal::FullBoard)
    ///     .counting(Counting::new(BTreeMap::from([('P', 1)]), 0));
    /// let variant = Variant::<u64>::new(spec)?;
    /// let position = variant.start_position();
    /// assert_eq!(position.legal_moves().len(), 4);
    /// let after = position.play_uci("P@b4")?;
    /// assert_eq!(after.fen(), "1P2/1PP1/1Pp1/4[PPPPPpppppp] b - - 0 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn enclosing(self, enclosing: Enclosing) -> VariantSpec {
        VariantSpec {
            enclosing: Some(enclosing),
            ..self
        }
    }

    /// Makes every move place a wall: see [`Walling`].
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::Movement;
    /// use fairy_position::{GameResult, PieceSpec, Variant, VariantSpec, WallRule, Walling};
    ///
    /// // Snailtrail on a 3x3 board: each step leaves a wall behind.
    /// let spec = VariantSpec::new("trail", Geometry::new(BoardSize::new(3, 3)?), "2p/3/P2 w - - 0 1")
    ///     .piece(PieceSpec::new('P', "snail", "mK".parse()?))
    ///     .stalemate(GameResult::Loss)
    ///     .walling(Walling::new(WallRule::Past));
    /// let variant = Variant::<u64>::new(spec)?;
    /// let position = variant.start_position();
    /// assert_eq!(position.legal_moves().len(), 3);
    /// let after = position.play_uci("a1b2,b2a1")?;
    /// assert_eq!(after.fen(), "2p/1P1/*2 b - - 1 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn walling(self, walling: Walling) -> VariantSpec {
        VariantSpec {
            walling: Some(walling),
            ..self
        }
    }

    /// Forbids moves that give check (racing kings).
    #[must_use]
    pub fn forbid_checks(self) -> VariantSpec {
        VariantSpec {
            checks_forbidden: true,
            ..self
        }
    }

    /// Holds a royal piece in check where it stands unless it can take the
    /// one piece giving check (makpong).
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::Movement;
    /// use fairy_position::{PieceSpec, Variant, VariantSpec};
    ///
    /// // The rook on a4 checks the king on a1, which may not step aside;
    /// // the rook on c2 blocks.
    /// let spec = VariantSpec::new("held", Geometry::new(BoardSize::new(4, 4)?), "r2k/4/2R1/K3 w - - 0 1")
    ///     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    ///     .piece(PieceSpec::new('R', "rook", Movement::rook()))
    ///     .hold_royal_in_check();
    /// let variant = Variant::<u64>::new(spec)?;
    /// let moves = variant.start_position().legal_moves();
    /// assert_eq!(moves.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn hold_royal_in_check(self) -> VariantSpec {
        VariantSpec {
            royal_held_in_check: true,
            ..self
        }
    }

    /// Forbids moves and drops to squares where the piece could never move
    /// again (shogi).
    #[must_use]
    pub fn immobility_illegal(self) -> VariantSpec {
        VariantSpec {
            immobility_illegal: true,
            ..self
        }
    }
    /// This variant with royal pieces that may not face each other (see
    /// [`VariantSpec::flying_royals`]).
    #[must_use]
    pub fn flying_royals(self) -> VariantSpec {
        VariantSpec {
            flying_royals: true,
            ..self
        }
    }

    /// Allows en passant captures only on the squares of `zone`, counted
    /// from the capturing side.
    #[must_use]
    pub fn en_passant_zone(self, zone: Zone) -> VariantSpec {
        VariantSpec {
            en_passant_zone: Some(zone),
            ..self
        }
    }

    /// Makes captures explode (atomic chess): see [`Explosion`].
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::Movement;
    /// use fairy_position::{Explosion, PieceSpec, Variant, VariantSpec};
    ///
    /// // The rook takes on a3: it and the rook on b3 blow up, the pawn on
    /// // b2 survives.
    /// let spec = VariantSpec::new("blast", Geometry::new(BoardSize::new(3, 3)?), "rr1/1P1/R2 w - - 0 1")
    ///     .piece(PieceSpec::new('R', "rook", Movement::rook()))
    ///     .piece(PieceSpec::new('P', "pawn", Movement::chess_pawn()))
    ///     .explosion(Explosion::sparing(['P']));
    /// let variant = Variant::<u64>::new(spec)?;
    /// let after = variant.start_position().play_uci("a1a3")?;
    /// assert_eq!(after.fen(), "3/1P1/3 b - - 0 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn explosion(self, explosion: Explosion) -> VariantSpec {
        VariantSpec {
            explosion: Some(explosion),
            ..self
        }
    }

    /// Gives the sides hands of pieces to drop: see [`Drops`].
    #[must_use]
    pub fn drops(self, drops: Drops) -> VariantSpec {
        VariantSpec {
            drops: Some(drops),
            ..self
        }
    }

    /// Sets the n-move rule's number of moves (0: none).
    #[must_use]
    pub fn n_move_rule(self, moves: u32) -> VariantSpec {
        VariantSpec {
            n_move_rule: moves,
            ..self
        }
    }

    /// The result of checkmate for the mated side, by the goals.
    pub fn checkmate_result(&self) -> GameResult {
        self.goals
            .iter()
            .find_map(|goal| match goal {
                Goal::Checkmate(result) => Some(*result),
                _ => None,
            })
            .unwrap_or(GameResult::Loss)
    }

    /// The result of stalemate for the stalemated side, by the goals.
    pub fn stalemate_result(&self) -> GameResult {
        self.goals
            .iter()
            .find_map(|goal| match goal {
                Goal::Stalemate(result) | Goal::StalemateByPieceCount(result) => Some(*result),
                _ => None,
            })
            .unwrap_or(GameResult::Draw)
    }

    /// The winning arrivals among the goals.
    pub fn arrivals(&self) -> impl Iterator<Item = &Arrival> {
        self.goals.iter().filter_map(|goal| match goal {
            Goal::Arrival(arrival) => Some(arrival),
            _ => None,
        })
    }
}
