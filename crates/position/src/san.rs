//! Standard algebraic notation (SAN), for every variant.
//!
//! A move is written as the moving piece's letter (none for pawn-like
//! pieces, those that never move towards their own side), the origin's
//! file and/or rank when another piece of the same kind could go to the
//! same square, `x` for a capture, the destination, `=` and the letter of
//! a promotion, and `+` for check or `#` for checkmate. A drop from the
//! hand is the piece's letter (a pawn's too), `@` and the square (`N@f3`),
//! as Fairy-Stockfish writes it. Castling is `O-O`
//! (the king moving towards the higher files) or `O-O-O`, followed by the
//! rook's square in parentheses where two ways to castle go in one
//! direction (`O-O(h1)`). A pawn-like piece's capture always names its
//! file, as in chess.
//!
//! Which moves are ambiguous is read off the legal move list, so it holds
//! on every board: on a cylinder, a rook reaching a square round either
//! side is still one move, and two knights reaching a square across the
//! seam are told apart by their files.

use std::error::Error;
use std::fmt::{self, Write as _};

use fairy_geometry::{Coord, Square, Word};
use fairy_movement::Color;

use crate::position::coord;
use crate::{EndReason, Move, Position};

/// A move in SAN that is not a legal move of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SanError {
    /// Not SAN.
    Syntax {
        /// The text.
        text: String,
    },
    /// No legal move fits.
    Illegal {
        /// The text.
        text: String,
    },
    /// Several legal moves fit: it needs the origin's file or rank.
    Ambiguous {
        /// The text.
        text: String,
    },
    /// A legal move fits but promotes: the text must name the piece
    /// (`e8=Q`).
    MissingPromotion {
        /// The text.
        text: String,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax { text } => write!(f, "{text:?} is not a move in standard algebraic notation"),
            SanError::Illegal { text } => write!(f, "{text} is not a legal move in this position"),
            SanError::Ambiguous { text } => {
                write!(f, "{text} could be several moves; add the origin's file or rank")
            }
            SanError::MissingPromotion { text } => {
                write!(f, "{text} promotes: name the piece it becomes ({text}=Q, say)")
            }
        }
    }
}

impl Error for SanError {}

/// The parts of a SAN text.
struct SanParts {
    piece: Option<char>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Coord,
    promotion: Option<char>,
}

/// The parts of `text`, SAN without its check and comment marks.
fn parse_parts(text: &str) -> Option<SanParts> {
    // SAN is ASCII; the byte arithmetic below relies on it.
    if !text.is_ascii() {
        return None;
    }
    let mut body = text;
    let mut promotion = None;
    if let Some((rest, letter)) = body.rsplit_once('=') {
        let mut letters = letter.chars();
        match (letters.next(), letters.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => promotion = Some(c.to_ascii_uppercase()),
            _ => return None,
        }
        body = rest;
    } else if body.ends_with(|c: char| c.is_ascii_uppercase()) && body.len() > 2 {
        // `e8Q`: a promotion letter straight after the destination.
        let (rest, letter) = body.split_at(body.len() - 1);
        if rest.ends_with(|c: char| c.is_ascii_digit()) {
            promotion = letter.chars().next();
            body = rest;
        }
    }
    let mut piece = None;
    if body.starts_with(|c: char| c.is_ascii_uppercase()) {
        piece = body.chars().next();
        body = &body[1..];
    }
    // The destination is the last coordinate: a file letter and a number.
    let digits = body.bytes().rev().take_while(u8::is_ascii_digit).count();
    if digits == 0 || body.len() < digits + 1 {
        return None;
    }
    let (rest, destination) = body.split_at(body.len() - digits - 1);
    let to: Coord = destination.parse().ok()?;
    let rest = rest.strip_suffix(['x', ':']).unwrap_or(rest);
    let mut chars = rest.chars().peekable();
    let mut from_file = None;
    let mut from_rank = None;
    if let Some(&c) = chars.peek() {
        if c.is_ascii_lowercase() {
            from_file = Some(fairy_geometry::File::from_letter(c)?.index());
            chars.next();
        }
    }
    let number: String = chars.by_ref().collect();
    if !number.is_empty() {
        let rank: u32 = number.parse().ok()?;
        from_rank = Some(fairy_geometry::Rank::from_number(rank)?.index());
    }
    Some(SanParts {
        piece,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

impl<'v, W: Word> Position<'v, W> {
    /// Whether the piece on `square` is pawn-like: it never moves towards
    /// its own side, and SAN writes it without a letter.
    fn is_pawn_like(&self, square: Square) -> bool {
        self.piece_at(square).is_some_and(|piece| {
            let kind = &self.variant.kinds[piece.kind.index()];
            kind.pawn_like && !kind.spec.royal
        })
    }

    /// The move in standard algebraic notation (see the [module
    /// documentation](crate::san)).
    ///
    /// # Examples
    ///
    /// ```
    /// # use fairy_geometry::{BoardSize, Geometry};
    /// # use fairy_movement::Movement;
    /// # use fairy_position::{PieceSpec, Variant, VariantSpec};
    /// # let spec = VariantSpec::new("rooks", Geometry::new(BoardSize::new(4, 4)?), "k3/4/2K1/1R2 w - - 0 1")
    /// #     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    /// #     .piece(PieceSpec::new('R', "rook", Movement::rook()));
    /// # let variant = Variant::<u64>::new(spec)?;
    /// let position = variant.start_position();
    /// let mv = position.parse_uci("b1a1")?;
    /// assert_eq!(position.san(mv), "Ra1+");
    /// assert_eq!(position.parse_san("Ra1")?, mv);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn san(&self, mv: Move) -> String {
        let mut text = self.san_without_suffix(mv);
        if let Some(wall) = self.written_wall(mv) {
            // `e4,e5`: the wall's square, before the check mark, as
            // Fairy-Stockfish writes it.
            let _ = write!(text, ",{}", coord(self.variant.size(), wall));
        }
        let mut after = self.clone();
        after.play_unchecked(mv);
        if after.is_check() {
            let mated = after.outcome().is_some_and(|o| o.reason == EndReason::Checkmate);
            text.push(if mated { '#' } else { '+' });
        }
        text
    }

    /// `moves`, played from here, in SAN with move numbers: `1. e4 e5 2.
    /// Nf3`, or `1... e5 2. Nf3` when Black moves first. The moves must be
    /// legal in turn.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry};
    /// use fairy_movement::Movement;
    /// use fairy_position::{PieceSpec, Variant, VariantSpec};
    ///
    /// let spec = VariantSpec::new("rooks", Geometry::new(BoardSize::new(4, 4)?), "k3/4/2K1/1R2 w - - 0 1")
    ///     .piece(PieceSpec::new('K', "king", Movement::king()).royal())
    ///     .piece(PieceSpec::new('R', "rook", Movement::rook()));
    /// let variant = Variant::<u64>::new(spec)?;
    /// let start = variant.start_position();
    /// let check = start.parse_san("Ra1")?;
    /// let escape = start.play(check)?.parse_san("Kb4")?;
    /// assert_eq!(start.san_line(&[check, escape]), "1. Ra1+ Kb4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn san_line(&self, moves: &[Move]) -> String {
        let mut position = self.clone();
        let mut line = String::new();
        for (index, &mv) in moves.iter().enumerate() {
            if !line.is_empty() {
                line.push(' ');
            }
            match position.turn() {
                Color::White => {
                    let _ = write!(line, "{}. ", position.fullmoves());
                }
                Color::Black if index == 0 => {
                    let _ = write!(line, "{}... ", position.fullmoves());
                }
                Color::Black => {}
            }
            line.push_str(&position.san(mv));
            position.play_unchecked(mv);
        }
        line
    }

    fn san_without_suffix(&self, mv: Move) -> String {
        let size = self.variant.size();
        if let Some(rule) = mv.castling_index().and_then(|index| self.castling_rule(index)) {
            let mut text = String::from(if rule.long { "O-O-O" } else { "O-O" });
            if rule.san_names_rook {
                let _ = write!(text, "({})", size.name(rule.rook_from));
            }
            // Gating, as Fairy-Stockfish writes it: the piece and its
            // square (`O-O/Hh1`).
            if let Some(kind) = mv.gating() {
                let square = if mv.gates_rook_square() {
                    rule.rook_from
                } else {
                    rule.king_from
                };
                let _ = write!(text, "/{}{}", self.variant.letter(kind), size.name(square));
            }
            return text;
        }
        let mut text = self.san_of_piece_move(mv);
        if let Some(kind) = mv.gating() {
            // `Nf3/H`: a hawk gated on the square the knight left.
            let _ = write!(text, "/{}", self.variant.letter(kind));
        }
        text
    }

    fn san_of_piece_move(&self, mv: Move) -> String {
        let size = self.variant.size();
        if let Some(kind) = mv.dropped() {
            return format!("{}@{}", self.variant.letter(kind), coord(size, mv.to()));
        }
        let (from, to) = (mv.from(), mv.to());
        let pawn = self.is_pawn_like(from);
        let capture = self.is_capture(mv);
        let letter = self.piece_at(from).map(|p| self.variant.letter(p.kind));
        // Pieces written alike (any pawn-like piece, or the same letter)
        // that could also go to the square.
        let written_alike = |square: Square| {
            if pawn {
                self.is_pawn_like(square)
            } else {
                !self.is_pawn_like(square) && self.piece_at(square).map(|p| self.variant.letter(p.kind)) == letter
            }
        };
        let rivals: Vec<Square> = self
            .legal_moves()
            .into_iter()
            .filter(|other| {
                other.to() == to && other.from() != from && other.castling_index().is_none() && !other.is_drop()
            })
            .map(Move::from)
            .filter(|&square| written_alike(square))
            .collect();
        let same_file = rivals.iter().any(|&r| size.file_of(r) == size.file_of(from));
        let same_rank = rivals.iter().any(|&r| size.rank_of(r) == size.rank_of(from));
        let (name_file, name_rank) = if pawn && capture {
            (true, same_file)
        } else if rivals.is_empty() {
            (false, false)
        } else if !same_file {
            (true, false)
        } else if !same_rank {
            (false, true)
        } else {
            (true, true)
        };
        let from_coord = coord(size, from);
        let mut text = String::new();
        if !pawn {
            text.push(letter.unwrap_or('?'));
        }
        if name_file {
            text.push(from_coord.file.letter());
        }
        if name_rank {
            let _ = write!(text, "{}", from_coord.rank);
        }
        if capture {
            text.push('x');
        }
        let _ = write!(text, "{}", coord(size, to));
        if let Some(promotion) = mv.promotion() {
            let _ = write!(text, "={}", self.variant.letter(promotion));
        }
        text
    }

    /// The legal move written `text` in standard algebraic notation. It
    /// accepts the usual liberties: a missing or extra `x`, `+` or `#`, an
    /// over-specified origin (`Ng1f3`), `0-0` for `O-O`, `e8Q` for `e8=Q`.
    ///
    /// # Errors
    ///
    /// [`SanError`]: not SAN, no legal move fits, or several do.
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let trimmed = text.trim();
        let bare = trimmed.trim_end_matches(['+', '#', '!', '?']);
        let size = self.variant.size();
        // A wall placed after the move: `e4,e5`.
        let (bare, wall) = match bare.split_once(',') {
            Some((bare, wall)) => {
                let square = wall.parse::<Coord>().ok().and_then(|coord| size.square(coord));
                let square = square.ok_or_else(|| SanError::Syntax {
                    text: trimmed.to_owned(),
                })?;
                (bare, Some(square))
            }
            None => (bare, None),
        };
        // A gated piece (Seirawan chess): `Nf3/H`, `O-O/Hh1`.
        let (bare, gated) = match bare.split_once('/') {
            Some((bare, gate)) => {
                let mut chars = gate.chars();
                let letter = chars
                    .next()
                    .filter(char::is_ascii_alphabetic)
                    .ok_or_else(|| SanError::Syntax {
                        text: trimmed.to_owned(),
                    })?;
                (bare, Some((letter.to_ascii_uppercase(), chars.as_str())))
            }
            None => (bare, None),
        };
        let gate_fits = |mv: &Move| match (gated, mv.gating()) {
            (None, None) => true,
            (Some((letter, square)), Some(kind)) => {
                self.variant.letter(kind) == letter
                    && (square.is_empty()
                        || mv
                            .castling_index()
                            .and_then(|index| self.castling_rule(index))
                            .is_some_and(|rule| {
                                let on = if mv.gates_rook_square() {
                                    rule.rook_from
                                } else {
                                    rule.king_from
                                };
                                size.name(on).to_string() == square
                            }))
            }
            _ => false,
        };
        let legal: Vec<Move> = self
            .legal_moves()
            .into_iter()
            .filter(|mv| gate_fits(mv) && (mv.wall() == wall || (wall.is_some() && self.written_wall(*mv) == wall)))
            .collect();
        // Castling: `O-O`, `O-O-O`, naming the rook's square where two ways
        // go one direction (`O-O(h1)`).
        let (castles, rook) = match bare.strip_suffix(')').and_then(|rest| rest.split_once('(')) {
            Some((castles, rook)) => (castles, Some(rook)),
            None => (bare, None),
        };
        if matches!(castles, "O-O" | "0-0" | "O-O-O" | "0-0-0") {
            let long = castles.len() > 3;
            let found: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|mv| {
                    mv.castling_index()
                        .and_then(|index| self.castling_rule(index))
                        .is_some_and(|rule| {
                            rule.long == long && rook.is_none_or(|rook| size.name(rule.rook_from).to_string() == rook)
                        })
                })
                .collect();
            return the_only_move(&found, trimmed);
        }
        if let Some((letter, square)) = bare.split_once(['@', '*']) {
            return self.parse_san_drop(letter, square, trimmed, &legal);
        }
        let parts = parse_parts(bare).ok_or_else(|| SanError::Syntax {
            text: trimmed.to_owned(),
        })?;
        let to = size.square(parts.to).ok_or_else(|| SanError::Illegal {
            text: trimmed.to_owned(),
        })?;
        // The legal moves the text fits, with or without its promotion.
        let fitting = |with_promotion: bool| -> Vec<Move> {
            legal
                .iter()
                .copied()
                .filter(|mv| mv.to() == to && mv.castling_index().is_none() && !mv.is_drop())
                .filter(|mv| {
                    let from = mv.from();
                    // A pawn-like piece has no letter, but `Pe4` is understood.
                    let piece_fits = match parts.piece {
                        None => self.is_pawn_like(from),
                        Some(letter) => self.piece_at(from).map(|p| self.variant.letter(p.kind)) == Some(letter),
                    };
                    piece_fits
                        && parts.from_file.is_none_or(|f| size.file_of(from) == f)
                        && parts.from_rank.is_none_or(|r| size.rank_of(from) == r)
                        && (!with_promotion || mv.promotion().map(|p| self.variant.letter(p)) == parts.promotion)
                })
                .collect()
        };
        let found = fitting(true);
        if found.is_empty() && parts.promotion.is_none() && fitting(false).iter().any(|mv| mv.promotion().is_some()) {
            return Err(SanError::MissingPromotion {
                text: trimmed.to_owned(),
            });
        }
        the_only_move(&found, trimmed)
    }
}

impl<W: Word> Position<'_, W> {
    /// The legal drop written `letter@square` (`N@f3`; a pawn-like
    /// piece's letter may be left out: `@e4`).
    fn parse_san_drop(&self, letter: &str, square: &str, text: &str, legal: &[Move]) -> Result<Move, SanError> {
        let syntax = || SanError::Syntax { text: text.to_owned() };
        let size = self.variant.size();
        let to = square
            .parse::<Coord>()
            .ok()
            .and_then(|coord| size.square(coord))
            .ok_or_else(syntax)?;
        let mut letters = letter.chars();
        let wanted = match (letters.next(), letters.next()) {
            (None, _) => None,
            (Some(letter), None) if letter.is_ascii_alphabetic() => Some(letter.to_ascii_uppercase()),
            _ => return Err(syntax()),
        };
        let found: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|mv| {
                mv.to() == to
                    && mv.dropped().is_some_and(|kind| match wanted {
                        Some(letter) => self.variant.letter(kind) == letter,
                        None => self.variant.is_pawn_like(kind),
                    })
            })
            .collect();
        the_only_move(&found, text)
    }
}

/// The one move of `found`, which are the legal moves that `text` fits.
fn the_only_move(found: &[Move], text: &str) -> Result<Move, SanError> {
    let text = text.to_owned();
    match found {
        &[mv] => Ok(mv),
        [] => Err(SanError::Illegal { text }),
        _ => Err(SanError::Ambiguous { text }),
    }
}
