//! Castling: the rule in the general form given by a variant, checked and
//! compiled, and rights.

use fairy_geometry::{BoardSize, Coord, Square, SquareSet, Word};
use fairy_movement::Color;

use crate::compile::KindOf;
use crate::kinds::KindSet;
use crate::variant::Kind;
use crate::{PieceKind, VariantError, VariantSpec};

/// One way to castle, described for White; Black castles the mirrored way.
///
/// The king moves from `king_from` to `king_to` and the piece lettered
/// `rook` from `rook_from` to `rook_to`, in one move, all four squares on
/// one rank. The king is the variant's royal piece unless `king` names
/// another kind (antichess and extinction chess castle with a king that is
/// not royal). The conditions are chess's, made explicit:
///
/// - the right has not been lost: neither the king nor that rook has moved
///   (a move from or to either square loses it);
/// - every square the king or the rook passes or lands on is empty, but
///   for the king and the rook themselves;
/// - a royal king is not in check, no square it passes is attacked, and it
///   is not attacked on the square it lands on once both pieces have
///   moved. A king that is not royal castles through attacked squares, as
///   in Fairy-Stockfish.
///
/// A variant's castling rules are checked when it is compiled: the king
/// must move, the two pieces must not land on one square, and every way to
/// castle must be told apart from every other move in coordinate notation.
///
/// # Examples
///
/// ```
/// use fairy_position::CastlingSpec;
///
/// let king_side = CastlingSpec::new('K', "e1".parse()?, "g1".parse()?, 'R', "h1".parse()?, "f1".parse()?);
/// assert_eq!(king_side.letter, 'K');
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct CastlingSpec {
    /// The upper-case FEN letter of White's right (`K`, `Q`); Black's is its
    /// lower case.
    pub letter: char,
    /// Where the king starts.
    pub king_from: Coord,
    /// Where the king ends.
    pub king_to: Coord,
    /// The upper-case letter of the piece the king castles with.
    pub rook: char,
    /// Where that piece starts.
    pub rook_from: Coord,
    /// Where that piece ends.
    pub rook_to: Coord,
    /// The upper-case letter of the castling king, if it is not the
    /// variant's royal piece.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub king: Option<char>,
}

impl CastlingSpec {
    /// A way to castle (squares as White sees them).
    pub fn new(
        letter: char,
        king_from: Coord,
        king_to: Coord,
        rook: char,
        rook_from: Coord,
        rook_to: Coord,
    ) -> CastlingSpec {
        CastlingSpec {
            letter,
            king_from,
            king_to,
            rook,
            rook_from,
            rook_to,
            king: None,
        }
    }

    /// This way to castle, made by the piece lettered `king` instead of
    /// the royal piece.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_position::CastlingSpec;
    ///
    /// let giveaway = CastlingSpec::new('K', "e1".parse()?, "g1".parse()?, 'R', "h1".parse()?, "f1".parse()?).by('K');
    /// assert_eq!(giveaway.king, Some('K'));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn by(self, king: char) -> CastlingSpec {
        CastlingSpec {
            king: Some(king),
            ..self
        }
    }
}

/// A way to castle compiled for one side of one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Castling<W: Word> {
    pub color: Color,
    pub letter: char,
    /// The castling king's kind (only a royal king's castling is barred by
    /// attacks).
    pub king: PieceKind,
    pub king_from: Square,
    pub king_to: Square,
    pub rook: PieceKind,
    pub rook_from: Square,
    pub rook_to: Square,
    /// Squares that must be empty but for the king and the rook: every
    /// square either passes or lands on.
    pub empty: SquareSet<W>,
    /// The squares the king passes, which must not be attacked (the one it
    /// lands on is tested with both pieces moved).
    pub king_passes: SquareSet<W>,
    /// The destination coordinate notation writes: the king's, or, where a
    /// plain move of the king could go there, the rook's square (the king
    /// "takes" its rook, as in Chess960).
    pub notation_to: Square,
    /// Whether SAN names the rook's square after `O-O` (another way to
    /// castle goes the same direction).
    pub san_names_rook: bool,
}

impl<W: Word> Castling<W> {
    /// `O-O` towards the higher files, `O-O-O` towards the lower.
    pub fn is_long(&self, size: BoardSize) -> bool {
        size.file_of(self.king_to) < size.file_of(self.king_from)
    }
}

/// The castling rights of a position: bit `i` is the variant's way to castle
/// number `i` (see [`Variant::castling_letters`](crate::Variant::castling_letters)).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(pub(crate) u8);

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);

    /// Whether right number `index` is held.
    pub const fn has(self, index: usize) -> bool {
        index < 8 && self.0 & (1 << index) != 0
    }

    /// Whether no right is held.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The indices of the rights held.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..8).filter(move |&index| self.has(index))
    }
}

/// The most ways to castle a variant may define (for each side).
pub const MAX_CASTLINGS: usize = 4;

/// The squares of a rank from `a` to `b`, both included.
fn span<W: Word>(size: BoardSize, a: Square, b: Square) -> SquareSet<W> {
    let (low, high) = (a.index().min(b.index()), a.index().max(b.index()));
    size.squares()
        .filter(|s| size.rank_of(*s) == size.rank_of(a) && (low..=high).contains(&s.index()))
        .collect()
}

/// Checks and compiles the castling rules for both colours, and the rights
/// each square keeps when a move starts or ends on it. `kinds` are the
/// compiled piece kinds, whose plain moves castling must not be confused
/// with.
pub(crate) fn compile<W: Word>(
    spec: &VariantSpec,
    royal: KindSet,
    kinds: &[Kind<W>],
    kind_of: &KindOf<'_>,
) -> Result<(Vec<Castling<W>>, Vec<u8>), VariantError> {
    let size = spec.geometry.size();
    if spec.castling.len() > MAX_CASTLINGS {
        return Err(VariantError::TooManyCastlings);
    }
    let mut castling: Vec<Castling<W>> = Vec::new();
    for color in Color::ALL {
        for (index, rule) in spec.castling.iter().enumerate() {
            let letter = rule.letter;
            let bad = |reason: &'static str| VariantError::BadCastling { letter, reason };
            if !letter.is_ascii_uppercase() || spec.castling[..index].iter().any(|other| other.letter == letter) {
                return Err(bad("letters must be distinct upper-case ASCII letters"));
            }
            let king = match rule.king {
                Some(letter) => kind_of(letter, &|| format!("castling {:?}", rule.letter))?,
                None => royal
                    .iter()
                    .next()
                    .filter(|_| royal.len() == 1)
                    .ok_or(bad("castling needs one royal kind, or the letter of its king"))?,
            };
            let rook = kind_of(rule.rook, &|| format!("castling {letter:?}"))?;
            if royal.contains(rook) || rook == king {
                return Err(bad("the king cannot castle with a royal piece or one of its own kind"));
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
            let rank = size.rank_of(king_from);
            if [king_to, rook_from, rook_to].iter().any(|&s| size.rank_of(s) != rank) {
                return Err(bad("the king and the rook must start and end on one rank"));
            }
            if king_from == king_to {
                return Err(bad("the king must move"));
            }
            if king_from == rook_from {
                return Err(bad("the king and the rook must start on different squares"));
            }
            if king_to == rook_to {
                return Err(bad("the king and the rook must end on different squares"));
            }
            let king_path = span::<W>(size, king_from, king_to);
            let rook_path = span::<W>(size, rook_from, rook_to);
            let mut empty = king_path | rook_path;
            empty.remove(king_from);
            empty.remove(rook_from);
            let mut king_passes = king_path;
            king_passes.remove(king_from);
            king_passes.remove(king_to);
            // A plain move of the king with the same coordinates would make
            // the notation ambiguous: then it names the rook's square.
            let king_moves = kinds.get(king.index()).map_or(SquareSet::EMPTY, |k| {
                k.moves[color.index()].quiet.attacks(king_from, SquareSet::EMPTY)
            });
            let notation_to = if !king_moves.contains(king_to) {
                king_to
            } else if !king_moves.contains(rook_from) {
                rook_from
            } else {
                return Err(bad(
                    "castling cannot be told apart from a plain king move in coordinate notation",
                ));
            };
            let same_notation = castling
                .iter()
                .any(|other| other.color == color && other.king_from == king_from && other.notation_to == notation_to);
            if same_notation {
                return Err(bad("two ways to castle have the same coordinates"));
            }
            castling.push(Castling {
                color,
                letter: match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                },
                king,
                king_from,
                king_to,
                rook,
                rook_from,
                rook_to,
                empty,
                king_passes,
                notation_to,
                san_names_rook: false,
            });
        }
    }
    // SAN tells apart two ways to castle in one direction by the rook.
    for index in 0..castling.len() {
        let rule = &castling[index];
        let shared = castling.iter().enumerate().any(|(other_index, other)| {
            other_index != index && other.color == rule.color && other.is_long(size) == rule.is_long(size)
        });
        castling[index].san_names_rook = shared;
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
