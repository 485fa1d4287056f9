//! FEN: reading and writing positions of any board size.

use std::error::Error;
use std::fmt::{self, Write as _};
use std::str::FromStr;

use fairy_geometry::{BoardSize, Coord, MAX_FILES, MAX_RANKS, Square};
use fairy_movement::Color;

use crate::{CheckCounters, PositionError, Setup, SetupPiece};

/// A FEN string that is not well formed. Says which field is wrong and what
/// it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseFenError {
    /// The text has no fields at all.
    Empty,
    /// More fields than the board, side to move, castling, en passant and
    /// the two clocks.
    TooManyFields {
        /// The number of fields found.
        count: usize,
    },
    /// More ranks than a board may have.
    TooManyRanks {
        /// The number of ranks found.
        count: usize,
    },
    /// A rank with no squares (`//`).
    EmptyRank {
        /// The rank's number, counted from the bottom.
        rank: usize,
    },
    /// A rank wider than a board may be.
    RankTooLong {
        /// The rank's number.
        rank: usize,
    },
    /// A rank of another width than the top rank.
    UnevenRank {
        /// The rank's number.
        rank: usize,
        /// Its width.
        width: usize,
        /// The top rank's width.
        expected: usize,
    },
    /// A run of empty squares that is 0, or too long a number.
    BadRun {
        /// The rank's number.
        rank: usize,
        /// The digits.
        run: String,
    },
    /// A character that is neither a piece letter nor a digit.
    BadCharacter {
        /// The rank's number.
        rank: usize,
        /// The character.
        character: char,
    },
    /// The side to move is not `w` or `b`.
    BadTurn {
        /// The field.
        field: String,
    },
    /// The castling field is not `-` or letters.
    BadCastling {
        /// The field.
        field: String,
    },
    /// The en passant field is not `-` or square names of the board.
    BadEnPassant {
        /// The field.
        field: String,
    },
    /// A check counter field (`3+3` or `+0+0`) that is not two numbers.
    BadChecks {
        /// The field.
        field: String,
    },
    /// A hand (`[QNPqp]`) with a character that is not a piece letter, or
    /// not closed.
    BadHand {
        /// The board field.
        field: String,
    },
    /// A clock that is not a number that fits 32 bits.
    BadClock {
        /// `halfmove clock` or `fullmove number`.
        name: &'static str,
        /// The field.
        field: String,
    },
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Empty => write!(f, "empty FEN"),
            ParseFenError::TooManyFields { count } => write!(
                f,
                "FEN has {count} fields; after the board and side to move come at most castling, en passant, the halfmove clock and the move number"
            ),
            ParseFenError::TooManyRanks { count } => {
                write!(f, "FEN board has {count} ranks; at most {MAX_RANKS} are allowed")
            }
            ParseFenError::EmptyRank { rank } => write!(f, "FEN rank {rank} is empty"),
            ParseFenError::RankTooLong { rank } => {
                write!(f, "FEN rank {rank} has more than {MAX_FILES} squares")
            }
            ParseFenError::UnevenRank { rank, width, expected } => {
                write!(f, "FEN rank {rank} has {width} squares but the top rank has {expected}")
            }
            ParseFenError::BadRun { rank, run } => write!(f, "FEN rank {rank}: bad run of empty squares {run:?}"),
            ParseFenError::BadCharacter { rank, character } => {
                write!(f, "FEN rank {rank}: unexpected character {character:?}")
            }
            ParseFenError::BadTurn { field } => write!(f, "FEN side to move {field:?} is not 'w' or 'b'"),
            ParseFenError::BadCastling { field } => write!(f, "FEN castling field {field:?} is not '-' or letters"),
            ParseFenError::BadEnPassant { field } => {
                write!(f, "FEN en passant field {field:?} is not '-' or squares of the board")
            }
            ParseFenError::BadHand { field } => {
                write!(
                    f,
                    "FEN board {field:?} has a hand that is not piece letters in brackets ([QNPqp])"
                )
            }
            ParseFenError::BadClock { name, field } => write!(f, "FEN {name} {field:?} is not a number"),
            ParseFenError::BadChecks { field } => {
                write!(
                    f,
                    "FEN check counters {field:?} are not two numbers ('3+3' or '+0+0'), or are given twice"
                )
            }
        }
    }
}

impl Error for ParseFenError {}

/// A FEN string that does not give a legal position of a variant: either not
/// well formed, or well formed but not a position the variant can hold.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenError {
    /// The text is not well-formed FEN.
    Parse(ParseFenError),
    /// The position is not one of the variant's.
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(error) => error.fmt(f),
            FenError::Position(error) => error.fmt(f),
        }
    }
}

/// The message includes those of the errors it wraps, so `source()`
/// returns nothing: an error-chain reporter prints each message once.
impl Error for FenError {}

impl From<ParseFenError> for FenError {
    fn from(error: ParseFenError) -> FenError {
        FenError::Parse(error)
    }
}

impl From<PositionError> for FenError {
    fn from(error: PositionError) -> FenError {
        FenError::Position(error)
    }
}

impl Setup {
    /// Reads a FEN string. The board's size is read off the string: the
    /// number of ranks and the width of each (runs of empty squares may have
    /// several digits, `10`). A `*` is a wall, as Fairy-Stockfish writes it. Missing trailing fields default to `w - - 0 1`;
    /// as Fairy-Stockfish writes for variants without castling and en
    /// passant, both fields may be left out together (`w 0 1`).
    ///
    /// A number in the en passant field is read as Fairy-Stockfish writes
    /// the counting limit of makruk's endgame counting there, which this
    /// library does not model (`w - 30 6 2`): no en passant square.
    ///
    /// The en passant field may list several squares (`d3f3`): the squares
    /// the last move passed, and, where Fairy-Stockfish's convention needs
    /// it, the square of the piece that may be taken (`d3e4` after a
    /// Berolina pawn's `c2e4`). Which is which is decided against a variant
    /// ([`Position::from_setup`](crate::Position::from_setup)): a listed
    /// square that is occupied names the piece.
    ///
    /// # Errors
    ///
    /// [`ParseFenError`] naming the field and the offending text.
    pub fn from_fen(text: &str) -> Result<Setup, ParseFenError> {
        Setup::from_fen_with_ranks(text, None)
    }

    /// Reads a FEN string of a board of `ranks` ranks if given: then a
    /// rank more is a hand (`4K3/Qn`, Fairy-Stockfish's other way to write
    /// one).
    pub(crate) fn from_fen_with_ranks(text: &str, ranks: Option<u8>) -> Result<Setup, ParseFenError> {
        // Check counters may stand after en passant (`3+3`) or last
        // (`+0+0`): taken out first, the other fields keep their places.
        let mut checks = None;
        let mut fields: Vec<&str> = Vec::new();
        for (index, field) in text.split_ascii_whitespace().enumerate() {
            match parse_checks(field).filter(|_| index >= 2) {
                None => fields.push(field),
                Some(parsed) => {
                    let counters = parsed.ok_or_else(|| ParseFenError::BadChecks {
                        field: field.to_owned(),
                    })?;
                    if checks.replace(counters).is_some() {
                        return Err(ParseFenError::BadChecks {
                            field: field.to_owned(),
                        });
                    }
                }
            }
        }
        let board = fields.first().ok_or(ParseFenError::Empty)?;
        let mut setup = parse_board(board, ranks)?;
        let size = setup.size;
        if let Some(&field) = fields.get(1) {
            let mut chars = field.chars();
            setup.turn = match (chars.next().and_then(Color::from_letter), chars.next()) {
                (Some(color), None) => color,
                _ => {
                    return Err(ParseFenError::BadTurn {
                        field: field.to_owned(),
                    });
                }
            };
        }
        let rest = fields.get(2..).unwrap_or_default();
        let (rights, clocks) = if rest.first().is_some_and(|field| is_number(field)) {
            (&[][..], rest)
        } else {
            rest.split_at(rest.len().min(2))
        };
        if clocks.len() > 2 {
            return Err(ParseFenError::TooManyFields { count: fields.len() });
        }
        if let Some(&field) = rights.first() {
            if field != "-" {
                if !field.chars().all(|c| c.is_ascii_alphabetic()) {
                    return Err(ParseFenError::BadCastling {
                        field: field.to_owned(),
                    });
                }
                setup.castling = field.chars().collect();
            }
        }
        if let Some(&field) = rights.get(1) {
            // A number in its place is Fairy-Stockfish's counting limit of
            // the makruk family's endgame counting, which this library
            // does not model: no en passant then.
            if field != "-" && !is_number(field) {
                let squares = parse_squares(field, size).filter(|squares| {
                    // Each square once: a repeated one is a slip, not a
                    // marker.
                    !squares.is_empty() && squares.iter().enumerate().all(|(i, s)| !squares[..i].contains(s))
                });
                setup.en_passant = squares.ok_or_else(|| ParseFenError::BadEnPassant {
                    field: field.to_owned(),
                })?;
            }
        }
        let clock = |index: usize, name: &'static str, default: u32| match clocks.get(index) {
            None => Ok(default),
            Some(field) => {
                field
                    .parse::<u32>()
                    .ok()
                    .filter(|_| is_number(field))
                    .ok_or_else(|| ParseFenError::BadClock {
                        name,
                        field: (*field).to_owned(),
                    })
            }
        };
        setup.halfmoves = clock(0, "halfmove clock", 0)?;
        setup.fullmoves = clock(1, "fullmove number", 1)?.max(1);
        setup.checks = checks;
        Ok(setup)
    }

    /// Writes the FEN string of this setup.
    pub fn fen(&self) -> String {
        let mut fen = String::new();
        for rank in (0..self.size.ranks()).rev() {
            let mut empty = 0;
            for file in 0..self.size.files() {
                let square = self.size.square_at(file, rank);
                let shown = match square {
                    Some(square) if self.is_wall(square) => Some((None, false)),
                    Some(square) => self
                        .piece_at(square)
                        .map(|piece| (Some(piece), self.promoted.binary_search(&square).is_ok())),
                    None => None,
                };
                match shown {
                    Some((piece, promoted)) => {
                        if empty > 0 {
                            let _ = write!(fen, "{empty}");
                            empty = 0;
                        }
                        match piece {
                            Some(piece) => fen.push_str(&piece.fen_text()),
                            None => fen.push('*'),
                        }
                        if promoted {
                            fen.push('~');
                        }
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                let _ = write!(fen, "{empty}");
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        if let Some(hands) = &self.hands {
            fen.push('[');
            for piece in hands {
                fen.push_str(&piece.fen_text());
            }
            fen.push(']');
        }
        let _ = write!(fen, " {} ", self.turn.letter());
        if self.castling.is_empty() {
            fen.push('-');
        } else {
            fen.extend(&self.castling);
        }
        fen.push(' ');
        if self.en_passant.is_empty() {
            fen.push('-');
        } else {
            for &square in &self.en_passant {
                let _ = write!(fen, "{}", self.size.name(square));
            }
        }
        if let Some(CheckCounters::Remaining([white, black])) = self.checks {
            let _ = write!(fen, " {white}+{black}");
        }
        let _ = write!(fen, " {} {}", self.halfmoves, self.fullmoves);
        if let Some(CheckCounters::Given([white, black])) = self.checks {
            let _ = write!(fen, " +{white}+{black}");
        }
        fen
    }
}

impl FromStr for Setup {
    type Err = ParseFenError;

    fn from_str(text: &str) -> Result<Setup, ParseFenError> {
        Setup::from_fen(text)
    }
}

/// A check counter field: `None` if the field is not one (no `+`),
/// `Some(None)` if it is one but malformed.
fn parse_checks(field: &str) -> Option<Option<CheckCounters>> {
    // `3+3` or `+0+0`; a lone sign (`+1`) is a malformed clock instead.
    if field.matches('+').count() < 1 + usize::from(field.starts_with('+')) {
        return None;
    }
    let number = |text: &str| text.parse::<u32>().ok().filter(|_| is_number(text));
    let (given, pair) = match field.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, field),
    };
    let counters = pair
        .split_once('+')
        .and_then(|(white, black)| Some([number(white)?, number(black)?]));
    Some(counters.map(|counters| {
        if given {
            CheckCounters::Given(counters)
        } else {
            CheckCounters::Remaining(counters)
        }
    }))
}

/// What a FEN names on one square.
#[derive(Copy, Clone)]
enum FenSquare {
    Empty,
    /// A piece, and whether it is marked promoted.
    Piece(SetupPiece, bool),
    Wall,
}

/// Parses the board field into a setup of its size with its pieces,
/// walls and hands, White to move. A board of `ranks` ranks, if given,
/// may have its hand as one rank more.
fn parse_board(field: &str, ranks: Option<u8>) -> Result<Setup, ParseFenError> {
    let bad_hand = || ParseFenError::BadHand {
        field: field.to_owned(),
    };
    let (board, mut hand) = match field.split_once('[') {
        None => (field, None),
        Some((board, rest)) => (board, Some(rest.strip_suffix(']').ok_or_else(bad_hand)?)),
    };
    let mut rows: Vec<&str> = board.split('/').collect();
    if hand.is_none() && ranks.is_some_and(|ranks| rows.len() == usize::from(ranks) + 1) {
        hand = rows.pop();
    }
    // `-` stands for an empty hand, as in Fairy-Stockfish's `[-]`.
    let hands = hand
        .map(|text| {
            let mut pieces = Vec::new();
            let mut chars = text.chars().filter(|&character| character != '-');
            while let Some(character) = chars.next() {
                let (promoted, character) = match character {
                    '+' => (true, chars.next().ok_or_else(bad_hand)?),
                    _ => (false, character),
                };
                if !character.is_ascii_alphabetic() {
                    return Err(bad_hand());
                }
                pieces.push(SetupPiece {
                    promoted,
                    ..fen_piece(character)
                });
            }
            Ok(pieces)
        })
        .transpose()?;
    if rows.len() > usize::from(MAX_RANKS) {
        return Err(ParseFenError::TooManyRanks { count: rows.len() });
    }
    let rank_count = rows.len();
    let mut parsed: Vec<Vec<FenSquare>> = Vec::with_capacity(rank_count);
    for (row, text) in rows.iter().enumerate() {
        let rank = rank_count - row;
        let squares = parse_rank(text, rank)?;
        if squares.is_empty() {
            return Err(ParseFenError::EmptyRank { rank });
        }
        if let Some(top) = parsed.first() {
            if top.len() != squares.len() {
                return Err(ParseFenError::UnevenRank {
                    rank,
                    width: squares.len(),
                    expected: top.len(),
                });
            }
        }
        parsed.push(squares);
    }
    let files = parsed.first().map_or(0, Vec::len);
    // Both dimensions were checked against the maxima above; only an empty
    // board could fail here, and that was reported as an empty rank.
    let size = BoardSize::new(files as u8, rank_count as u8).map_err(|_| ParseFenError::EmptyRank { rank: 1 })?;
    let mut setup = Setup::empty(size);
    setup.hands = hands;
    for (index, square) in parsed.into_iter().rev().flatten().enumerate() {
        match square {
            FenSquare::Piece(piece, promoted) => {
                setup.board[index] = Some(piece);
                if promoted {
                    setup.promoted.push(Square::new(index as u8));
                }
            }
            FenSquare::Empty => {}
            FenSquare::Wall => setup.walls.push(Square::new(index as u8)),
        }
    }
    Ok(setup)
}

/// Parses one rank's text (`rank` is its number, for errors).
fn parse_rank(text: &str, rank: usize) -> Result<Vec<FenSquare>, ParseFenError> {
    let mut squares = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((start, character)) = chars.next() {
        if character.is_ascii_digit() {
            let mut end = start + 1;
            while let Some(&(index, next)) = chars.peek() {
                if !next.is_ascii_digit() {
                    break;
                }
                end = index + 1;
                chars.next();
            }
            let run = &text[start..end];
            let count = run.parse::<usize>().ok().filter(|&n| n > 0 && !run.starts_with('0'));
            match count {
                // Compared by subtraction: a run as long as `usize::MAX`
                // would overflow the sum.
                Some(count) if count <= usize::from(MAX_FILES) - squares.len() => {
                    squares.resize(squares.len() + count, FenSquare::Empty);
                }
                Some(_) => return Err(ParseFenError::RankTooLong { rank }),
                None => {
                    return Err(ParseFenError::BadRun {
                        rank,
                        run: run.to_owned(),
                    });
                }
            }
        } else if character.is_ascii_alphabetic() || character == '*' || character == '+' {
            if squares.len() >= usize::from(MAX_FILES) {
                return Err(ParseFenError::RankTooLong { rank });
            }
            squares.push(if character == '*' {
                FenSquare::Wall
            } else {
                // `+P`: the promoted form of the lettered kind (shogi).
                let (promoted_form, character) = if character == '+' {
                    match chars.next_if(|&(_, next)| next.is_ascii_alphabetic()) {
                        Some((_, letter)) => (true, letter),
                        None => return Err(ParseFenError::BadCharacter { rank, character }),
                    }
                } else {
                    (false, character)
                };
                let marked = chars.next_if(|&(_, next)| next == '~').is_some();
                FenSquare::Piece(
                    SetupPiece {
                        promoted: promoted_form,
                        ..fen_piece(character)
                    },
                    marked,
                )
            });
        } else {
            return Err(ParseFenError::BadCharacter { rank, character });
        }
    }
    Ok(squares)
}

/// The piece a FEN letter names: its case gives the colour.
fn fen_piece(character: char) -> SetupPiece {
    let color = if character.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    SetupPiece::new(color, character.to_ascii_uppercase())
}

/// Whether a field is a number in plain decimal digits (no sign).
fn is_number(field: &str) -> bool {
    !field.is_empty() && field.bytes().all(|b| b.is_ascii_digit())
}

/// Parses concatenated square names (`e3`, `d3f3`) of a board.
fn parse_squares(field: &str, size: BoardSize) -> Option<Vec<fairy_geometry::Square>> {
    let mut squares = Vec::new();
    let mut rest = field;
    while !rest.is_empty() {
        let (coord, used) = Coord::parse_prefix(rest).ok()?;
        squares.push(size.square(coord)?);
        rest = &rest[used..];
    }
    Some(squares)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multi_digit_runs_and_sizes() {
        let setup = Setup::from_fen("10/10/10/10/10/10/10/k8K w - - 0 1").unwrap();
        assert_eq!((setup.size.files(), setup.size.ranks()), (10, 8));
        assert_eq!(setup.fen(), "10/10/10/10/10/10/10/k8K w - - 0 1");
        let wide = Setup::from_fen("16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k").unwrap();
        assert_eq!(wide.size.square_count(), 256);
    }

    #[test]
    fn en_passant_squares_as_listed() {
        let setup = Setup::from_fen("4k3/8/8/5p1p/8/8/8/4K3 w - g6h5 0 1").unwrap();
        let names: Vec<String> = setup
            .en_passant
            .iter()
            .map(|&s| setup.size.name(s).to_string())
            .collect();
        assert_eq!(names, ["g6", "h5"]);
        assert_eq!(setup.fen(), "4k3/8/8/5p1p/8/8/8/4K3 w - g6h5 0 1");
        // A square listed twice is a slip.
        assert_eq!(
            Setup::from_fen("4k3/8/8/5p1p/8/8/8/4K3 w - d6d6 0 1").unwrap_err(),
            ParseFenError::BadEnPassant { field: "d6d6".into() }
        );
    }

    #[test]
    fn fairy_stockfish_leaves_out_castling_and_en_passant_together() {
        let setup = Setup::from_fen("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 3 12").unwrap();
        assert_eq!((setup.halfmoves, setup.fullmoves), (3, 12));
        assert!(setup.castling.is_empty() && setup.en_passant.is_empty());
        assert_eq!(
            Setup::from_fen("8/8/8/8/8/8/8/K6k w 0 1 2").unwrap_err(),
            ParseFenError::TooManyFields { count: 5 }
        );
    }

    #[test]
    fn a_makruk_counting_limit_stands_for_en_passant() {
        // Fairy-Stockfish writes the limit of makruk's endgame counting
        // where en passant goes, and the count where the halfmove clock
        // goes.
        let setup = Setup::from_fen("4k3/8/8/3r4/8/8/8/3K4 w - 30 6 2").unwrap();
        assert!(setup.en_passant.is_empty());
        assert_eq!((setup.halfmoves, setup.fullmoves), (6, 2));
    }

    #[test]
    fn clocks_are_plain_digits() {
        assert_eq!(
            Setup::from_fen("8/8/8/8/8/8/8/K6k w - - +1 1").unwrap_err(),
            ParseFenError::BadClock {
                name: "halfmove clock",
                field: "+1".into()
            }
        );
    }

    #[test]
    fn defaults_for_missing_fields() {
        let setup = Setup::from_fen("8/8/8/8/8/8/8/K6k").unwrap();
        assert_eq!(setup.fen(), "8/8/8/8/8/8/8/K6k w - - 0 1");
        let setup = Setup::from_fen("8/8/8/8/8/8/8/K6k b").unwrap();
        assert_eq!(setup.turn, Color::Black);
    }

    #[test]
    fn a_run_as_long_as_the_address_space_after_a_piece_is_too_long() {
        // Fuzz find: the run parsed as `usize::MAX` and the rank length
        // overflowed when added to it.
        let max = usize::MAX;
        assert_eq!(
            Setup::from_fen(&format!("k6/R{max}/8/8/8/8/8/K7 w - - 0 1")).unwrap_err(),
            ParseFenError::RankTooLong { rank: 7 }
        );
        assert_eq!(
            Setup::from_fen(&format!("{max}/8 w")).unwrap_err(),
            ParseFenError::RankTooLong { rank: 2 }
        );
    }

    #[test]
    fn errors_name_the_field() {
        let error = |fen: &str| Setup::from_fen(fen).unwrap_err();
        assert_eq!(error(""), ParseFenError::Empty);
        assert_eq!(error("   "), ParseFenError::Empty);
        assert_eq!(
            error("8/8/8/8/8/8/8/9 w"),
            ParseFenError::UnevenRank {
                rank: 1,
                width: 9,
                expected: 8
            }
        );
        assert_eq!(error("8/8/8/8/8/8/8/17 w"), ParseFenError::RankTooLong { rank: 1 });
        assert_eq!(
            error("8/8/8/8/8/8/8/pppppppppppppppppK w"),
            ParseFenError::RankTooLong { rank: 1 }
        );
        assert_eq!(
            error("8/8/8/8/8/8/8/99999999999999999999 w"),
            ParseFenError::BadRun {
                rank: 1,
                run: "99999999999999999999".into()
            }
        );
        assert_eq!(
            error("8/8/8/0/8/8/8/8"),
            ParseFenError::BadRun {
                rank: 5,
                run: "0".into()
            }
        );
        assert_eq!(error("8/8/8/8//8/8/8"), ParseFenError::EmptyRank { rank: 4 });
        assert_eq!(
            error("8/8/8/8/8/8/8/7é"),
            ParseFenError::BadCharacter {
                rank: 1,
                character: 'é'
            }
        );
        assert_eq!(error("8/8/8/8/8/8/8/8 x"), ParseFenError::BadTurn { field: "x".into() });
        assert_eq!(
            error("8/8/8/8/8/8/8/8 wb"),
            ParseFenError::BadTurn { field: "wb".into() }
        );
        assert_eq!(
            error("8/8/8/8/8/8/8/8 w K1"),
            ParseFenError::BadCastling { field: "K1".into() }
        );
        assert_eq!(
            error("8/8/8/8/8/8/8/8 w - e9"),
            ParseFenError::BadEnPassant { field: "e9".into() }
        );
        assert_eq!(
            error("8/8/8/8/8/8/8/8 w - e3x"),
            ParseFenError::BadEnPassant { field: "e3x".into() }
        );
        assert_eq!(
            error("8/8/8/8/8/8/8/8 w - - 99999999999 1"),
            ParseFenError::BadClock {
                name: "halfmove clock",
                field: "99999999999".into()
            }
        );
        assert_eq!(
            error("8/8/8/8/8/8/8/8 w - - 0 1 x"),
            ParseFenError::TooManyFields { count: 7 }
        );
        assert_eq!(
            error("8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8"),
            ParseFenError::TooManyRanks { count: 17 }
        );
    }
}
