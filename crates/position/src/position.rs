//! Validated positions: the board, the side to move, rights and clocks,
//! with a Zobrist hash kept up to date as moves are played.

use std::error::Error;
use std::fmt;

use fairy_geometry::{BoardSize, Coord, File, MAX_RANKS, Rank, Square, SquareSet, Word};
use fairy_movement::Color;

use crate::castling::MAX_RIGHTS;
use crate::kinds::KindSet;
use crate::mate_condition::History;
use crate::variant::{AttackGroup, Kind};
use crate::{CastlingRights, FenError, Hand, MAX_KINDS, Move, Piece, PieceKind, Setup, Variant};

/// The mailbox byte of an empty square.
const EMPTY: u8 = u8::MAX;

/// A legal position of a variant: the pieces, the side to move, castling
/// rights, en passant squares and clocks, with its Zobrist hash.
///
/// A position borrows its [`Variant`]. It is built from a [`Setup`] (or FEN)
/// by a fallible constructor that checks it against the variant's rules, and
/// changes only by playing moves, so it is always a position the variant can
/// reach.
///
/// # Examples
///
/// ```
/// use fairy_geometry::{BoardSize, Geometry};
/// use fairy_movement::Movement;
/// use fairy_position::{PieceSpec, Position, Variant, VariantSpec};
///
/// let spec = VariantSpec::new("rooks", Geometry::new(BoardSize::new(4, 4)?), "k3/4/2K1/1R2 w - - 0 1")
///     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
///     .piece(PieceSpec::new('R', "rook", Movement::rook()));
/// let variant = Variant::<u64>::new(spec)?;
/// let position = Position::from_fen(&variant, "k3/4/2K1/1R2 w - - 0 1")?;
/// let check = position.parse_uci("b1a1")?;
/// let after = position.play(check)?;
/// assert!(after.is_check());
/// // a3 is on the rook's file and b3 next to the king on c2: only b4 is left.
/// assert_eq!(after.legal_moves().len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Position<'v, W: Word = u64> {
    pub(crate) variant: &'v Variant<W>,
    pub(crate) by_color: [SquareSet<W>; 2],
    pub(crate) by_kind: [SquareSet<W>; MAX_KINDS],
    /// Squares no piece may stand on, pass or capture on: the board's
    /// holes, and petrified pieces.
    pub(crate) walls: SquareSet<W>,
    mailbox: W::Bytes,
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    /// For each castling right held, the index of the rule it castles by
    /// among the variant's (which squares its king and rook start on).
    pub(crate) castling_rules: [u16; MAX_RIGHTS],
    pub(crate) en_passant: SquareSet<W>,
    /// The piece an en passant capture removes (meaningful only while
    /// `en_passant` is not empty).
    pub(crate) victim: Square,
    halfmoves: u32,
    fullmoves: u32,
    /// State beyond the board, for the rules that keep some.
    pub(crate) extra: Extra,
    /// What the rules remember of the moves that led here: not part of the
    /// FEN, the hash or equality.
    pub(crate) history: History,
    pub(crate) hash: u64,
    /// Each side's pieces in hand, in a variant with drops.
    pub(crate) hands: [Hand; 2],
    /// The pieces marked promoted, in a variant where a captured promoted
    /// piece goes to the hand as the kind that promoted.
    pub(crate) promoted: SquareSet<W>,
    /// The squares open to gating, in a variant that gates (see
    /// `gating`).
    pub(crate) gates: SquareSet<W>,
}

/// The most counters a position keeps beyond the board.
const COUNTERS: usize = 4;

/// State a position keeps beyond its pieces, rights and clocks, for the
/// rule families that need some (checks given, and the like): small
/// counters, each hashed through Zobrist. They stay at zero in variants
/// without such rules, which pay only for their bytes.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Extra {
    pub counters: [u8; COUNTERS],
}

/// A setup that is not a legal position of the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionError {
    /// The board has another size than the variant's.
    BoardSize {
        /// The variant's board.
        expected: BoardSize,
        /// The setup's board.
        found: BoardSize,
    },
    /// A piece letter the variant does not define.
    UnknownPiece {
        /// The FEN character.
        piece: char,
        /// Where it stands.
        square: Coord,
    },
    /// A piece on a square it can never reach (a pawn on its first rank, a
    /// piece in its compulsory promotion zone).
    ImpossibleSquare {
        /// The FEN character.
        piece: char,
        /// Where it stands.
        square: Coord,
    },
    /// A side with more than one royal piece, or with none in a variant
    /// with royal pieces and no extinction rule.
    RoyalCount {
        /// The side.
        color: Color,
        /// How many it has.
        count: u32,
    },
    /// A castling letter the variant does not define, or given twice.
    UnknownCastling {
        /// The letter.
        letter: char,
    },
    /// A castling right whose king or rook is not on its square.
    CastlingWithoutPieces {
        /// The letter.
        letter: char,
    },
    /// En passant squares that no double step of the last move explains.
    EnPassant {
        /// The first en passant square.
        square: Coord,
        /// What is wrong.
        reason: &'static str,
    },
    /// Check counters that do not fit the variant.
    CheckCounters {
        /// What is wrong.
        reason: &'static str,
    },
    /// The side to move already has a piece where its arrival wins (or has
    /// given the checks that win): the game would have ended before this
    /// move.
    AlreadyWon {
        /// The side.
        color: Color,
    },
    /// The side not to move is in check.
    OpponentInCheck,
    /// A piece on a square the setup also blocks with a wall.
    PieceOnWall {
        /// The FEN character.
        piece: char,
        /// Where it stands.
        square: Coord,
    },
    /// A piece in hand that cannot be there: in a variant without drops,
    /// of a kind the variant lacks, or too many.
    Hand {
        /// The FEN character.
        piece: char,
        /// What is wrong.
        reason: &'static str,
    },
    /// The setup's board holds another number of squares than its size says.
    SquareCount {
        /// The number of squares of the setup's board size.
        expected: usize,
        /// The number of squares given.
        found: usize,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::BoardSize { expected, found } => {
                write!(f, "the board is {found}, but the variant is played on {expected}")
            }
            PositionError::UnknownPiece { piece, square } => {
                write!(f, "piece letter {piece:?} on {square} is not a piece of this variant")
            }
            PositionError::ImpossibleSquare { piece, square } => {
                write!(f, "piece {piece:?} can never stand on {square}")
            }
            PositionError::RoyalCount { color, count } => {
                write!(
                    f,
                    "{color} has {count} royal pieces; exactly one is required (none only where extinction can end the game)"
                )
            }
            PositionError::UnknownCastling { letter } => {
                write!(
                    f,
                    "castling right {letter:?} does not exist in this variant or is repeated"
                )
            }
            PositionError::CastlingWithoutPieces { letter } => {
                write!(f, "castling right {letter:?} needs its king and rook on their squares")
            }
            PositionError::EnPassant { square, reason } => write!(f, "en passant square {square}: {reason}"),
            PositionError::AlreadyWon { color } => {
                write!(f, "{color} is to move but has already won (by arrival or checks)")
            }
            PositionError::CheckCounters { reason } => write!(f, "check counters: {reason}"),
            PositionError::OpponentInCheck => write!(f, "the side not to move is in check"),
            PositionError::PieceOnWall { piece, square } => {
                write!(f, "piece {piece:?} on {square} stands where the setup has a wall")
            }
            PositionError::Hand { piece, reason } => write!(f, "piece {piece:?} in hand: {reason}"),
            PositionError::SquareCount { expected, found } => {
                write!(f, "the setup lists {found} squares for a board of {expected}")
            }
        }
    }
}

impl Error for PositionError {}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move in coordinate notation.
    pub uci: String,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.uci)
    }
}

impl Error for IllegalMoveError {}

/// The coordinate of a square of the board. A square off it (from a move of
/// another variant) gets the nearest coordinate that exists, not a panic.
pub(crate) fn coord(size: BoardSize, square: Square) -> Coord {
    size.coord(square).unwrap_or_else(|| {
        // The file is on the board; only the rank can be too high.
        let (file, rank) = (
            square.index() % size.files() as usize,
            square.index() / size.files() as usize,
        );
        let file = File::new(file as u8).unwrap_or(File::A);
        let rank = Rank::new(rank.min(usize::from(MAX_RANKS) - 1) as u8).unwrap_or(Rank::FIRST);
        Coord::new(file, rank)
    })
}

impl<'v, W: Word> Position<'v, W> {
    /// An empty board, White to move.
    fn empty(variant: &'v Variant<W>) -> Position<'v, W> {
        Position {
            variant,
            by_color: [SquareSet::EMPTY; 2],
            by_kind: [SquareSet::EMPTY; MAX_KINDS],
            walls: SquareSet::EMPTY,
            promoted: SquareSet::EMPTY,
            gates: SquareSet::EMPTY,
            mailbox: W::bytes(EMPTY),
            turn: Color::White,
            castling: CastlingRights::NONE,
            castling_rules: [0; MAX_RIGHTS],
            en_passant: SquareSet::EMPTY,
            victim: Square::new(0),
            halfmoves: 0,
            fullmoves: 1,
            extra: Extra::default(),
            hands: [Hand::default(); 2],
            history: History::default(),
            hash: 0,
        }
    }

    /// Checks a setup against the variant's rules and builds the position.
    ///
    /// En passant squares that no piece of the side to move could capture on
    /// are dropped, so that equal positions compare and hash equal.
    ///
    /// # Errors
    ///
    /// [`PositionError`] naming the problem: wrong board size, unknown piece
    /// letters, pieces on squares they can never reach, a wrong number of
    /// royal pieces, castling rights without their king and rook, en passant
    /// squares no double step explains, a side to move that has already won
    /// by arrival, or the side not to move in check.
    pub fn from_setup(variant: &'v Variant<W>, setup: &Setup) -> Result<Position<'v, W>, PositionError> {
        let size = variant.size();
        if setup.size != size {
            return Err(PositionError::BoardSize {
                expected: size,
                found: setup.size,
            });
        }
        if setup.board.len() != size.square_count() {
            return Err(PositionError::SquareCount {
                expected: size.square_count(),
                found: setup.board.len(),
            });
        }
        let mut position = Position::empty(variant);
        for &square in &setup.walls {
            if let Some(piece) = setup.piece_at(square) {
                return Err(PositionError::PieceOnWall {
                    piece: piece.fen_char(),
                    square: coord(size, square),
                });
            }
            if square.index() < size.square_count() {
                position.walls.insert(square);
            }
        }
        for square in size.squares() {
            let Some(piece) = setup.piece_at(square) else { continue };
            let unknown = PositionError::UnknownPiece {
                piece: piece.fen_char(),
                square: coord(size, square),
            };
            let kind = variant.kind_of_setup_piece(piece).ok_or(unknown)?;
            // Where pieces change colour, a piece may stand where none of
            // its colour could have moved.
            let flips = variant.enclosing.as_ref().is_some_and(|enclosing| enclosing.flips());
            if !flips
                && variant.kinds[kind.index()].moves[piece.color.index()]
                    .forbidden
                    .contains(square)
            {
                return Err(PositionError::ImpossibleSquare {
                    piece: piece.fen_char(),
                    square: coord(size, square),
                });
            }
            position.put(square, code(piece.color, kind));
        }
        position.read_hands(setup)?;
        position.turn = setup.turn;
        if !variant.royal.is_empty() && variant.single_royal {
            // One royal piece a side; none only where an extinction rule
            // can end the game of a side without one (horde), or other
            // pieces may be royal instead (maharajah's amazon). With
            // several royal kinds, or promotion to one, any number.
            let may_lack = variant.goals.has_extinction() || !variant.goals.pseudo_royals.is_empty();
            for color in Color::ALL {
                let count = position.pieces_of_kinds(color, variant.royal).count();
                // One in hand, to be dropped, counts (placement chess).
                let held: u32 = variant.royal.iter().map(|kind| position.hand(color).count(kind)).sum();
                if count + held > 1 || (count + held == 0 && !may_lack) {
                    return Err(PositionError::RoyalCount { color, count });
                }
            }
        }
        let (castling, gates) = position.split_gate_letters(&setup.castling);
        position.read_castling(&castling)?;
        position.read_gates(&gates);
        position.set_checks(setup.checks)?;
        position.check_goals()?;
        // A game already over may end with the winner in check: a capture
        // that blows up the enemy king wins whatever it leaves attacked.
        // Under bikjang a side in check may pass, which ends the game: the
        // only way to such a position, so it is read as the end it is.
        if position.checked_royals(setup.turn.other()).any() && position.terminal().is_none() {
            if !position.bikjang_facing() {
                return Err(PositionError::OpponentInCheck);
            }
            position.history.passes = 1;
        }
        if !setup.en_passant.is_empty() {
            position.set_en_passant(&setup.en_passant)?;
        }
        position.halfmoves = setup.halfmoves;
        position.fullmoves = setup.fullmoves.max(1);
        position.hash = position.compute_hash();
        position.follow_check_series();
        Ok(position)
    }

    /// Reads a FEN string and checks it against the variant.
    ///
    /// # Errors
    ///
    /// [`FenError::Parse`] if the text is not well-formed FEN,
    /// [`FenError::Position`] if it is not a legal position of the variant.
    pub fn from_fen(variant: &'v Variant<W>, fen: &str) -> Result<Position<'v, W>, FenError> {
        let ranks = variant.has_drops().then(|| variant.size().ranks());
        let setup = Setup::from_fen_with_ranks(fen, ranks)?;
        Ok(Position::from_setup(variant, &setup)?)
    }

    /// The position as plain data.
    pub fn to_setup(&self) -> Setup {
        let size = self.variant.size();
        let mut setup = Setup::empty(size);
        for square in size.squares() {
            setup.board[square.index()] = self
                .piece_at(square)
                .map(|piece| self.variant.setup_piece(piece.color, piece.kind));
        }
        setup.walls = self.walls.iter().collect();
        setup.promoted = self.promoted.iter().collect();
        if self.variant.drops.as_ref().is_some_and(|drops| !drops.free) {
            setup.hands = Some(self.hand_pieces());
        }
        setup.turn = self.turn;
        setup.castling = self.castling_field(false);
        let mut listed = self.en_passant;
        if self.en_passant.any() && self.en_passant_needs_marker() {
            listed.insert(self.victim);
        }
        setup.en_passant = listed.iter().collect();
        setup.halfmoves = self.halfmoves;
        setup.fullmoves = self.fullmoves;
        setup.checks = self.check_counters();
        setup
    }

    /// The FEN string of the position. In chess960 mode its castling
    /// rights name the rooks' files (Shredder-FEN, as Fairy-Stockfish
    /// writes them: `HAha`).
    pub fn fen(&self) -> String {
        self.to_setup().fen()
    }

    /// The FEN string with X-FEN castling rights: in chess960 mode, a way's
    /// own letter (`KQkq`) for the outermost rook on its side and the
    /// rook's file for another, as many chess GUIs write them; otherwise
    /// the same as [`Position::fen`]. Either form reads back.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_position::{Position, Variant};
    ///
    /// let chess960 = Variant::<u64>::new(fairy_variants_free_chess960()?)?;
    /// # fn fairy_variants_free_chess960() -> Result<fairy_position::VariantSpec, Box<dyn std::error::Error>> {
    /// #     use fairy_geometry::{BoardSize, Geometry};
    /// #     use fairy_movement::Movement;
    /// #     use fairy_position::{CastlingSpec, PieceSpec, VariantSpec};
    /// #     Ok(VariantSpec::new("rooks960", Geometry::new(BoardSize::new(8, 8)?), "4k3/8/8/8/8/8/8/RR2K2R w KQ - 0 1")
    /// #         .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    /// #         .piece(PieceSpec::new('R', "rook", Movement::rook()))
    /// #         .castling(CastlingSpec::new('K', "e1".parse()?, "g1".parse()?, 'R', "h1".parse()?, "f1".parse()?))
    /// #         .castling(CastlingSpec::new('Q', "e1".parse()?, "c1".parse()?, 'R', "a1".parse()?, "d1".parse()?))
    /// #         .chess960())
    /// # }
    /// // The right to castle long with the rook on b1, not the one on a1.
    /// let position = Position::from_fen(&chess960, "4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1")?;
    /// assert_eq!(position.x_fen(), "4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn x_fen(&self) -> String {
        let mut setup = self.to_setup();
        setup.castling = self.castling_field(true);
        setup.fen()
    }

    /// The variant.
    pub fn variant(&self) -> &'v Variant<W> {
        self.variant
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on a square (`None` if empty or off the board).
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.code_at(square).map(|code| Piece {
            color: if code & 1 == 0 { Color::White } else { Color::Black },
            kind: PieceKind::new(code >> 1),
        })
    }

    /// The squares of a side's pieces.
    pub fn pieces(&self, color: Color) -> SquareSet<W> {
        self.by_color[color.index()]
    }

    /// The squares of a side's pieces of one kind.
    pub fn pieces_of(&self, color: Color, kind: PieceKind) -> SquareSet<W> {
        self.by_kind
            .get(kind.index())
            .map_or(SquareSet::EMPTY, |&set| set & self.by_color[color.index()])
    }

    /// Every occupied square: the pieces' and the walls'.
    #[inline]
    pub fn occupied(&self) -> SquareSet<W> {
        self.pieces_of_both() | self.walls
    }

    /// The squares of both sides' pieces (walls left out).
    #[inline]
    pub(crate) fn pieces_of_both(&self) -> SquareSet<W> {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares blocked by walls (`*` in FEN): the board's holes, and
    /// the petrified pieces.
    pub fn walls(&self) -> SquareSet<W> {
        self.walls
    }

    /// The castling rights.
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The squares a pawn may capture en passant on.
    pub fn en_passant_squares(&self) -> SquareSet<W> {
        self.en_passant
    }

    /// Moves since the last capture or move that resets the clock (a pawn's,
    /// in chess): the n-move rule's clock; draws by it are claimed, never
    /// automatic.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist hash: equal positions (pieces, side to move, castling
    /// rights, en passant squares) have equal hashes, whatever the clocks.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch; always equal to [`Position::hash`],
    /// which is updated move by move.
    pub fn compute_hash(&self) -> u64 {
        let zobrist = &self.variant.zobrist;
        let mut hash = 0;
        for square in self.occupied() {
            if let Some(code) = self.code_at(square) {
                hash ^= zobrist.piece(code, square);
            }
        }
        for square in self.walls {
            hash ^= zobrist.wall(square.index());
        }
        if self.turn == Color::Black {
            hash ^= zobrist.black;
        }
        hash ^= self.castling_hash();
        for square in self.en_passant {
            hash ^= zobrist.en_passant(square.index());
        }
        for (slot, &value) in self.extra.counters.iter().enumerate() {
            hash ^= zobrist.counter(slot, value);
        }
        for color in Color::ALL {
            for (kind, count) in self.hands[color.index()].iter() {
                hash ^= zobrist.hand(color, kind, count as u8);
            }
        }
        for square in self.gates {
            hash ^= zobrist.gate(square.index());
        }
        for square in self.promoted {
            hash ^= zobrist.promoted(square.index());
        }
        hash
    }

    /// Whether a piece of `by` attacks `square` when `occupied` are the
    /// occupied squares: whether it could capture an enemy royal piece
    /// there, with every rule of the board applied (a royal piece that
    /// would petrify attacks nothing).
    pub fn is_attacked(&self, square: Square, by: Color, occupied: SquareSet<W>) -> bool {
        let disarmed = self.disarmed(by);
        self.variant.attackers[by.index()].iter().any(|group| {
            let pieces = self.group_pieces(by, group) - disarmed;
            pieces.any()
                && group
                    .attacks_among(square, occupied, pieces, |kinds| self.on_board(kinds))
                    .any()
        })
    }

    /// The pieces of `by` attacking `square` when `occupied` are occupied.
    pub fn attackers(&self, square: Square, by: Color, occupied: SquareSet<W>) -> SquareSet<W> {
        let found = self.variant.attackers[by.index()]
            .iter()
            .fold(SquareSet::EMPTY, |found, group| {
                found
                    | group.attacks_among(square, occupied, self.group_pieces(by, group), |kinds| {
                        self.on_board(kinds)
                    })
            });
        found - self.disarmed(by)
    }

    /// Plays a legal move.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] if the move is not legal here.
    pub fn play(&self, mv: Move) -> Result<Position<'v, W>, IllegalMoveError> {
        if !self.is_legal(mv) {
            return Err(IllegalMoveError {
                uci: self.uci(mv).to_string(),
            });
        }
        let mut next = self.clone();
        next.play_unchecked(mv);
        Ok(next)
    }

    /// Plays a move without checking that it is legal. Playing a move that
    /// is not legal in this position leaves it in an unspecified state (it
    /// never causes undefined behaviour, but may panic).
    pub fn play_unchecked(&mut self, mv: Move) {
        self.play_counting_checks::<true>(mv);
    }

    /// [`Position::play_unchecked`], where `COUNT_CHECKS` says whether the
    /// check the move gives is counted, in a variant won by giving checks
    /// (if not, the caller counts it: see
    /// `Position::count_check_if_decisive`). A compile-time choice, so that
    /// the moves of other variants are played as they would be without it;
    /// out of line, as `play_unchecked` always was.
    #[inline(never)]
    pub(crate) fn play_counting_checks<const COUNT_CHECKS: bool>(&mut self, mv: Move) {
        let variant = self.variant;
        let (us, from, to) = (self.turn, mv.from(), mv.to());
        self.remember_pass(mv);
        if variant.walling.is_some() {
            // First: the occupancy the rest of the move reads includes it
            // (no en passant over a wall).
            self.place_wall(mv);
        }
        let Some(moving) = self.code_at(from) else {
            // A drop's square is empty.
            if let Some(kind) = mv.dropped() {
                self.play_drop::<COUNT_CHECKS>(kind, to);
            }
            return;
        };
        let kind = &variant.kinds[usize::from(moving >> 1)];
        // A pass, or a promotion in place (sittuyin): nothing moves (a
        // chess960 king may castle without moving, and is not one).
        if from == to && mv.castling_index().is_none() {
            return self.stay::<COUNT_CHECKS>(mv, kind.resets_clock);
        }
        let victim = self.victim;
        let had_en_passant = self.en_passant.any();
        self.clear_en_passant();
        let promotion = mv.promotion();
        let promotions = || &kind.moves[us.index()].promotions;
        // Captures and promotions that cannot be undone reset the n-move
        // clock, and the moves of the kinds that reset it which no plain
        // move of theirs undoes.
        let mut resets_clock = promotion.is_some_and(|_| promotions().resets_clock)
            || (kind.resets_clock && (kind.pawn_like || !self.undoable(kind, from, to)));
        // Squares whose pieces a capture effect removed or a flip turned: their
        // castling rights go.
        let mut destroyed = SquareSet::EMPTY;
        if let Some(index) = mv.castling_index() {
            if let Some(rule) = self.castling_rule(index) {
                let rook = self.take(rule.rook_from);
                let king = self.take(rule.king_from);
                if let (Some(king), Some(rook)) = (king, rook) {
                    self.put(rule.king_to, king);
                    self.put(rule.rook_to, rook);
                }
                if let Some(enclosing) = &variant.enclosing {
                    destroyed |= self.flip_enclosed(enclosing, rule.king_to, false);
                }
            }
        } else {
            let captured = if mv.is_en_passant() && had_en_passant {
                victim
            } else {
                to
            };
            let took = self.take(captured);
            if let (Some(taken), true) = (took, variant.captures_to_hand) {
                // Before the marks move: the capturer may promote there.
                self.capture_to_hand(taken, captured);
            }
            // Without marks on the board, only a promotion makes one.
            if variant.tracks_promoted && (self.promoted.any() || promotion.is_some()) {
                self.move_promoted_marks(from, to, captured, promotion.is_some_and(|_| promotions().marks));
            }
            match promotion {
                Some(promoted) => {
                    self.take(from);
                    self.put(to, code(us, promoted));
                }
                None => self.move_piece(from, to, moving),
            }
            if took.is_some() {
                resets_clock = true;
                destroyed = self.capture_effect(to, PieceKind::new(moving >> 1));
                if variant.tracks_promoted && destroyed.any() {
                    self.forget_promoted_marks();
                }
            }
            // Before en passant is judged: flips may change who could take.
            if let Some(enclosing) = &variant.enclosing {
                destroyed |= self.flip_enclosed(enclosing, to, promotion.is_none() && !mv.is_en_passant());
            }
            // A double step that promotes leaves nothing to take en passant.
            if kind.leaves_en_passant && promotion.is_none() && kind.moves[us.index()].double_step_ends.contains(to) {
                self.leave_en_passant(from, to, usize::from(moving >> 1));
            }
        }
        self.lose_castling(destroyed.with(from).with(to));
        if variant.has_gates {
            self.play_gating(mv, PieceKind::new(moving >> 1), from, to);
        }
        self.end_turn::<COUNT_CHECKS>(resets_clock);
    }

    /// Plays a pass: nothing moves, the clocks run, the turn changes. As
    /// in Fairy-Stockfish, where a pass is a move of the piece it is
    /// written with from its square to itself, a pass written with a pawn
    /// (a kind that resets the n-move clock) resets the clock.
    ///
    /// A promotion in place (sittuyin) turns the piece where it stands, and
    /// resets the clock as promotions do.
    #[cold]
    fn stay<const COUNT_CHECKS: bool>(&mut self, mv: Move, resets_clock: bool) {
        self.clear_en_passant();
        match mv.promotion() {
            Some(promoted) => {
                let square = mv.from();
                self.take(square);
                self.put(square, code(self.turn, promoted));
                self.end_turn::<COUNT_CHECKS>(true);
            }
            None => self.end_turn::<COUNT_CHECKS>(resets_clock),
        }
    }

    /// Removes the en passant squares, and their keys from the hash.
    #[inline(always)]
    pub(crate) fn clear_en_passant(&mut self) {
        for square in self.en_passant {
            self.hash ^= self.variant.zobrist.en_passant(square.index());
        }
        self.en_passant = SquareSet::EMPTY;
    }

    /// Ends the side to move's turn: the clocks (the n-move clock reset
    /// or running on), the turn and its key, and the rules that follow
    /// checks (the checks given counted with `COUNT_CHECKS`).
    #[inline(always)]
    pub(crate) fn end_turn<const COUNT_CHECKS: bool>(&mut self, resets_clock: bool) {
        let us = self.turn;
        self.halfmoves = if resets_clock {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = us.other();
        self.hash ^= self.variant.zobrist.black;
        if COUNT_CHECKS {
            self.count_check(us);
        }
        self.follow_check_series();
    }

    /// Whether a plain move of a piece of `kind` could go back from `to` to
    /// `from`.
    fn undoable(&self, kind: &Kind<W>, from: Square, to: Square) -> bool {
        kind.moves[self.turn.index()]
            .quiet
            .attacks(to, SquareSet::EMPTY)
            .contains(from)
    }

    /// Applies the effect of a capture by a piece of kind `mover` that
    /// landed on `at`, beyond the taken piece leaving the board: the one
    /// place capture effects are decided. Returns the squares of the pieces
    /// it removed.
    #[inline]
    fn capture_effect(&mut self, at: Square, mover: PieceKind) -> SquareSet<W> {
        if self.variant.explosion.is_some() {
            self.explode(at)
        } else if !self.variant.petrifying.is_empty() {
            self.petrify(at, mover)
        } else {
            SquareSet::EMPTY
        }
    }

    /// After a move of `kind` from `from` to `to`: records the squares it
    /// passed as en passant squares, if it was a double step and the
    /// opponent could capture there.
    fn leave_en_passant(&mut self, from: Square, to: Square, kind: usize) {
        let us = self.turn;
        let occupied = self.occupied();
        let Some(steps) = self.variant.kinds[kind].moves[us.index()]
            .double_steps
            .get(from.index())
        else {
            return;
        };
        let them = self.by_color[us.other().index()];
        // The squares of every open way, as a FEN lists them (see
        // `en_passant_victims`), even the ways no enemy piece could take
        // on; but something is left to take only where an enemy piece
        // stands where it could take on one of them.
        let (passed, takers_from) = steps
            .iter()
            .filter(|step| step.to == to && !step.passed.intersects(occupied))
            .fold((SquareSet::EMPTY, SquareSet::EMPTY), |(passed, takers), step| {
                (passed | step.passed, takers | step.takers_from)
            });
        if passed.any() && takers_from.intersects(them) && self.en_passant_capturable(passed, to, us.other()) {
            self.en_passant = passed;
            self.victim = to;
            for square in passed {
                self.hash ^= self.variant.zobrist.en_passant(square.index());
            }
        }
    }

    /// Sets the en passant squares from a FEN's list: the empty squares are
    /// the squares passed, an occupied one names the piece that may be
    /// taken. Squares no piece of the side to move could capture on are
    /// dropped.
    fn set_en_passant(&mut self, listed: &[Square]) -> Result<(), PositionError> {
        let size = self.variant.size();
        let error = |square: Square, reason| PositionError::EnPassant {
            square: coord(size, square),
            reason,
        };
        if let Some(&off) = listed.iter().find(|&&square| !size.contains(square)) {
            return Err(error(off, "the square is not on the board"));
        }
        let squares: SquareSet<W> = listed.iter().copied().collect();
        let marked = squares & self.occupied();
        let passed = squares - marked;
        let mover = self.turn.other();
        let Some(first) = passed.first() else {
            return Err(error(listed[0], "the square is occupied"));
        };
        if let Some(wrong) = (marked - self.by_color[mover.index()]).first() {
            return Err(error(wrong, "the square holds a piece of the side to move"));
        }
        if marked.more_than_one() {
            let second = marked.iter().nth(1).unwrap_or(first);
            return Err(error(second, "only one piece may be named as the one to take"));
        }
        let candidates = self.en_passant_victims(passed);
        let victim = match marked.first() {
            Some(named) if candidates.contains(named) => named,
            Some(named) => {
                return Err(error(
                    named,
                    "this piece cannot have passed the listed squares with the last move",
                ));
            }
            None if candidates.more_than_one() => {
                return Err(error(
                    first,
                    "several pieces can have passed it; list the square of the one that did too (like g6h5)",
                ));
            }
            None => candidates.first().ok_or_else(|| {
                // Name a square no double step of the last move passes, if
                // one is listed; otherwise the squares do not go together.
                let alone = passed.iter().find(|&square| !self.may_have_passed(square));
                error(
                    alone.unwrap_or(first),
                    "no piece of the side that just moved can have passed it with its last move",
                )
            })?,
        };
        if self.en_passant_capturable(passed, victim, self.turn) {
            self.en_passant = passed;
            self.victim = victim;
        }
        Ok(())
    }

    /// The pieces of the side that just moved that can have passed exactly
    /// `squares` with their last move: a double step from an empty square
    /// that leaves them as en passant squares (the union of its ways, when
    /// several lead to the same square).
    fn en_passant_victims(&self, squares: SquareSet<W>) -> SquareSet<W> {
        let mover = self.turn.other();
        let occupied = self.occupied();
        // Where moves place walls, the last may have walled the square the
        // piece left.
        let origin_taken = if self.variant.walling.is_some() {
            self.pieces_of_both()
        } else {
            occupied
        };
        let mut victims = SquareSet::<W>::EMPTY;
        for (index, kind) in self.variant.kinds.iter().enumerate() {
            if !kind.leaves_en_passant {
                continue;
            }
            let pieces = self.pieces_of(mover, PieceKind::new(index as u8));
            for (from, steps) in kind.moves[mover.index()].double_steps.iter().enumerate() {
                if origin_taken.contains(Square::new(from as u8)) {
                    continue;
                }
                for to in pieces {
                    let passed = steps
                        .iter()
                        .filter(|step| step.to == to && !step.passed.intersects(occupied))
                        .fold(SquareSet::EMPTY, |all, step| all | step.passed);
                    if passed == squares {
                        victims.insert(to);
                    }
                }
            }
        }
        victims
    }

    /// Whether some piece of the side that just moved could have passed
    /// `square` with a double step to where it stands.
    fn may_have_passed(&self, square: Square) -> bool {
        let mover = self.turn.other();
        self.variant.kinds.iter().enumerate().any(|(index, kind)| {
            let pieces = self.pieces_of(mover, PieceKind::new(index as u8));
            kind.leaves_en_passant
                && kind.moves[mover.index()]
                    .double_steps
                    .iter()
                    .flatten()
                    .any(|step| step.passed.contains(square) && pieces.contains(step.to))
        })
    }

    /// Whether the FEN must name the piece that may be taken en passant:
    /// when the squares passed do not tell which piece passed them, and, on
    /// boards Fairy-Stockfish plays, when the piece is not the nearest piece
    /// beyond a passed square on its file, where Fairy-Stockfish looks for
    /// it (a Berolina pawn's `c2e4` is written `d3e4`).
    fn en_passant_needs_marker(&self) -> bool {
        if self.en_passant_victims(self.en_passant).more_than_one() {
            return true;
        }
        let geometry = self.variant.geometry();
        if geometry.is_cylinder() || geometry.net().is_some() || geometry.grid().is_some() {
            return false;
        }
        let size = geometry.size();
        let mover = self.turn.other();
        let forward: i8 = match mover {
            Color::White => 1,
            Color::Black => -1,
        };
        let theirs = self.by_color[mover.index()];
        self.en_passant.iter().any(|passed| {
            let mut square = passed;
            let nearest = loop {
                match geometry.step(square, 0, forward) {
                    Some(step) if theirs.contains(step.to) => break Some(step.to),
                    Some(step) => square = step.to,
                    None => break None,
                }
            };
            nearest != Some(self.victim) && size.contains(self.victim)
        })
    }

    /// Whether a piece of `capturer` could capture en passant on one of
    /// `squares`, taking `victim`.
    fn en_passant_capturable(&self, squares: SquareSet<W>, victim: Square, capturer: Color) -> bool {
        let variant = self.variant;
        if !variant.uncapturable.is_empty()
            && self
                .piece_at(victim)
                .is_some_and(|p| variant.uncapturable.contains(p.kind))
        {
            return false;
        }
        let occupied = self.occupied();
        variant.en_passant_capturers.iter().any(|kind| {
            let pieces = self.pieces_of(capturer, kind);
            let reverse = &variant.kinds[kind.index()].moves[capturer.index()].en_passant_from;
            pieces.any()
                && reverse
                    .as_ref()
                    .is_some_and(|table| squares.iter().any(|square| table.reaches_any(square, occupied, pieces)))
        })
    }

    /// The mailbox byte of a square: `kind * 2 + colour`, or `None`.
    #[inline]
    pub(crate) fn code_at(&self, square: Square) -> Option<u8> {
        self.mailbox
            .as_ref()
            .get(square.index())
            .copied()
            .filter(|&code| code != EMPTY)
    }

    /// The pieces of `color` of any kind in `kinds`.
    #[inline]
    pub(crate) fn pieces_of_kinds(&self, color: Color, kinds: KindSet) -> SquareSet<W> {
        kinds.union_of(&self.by_kind) & self.by_color[color.index()]
    }

    /// The pieces of `color` in an attack group.
    #[inline(always)]
    pub(crate) fn group_pieces(&self, color: Color, group: &AttackGroup<W>) -> SquareSet<W> {
        group.pieces(&self.by_kind) & self.by_color[color.index()]
    }

    /// The pieces of both sides of any kind in `kinds`.
    #[inline]
    pub(crate) fn on_board(&self, kinds: KindSet) -> SquareSet<W> {
        kinds.union_of(&self.by_kind)
    }

    /// Where the pieces of `kinds` stand (both colours) after the plain move
    /// `mv`, for hoppers that may not hop over their own kind.
    pub(crate) fn on_board_after(&self, kinds: KindSet, mv: Move) -> SquareSet<W> {
        let (from, to) = (mv.from(), mv.to());
        let arriving = match mv.dropped() {
            Some(kind) => Some(kind),
            None => mv
                .promotion()
                .or_else(|| self.code_at(from).map(|code| PieceKind::new(code >> 1))),
        };
        let staying = self.on_board(kinds) - SquareSet::from_square(from) - SquareSet::from_square(to);
        if arriving.is_some_and(|kind| kinds.contains(kind)) {
            staying.with(to)
        } else {
            staying
        }
    }

    /// Places a piece on an empty square.
    #[inline]
    pub(crate) fn put(&mut self, square: Square, code: u8) {
        let (color, kind) = (usize::from(code & 1), usize::from(code >> 1));
        if let Some(slot) = self.mailbox.as_mut().get_mut(square.index()) {
            *slot = code;
            self.by_color[color].insert(square);
            self.by_kind[kind].insert(square);
            self.hash ^= self.variant.zobrist.piece(code, square);
        }
    }

    /// Moves the piece `code` from `from` to the empty square `to`: its
    /// colour's and its kind's sets each changed once for both squares,
    /// rather than by a removal and then a placing (two changes in a row
    /// to one word, the second waiting on the first), and the hash once.
    #[inline]
    pub(crate) fn move_piece(&mut self, from: Square, to: Square, code: u8) {
        // A code's kind is below MAX_KINDS: the remainder changes no
        // index, and spares the bounds check.
        let (color, kind) = (usize::from(code & 1), usize::from(code >> 1) % MAX_KINDS);
        let mailbox = self.mailbox.as_mut();
        if from.index().max(to.index()) >= mailbox.len() {
            return;
        }
        mailbox[from.index()] = EMPTY;
        mailbox[to.index()] = code;
        let both = SquareSet::from_square(from).with(to);
        self.by_color[color] ^= both;
        self.by_kind[kind] ^= both;
        let zobrist = &self.variant.zobrist;
        self.hash ^= zobrist.piece(code, from) ^ zobrist.piece(code, to);
    }

    /// Removes and returns the piece on a square.
    #[inline]
    pub(crate) fn take(&mut self, square: Square) -> Option<u8> {
        let code = self.code_at(square)?;
        let (color, kind) = (usize::from(code & 1), usize::from(code >> 1));
        self.mailbox.as_mut()[square.index()] = EMPTY;
        self.by_color[color].remove(square);
        self.by_kind[kind].remove(square);
        self.hash ^= self.variant.zobrist.piece(code, square);
        Some(code)
    }
}

/// The mailbox byte of a piece.
#[inline]
pub(crate) const fn code(color: Color, kind: PieceKind) -> u8 {
    (kind.index() as u8) << 1 | color.index() as u8
}

impl<W: Word> PartialEq for Position<'_, W> {
    fn eq(&self, other: &Position<'_, W>) -> bool {
        (std::ptr::eq(self.variant, other.variant) || self.variant == other.variant)
            && self.mailbox == other.mailbox
            && self.walls == other.walls
            && self.promoted == other.promoted
            && self.gates == other.gates
            && self.hands == other.hands
            && self.turn == other.turn
            && self.same_castling(other)
            && self.en_passant == other.en_passant
            && (self.en_passant.is_empty() || self.victim == other.victim)
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
            && self.extra == other.extra
    }
}

impl<W: Word> Eq for Position<'_, W> {}

impl<W: Word> fmt::Debug for Position<'_, W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("variant", &self.variant.name())
            .field("fen", &self.fen())
            .finish()
    }
}
