//! Piece kinds, pieces and their definitions.

use std::fmt;

use fairy_geometry::{BoardSize, Coord, SquareSet, Word};
use fairy_movement::{Color, Movement};

/// The most piece kinds a variant may define.
pub const MAX_KINDS: usize = 16;

/// A piece kind of a variant: its index in the variant's list of pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceKind(u8);

impl PieceKind {
    /// The kind with this index in its variant's list; the variant decides
    /// whether it exists.
    pub const fn new(index: u8) -> PieceKind {
        PieceKind(index)
    }

    /// The index in the variant's list of pieces.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece on the board: a kind and a colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind it is.
    pub kind: PieceKind,
}

/// Whether, and how, a piece kind may cross the board's net.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum NetCrossing {
    /// Crosses freely, also to capture (the default; Chennis knights).
    #[default]
    Free,
    /// Crosses by non-capturing moves only, and never captures or attacks
    /// across (Chennis pawns).
    MovesOnly,
    /// Never crosses (Chennis kings, queens, rooks and bishops).
    Never,
}

/// A set of squares given by ranks counted from the owner's side and by
/// squares named from White's side; both mirror for Black.
///
/// # Examples
///
/// ```
/// use fairy_geometry::BoardSize;
/// use fairy_movement::Color;
/// use fairy_position::Zone;
///
/// let size = BoardSize::new(8, 8)?;
/// let last = Zone::ranks([8]);
/// assert_eq!(last.squares_for::<u64>(size, Color::White)?.count(), 8);
/// assert!(last.squares_for::<u64>(size, Color::Black)?.contains(size.parse_square("e1")?));
/// let centre = Zone::squares(["d4".parse()?, "e4".parse()?, "d5".parse()?, "e5".parse()?]);
/// assert_eq!(centre.squares_for::<u64>(size, Color::Black)?, centre.squares_for::<u64>(size, Color::White)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Zone {
    ranks: Vec<u8>,
    squares: Vec<Coord>,
}

impl Zone {
    /// No square.
    pub fn none() -> Zone {
        Zone::default()
    }

    /// Whole ranks, numbered from 1 at the owner's first rank: `[8]` is the
    /// far rank of a chessboard for either side.
    pub fn ranks(ranks: impl IntoIterator<Item = u8>) -> Zone {
        Zone {
            ranks: ranks.into_iter().collect(),
            squares: Vec::new(),
        }
    }

    /// Single squares, named as White sees them; Black's are mirrored across
    /// the middle rank.
    pub fn squares(squares: impl IntoIterator<Item = Coord>) -> Zone {
        Zone {
            ranks: Vec::new(),
            squares: squares.into_iter().collect(),
        }
    }

    /// The union of two zones.
    #[must_use]
    pub fn and(mut self, other: Zone) -> Zone {
        self.ranks.extend(other.ranks);
        self.squares.extend(other.squares);
        self
    }

    /// Whether the zone holds no square.
    pub fn is_empty(&self) -> bool {
        self.ranks.is_empty() && self.squares.is_empty()
    }

    /// The zone's squares for the owner `color` on a board of `size`.
    ///
    /// # Errors
    ///
    /// The offending rank number or square, as a [`ZoneError`], if it is not
    /// on the board.
    pub fn squares_for<W: Word>(&self, size: BoardSize, color: Color) -> Result<SquareSet<W>, ZoneError> {
        let mut set = SquareSet::EMPTY;
        for &number in &self.ranks {
            if number == 0 || number > size.ranks() {
                return Err(ZoneError::Rank(number));
            }
            let rank = match color {
                Color::White => number - 1,
                Color::Black => size.ranks() - number,
            };
            for file in 0..size.files() {
                set.extend(size.square_at(file, rank));
            }
        }
        for &coord in &self.squares {
            let square = size.square(coord).ok_or(ZoneError::Square(coord))?;
            set.insert(match color {
                Color::White => square,
                Color::Black => size.mirror(square),
            });
        }
        Ok(set)
    }
}

/// A rank or square of a [`Zone`] that is not on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ZoneError {
    /// A rank number outside the board.
    Rank(u8),
    /// A square outside the board.
    Square(Coord),
}

impl fmt::Display for ZoneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ZoneError::Rank(number) => write!(f, "rank {number} is not on the board"),
            ZoneError::Square(coord) => write!(f, "square {coord} is not on the board"),
        }
    }
}

impl std::error::Error for ZoneError {}

/// Promotion of a piece kind: where, into what, and whether it must.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Promotion {
    /// A move ending here promotes.
    pub zone: Zone,
    /// The letters of the kinds it may become.
    pub choices: Vec<char>,
    /// Whether promotion is compulsory (otherwise the piece may also stay
    /// what it is).
    pub compulsory: bool,
}

impl Promotion {
    /// Compulsory promotion in `zone` to one of `choices`.
    pub fn new(zone: Zone, choices: impl IntoIterator<Item = char>) -> Promotion {
        Promotion {
            zone,
            choices: choices.into_iter().collect(),
            compulsory: true,
        }
    }
}

/// The definition of a piece kind in a variant.
///
/// Besides what is given here, a variant derives the squares a kind can
/// never stand on, which positions are checked against: its compulsory
/// promotion zone, and, for a kind that never moves towards its own side
/// (pawns), the ranks behind the rearmost rank where the start position
/// has one.
///
/// # Examples
///
/// ```
/// use fairy_movement::Movement;
/// use fairy_position::{PieceSpec, Promotion, Zone};
///
/// let pawn = PieceSpec::new('P', "pawn", Movement::chess_pawn())
///     .initial(Zone::ranks([2]))
///     .promotion(Promotion::new(Zone::ranks([8]), ['Q', 'R', 'B', 'N']));
/// let king = PieceSpec::new('K', "king", Movement::king()).royal();
/// assert!(king.royal && !pawn.royal);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PieceSpec {
    /// The upper-case ASCII letter of White's piece in FEN; Black's is its
    /// lower case.
    pub letter: char,
    /// A name for people.
    pub name: String,
    /// How it moves.
    pub movement: Movement,
    /// Whether it is royal: it must not be left attacked, and checkmating it
    /// ends the game. A side has exactly one royal piece, if the variant has
    /// royal kinds.
    pub royal: bool,
    /// Whether no move may capture it (Gnu's Ferz). It still attacks, blocks
    /// and gives check.
    pub uncapturable: bool,
    /// How it may cross the net.
    pub net: NetCrossing,
    /// The squares from which its initial-move parts apply (pawns: their
    /// start rank).
    pub initial: Zone,
    /// How it promotes, if it does.
    pub promotion: Option<Promotion>,
}

impl PieceSpec {
    /// A plain piece: not royal, capturable, crossing any net, no initial
    /// squares, no promotion.
    pub fn new(letter: char, name: impl Into<String>, movement: Movement) -> PieceSpec {
        PieceSpec {
            letter,
            name: name.into(),
            movement,
            royal: false,
            uncapturable: false,
            net: NetCrossing::Free,
            initial: Zone::none(),
            promotion: None,
        }
    }

    /// This piece, royal.
    #[must_use]
    pub fn royal(self) -> PieceSpec {
        PieceSpec { royal: true, ..self }
    }

    /// This piece, uncapturable.
    #[must_use]
    pub fn uncapturable(self) -> PieceSpec {
        PieceSpec {
            uncapturable: true,
            ..self
        }
    }

    /// This piece with a net rule.
    #[must_use]
    pub fn net(self, net: NetCrossing) -> PieceSpec {
        PieceSpec { net, ..self }
    }

    /// This piece with initial squares.
    #[must_use]
    pub fn initial(self, initial: Zone) -> PieceSpec {
        PieceSpec { initial, ..self }
    }

    /// This piece with a promotion rule.
    #[must_use]
    pub fn promotion(self, promotion: Promotion) -> PieceSpec {
        PieceSpec {
            promotion: Some(promotion),
            ..self
        }
    }
}
