//! A variant's rules: its definition as data, and the compiled form that
//! positions play by.

use std::error::Error;
use std::fmt;

use fairy_geometry::{BoardSize, Coord, Geometry, Square, SquareSet, Word};
use fairy_movement::{Color, MoveTable, Part, Reach, ShiftTable, TablePart};
use smallvec::SmallVec;

use crate::castling::Castling;
use crate::kinds::KindSet;
use crate::zobrist::Zobrist;
use crate::{
    Arrival, CastlingSpec, FenError, GameResult, MAX_KINDS, NetCrossing, PieceKind, PieceSpec, Position, Setup,
    ZoneError,
};

/// A variant's definition as plain data: the board, the pieces, castling,
/// how the game ends, and the start position. [`Variant::new`] checks it and
/// compiles it into move tables.
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
pub struct VariantSpec {
    /// The variant's name.
    pub name: String,
    /// The board.
    pub geometry: Geometry,
    /// The piece kinds, in the order that numbers them.
    pub pieces: Vec<PieceSpec>,
    /// The ways to castle (none: no castling).
    pub castling: Vec<CastlingSpec>,
    /// Arrivals that win at once.
    pub arrivals: Vec<Arrival>,
    /// What checkmate means for the side that is mated.
    pub checkmate: GameResult,
    /// What having no legal move, without being in check, means for the side
    /// to move.
    pub stalemate: GameResult,
    /// The start position in FEN.
    pub start_fen: String,
}

impl VariantSpec {
    /// A variant with no pieces yet, where checkmate loses and stalemate
    /// draws.
    pub fn new(name: impl Into<String>, geometry: Geometry, start_fen: impl Into<String>) -> VariantSpec {
        VariantSpec {
            name: name.into(),
            geometry,
            pieces: Vec::new(),
            castling: Vec::new(),
            arrivals: Vec::new(),
            checkmate: GameResult::Loss,
            stalemate: GameResult::Draw,
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

    /// Adds a winning arrival.
    #[must_use]
    pub fn arrival(mut self, arrival: Arrival) -> VariantSpec {
        self.arrivals.push(arrival);
        self
    }

    /// Sets what checkmate means for the mated side.
    #[must_use]
    pub fn checkmate(self, result: GameResult) -> VariantSpec {
        VariantSpec {
            checkmate: result,
            ..self
        }
    }

    /// Sets what stalemate means for the stalemated side.
    #[must_use]
    pub fn stalemate(self, result: GameResult) -> VariantSpec {
        VariantSpec {
            stalemate: result,
            ..self
        }
    }
}

/// A variant definition that cannot be compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// The board has more squares than the word chosen for it.
    BoardTooLarge {
        /// The board.
        size: BoardSize,
        /// The word's number of bits.
        capacity: u32,
    },
    /// No piece kinds.
    NoPieces,
    /// More piece kinds than [`MAX_KINDS`].
    TooManyPieces {
        /// The number defined.
        count: usize,
    },
    /// A piece letter that is not an upper-case ASCII letter.
    BadLetter {
        /// The letter.
        letter: char,
    },
    /// Two piece kinds with the same letter.
    DuplicateLetter {
        /// The letter.
        letter: char,
    },
    /// A letter that names no piece kind, where one is needed.
    UnknownLetter {
        /// The letter.
        letter: char,
        /// Where it was used.
        used_in: String,
    },
    /// A zone with a rank or square off the board.
    Zone {
        /// Which zone.
        zone: String,
        /// What is wrong with it.
        error: ZoneError,
    },
    /// A castling square off the board.
    CastlingSquare {
        /// The castling letter.
        letter: char,
        /// The square.
        square: Coord,
    },
    /// A castling rule that is not usable: no royal kind to castle, the king
    /// or rook not moving, or a letter used twice.
    BadCastling {
        /// The castling letter.
        letter: char,
        /// What is wrong.
        reason: &'static str,
    },
    /// More than four ways to castle.
    TooManyCastlings,
    /// More than one royal kind, or a royal kind that promotes.
    BadRoyal {
        /// What is wrong.
        reason: &'static str,
    },
    /// A multi-step part with more steps than
    /// [`MAX_STEPS`](fairy_movement::MAX_STEPS).
    TooManySteps {
        /// The piece's letter.
        letter: char,
        /// The number of steps asked for.
        steps: u8,
    },
    /// The start position is not a legal position of the variant.
    StartPosition(FenError),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::BoardTooLarge { size, capacity } => {
                write!(f, "a {size} board does not fit a {capacity}-bit square set")
            }
            VariantError::NoPieces => write!(f, "the variant defines no pieces"),
            VariantError::TooManyPieces { count } => {
                write!(
                    f,
                    "the variant defines {count} piece kinds; at most {MAX_KINDS} are supported"
                )
            }
            VariantError::BadLetter { letter } => {
                write!(f, "piece letter {letter:?} is not an upper-case ASCII letter")
            }
            VariantError::DuplicateLetter { letter } => write!(f, "two piece kinds use the letter {letter:?}"),
            VariantError::UnknownLetter { letter, used_in } => {
                write!(f, "{used_in} names piece letter {letter:?}, which is not defined")
            }
            VariantError::Zone { zone, error } => write!(f, "{zone}: {error}"),
            VariantError::CastlingSquare { letter, square } => {
                write!(f, "castling {letter:?} uses square {square}, which is not on the board")
            }
            VariantError::BadCastling { letter, reason } => write!(f, "castling {letter:?}: {reason}"),
            VariantError::TooManyCastlings => write!(f, "at most four ways to castle are supported"),
            VariantError::BadRoyal { reason } => write!(f, "royal pieces: {reason}"),
            VariantError::TooManySteps { letter, steps } => write!(
                f,
                "piece {letter:?} moves in {steps} steps; at most {} are supported",
                fairy_movement::MAX_STEPS
            ),
            VariantError::StartPosition(error) => write!(f, "start position: {error}"),
        }
    }
}

impl Error for VariantError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            VariantError::Zone { error, .. } => Some(error),
            VariantError::StartPosition(error) => Some(error),
            _ => None,
        }
    }
}

/// The move tables of one piece kind for one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct KindMoves<W: Word> {
    /// Non-capturing moves (destinations still include occupied squares).
    pub quiet: MoveTable<W>,
    /// Captures, when they differ from the non-capturing moves.
    pub capture: Option<MoveTable<W>>,
    /// Captures that may take en passant.
    pub en_passant: Option<MoveTable<W>>,
    /// The reverse of `en_passant`: where such a capturer must stand.
    pub en_passant_from: Option<MoveTable<W>>,
    /// For each origin, the moves that leave en passant squares.
    pub double_steps: Vec<SmallVec<[DoubleStep<W>; 2]>>,
    /// Squares where a move ending promotes.
    pub promotion_zone: SquareSet<W>,
    /// Squares a piece of this kind can never stand on.
    pub forbidden: SquareSet<W>,
    /// For pawn-like kinds (many pieces, few moves): the non-capturing
    /// moves and the captures grouped by displacement, to move them all at
    /// once.
    pub bulk: Option<(ShiftTable<W>, ShiftTable<W>)>,
}

impl<W: Word> KindMoves<W> {
    /// Where a piece on `from` may go, before checks and pins: squares it
    /// reaches that are `empty`, and those it captures on that are
    /// `capturable` (`free` is the union of the two, given by the caller,
    /// which computes it once for all its pieces).
    #[inline]
    pub fn destinations(
        &self,
        from: Square,
        occupied: SquareSet<W>,
        empty: SquareSet<W>,
        capturable: SquareSet<W>,
        free: SquareSet<W>,
    ) -> SquareSet<W> {
        let reach = self.quiet.attacks(from, occupied);
        match &self.capture {
            None => reach & free,
            Some(capture) => (reach & empty) | (capture.attacks(from, occupied) & capturable),
        }
    }
}

/// A move that leaves en passant squares behind: where it ends and the
/// squares it passes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct DoubleStep<W: Word> {
    pub to: Square,
    pub passed: SquareSet<W>,
}

/// A piece kind compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Kind<W: Word> {
    pub spec: PieceSpec,
    pub moves: [KindMoves<W>; 2],
    pub promotion_choices: SmallVec<[PieceKind; 8]>,
    pub promotion_optional: bool,
    /// Moves of this kind cannot be undone (pawns): they reset the halfmove
    /// clock.
    pub irreversible: bool,
    pub leaves_en_passant: bool,
}

/// Pieces that attack through one reverse table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AttackGroup<W: Word> {
    /// From a target square: the squares attacking it.
    pub table: MoveTable<W>,
    /// The kinds attacking by this table.
    pub kinds: KindSet,
}

/// A variant's rules compiled for boards stored in words of type `W`: move
/// and attack tables for every piece kind and colour, castling, promotions,
/// ways to win, Zobrist keys and the start position.
///
/// Built once from a [`VariantSpec`]; positions borrow it. Nothing in the
/// move generator depends on which variant it is.
#[derive(Clone, Debug)]
pub struct Variant<W: Word = u64> {
    spec: VariantSpec,
    pub(crate) board: SquareSet<W>,
    pub(crate) kinds: Vec<Kind<W>>,
    /// Per attacking colour.
    pub(crate) attackers: [Vec<AttackGroup<W>>; 2],
    pub(crate) royal: KindSet,
    pub(crate) uncapturable: KindSet,
    pub(crate) en_passant_capturers: KindSet,
    pub(crate) castling: Vec<Castling<W>>,
    /// Per square: the castling rights kept by a move from or to it.
    pub(crate) castling_kept: Vec<u8>,
    /// Per colour: kinds whose arrival on squares wins for that colour.
    pub(crate) arrivals: [Vec<(PieceKind, SquareSet<W>)>; 2],
    pub(crate) zobrist: Zobrist,
    start: Setup,
}

impl<W: Word> PartialEq for Variant<W> {
    fn eq(&self, other: &Variant<W>) -> bool {
        self.spec == other.spec
    }
}

impl<W: Word> Eq for Variant<W> {}

impl<W: Word> Variant<W> {
    /// Checks a definition and compiles it.
    ///
    /// # Errors
    ///
    /// [`VariantError`] naming what is wrong: a board too large for `W`,
    /// bad or duplicate letters, letters that name no piece, zones or
    /// castling squares off the board, or a start position that is not legal.
    pub fn new(spec: VariantSpec) -> Result<Variant<W>, VariantError> {
        let geometry = spec.geometry;
        let size = geometry.size();
        if size.square_count() > W::BITS as usize {
            return Err(VariantError::BoardTooLarge {
                size,
                capacity: W::BITS,
            });
        }
        if spec.pieces.is_empty() {
            return Err(VariantError::NoPieces);
        }
        if spec.pieces.len() > MAX_KINDS {
            return Err(VariantError::TooManyPieces {
                count: spec.pieces.len(),
            });
        }
        for (index, piece) in spec.pieces.iter().enumerate() {
            if !piece.letter.is_ascii_uppercase() {
                return Err(VariantError::BadLetter { letter: piece.letter });
            }
            if spec.pieces[..index].iter().any(|other| other.letter == piece.letter) {
                return Err(VariantError::DuplicateLetter { letter: piece.letter });
            }
        }
        for piece in &spec.pieces {
            for part in piece.movement.parts() {
                if let Reach::Steps(steps) = part.reach() {
                    if steps > fairy_movement::MAX_STEPS {
                        return Err(VariantError::TooManySteps {
                            letter: piece.letter,
                            steps,
                        });
                    }
                }
            }
        }
        let royal_kinds = spec.pieces.iter().filter(|p| p.royal).count();
        if royal_kinds > 1 {
            return Err(VariantError::BadRoyal {
                reason: "at most one piece kind may be royal",
            });
        }
        let kind_of = |letter: char, used_in: &dyn Fn() -> String| {
            spec.pieces
                .iter()
                .position(|p| p.letter == letter)
                .map(|index| PieceKind::new(index as u8))
                .ok_or_else(|| VariantError::UnknownLetter {
                    letter,
                    used_in: used_in(),
                })
        };
        let zone = |zone: &crate::Zone, color: Color, name: &dyn Fn() -> String| {
            zone.squares_for::<W>(size, color)
                .map_err(|error| VariantError::Zone { zone: name(), error })
        };
        let start = Setup::from_fen(&spec.start_fen).map_err(|e| VariantError::StartPosition(e.into()))?;
        let board = SquareSet::board(size);

        let mut kinds = Vec::with_capacity(spec.pieces.len());
        let mut attackers: [Vec<AttackGroup<W>>; 2] = [Vec::new(), Vec::new()];
        for (index, piece) in spec.pieces.iter().enumerate() {
            let kind = PieceKind::new(index as u8);
            let mut promotion_choices = SmallVec::new();
            if let Some(promotion) = &piece.promotion {
                if piece.royal {
                    return Err(VariantError::BadRoyal {
                        reason: "a royal piece cannot promote",
                    });
                }
                for &choice in &promotion.choices {
                    let used_in = || format!("the promotion of {:?}", piece.letter);
                    let chosen = kind_of(choice, &used_in)?;
                    if spec.pieces[chosen.index()].royal {
                        return Err(VariantError::BadRoyal {
                            reason: "a piece cannot promote to a royal piece",
                        });
                    }
                    promotion_choices.push(chosen);
                }
            }
            let irreversible = !piece.movement.can_retreat();
            let moves = [Color::White, Color::Black]
                .map(|color| compile_kind(&geometry, piece, color, &start, &zone, irreversible));
            let [white, black] = moves;
            let moves = [white?, black?];
            for color in Color::ALL {
                for part in piece.movement.parts().iter().filter(|p| p.mode().can_capture()) {
                    let origins = if part.is_initial() {
                        zone(&piece.initial, color, &|| {
                            format!("the initial squares of {:?}", piece.letter)
                        })?
                    } else {
                        board
                    };
                    let placed = TablePart {
                        part: *part,
                        color,
                        may_cross_net: piece.net == NetCrossing::Free,
                        origins,
                    };
                    let table = MoveTable::compile_reverse(&geometry, &[placed]);
                    if table.is_empty() {
                        continue;
                    }
                    let groups = &mut attackers[color.index()];
                    match groups.iter_mut().find(|group| group.table == table) {
                        Some(group) => group.kinds.insert(kind),
                        None => groups.push(AttackGroup {
                            table,
                            kinds: KindSet::only(kind),
                        }),
                    }
                }
            }
            let leaves_en_passant = piece
                .movement
                .parts()
                .iter()
                .any(|p| p.is_en_passant() && p.mode() == fairy_movement::Mode::Move);
            let promotion_optional = piece.promotion.as_ref().is_some_and(|p| !p.compulsory);
            kinds.push(Kind {
                spec: piece.clone(),
                moves,
                promotion_choices,
                promotion_optional,
                irreversible,
                leaves_en_passant,
            });
        }
        // Leaps before rides: leap groups are cheaper to test, and most
        // attacks are found by the first groups tried.
        for groups in &mut attackers {
            groups.sort_by_key(|group| !group.table.is_leaper());
        }

        let kind_set = |wanted: &dyn Fn(&PieceSpec) -> bool| {
            spec.pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| wanted(p))
                .fold(KindSet::EMPTY, |set, (i, _)| set.with(PieceKind::new(i as u8)))
        };
        let royal = kind_set(&|p| p.royal);
        let uncapturable = kind_set(&|p| p.uncapturable);
        let en_passant_capturers = spec
            .pieces
            .iter()
            .enumerate()
            .filter(|(i, _)| kinds[*i].moves[0].en_passant.is_some() || kinds[*i].moves[1].en_passant.is_some())
            .fold(KindSet::EMPTY, |set, (i, _)| set.with(PieceKind::new(i as u8)));

        let (castling, castling_kept) = compile_castling(&spec, size, royal, &kind_of)?;

        let mut arrivals: [Vec<(PieceKind, SquareSet<W>)>; 2] = [Vec::new(), Vec::new()];
        for arrival in &spec.arrivals {
            let kind = kind_of(arrival.piece, &|| "a winning arrival".to_owned())?;
            for color in Color::ALL {
                let squares = zone(&arrival.zone, color, &|| {
                    format!("the arrival zone of {:?}", arrival.piece)
                })?;
                arrivals[color.index()].push((kind, squares));
            }
        }

        let zobrist = Zobrist::new(spec.pieces.len(), size.square_count());
        let variant = Variant {
            spec,
            board,
            kinds,
            attackers,
            royal,
            uncapturable,
            en_passant_capturers,
            castling,
            castling_kept,
            arrivals,
            zobrist,
            start,
        };
        Position::from_setup(&variant, &variant.start).map_err(|e| VariantError::StartPosition(e.into()))?;
        Ok(variant)
    }

    /// The definition this variant was compiled from.
    pub fn spec(&self) -> &VariantSpec {
        &self.spec
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        &self.spec.name
    }

    /// The board.
    pub fn geometry(&self) -> &Geometry {
        &self.spec.geometry
    }

    /// The board's size.
    pub fn size(&self) -> BoardSize {
        self.spec.geometry.size()
    }

    /// The number of piece kinds.
    pub fn kind_count(&self) -> usize {
        self.kinds.len()
    }

    /// The piece kinds, in order.
    pub fn kinds(&self) -> impl ExactSizeIterator<Item = PieceKind> + use<W> {
        (0..self.kinds.len() as u8).map(PieceKind::new)
    }

    /// The definition of a piece kind, if the variant has it.
    pub fn piece(&self, kind: PieceKind) -> Option<&PieceSpec> {
        self.kinds.get(kind.index()).map(|k| &k.spec)
    }

    /// The kind with this letter (either case), if any.
    pub fn kind_of_letter(&self, letter: char) -> Option<PieceKind> {
        let letter = letter.to_ascii_uppercase();
        self.kinds
            .iter()
            .position(|k| k.spec.letter == letter)
            .map(|index| PieceKind::new(index as u8))
    }

    /// The upper-case letter of a kind (`?` for a kind the variant lacks).
    pub fn letter(&self, kind: PieceKind) -> char {
        self.kinds.get(kind.index()).map_or('?', |k| k.spec.letter)
    }

    /// The FEN letters of the castling rights, in the order of their indices
    /// in [`CastlingRights`](crate::CastlingRights).
    pub fn castling_letters(&self) -> impl Iterator<Item = char> + '_ {
        self.castling.iter().map(|c| c.letter)
    }

    /// The start position as set up.
    pub fn start_setup(&self) -> &Setup {
        &self.start
    }

    /// The start position.
    pub fn start_position(&self) -> Position<'_, W> {
        match Position::from_setup(self, &self.start) {
            Ok(position) => position,
            Err(_) => unreachable!("the start position was validated when the variant was built"),
        }
    }

    /// Every square of the board.
    pub fn board(&self) -> SquareSet<W> {
        self.board
    }
}

type ZoneOf<'a, W> = dyn Fn(&crate::Zone, Color, &dyn Fn() -> String) -> Result<SquareSet<W>, VariantError> + 'a;

/// Compiles one piece kind for one colour.
fn compile_kind<W: Word>(
    geometry: &Geometry,
    piece: &PieceSpec,
    color: Color,
    start: &Setup,
    zone: &ZoneOf<'_, W>,
    irreversible: bool,
) -> Result<KindMoves<W>, VariantError> {
    let size = geometry.size();
    let board = SquareSet::board(size);
    let initial = zone(&piece.initial, color, &|| {
        format!("the initial squares of {:?}", piece.letter)
    })?;
    let place = |part: &Part, may_cross_net: bool| TablePart {
        part: *part,
        color,
        may_cross_net,
        origins: if part.is_initial() { initial } else { board },
    };
    let parts = piece.movement.parts();
    let quiet_parts: Vec<TablePart<W>> = parts
        .iter()
        .filter(|p| p.mode().can_move())
        .map(|p| place(p, piece.net != NetCrossing::Never))
        .collect();
    let capture_parts: Vec<TablePart<W>> = parts
        .iter()
        .filter(|p| p.mode().can_capture())
        .map(|p| place(p, piece.net == NetCrossing::Free))
        .collect();
    let en_passant_parts: Vec<TablePart<W>> = capture_parts
        .iter()
        .copied()
        .filter(|p| p.part.is_en_passant())
        .collect();
    let quiet = MoveTable::compile(geometry, &quiet_parts);
    let capture = MoveTable::compile(geometry, &capture_parts);
    let capture = (capture != quiet).then_some(capture);
    let (en_passant, en_passant_from) = if en_passant_parts.is_empty() {
        (None, None)
    } else {
        (
            Some(MoveTable::compile(geometry, &en_passant_parts)),
            Some(MoveTable::compile_reverse(geometry, &en_passant_parts)),
        )
    };
    // Pieces that never retreat and never ride are the numerous ones
    // (pawns): generating their moves in bulk pays.
    let rides = parts.iter().any(|p| matches!(p.reach(), Reach::Ride { .. }));
    let bulk = if irreversible && !rides {
        ShiftTable::compile(geometry, &quiet_parts).zip(ShiftTable::compile(geometry, &capture_parts))
    } else {
        None
    };
    let mut double_steps = vec![SmallVec::new(); size.square_count()];
    for placed in quiet_parts.iter().filter(|p| p.part.is_en_passant()) {
        for from in placed.origins {
            for path in placed.part.paths(geometry, color, from, placed.may_cross_net) {
                let passed: SquareSet<W> = path.passed().iter().copied().collect();
                if let (Some(to), false) = (path.end(), passed.is_empty()) {
                    double_steps[from.index()].push(DoubleStep { to, passed });
                }
            }
        }
    }
    let promotion_zone = match &piece.promotion {
        Some(promotion) => zone(&promotion.zone, color, &|| {
            format!("the promotion zone of {:?}", piece.letter)
        })?,
        None => SquareSet::EMPTY,
    };
    let mut forbidden = match &piece.promotion {
        Some(promotion) if promotion.compulsory => promotion_zone,
        _ => SquareSet::EMPTY,
    };
    if irreversible {
        // A piece that never moves back cannot stand behind the rearmost
        // rank where the start position has one.
        let relative_rank = |square: Square| match color {
            Color::White => size.rank_of(square),
            Color::Black => size.ranks() - 1 - size.rank_of(square),
        };
        let rearmost = size
            .squares()
            .filter(|&s| {
                start
                    .piece_at(s)
                    .is_some_and(|p| p.color == color && p.letter == piece.letter)
            })
            .map(relative_rank)
            .min();
        if let Some(rearmost) = rearmost {
            forbidden |= size.squares().filter(|&s| relative_rank(s) < rearmost).collect();
        }
    }
    Ok(KindMoves {
        quiet,
        capture,
        en_passant,
        en_passant_from,
        double_steps,
        promotion_zone,
        forbidden,
        bulk,
    })
}

type KindOf<'a> = dyn Fn(char, &dyn Fn() -> String) -> Result<PieceKind, VariantError> + 'a;

/// Compiles the castling rules for both colours, and the rights each square
/// keeps when a move starts or ends on it.
fn compile_castling<W: Word>(
    spec: &VariantSpec,
    size: BoardSize,
    royal: KindSet,
    kind_of: &KindOf<'_>,
) -> Result<(Vec<Castling<W>>, Vec<u8>), VariantError> {
    if spec.castling.len() > 4 {
        return Err(VariantError::TooManyCastlings);
    }
    let mut castling = Vec::new();
    for color in Color::ALL {
        for (index, rule) in spec.castling.iter().enumerate() {
            let letter = rule.letter;
            if !letter.is_ascii_uppercase() || spec.castling[..index].iter().any(|other| other.letter == letter) {
                return Err(VariantError::BadCastling {
                    letter,
                    reason: "letters must be distinct upper-case ASCII letters",
                });
            }
            if royal.is_empty() {
                return Err(VariantError::BadCastling {
                    letter,
                    reason: "castling needs a royal piece",
                });
            }
            let rook = kind_of(rule.rook, &|| format!("castling {letter:?}"))?;
            if royal.contains(rook) {
                return Err(VariantError::BadCastling {
                    letter,
                    reason: "the king cannot castle with a royal piece",
                });
            }
            let square = |coord: Coord| {
                let square = size
                    .square(coord)
                    .ok_or(VariantError::CastlingSquare { letter, square: coord })?;
                Ok(match color {
                    Color::White => square,
                    Color::Black => size.mirror(square),
                })
            };
            let (king_from, king_to) = (square(rule.king_from)?, square(rule.king_to)?);
            let (rook_from, rook_to) = (square(rule.rook_from)?, square(rule.rook_to)?);
            if king_from == king_to || king_from == rook_from || size.rank_of(king_from) != size.rank_of(king_to) {
                return Err(VariantError::BadCastling {
                    letter,
                    reason: "the king must move along its rank, away from the rook's square",
                });
            }
            let between = |a: Square, b: Square| -> SquareSet<W> {
                let (low, high) = (a.index().min(b.index()), a.index().max(b.index()));
                size.squares()
                    .filter(|s| size.rank_of(*s) == size.rank_of(a) && (low..=high).contains(&s.index()))
                    .collect()
            };
            let king_path = between(king_from, king_to).with(king_to) - SquareSet::from_square(king_from);
            let empty = (between(king_from, king_to) | between(rook_from, rook_to))
                - SquareSet::from_square(king_from)
                - SquareSet::from_square(rook_from);
            castling.push(Castling {
                color,
                letter: match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                },
                king_from,
                king_to,
                rook,
                rook_from,
                rook_to,
                empty,
                king_path,
            });
        }
    }
    let mut kept = vec![u8::MAX; size.square_count()];
    for (index, rule) in castling.iter().enumerate() {
        let lost = !(1u8 << index);
        kept[rule.rook_from.index()] &= lost;
        // A king move loses every right of its colour that starts there.
        for (other_index, other) in castling.iter().enumerate() {
            if other.color == rule.color && other.king_from == rule.king_from {
                kept[rule.king_from.index()] &= !(1u8 << other_index);
            }
        }
    }
    Ok((castling, kept))
}
