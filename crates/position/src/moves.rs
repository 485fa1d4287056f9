//! Moves.

use fairy_geometry::Square;
use smallvec::SmallVec;

use crate::PieceKind;

/// The `piece` byte when there is none.
const NONE: u8 = u8::MAX;

/// What kind of move a [`Move`] is; castling counts up from `CASTLING`
/// by the way to castle.
const NORMAL: u8 = 0;
const EN_PASSANT: u8 = 1;
const PASS: u8 = 2;
const DROP: u8 = 3;
/// A plain move that puts a piece from the hand on the square it leaves.
const GATING: u8 = 4;
/// With a castling move's gated kind: the piece goes on the rook's square.
const ON_ROOK_SQUARE: u8 = 0x40;
const CASTLING: u8 = 8;
/// A move that places a wall after it (see `walling`): the piece byte is
/// the wall's square, and the kind byte's other bits say what the move
/// is, from [`WALLED_PLAIN`] on (a plain move's promotion below it).
const WALL: u8 = 0x80;
/// The walled codes: promotions to kinds 0 to 15 take 0 to 15, then a
/// plain move, en passant, drops of kinds 0 to 15, a pass (a wall alone),
/// and castling ways.
const WALLED_PLAIN: u8 = 16;
const WALLED_EN_PASSANT: u8 = 17;
const WALLED_DROP: u8 = 18;
const WALLED_PASS: u8 = 34;
const WALLED_CASTLING: u8 = 35;

/// A move of a particular position, in four bytes: the origin and
/// destination squares, a piece kind (the one a promotion makes, or the
/// one a drop puts on the board), and what kind of move it is (plain, en
/// passant, a drop from the hand, castling by way number `i`).
///
/// The encoding is private. A move that also places a wall (duck chess,
/// the amazons) keeps the wall's square in the piece byte, and folds what
/// the piece byte held (a promotion's or a drop's kind) into the kind
/// byte, which has values to spare. Four bytes, because a fifth costs
/// chess perft about half a percent.
///
/// Moves come from a position ([`Position::legal_moves`],
/// [`Position::parse_uci`]); [`Position::uci`] writes one in coordinate
/// notation.
///
/// [`Position::legal_moves`]: crate::Position::legal_moves
/// [`Position::parse_uci`]: crate::Position::parse_uci
/// [`Position::uci`]: crate::Position::uci
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    from: Square,
    to: Square,
    piece: u8,
    kind: u8,
}

impl Move {
    /// A plain move or capture, promoting to `promotion` if given.
    #[inline]
    pub(crate) const fn normal(from: Square, to: Square, promotion: Option<PieceKind>) -> Move {
        Move {
            from,
            to,
            piece: match promotion {
                Some(kind) => kind.index() as u8,
                None => NONE,
            },
            kind: NORMAL,
        }
    }

    /// An en passant capture.
    pub(crate) const fn en_passant(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            piece: NONE,
            kind: EN_PASSANT,
        }
    }

    /// A drop of a piece of `kind` from the hand of the side to move onto
    /// `to`. A drop has no origin: `from` is `to`.
    pub(crate) const fn drop(kind: PieceKind, to: Square) -> Move {
        Move {
            from: to,
            to,
            piece: kind.index() as u8,
            kind: DROP,
        }
    }

    /// A pass, written as Fairy-Stockfish writes it: from and to the
    /// square of a piece of the side that passes.
    pub(crate) const fn pass(square: Square) -> Move {
        Move {
            from: square,
            to: square,
            piece: NONE,
            kind: PASS,
        }
    }

    /// Castling by the variant's way number `index`; `from` and `to` are the
    /// king's squares.
    pub(crate) const fn castling(from: Square, to: Square, index: usize) -> Move {
        Move {
            from,
            to,
            piece: NONE,
            kind: CASTLING + index as u8,
        }
    }

    /// The square the moving piece (the king, for castling) leaves; for a
    /// drop, which has no origin, the square it lands on.
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square it goes to.
    pub const fn to(self) -> Square {
        self.to
    }

    /// The kind it promotes to.
    #[inline]
    pub const fn promotion(self) -> Option<PieceKind> {
        // Not recursive, so that it inlines where moves are played.
        let mv = self.without_wall();
        if mv.kind == NORMAL && mv.piece != NONE {
            Some(PieceKind::new(mv.piece))
        } else {
            None
        }
    }

    /// The kind a drop puts on the board from the hand; `None` for a
    /// move of a piece on the board.
    #[inline]
    pub const fn dropped(self) -> Option<PieceKind> {
        let mv = self.without_wall();
        if mv.kind == DROP {
            Some(PieceKind::new(mv.piece))
        } else {
            None
        }
    }

    /// Whether it only takes a piece from one square to another,
    /// perhaps capturing there: no promotion, drop, en passant, castling,
    /// gating or wall, so that no square but its two changes.
    pub(crate) const fn is_simple(self) -> bool {
        self.kind == NORMAL && self.piece == NONE
    }

    /// Whether it is a drop from the hand.
    pub const fn is_drop(self) -> bool {
        self.kind == DROP || (self.kind >= WALL | WALLED_DROP && self.kind < WALL | WALLED_PASS)
    }

    /// Whether it captures en passant.
    pub const fn is_en_passant(self) -> bool {
        self.kind == EN_PASSANT || self.kind == WALL | WALLED_EN_PASSANT
    }

    /// Whether it is a pass: the side moves nothing (see
    /// [`VariantSpec::pass_on_stalemate`](crate::VariantSpec::pass_on_stalemate)).
    pub const fn is_pass(self) -> bool {
        self.kind == PASS || self.kind == WALL | WALLED_PASS
    }

    /// Whether it is a pass that places no wall: one that counts towards
    /// passes in a row.
    pub(crate) const fn is_bare_pass(self) -> bool {
        self.kind == PASS
    }

    /// This move (a plain move or castling) with a piece of `kind` put
    /// from the hand on the square it leaves (Seirawan chess's gating):
    /// the moving piece's, or with `on_rook_square`, castling's rook's.
    pub(crate) const fn with_gating(self, kind: PieceKind, on_rook_square: bool) -> Move {
        let flag = if on_rook_square { ON_ROOK_SQUARE } else { 0 };
        Move {
            piece: kind.index() as u8 | flag,
            kind: if self.kind >= CASTLING { self.kind } else { GATING },
            ..self
        }
    }

    /// The kind of the piece a gating move puts from the hand on the
    /// square a piece leaves (Seirawan chess), if it is one.
    pub const fn gating(self) -> Option<PieceKind> {
        if self.kind == GATING || (self.kind >= CASTLING && self.kind < WALL && self.piece != NONE) {
            Some(PieceKind::new(self.piece & !ON_ROOK_SQUARE))
        } else {
            None
        }
    }

    /// Whether a castling move gates on its rook's square (not its king's).
    pub(crate) const fn gates_rook_square(self) -> bool {
        self.gating().is_some() && self.kind >= CASTLING && self.piece & ON_ROOK_SQUARE != 0
    }

    /// The index of the way to castle, for a castling move.
    #[inline]
    pub const fn castling_index(self) -> Option<usize> {
        let mv = self.without_wall();
        if mv.kind < CASTLING {
            None
        } else {
            Some((mv.kind - CASTLING) as usize)
        }
    }

    /// This move (without gating) followed by placing a wall on `wall`;
    /// for a pass, the wall alone.
    pub(crate) const fn with_wall(self, wall: Square) -> Move {
        let code = match self.kind {
            NORMAL if self.piece == NONE => WALLED_PLAIN,
            NORMAL => self.piece,
            EN_PASSANT => WALLED_EN_PASSANT,
            DROP => WALLED_DROP + self.piece,
            PASS => WALLED_PASS,
            kind => WALLED_CASTLING + (kind - CASTLING),
        };
        Move {
            piece: wall.index() as u8,
            kind: WALL | code,
            ..self
        }
    }

    /// The square of the wall it places after it (duck chess, the
    /// amazons), if it places one.
    pub const fn wall(self) -> Option<Square> {
        if self.kind & WALL != 0 {
            Some(Square::new(self.piece))
        } else {
            None
        }
    }

    /// This move without the wall it places: the move of the piece alone.
    #[inline]
    pub const fn without_wall(self) -> Move {
        if self.kind & WALL == 0 {
            return self;
        }
        let (kind, piece) = match self.kind & !WALL {
            code if code < WALLED_PLAIN => (NORMAL, code),
            WALLED_PLAIN => (NORMAL, NONE),
            WALLED_EN_PASSANT => (EN_PASSANT, NONE),
            code if code < WALLED_PASS => (DROP, code - WALLED_DROP),
            WALLED_PASS => (PASS, NONE),
            code => (CASTLING + code - WALLED_CASTLING, NONE),
        };
        Move { piece, kind, ..self }
    }
}

/// The squares by index (a move does not know its board: a position names
/// them, as in [`Position::uci`](crate::Position::uci)) and what kind of
/// move it is: `Move(12 -> 28)`, `Move(52 -> 60, promotes to kind 4)`,
/// `Move(36 -> 43, en passant)`, `Move(4 -> 6, castling 0)`,
/// `Move(4, pass)`, `Move(kind 0 @ 28)` for a drop.
impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (from, to) = (self.from.index(), self.to.index());
        if self.is_pass() {
            return match self.wall() {
                Some(wall) => write!(f, "Move({from}, pass, wall {})", wall.index()),
                None => write!(f, "Move({from}, pass)"),
            };
        }
        if let Some(kind) = self.dropped() {
            return write!(f, "Move(kind {} @ {to})", kind.index());
        }
        write!(f, "Move({from} -> {to}")?;
        if let Some(kind) = self.promotion() {
            write!(f, ", promotes to kind {}", kind.index())?;
        }
        if self.is_en_passant() {
            write!(f, ", en passant")?;
        }
        if let Some(way) = self.castling_index() {
            write!(f, ", castling {way}")?;
        }
        if let Some(kind) = self.gating() {
            write!(f, ", gating kind {}", kind.index())?;
        }
        if let Some(wall) = self.wall() {
            write!(f, ", wall {}", wall.index())?;
        }
        write!(f, ")")
    }
}

/// A list of moves, on the stack for the usual counts (up to 64 before it
/// allocates). It reads as a slice of moves (`len`, `iter`, indexing,
/// `contains`, sorting).
///
/// # Examples
///
/// ```
/// # use fairy_geometry::{BoardSize, Geometry};
/// # use fairy_movement::Movement;
/// # use fairy_position::{PieceSpec, Variant, VariantSpec};
/// let spec = VariantSpec::new("kings", Geometry::new(BoardSize::new(3, 3)?), "k2/3/2K w - - 0 1")
///     .piece(PieceSpec::new('K', "king", Movement::king()).royal());
/// let variant = Variant::<u64>::new(spec)?;
/// let position = variant.start_position();
/// let moves = position.legal_moves();
/// assert_eq!(moves.len(), 2); // b2 is next to both kings
/// assert!(moves.contains(&position.parse_uci("c1c2")?));
/// let ucis: Vec<String> = moves.into_iter().map(|mv| position.uci(mv).to_string()).collect();
/// assert_eq!(ucis, ["c1b1", "c1c2"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct MoveList(SmallVec<[Move; 64]>);

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList(SmallVec::new())
    }

    /// Adds a move at the end.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.0.push(mv);
    }

    /// Keeps only the moves for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        self.0.retain(|mv| keep(mv));
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl std::ops::DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.0
    }
}

impl FromIterator<Move> for MoveList {
    fn from_iter<I: IntoIterator<Item = Move>>(moves: I) -> MoveList {
        MoveList(moves.into_iter().collect())
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, moves: I) {
        self.0.extend(moves);
    }
}

/// The moves of a [`MoveList`], by value.
#[derive(Clone, Debug)]
pub struct MoveListIntoIter(smallvec::IntoIter<[Move; 64]>);

impl Iterator for MoveListIntoIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        self.0.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for MoveListIntoIter {}

impl DoubleEndedIterator for MoveListIntoIter {
    fn next_back(&mut self) -> Option<Move> {
        self.0.next_back()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIntoIter;

    fn into_iter(self) -> MoveListIntoIter {
        MoveListIntoIter(self.0.into_iter())
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}
