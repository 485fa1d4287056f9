//! Castling: the rule in the general form given by a variant, checked and
//! compiled, and rights.

use fairy_geometry::{BoardSize, Coord, Square, SquareSet, Word};
use fairy_movement::Color;

use crate::compile::KindOf;
use crate::kinds::KindSet;
use crate::variant::Kind;
use crate::zobrist::Zobrist;
use crate::{PieceKind, Position, PositionError, VariantError, VariantSpec};

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
/// In chess960 mode ([`VariantSpec::chess960`]) the king and the rook
/// start wherever they stand on the rank of `king_from` (the rook on the
/// side of the king that `rook_from` is on), and end on `king_to` and
/// `rook_to` as usual; either may end where it started. Each side of the
/// king then has one way to castle at most.
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

/// A way to castle compiled for one side of one board, from one pair of
/// squares.
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
    /// The squares whose pieces the right needs: a move from, to or
    /// destroying either loses it.
    pub needs: SquareSet<W>,
    /// The squares the king and the rook land on.
    pub lands: SquareSet<W>,
    /// The destination coordinate notation writes: the king's, or, where a
    /// plain move of the king could go there (and always in chess960
    /// mode), the rook's square (the king "takes" its rook).
    pub notation_to: Square,
    /// Whether it castles with a rook on the lower files (`O-O-O`).
    pub long: bool,
    /// Whether SAN names the rook's square after `O-O` (another way to
    /// castle goes the same direction).
    pub san_names_rook: bool,
    /// The Zobrist key of the right held with these squares.
    pub key: u64,
}

impl<W: Word> Castling<W> {
    /// Whether the squares this castling needs empty are, but for its own
    /// king and rook (which `empty` leaves out).
    #[inline(always)]
    pub(crate) fn is_clear(&self, occupied: SquareSet<W>) -> bool {
        !self.empty.intersects(occupied)
    }
}

/// A variant's ways to castle, compiled.
///
/// Each way and colour is a right, numbered as in [`CastlingRights`]. A
/// right has one rule per pair of squares its king and rook may start on:
/// the variant's own squares only, or, in chess960 mode, every pair on the
/// back rank with the rook on that way's side of the king. A position
/// holds, for each of its rights, the rule it castles by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CastlingRules<W: Word> {
    /// Every rule: for each right in turn, the one from the variant's own
    /// squares first, then the others.
    pub rules: Vec<Castling<W>>,
    /// Per right, where its rules start in `rules` (the variant's squares).
    pub first: [u16; MAX_RIGHTS],
    /// Per colour: the rights that are that colour's.
    pub of_color: [u8; 2],
    /// Every square a castling king or rook may start on: a move that
    /// touches none of them keeps every right.
    pub squares: SquareSet<W>,
}

impl<W: Word> CastlingRules<W> {
    /// The number of rights.
    pub fn rights(&self) -> usize {
        self.of_color[0].count_ones() as usize + self.of_color[1].count_ones() as usize
    }

    /// The rules of right `index`.
    pub fn of_right(&self, index: usize) -> &[Castling<W>] {
        let start = usize::from(self.first[index]);
        let end = if index + 1 < self.rights() {
            usize::from(self.first[index + 1])
        } else {
            self.rules.len()
        };
        self.rules.get(start..end).unwrap_or(&[])
    }

    /// The rule of right `index` whose king and rook start on these
    /// squares, by its index in `rules`.
    pub fn find(&self, index: usize, king_from: Square, rook_from: Square) -> Option<u16> {
        let position = self
            .of_right(index)
            .iter()
            .position(|rule| rule.king_from == king_from && rule.rook_from == rook_from)?;
        Some(self.first[index] + position as u16)
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

/// The most castling rights: every way to castle, for each side.
pub(crate) const MAX_RIGHTS: usize = 2 * MAX_CASTLINGS;

/// The squares of a rank from `a` to `b`, both included.
fn span<W: Word>(size: BoardSize, a: Square, b: Square) -> SquareSet<W> {
    let (low, high) = (a.index().min(b.index()), a.index().max(b.index()));
    size.squares()
        .filter(|s| size.rank_of(*s) == size.rank_of(a) && (low..=high).contains(&s.index()))
        .collect()
}

/// `way` with its king and rook starting on these squares: the squares
/// that must be empty, those the king passes and those the right needs.
fn placed<W: Word>(way: &Castling<W>, size: BoardSize, king_from: Square, rook_from: Square) -> Castling<W> {
    let king_path = span::<W>(size, king_from, way.king_to);
    let rook_path = span::<W>(size, rook_from, way.rook_to);
    let mut empty = king_path | rook_path;
    empty.remove(king_from);
    empty.remove(rook_from);
    let mut king_passes = king_path;
    king_passes.remove(king_from);
    king_passes.remove(way.king_to);
    Castling {
        king_from,
        rook_from,
        empty,
        king_passes,
        needs: SquareSet::from_square(king_from).with(rook_from),
        notation_to: rook_from,
        ..way.clone()
    }
}

/// Checks and compiles the castling rules for both colours. `kinds` are the
/// compiled piece kinds, whose plain moves castling must not be confused
/// with; `zobrist` gives each rule its key.
pub(crate) fn compile<W: Word>(
    spec: &VariantSpec,
    royal: KindSet,
    kinds: &[Kind<W>],
    kind_of: &KindOf<'_>,
    zobrist: &Zobrist,
) -> Result<CastlingRules<W>, VariantError> {
    let size = spec.geometry.size();
    if spec.castling.len() > MAX_CASTLINGS {
        return Err(VariantError::TooManyCastlings);
    }
    let mut rules: Vec<Castling<W>> = Vec::new();
    let mut first = [0u16; MAX_RIGHTS];
    let mut of_color = [0u8; 2];
    let mut right = 0;
    for color in Color::ALL {
        for (index, way) in spec.castling.iter().enumerate() {
            let letter = way.letter;
            let bad = |reason: &'static str| VariantError::BadCastling { letter, reason };
            if !letter.is_ascii_uppercase() || spec.castling[..index].iter().any(|other| other.letter == letter) {
                return Err(bad("letters must be distinct upper-case ASCII letters"));
            }
            let king = match way.king {
                Some(letter) => kind_of(letter, &|| format!("castling {:?}", way.letter))?,
                None => royal
                    .iter()
                    .next()
                    .filter(|_| royal.len() == 1)
                    .ok_or(bad("castling needs one royal kind, or the letter of its king"))?,
            };
            let rook = kind_of(way.rook, &|| format!("castling {letter:?}"))?;
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
            let (king_from, king_to) = (square(way.king_from)?, square(way.king_to)?);
            let (rook_from, rook_to) = (square(way.rook_from)?, square(way.rook_to)?);
            let rank = size.rank_of(king_from);
            if [king_to, rook_from, rook_to].iter().any(|&s| size.rank_of(s) != rank) {
                return Err(bad("the king and the rook must start and end on one rank"));
            }
            if king_from == king_to && !spec.chess960 {
                return Err(bad("the king must move"));
            }
            if king_from == rook_from {
                return Err(bad("the king and the rook must start on different squares"));
            }
            if king_to == rook_to {
                return Err(bad("the king and the rook must end on different squares"));
            }
            let long = size.file_of(rook_from) < size.file_of(king_from);
            let same_side = |other: &CastlingSpec| other.rook_from.file < other.king_from.file;
            if spec.chess960 && spec.castling[..index].iter().any(|other| same_side(other) == long) {
                return Err(bad(
                    "in chess960 mode each side of the king has one way to castle at most",
                ));
            }
            let way = Castling {
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
                empty: SquareSet::EMPTY,
                king_passes: SquareSet::EMPTY,
                needs: SquareSet::EMPTY,
                lands: SquareSet::from_square(king_to).with(rook_to),
                notation_to: rook_from,
                long,
                san_names_rook: false,
                key: zobrist.castling(right),
            };
            let mut own = placed(&way, size, king_from, rook_from);
            if !spec.chess960 {
                // A plain move of the king with the same coordinates would
                // make the notation ambiguous: then it names the rook's
                // square.
                let king_moves = kinds.get(king.index()).map_or(SquareSet::EMPTY, |k| {
                    k.moves[color.index()].quiet.attacks(king_from, SquareSet::EMPTY)
                });
                own.notation_to = if !king_moves.contains(king_to) {
                    king_to
                } else if !king_moves.contains(rook_from) {
                    rook_from
                } else {
                    return Err(bad(
                        "castling cannot be told apart from a plain king move in coordinate notation",
                    ));
                };
                let same_notation = rules.iter().any(|other| {
                    other.color == color && other.king_from == king_from && other.notation_to == own.notation_to
                });
                if same_notation {
                    return Err(bad("two ways to castle have the same coordinates"));
                }
            }
            first[right] = rules.len() as u16;
            of_color[color.index()] |= 1 << right;
            rules.push(own);
            if spec.chess960 {
                // Every other pair of back-rank squares with the rook on
                // this way's side of the king.
                for king_file in 0..size.files() {
                    for rook_file in 0..size.files() {
                        let (Some(king_from), Some(rook_from)) =
                            (size.square_at(king_file, rank), size.square_at(rook_file, rank))
                        else {
                            continue;
                        };
                        let on_side = if long {
                            rook_file < king_file
                        } else {
                            rook_file > king_file
                        };
                        if on_side && (king_from, rook_from) != (way.king_from, way.rook_from) {
                            let mut rule = placed(&way, size, king_from, rook_from);
                            rule.key ^= zobrist.castling_squares(king_from, rook_from);
                            rules.push(rule);
                        }
                    }
                }
            }
            right += 1;
        }
    }
    // SAN tells apart two ways to castle in one direction by the rook.
    for index in 0..rules.len() {
        let rule = &rules[index];
        let shared = rules
            .iter()
            .any(|other| other.color == rule.color && other.long == rule.long && other.letter != rule.letter);
        rules[index].san_names_rook = shared;
    }
    let squares = rules
        .iter()
        .fold(SquareSet::EMPTY, |squares, rule| squares | rule.needs);
    Ok(CastlingRules {
        rules,
        first,
        of_color,
        squares,
    })
}

impl<'v, W: Word> Position<'v, W> {
    /// The rule right number `index` castles by in this position.
    #[inline]
    pub(crate) fn castling_rule(&self, index: usize) -> Option<&'v Castling<W>> {
        let rules = &self.variant.castling.rules;
        self.castling_rules
            .get(index)
            .and_then(|&rule| rules.get(usize::from(rule)))
    }

    /// The ways the side to move still has the right to castle, each with
    /// its way number (its king and rook stand on their squares).
    #[inline(always)]
    pub(crate) fn held_castlings(&self) -> impl Iterator<Item = (usize, &'v Castling<W>)> + '_ {
        let mut rights = self.castling.0 & self.variant.castling.of_color[self.turn.index()];
        std::iter::from_fn(move || {
            if rights == 0 {
                return None;
            }
            let index = rights.trailing_zeros() as usize;
            rights &= rights - 1;
            Some((index, self.castling_rule(index)?))
        })
    }

    /// The Zobrist key of the castling rights held.
    pub(crate) fn castling_hash(&self) -> u64 {
        self.castling
            .iter()
            .filter_map(|index| self.castling_rule(index))
            .fold(0, |hash, rule| hash ^ rule.key)
    }

    /// Loses the rights whose king or rook stood on a square a move left,
    /// went to or destroyed.
    #[inline]
    pub(crate) fn lose_castling(&mut self, touched: SquareSet<W>) {
        if self.castling.is_empty() || !touched.intersects(self.variant.castling.squares) {
            return;
        }
        for index in self.castling.iter() {
            if let Some(rule) = self.castling_rule(index).filter(|rule| rule.needs.intersects(touched)) {
                self.castling.0 &= !(1 << index);
                self.hash ^= rule.key;
            }
        }
    }

    /// After a drop on `square`: the side to move gains each right of its
    /// whose king and rook now stand on the way's own squares, the dropped
    /// piece being one of them (placement chess).
    pub(crate) fn gain_castling(&mut self, square: Square) {
        let castling = &self.variant.castling;
        let us = self.turn;
        for index in 0..castling.rights() {
            if self.castling.has(index) || castling.of_color[us.index()] & (1 << index) == 0 {
                continue;
            }
            let Some(rule) = castling.of_right(index).first() else {
                continue;
            };
            let stands = |at: Square, kind: PieceKind| {
                self.piece_at(at)
                    .is_some_and(|piece| piece.color == us && piece.kind == kind)
            };
            if (rule.king_from == square || rule.rook_from == square)
                && stands(rule.king_from, rule.king)
                && stands(rule.rook_from, rule.rook)
            {
                self.castling.0 |= 1 << index;
                self.castling_rules[index] = castling.first[index];
                self.hash ^= rule.key;
            }
        }
    }

    /// Whether two positions hold the same castling rights, with their kings
    /// and rooks on the same squares.
    pub(crate) fn same_castling(&self, other: &Position<'_, W>) -> bool {
        self.castling == other.castling
            && self
                .castling
                .iter()
                .all(|index| self.castling_rules.get(index) == other.castling_rules.get(index))
    }

    /// The castling king of `way`'s colour on its back rank: the one a FEN
    /// named (`chosen`), or the one on the lowest file, as Fairy-Stockfish
    /// takes it.
    fn castling_king(&self, way: &Castling<W>, chosen: Option<Square>) -> Option<Square> {
        let kings = self.on_back_rank(way, way.king);
        chosen.filter(|&king| kings.contains(king)).or_else(|| kings.first())
    }

    /// The pieces of `kind` and `way`'s colour on its back rank.
    fn on_back_rank(&self, way: &Castling<W>, kind: PieceKind) -> SquareSet<W> {
        let size = self.variant.size();
        let rank = size.rank_of(way.king_from);
        self.pieces_of(way.color, kind)
            .iter()
            .filter(|&square| size.rank_of(square) == rank)
            .collect()
    }

    /// The outermost rook `way` may castle with on its side of the king.
    fn outermost_rook(&self, way: &Castling<W>, king: Square) -> Option<Square> {
        let size = self.variant.size();
        let king_file = size.file_of(king);
        let rooks = self.on_back_rank(way, way.rook).iter();
        if way.long {
            rooks.take_while(|&rook| size.file_of(rook) < king_file).next()
        } else {
            rooks.filter(|&rook| size.file_of(rook) > king_file).last()
        }
    }

    /// Sets the castling rights a FEN's letters give: a way's letter
    /// (`K`, `q`), or in chess960 mode or for the variant's own rook
    /// squares, the file of the rook (Shredder-FEN and X-FEN's `H`, `b`).
    /// In chess960 mode a way's letter castles with the outermost rook on
    /// its side, and the file of a castling king says which one castles
    /// when there are several on the back rank.
    pub(crate) fn read_castling(&mut self, letters: &[char]) -> Result<(), PositionError> {
        let rules = &self.variant.castling;
        let chess960 = self.variant.is_chess960();
        let size = self.variant.size();
        let mut chosen_king: [Option<Square>; 2] = [None; 2];
        for &letter in letters {
            let color = if letter.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let unknown = PositionError::UnknownCastling { letter };
            let without = PositionError::CastlingWithoutPieces { letter };
            let ways = (0..rules.rights())
                .filter_map(|index| Some((index, rules.of_right(index).first()?)))
                .filter(|(_, way)| way.color == color);
            let (index, rule) = match ways.clone().find(|(_, way)| way.letter == letter) {
                Some((index, _)) if !chess960 => (index, rules.first[index]),
                Some((index, way)) => {
                    let king = self
                        .castling_king(way, chosen_king[color.index()])
                        .ok_or(without.clone())?;
                    let rook = self.outermost_rook(way, king).ok_or(without.clone())?;
                    (index, rules.find(index, king, rook).ok_or(without.clone())?)
                }
                None => {
                    // A file letter: of a castling king in chess960 mode,
                    // or of a rook.
                    let file = u8::try_from((letter.to_ascii_lowercase() as u32).wrapping_sub('a' as u32)).ok();
                    let on_file =
                        |way: &Castling<W>| file.and_then(|file| size.square_at(file, size.rank_of(way.king_from)));
                    let king = ways.clone().find_map(|(_, way)| {
                        on_file(way).filter(|&square| self.pieces_of(color, way.king).contains(square))
                    });
                    if let Some(king) = king.filter(|_| chess960) {
                        chosen_king[color.index()] = Some(king);
                        continue;
                    }
                    let rook = ways.clone().find_map(|(index, way)| {
                        let square = on_file(way)?;
                        if !chess960 {
                            return (way.rook_from == square).then_some((index, rules.first[index]));
                        }
                        let king = self.castling_king(way, chosen_king[color.index()])?;
                        let on_side = (size.file_of(square) < size.file_of(king)) == way.long;
                        on_side
                            .then(|| rules.find(index, king, square))
                            .flatten()
                            .map(|rule| (index, rule))
                    });
                    rook.ok_or(unknown.clone())?
                }
            };
            if self.castling.has(index) {
                return Err(unknown);
            }
            let way = rules.rules.get(usize::from(rule)).ok_or(unknown)?;
            if !self.pieces_of(color, way.king).contains(way.king_from)
                || !self.pieces_of(color, way.rook).contains(way.rook_from)
            {
                return Err(without);
            }
            self.castling.0 |= 1 << index;
            self.castling_rules[index] = rule;
        }
        Ok(())
    }

    /// The FEN letters of the castling rights held. In chess960 mode, as
    /// Fairy-Stockfish writes them: the rooks' files (Shredder-FEN), after
    /// the castling king's file where several stand on the back rank; with
    /// `x_fen`, a way's letter where it names the outermost rook (X-FEN).
    pub(crate) fn castling_field(&self, x_fen: bool) -> Vec<char> {
        let size = self.variant.size();
        let file_letter = |color: Color, square: Square| {
            let letter = char::from(b'a' + size.file_of(square));
            match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            }
        };
        let mut letters = Vec::new();
        for color in Color::ALL {
            let held = self.castling.iter().filter_map(|index| self.castling_rule(index));
            let mut held = held.filter(|rule| rule.color == color).peekable();
            if !self.variant.is_chess960() {
                letters.extend(held.map(|rule| rule.letter));
                letters.extend(self.gate_letters(color));
                continue;
            }
            if let Some(rule) = held.peek() {
                if self.on_back_rank(rule, rule.king).more_than_one() {
                    letters.push(file_letter(color, rule.king_from));
                }
            }
            for rule in held {
                if x_fen && self.outermost_rook(rule, rule.king_from) == Some(rule.rook_from) {
                    letters.push(rule.letter);
                } else {
                    letters.push(file_letter(color, rule.rook_from));
                }
            }
            letters.extend(self.gate_letters(color));
        }
        letters
    }
}
