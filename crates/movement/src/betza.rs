//! Betza notation: the XBetza dialect of Fairy-Stockfish and XBoard, parsed
//! into [`Movement`]s and printed back.
//!
//! # The supported subset
//!
//! A piece is a concatenation of atoms, each with lower-case modifiers in
//! front and an optional range behind:
//!
//! | syntax | meaning |
//! | --- | --- |
//! | `W F D N A H C Z G` | the leaps (1,0) (1,1) (2,0) (2,1) (2,2) (3,0) (3,1) (3,2) (3,3); `L` and `J` are read as `C` and `Z`, as Fairy-Stockfish reads them |
//! | `(m,n)` | any other leap, e.g. `(4,1)` for the Giraffe |
//! | `K` `R` `B` `Q` | shorthands: `WF`, `WW`, `FF`, `RB` |
//! | `NN`, `W0` | a rider: the atom repeated without limit |
//! | `R4`, `W2` | a rider of at most that many leaps |
//! | `F^2` | two single leaps, each a legal move on its own (the knightly pawn's double step) |
//! | `m`, `c` | move only, capture only (both, or neither: either) |
//! | `i` | only as the piece's first move (from its initial squares) |
//! | `e` | en passant: capturing en passant, or leaving en passant squares |
//! | `n` | lame: the squares passed must be empty (D, N, A, Z, ...) |
//! | `p` | a hopper on the lines of W or F (`pR`, `pB`, `pQ`, `pW` as `pR`): over exactly one piece, landing anywhere beyond it up to the next piece; a range limits how far beyond (`pR2`) |
//! | `g` | a grasshopper: `p` landing just beyond the screen |
//! | `o` | the move wraps round the files as on a cylinder |
//! | `f b l r v s h` | directions, as below |
//!
//! Directions are read as Fairy-Stockfish reads them (its `src/piece.cpp`),
//! relative to the side that moves: Black's moves are White's turned by 180
//! degrees, so Black's `l` is White's `r`. A letter selects the moves
//! nearest to its direction: on an orthogonal atom one move (`v` and `s`
//! two), on a diagonal atom two (`fF` = both forward diagonals; `s` and `v`
//! all four), on an oblique atom the two nearest (`fN` the two narrow
//! forward Knight moves, `lN` the two wide left ones). A vertical letter
//! (`f b v h`) and a horizontal one (`r l s h`) next to each other pair up
//! into one direction: `fs` (the wide forward pair), `fh` (all four forward
//! moves of an oblique atom), `fr`/`rf` (single moves), `lv`, `rv`, `bs`,
//! `hr`, `hl`, and so on. On an orthogonal atom of its own letter a pair
//! selects the union of its letters (`fsW` and `sfW` are forward and
//! sideways, the Xiangqi soldier); elsewhere a pair Fairy-Stockfish does not
//! know (`sf`, `vs`) selects nothing.
//!
//! # Where this dialect differs from Fairy-Stockfish's
//!
//! It goes further: `(m,n)` atoms, `^n` multi-step moves and `o` wrapping
//! are its own; lame leaps of any atom (Fairy-Stockfish knows `nD`, `nN`,
//! `nA`, `nZ`); an initial-only part may capture (Fairy-Stockfish ignores
//! `i` on captures); ranges have up to two digits (Fairy-Stockfish reads
//! one: `W10` is `W1` there); `e` marks the parts that take part in en
//! passant (Fairy-Stockfish ignores it and asks the variant which kinds
//! do). It is stricter: letters it does not support are errors naming the
//! letter and its position, never dropped as Fairy-Stockfish drops them
//! (multi-leg `a`, hoppers on atoms other than W and F, and the rest), and
//! so are directions that select no move of their atom.
//!
//! A Betza string may have at most [`MAX_BETZA_LENGTH`] characters.
//!
//! # Examples
//!
//! ```
//! use fairy_movement::Movement;
//!
//! let pawn: Movement = "fmWfceFifmnD".parse()?;
//! assert_eq!(pawn.parts().len(), 3);
//! assert_eq!("BN".parse::<Movement>()?, Movement::bishop() + Movement::knight());
//! assert_eq!(Movement::gnu().to_string(), "NC");
//! assert_eq!("L".parse::<Movement>()?, Movement::camel());
//! let error = "faR".parse::<Movement>().unwrap_err();
//! assert_eq!((error.position(), error.character()), (1, 'a'));
//! assert_eq!("mRcpR".parse::<Movement>()?.to_string(), "mRcpR"); // the Xiangqi cannon
//! # Ok::<(), fairy_movement::BetzaError>(())
//! ```

use std::error::Error;
use std::fmt;
use std::str::FromStr;

use crate::{Atom, Directions, MAX_STEPS, Mode, Movement, Offset, Part, Reach};

/// Why a Betza string could not be read.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BetzaErrorKind {
    /// A character that means nothing in Betza notation.
    Unknown,
    /// A letter of Betza notation that this library does not support
    /// (hoppers, multi-leg moves, ...).
    Unsupported,
    /// A string longer than [`MAX_BETZA_LENGTH`].
    TooLong,
    /// Directions that select none of the atom's moves.
    NoMoves,
    /// Modifiers at the end with no atom to apply to.
    Dangling,
    /// A lame leap needs an atom longer than one step, and cannot ride.
    BadLame,
    /// A range or leap that is not a small number, or a malformed `(m,n)`.
    BadNumber,
}

/// A Betza string that could not be read: what, which character, where.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BetzaError {
    kind: BetzaErrorKind,
    position: usize,
    character: char,
}

impl BetzaError {
    /// What went wrong.
    pub fn kind(&self) -> BetzaErrorKind {
        self.kind
    }

    /// The 0-based index of the offending character.
    pub fn position(&self) -> usize {
        self.position
    }

    /// The offending character.
    pub fn character(&self) -> char {
        self.character
    }
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            BetzaErrorKind::Unknown => "is not Betza notation",
            BetzaErrorKind::Unsupported => "is Betza notation this library does not support",
            BetzaErrorKind::TooLong => "is beyond the longest Betza string read",
            BetzaErrorKind::NoMoves => "is an atom of which the directions select no move",
            BetzaErrorKind::Dangling => "is a modifier with no atom after it",
            BetzaErrorKind::BadLame => "makes a lame move of a one-step atom or a rider",
            BetzaErrorKind::BadNumber => "starts a number that is not a valid range or leap",
        };
        write!(
            f,
            "Betza character {:?} at position {} {what}",
            self.character,
            self.position + 1
        )
    }
}

impl Error for BetzaError {}

/// Letters read as the vertical half of a direction pair.
const VERTICALS: &str = "fbvh";
/// Letters read as the horizontal half of a direction pair.
const HORIZONTALS: &str = "rlsh";

/// For each of the eight moves of an atom (m, n), m >= n (Fairy-Stockfish's
/// order), its board offset and the direction tokens that select it.
fn slots(atom: Atom) -> [(Offset, &'static [&'static str]); 8] {
    let (m, n) = atom.legs();
    let (m, n) = (m.min(64) as i8, n.min(64) as i8);
    [
        (Offset::new(n, m), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        (Offset::new(-n, -m), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        (Offset::new(m, -n), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        (Offset::new(-m, n), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        (Offset::new(m, n), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        (Offset::new(-m, -n), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        (Offset::new(n, -m), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        (Offset::new(-n, m), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ]
}

/// The most characters a Betza string may have.
pub const MAX_BETZA_LENGTH: usize = 256;

/// The moves of `atom` that one token selects. On an orthogonal atom of a
/// single-atom letter a pair of different letters selects the union of
/// each letter's moves (Fairy-Stockfish splits them).
fn token_selection(atom: Atom, token: &str, split: bool) -> Directions {
    let mut chars = token.chars();
    let (first, second) = (chars.next().unwrap_or(' '), chars.next().unwrap_or(' '));
    if split && atom.is_orthogonal() && first != second {
        return token_selection(atom, &format!("{first}{first}"), false)
            | token_selection(atom, &format!("{second}{second}"), false);
    }
    slots(atom)
        .iter()
        .filter(|(_, tokens)| tokens.contains(&token))
        .fold(Directions::empty(), |all, (offset, _)| {
            all | Directions::touched_by(*offset)
        })
}

/// Modifiers read so far, waiting for their atom.
#[derive(Default)]
struct Pending {
    start: Option<usize>,
    moves: bool,
    captures: bool,
    initial: bool,
    en_passant: bool,
    lame: bool,
    wraps: bool,
    /// `p` or `g` with its position.
    hop: Option<(char, usize)>,
    directions: Vec<String>,
}

impl Pending {
    fn note(&mut self, position: usize) {
        self.start.get_or_insert(position);
    }

    /// The moves of `atom` the direction tokens select (all without
    /// tokens); `split` as for [`token_selection`].
    fn selection(&self, atom: Atom, split: bool) -> Directions {
        if self.directions.is_empty() {
            return Directions::ALL;
        }
        self.directions.iter().fold(Directions::empty(), |all, token| {
            all | token_selection(atom, token, split)
        })
    }

    /// `part` with the mode and flags read.
    fn flagged(&self, mut part: Part) -> Part {
        part = match (self.moves, self.captures) {
            (true, false) => part.move_only(),
            (false, true) => part.capture_only(),
            _ => part,
        };
        if self.initial {
            part = part.initial();
        }
        if self.en_passant {
            part = part.en_passant();
        }
        if self.wraps {
            part = part.wrapping();
        }
        part
    }
}

/// The reach written after an atom.
enum Suffix {
    None,
    Ride(Option<u8>),
    Steps(u8),
}

struct Parser {
    chars: Vec<char>,
    at: usize,
}

impl Parser {
    fn error(&self, kind: BetzaErrorKind, position: usize) -> BetzaError {
        BetzaError {
            kind,
            position,
            character: self.chars.get(position).copied().unwrap_or(' '),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    /// A number of one or two digits at the cursor.
    fn number(&mut self) -> Result<Option<u8>, BetzaError> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        if self.at == start {
            return Ok(None);
        }
        let digits: String = self.chars[start..self.at].iter().collect();
        match digits.parse::<u8>() {
            Ok(value) if digits.len() <= 2 => Ok(Some(value)),
            _ => Err(self.error(BetzaErrorKind::BadNumber, start)),
        }
    }

    /// An `(m,n)` atom after its opening parenthesis.
    fn bracketed_atom(&mut self, open: usize) -> Result<Atom, BetzaError> {
        let bad = |parser: &Parser| parser.error(BetzaErrorKind::BadNumber, open);
        let m = self.number()?.ok_or_else(|| bad(self))?;
        if self.peek() != Some(',') {
            return Err(bad(self));
        }
        self.at += 1;
        let n = self.number()?.ok_or_else(|| bad(self))?;
        if self.peek() != Some(')') || (m, n) == (0, 0) {
            return Err(bad(self));
        }
        self.at += 1;
        Ok(Atom::new(m, n))
    }

    /// The range or step count after an atom.
    fn suffix(&mut self, letter: Option<char>) -> Result<Suffix, BetzaError> {
        if let Some(range) = self.number()? {
            return Ok(Suffix::Ride(if range == 0 { None } else { Some(range) }));
        }
        if letter.is_some() && self.peek() == letter {
            self.at += 1;
            return Ok(Suffix::Ride(None));
        }
        if self.peek() == Some('^') {
            let caret = self.at;
            self.at += 1;
            return match self.number()? {
                Some(count) if (1..=MAX_STEPS).contains(&count) => Ok(Suffix::Steps(count)),
                _ => Err(self.error(BetzaErrorKind::BadNumber, caret)),
            };
        }
        Ok(Suffix::None)
    }

    /// The parts of the atom letter `c` at `position` (its `(m,n)` or
    /// range read from the text after it), with the `pending` modifiers.
    fn atom_parts(&mut self, c: char, position: usize, pending: &Pending) -> Result<Vec<Part>, BetzaError> {
        let (atoms, rides, single): (Vec<Atom>, bool, Option<char>) = match c {
            'K' => (vec![Atom::WAZIR, Atom::FERZ], false, Some(c)),
            'R' => (vec![Atom::WAZIR], true, Some(c)),
            'B' => (vec![Atom::FERZ], true, Some(c)),
            'Q' => (vec![Atom::WAZIR, Atom::FERZ], true, Some(c)),
            '(' => (vec![self.bracketed_atom(position)?], false, None),
            _ => match atom_of_letter(c) {
                Some(atom) => (vec![atom], false, Some(c)),
                None => return Err(self.error(BetzaErrorKind::Unknown, position)),
            },
        };
        let suffix = self.suffix(single)?;
        if let Some((letter, at)) = pending.hop {
            return self.hop_parts(&atoms, suffix, letter, at, position, pending);
        }
        let reach = match (suffix, rides) {
            (Suffix::Ride(max), _) => Reach::Ride { max },
            (Suffix::None, true) => Reach::Ride { max: None },
            (Suffix::Steps(count), false) => Reach::Steps(count),
            (Suffix::Steps(_), true) => return Err(self.error(BetzaErrorKind::BadNumber, position + 1)),
            (Suffix::None, false) if pending.lame => Reach::Lame,
            (Suffix::None, false) => Reach::Leap,
        };
        if pending.lame && (reach != Reach::Lame || atoms.iter().any(|a| a.legs().0 < 2)) {
            return Err(self.error(BetzaErrorKind::BadLame, position));
        }
        let split = atoms.len() == 1;
        let mut parts = Vec::with_capacity(atoms.len());
        for atom in atoms {
            let mut part = Part::leap(atom).only(pending.selection(atom, split));
            if part.offsets().is_empty() {
                return Err(self.error(BetzaErrorKind::NoMoves, position));
            }
            part = match reach {
                Reach::Leap | Reach::Hop { .. } => part,
                Reach::Ride { max } => part.range(max.unwrap_or(0)),
                Reach::Lame => part.lame(),
                Reach::Steps(count) => part.steps(count),
            };
            parts.push(pending.flagged(part));
        }
        Ok(parts)
    }

    /// The parts of a hopper (`p` or `g` at `at`) on `atoms`: it rides
    /// lines of W or F, and a range limits how far beyond the screen it
    /// lands (`g` alone: one square), as Fairy-Stockfish reads them.
    fn hop_parts(
        &self,
        atoms: &[Atom],
        suffix: Suffix,
        letter: char,
        at: usize,
        position: usize,
        pending: &Pending,
    ) -> Result<Vec<Part>, BetzaError> {
        if pending.lame {
            return Err(self.error(BetzaErrorKind::BadLame, position));
        }
        if atoms.iter().any(|&atom| atom != Atom::WAZIR && atom != Atom::FERZ) {
            return Err(self.error(BetzaErrorKind::Unsupported, at));
        }
        let land_within = match suffix {
            Suffix::Ride(Some(max)) => max,
            Suffix::None | Suffix::Ride(None) if letter == 'g' => 1,
            Suffix::None | Suffix::Ride(None) => 0,
            Suffix::Steps(_) => return Err(self.error(BetzaErrorKind::BadNumber, position + 1)),
        };
        let mut parts = Vec::with_capacity(atoms.len());
        for &atom in atoms {
            let part = Part::hop(atom)
                .only(pending.selection(atom, atoms.len() == 1))
                .landing_within(land_within);
            if part.offsets().is_empty() {
                return Err(self.error(BetzaErrorKind::NoMoves, position));
            }
            parts.push(pending.flagged(part));
        }
        Ok(parts)
    }

    fn parse(mut self) -> Result<Movement, BetzaError> {
        let mut parts = Vec::new();
        let mut pending = Pending::default();
        while let Some(c) = self.peek() {
            let position = self.at;
            self.at += 1;
            match c {
                'm' => pending.moves = true,
                'c' => pending.captures = true,
                'i' => pending.initial = true,
                'e' => pending.en_passant = true,
                'n' => pending.lame = true,
                'o' => pending.wraps = true,
                _ if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
                    let next = self.peek();
                    let pairs = next.is_some_and(|d| {
                        d == c
                            || (VERTICALS.contains(c) && HORIZONTALS.contains(d))
                            || (HORIZONTALS.contains(c) && VERTICALS.contains(d))
                    });
                    let token = match next {
                        Some(d) if pairs => {
                            self.at += 1;
                            format!("{c}{d}")
                        }
                        _ => format!("{c}{c}"),
                    };
                    pending.directions.push(token);
                }
                'p' | 'g' if pending.hop.is_none() => pending.hop = Some((c, position)),
                'p' | 'g' | 'a' | 'j' | 'x' | 'y' | 'z' | 'q' | 'u' | 't' | 'k' | 'd' | 'O' | 'U' | 'I' => {
                    return Err(self.error(BetzaErrorKind::Unsupported, position));
                }
                _ if "KRBQ(".contains(c) || atom_of_letter(c).is_some() => {
                    parts.extend(self.atom_parts(c, position, &pending)?);
                    pending = Pending::default();
                    continue;
                }
                _ => return Err(self.error(BetzaErrorKind::Unknown, position)),
            }
            pending.note(position);
        }
        if let Some(start) = pending.start {
            return Err(self.error(BetzaErrorKind::Dangling, start));
        }
        Ok(Movement::new(parts))
    }
}

impl Movement {
    /// Reads a movement written in Betza notation (see the [module
    /// documentation](crate::betza) for the supported subset).
    ///
    /// # Errors
    ///
    /// [`BetzaError`] naming the offending character and its position.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_movement::Movement;
    ///
    /// assert_eq!(Movement::from_betza("WF")?, Movement::king());
    /// assert!(Movement::from_betza("aW").is_err()); // multi-leg moves are not supported
    /// # Ok::<(), fairy_movement::BetzaError>(())
    /// ```
    pub fn from_betza(text: &str) -> Result<Movement, BetzaError> {
        let chars: Vec<char> = text.chars().take(MAX_BETZA_LENGTH + 1).collect();
        if let Some(&character) = chars.get(MAX_BETZA_LENGTH) {
            return Err(BetzaError {
                kind: BetzaErrorKind::TooLong,
                position: MAX_BETZA_LENGTH,
                character,
            });
        }
        Parser { chars, at: 0 }.parse()
    }

    /// The movement in Betza notation; [`Movement::from_betza`] reads it
    /// back to an equal movement.
    pub fn betza(&self) -> String {
        let mut text = String::new();
        for part in self.parts() {
            let next = part_betza(part);
            // A doubled letter reads as a rider (`WW`): when a part without
            // modifiers starts with the letter the previous one ended with,
            // the neutral `mc` (move or capture, the default) keeps them
            // apart.
            let last = text.chars().last();
            if last.is_some_and(|c| c.is_ascii_uppercase()) && next.chars().next() == last {
                text.push_str("mc");
            }
            text.push_str(&next);
        }
        text
    }
}

impl FromStr for Movement {
    type Err = BetzaError;

    fn from_str(text: &str) -> Result<Movement, BetzaError> {
        Movement::from_betza(text)
    }
}

#[cfg(feature = "serde")]
impl TryFrom<String> for Movement {
    type Error = BetzaError;

    fn try_from(text: String) -> Result<Movement, BetzaError> {
        Movement::from_betza(&text)
    }
}

#[cfg(feature = "serde")]
impl From<Movement> for String {
    fn from(movement: Movement) -> String {
        movement.betza()
    }
}

impl fmt::Display for Movement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.betza())
    }
}

/// The atoms that have a letter of their own, read and printed alike.
const ATOM_LETTERS: [(char, Atom); 9] = [
    ('W', Atom::WAZIR),
    ('F', Atom::FERZ),
    ('D', Atom::DABBABA),
    ('N', Atom::KNIGHT),
    ('A', Atom::ALFIL),
    ('H', Atom::THREELEAPER),
    ('C', Atom::CAMEL),
    ('Z', Atom::ZEBRA),
    ('G', Atom::TRIPPER),
];

/// The atom a letter names, if it names one.
fn atom_of_letter(letter: char) -> Option<Atom> {
    // Fairy-Stockfish's other names for the Camel and the Zebra.
    let letter = match letter {
        'L' => 'C',
        'J' => 'Z',
        other => other,
    };
    ATOM_LETTERS
        .iter()
        .find(|&&(known, _)| known == letter)
        .map(|&(_, atom)| atom)
}

/// The Betza letter of an atom, if it has one.
fn atom_letter(atom: Atom) -> Option<char> {
    ATOM_LETTERS
        .iter()
        .find(|&&(_, known)| known == atom)
        .map(|&(letter, _)| letter)
}

fn part_betza(part: &Part) -> String {
    let mut text = String::new();
    if part.is_initial() {
        text.push('i');
    }
    match part.mode() {
        Mode::MoveOrCapture => {}
        Mode::Move => text.push('m'),
        Mode::Capture => text.push('c'),
    }
    if part.is_en_passant() {
        text.push('e');
    }
    if part.is_wrapping() {
        text.push('o');
    }
    if part.reach() == Reach::Lame {
        text.push('n');
    }
    if let Reach::Hop { land_within, .. } = part.reach() {
        text.push(if land_within == Some(1) { 'g' } else { 'p' });
    }
    text.push_str(&directions_betza(part.atom(), part.directions()));
    let atom = part.atom();
    let (m, n) = atom.legs();
    let name = atom_letter(atom).map_or_else(|| format!("({m},{n})"), String::from);
    match part.reach() {
        Reach::Leap | Reach::Lame => text.push_str(&name),
        Reach::Ride { max: None } => match atom.legs() {
            (1, 0) => text.push('R'),
            (1, 1) => text.push('B'),
            _ if atom_letter(atom).is_some() => {
                text.push_str(&name);
                text.push_str(&name);
            }
            _ => {
                text.push_str(&name);
                text.push('0');
            }
        },
        Reach::Ride { max: Some(max) } => {
            text.push_str(&name);
            text.push_str(&max.to_string());
        }
        // A hopper's screen limit is not Betza: only reversed parts have
        // one, and they are never printed.
        Reach::Hop { land_within, .. } => {
            text.push(if atom == Atom::FERZ { 'B' } else { 'R' });
            if let Some(max) = land_within.filter(|&max| max > 1) {
                text.push_str(&max.to_string());
            }
        }
        Reach::Steps(count) => {
            text.push_str(&name);
            text.push('^');
            text.push_str(&count.to_string());
        }
    }
    text
}

/// The shortest string of direction tokens selecting exactly `directions`
/// of `atom` (empty for all of them).
fn directions_betza(atom: Atom, directions: Directions) -> String {
    let all = Part::leap(atom).directions();
    if directions == all {
        return String::new();
    }
    let tokens: Vec<(&str, Directions)> = [
        "ff", "bb", "ll", "rr", "vv", "ss", "fh", "bh", "lh", "rh", "fs", "bs", "lv", "rv", "fr", "rf", "fl", "lf",
        "br", "rb", "bl", "lb", "hr", "hl",
    ]
    .into_iter()
    .map(|token| (token, token_selection(atom, token, true)))
    .filter(|&(_, selected)| !selected.is_empty() && directions.contains(selected))
    .collect();
    // Fewest tokens whose union is the set.
    for count in 1..=4 {
        if let Some(found) = cover(&tokens, directions, count, 0, Directions::empty()) {
            return spell(&found);
        }
    }
    // Always possible one move at a time.
    let singles: Vec<&str> = tokens
        .iter()
        .filter(|(_, selected)| selected.bits().count_ones() <= 2)
        .map(|&(t, _)| t)
        .collect();
    spell(&singles)
}

/// Up to `count` tokens from `tokens[start..]` whose union with `have` is
/// `want`.
fn cover<'a>(
    tokens: &[(&'a str, Directions)],
    want: Directions,
    count: usize,
    start: usize,
    have: Directions,
) -> Option<Vec<&'a str>> {
    if have == want {
        return Some(Vec::new());
    }
    if count == 0 {
        return None;
    }
    for (index, &(token, selected)) in tokens.iter().enumerate().skip(start) {
        if have.contains(selected) {
            continue;
        }
        if let Some(mut rest) = cover(tokens, want, count - 1, index + 1, have | selected) {
            rest.insert(0, token);
            return Some(rest);
        }
    }
    None
}

/// Tokens written so that they read back as the same tokens: one token of
/// a doubled letter is written single (`f`), otherwise each keeps both its
/// letters (`ffss`, not `fs`, which would read as one token).
fn spell(tokens: &[&str]) -> String {
    match tokens {
        [only] if only.as_bytes()[0] == only.as_bytes()[1] => only[..1].to_owned(),
        _ => tokens.concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, MoveTable, TablePart};
    use fairy_geometry::{BoardSize, Geometry, SquareSet};
    use proptest::prelude::*;

    /// The squares a movement reaches from `from` on an empty 9 x 9 board,
    /// for `color`.
    fn reach(betza: &str, from: &str, color: Color) -> Vec<String> {
        let size = BoardSize::new(9, 9).unwrap();
        let geometry = Geometry::new(size);
        let movement = Movement::from_betza(betza).unwrap();
        let parts: Vec<TablePart<u128>> = movement
            .parts()
            .iter()
            .map(|&p| TablePart::new(p, color, geometry))
            .collect();
        let table = MoveTable::compile(&geometry, &parts);
        let mut names: Vec<String> = table
            .attacks(size.parse_square(from).unwrap(), SquareSet::EMPTY)
            .iter()
            .map(|s| size.name(s).to_string())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn every_atom_on_an_empty_board() {
        let count = |betza: &str| {
            let white = reach(betza, "e5", Color::White);
            assert_eq!(white, reach(betza, "e5", Color::Black), "{betza} is symmetric");
            white.len()
        };
        for (atom, moves) in [
            ("W", 4),
            ("F", 4),
            ("D", 4),
            ("N", 8),
            ("A", 4),
            ("H", 4),
            ("C", 8),
            ("Z", 8),
            ("G", 4),
        ] {
            assert_eq!(count(atom), moves, "{atom}");
        }
        assert_eq!(count("K"), 8);
        assert_eq!(count("R"), 16);
        assert_eq!(count("B"), 16);
        assert_eq!(count("Q"), 32);
        assert_eq!(count("(4,1)"), 8);
        // Every second leap from e5 still lands on 9 x 9 (c1, g9, a3, i7, ...).
        assert_eq!(count("NN"), 16);
        assert_eq!(count("W2"), 8);
        assert_eq!(count("R2"), 8);
        assert_eq!(count("W0"), 16);
        assert_eq!(count("K2"), 16);
    }

    #[test]
    fn directions_in_both_colours() {
        assert_eq!(reach("fW", "e5", Color::White), ["e6"]);
        assert_eq!(reach("fW", "e5", Color::Black), ["e4"]);
        assert_eq!(reach("bW", "e5", Color::White), ["e4"]);
        assert_eq!(reach("lW", "e5", Color::White), ["d5"]);
        assert_eq!(reach("rW", "e5", Color::White), ["f5"]);
        assert_eq!(reach("vW", "e5", Color::White), ["e4", "e6"]);
        assert_eq!(reach("sW", "e5", Color::White), ["d5", "f5"]);
        assert_eq!(reach("fsW", "e5", Color::White), ["d5", "e6", "f5"]);
        assert_eq!(reach("fF", "e5", Color::White), ["d6", "f6"]);
        assert_eq!(reach("fF", "e5", Color::Black), ["d4", "f4"]);
        assert_eq!(reach("frF", "e5", Color::White), ["f6"]);
        assert_eq!(reach("sF", "e5", Color::White).len(), 4);
        assert_eq!(reach("fN", "e5", Color::White), ["d7", "f7"]);
        assert_eq!(reach("fN", "e5", Color::Black), ["d3", "f3"]);
        assert_eq!(reach("fsN", "e5", Color::White), ["c6", "g6"]);
        assert_eq!(reach("fhN", "e5", Color::White), ["c6", "d7", "f7", "g6"]);
        assert_eq!(reach("lN", "e5", Color::White), ["c4", "c6"]);
        assert_eq!(reach("lfN", "e5", Color::White), ["d7"]);
        assert_eq!(reach("flN", "e5", Color::White), ["c6"]);
        assert_eq!(reach("rvN", "e5", Color::White), ["f3", "f7"]);
        assert_eq!(reach("bsN", "e5", Color::White), ["c4", "g4"]);
        assert_eq!(reach("vN", "e5", Color::White).len(), 4);
        assert_eq!(reach("sN", "e5", Color::White).len(), 4);
        assert_eq!(reach("fR", "e5", Color::White), ["e6", "e7", "e8", "e9"]);
        assert_eq!(reach("fhC", "e5", Color::White).len(), 4);
    }

    #[test]
    fn black_moves_are_white_moves_turned_half_round_as_in_fairy_stockfish() {
        // Forward-left for White is towards c6 from d5; Black's forward-left,
        // seen from its side of the board, is towards e4.
        assert_eq!(reach("flF", "d5", Color::White), ["c6"]);
        assert_eq!(reach("flF", "d5", Color::Black), ["e4"]);
        assert_eq!(reach("rW", "d5", Color::Black), ["c5"]);
        assert_eq!(reach("lfN", "d5", Color::Black), ["e3"]);
        // Left-right symmetric pieces are the same either way.
        assert_eq!(reach("fsN", "d5", Color::Black), ["b4", "f4"]);
    }

    #[test]
    fn direction_pairs_are_formed_and_read_as_fairy_stockfish_does() {
        // Tori shogi's falcon, `FsfW`: `sf` on a wazir is sideways and forward.
        assert_eq!(
            reach("FsfW", "e5", Color::White),
            ["d4", "d5", "d6", "e6", "f4", "f5", "f6"]
        );
        assert_eq!(reach("vsW", "e5", Color::White).len(), 4);
        // On other atoms a pair Fairy-Stockfish does not know selects
        // nothing: an error here rather than a silent empty part.
        let error = Movement::from_betza("sfN").unwrap_err();
        assert_eq!((error.kind(), error.position()), (BetzaErrorKind::NoMoves, 2));
        // L and J are Fairy-Stockfish's names of the Camel and the Zebra.
        assert_eq!(Movement::from_betza("LJ"), Ok(Movement::camel() + Movement::zebra()));
    }

    #[test]
    fn modes_and_flags() {
        let part = |betza: &str| Movement::from_betza(betza).unwrap().parts()[0];
        assert_eq!(part("mW").mode(), Mode::Move);
        assert_eq!(part("cW").mode(), Mode::Capture);
        assert_eq!(part("mcW").mode(), Mode::MoveOrCapture);
        assert!(part("iW").is_initial());
        assert!(part("eW").is_en_passant());
        assert!(part("oW").is_wrapping());
        assert_eq!(part("nN").reach(), Reach::Lame);
        assert_eq!(part("nD").reach(), Reach::Lame);
        assert_eq!(part("F^2").reach(), Reach::Steps(2));
        assert_eq!(part("W4").reach(), Reach::Ride { max: Some(4) });
        assert_eq!(part("R4").reach(), Reach::Ride { max: Some(4) });
        assert_eq!(part("NN").reach(), Reach::Ride { max: None });
        // The Xiangqi horse: blocked by a piece next to it orthogonally.
        assert_eq!(reach("nN", "e5", Color::White).len(), 8);
        // A cylinder leap wraps even on a flat board.
        assert_eq!(reach("oW", "a5", Color::White), ["a4", "a6", "b5", "i5"]);
    }

    #[test]
    fn hoppers_are_read_as_fairy_stockfish_reads_them() {
        let hop = |land_within| Reach::Hop {
            screen_within: None,
            land_within,
        };
        assert_eq!(part("pR").reach(), hop(None));
        // Without a rider letter Fairy-Stockfish still hops without limit.
        assert_eq!(part("pW").reach(), hop(None));
        assert_eq!(part("pWW").reach(), hop(None));
        assert_eq!(part("gB").reach(), hop(Some(1)));
        assert_eq!(part("pR2").reach(), hop(Some(2)));
        let grasshopper = Movement::from_betza("gQ").unwrap();
        assert_eq!(grasshopper.parts().len(), 2);
        assert_eq!(grasshopper.to_string(), "gRgB");
        assert_eq!(Movement::from_betza("RcpRnN").unwrap().to_string(), "RcpRnN");
        assert_eq!(Movement::from_betza("fpR").unwrap().to_string(), "pfR");
    }

    fn part(betza: &str) -> Part {
        Movement::from_betza(betza).unwrap().parts()[0]
    }

    #[test]
    fn named_pieces_have_betza_strings_that_read_back() {
        for movement in [
            Movement::king(),
            Movement::queen(),
            Movement::rook(),
            Movement::bishop(),
            Movement::knight(),
            Movement::ferz(),
            Movement::wazir(),
            Movement::camel(),
            Movement::zebra(),
            Movement::gnu(),
            Movement::chess_pawn(),
            Movement::berolina_pawn(),
            Movement::knightly_pawn(),
            Movement::knightolina_pawn(),
        ] {
            let text = movement.betza();
            assert_eq!(Movement::from_betza(&text), Ok(movement.clone()), "{text}");
        }
        assert_eq!(Movement::king().betza(), "WF");
        assert_eq!(Movement::queen().betza(), "RB");
        assert_eq!(Movement::chess_pawn().betza(), "mfWcefFimenfD");
        assert_eq!(Movement::knightly_pawn().betza(), "mfFcefsNimefF^2");
        // Fairy-Stockfish's spelling of the pawn reads as the chess pawn,
        // but for the en passant mark on the double step.
        let fsf = Movement::from_betza("fmWfceFifmnD").unwrap();
        assert_eq!(fsf.parts()[..2], Movement::chess_pawn().parts()[..2]);
    }

    #[test]
    fn parts_whose_letters_touch_stay_apart() {
        // Found by the fuzzer: two rook riders printed as "mfRR" read back as one.
        let two_riders = Movement::from_betza("fmWWWW").unwrap();
        assert_eq!(two_riders.parts().len(), 2);
        assert_eq!(Movement::from_betza(&two_riders.betza()), Ok(two_riders));
        let two_wazirs = Movement::wazir() + Movement::wazir();
        assert_eq!(two_wazirs.betza(), "WmcW");
        assert_eq!(Movement::from_betza("WmcW"), Ok(two_wazirs));
    }

    #[test]
    fn errors_name_the_character_and_its_position() {
        let error = |text: &str| {
            let e = Movement::from_betza(text).unwrap_err();
            (e.kind(), e.position(), e.character())
        };
        assert_eq!(error(&"W".repeat(300)), (BetzaErrorKind::TooLong, 256, 'W'));
        assert_eq!(error("mRcpN"), (BetzaErrorKind::Unsupported, 3, 'p'));
        assert_eq!(error("ppR"), (BetzaErrorKind::Unsupported, 1, 'p'));
        assert_eq!(error("npR"), (BetzaErrorKind::BadLame, 2, 'R'));
        assert_eq!(error("gW^2"), (BetzaErrorKind::BadNumber, 2, '^'));
        assert_eq!(error("WX"), (BetzaErrorKind::Unknown, 1, 'X'));
        assert_eq!(error("W?"), (BetzaErrorKind::Unknown, 1, '?'));
        assert_eq!(error("Wé"), (BetzaErrorKind::Unknown, 1, 'é'));
        assert_eq!(error("fm"), (BetzaErrorKind::Dangling, 0, 'f'));
        // `hf` pairs up as in Fairy-Stockfish, and selects no Knight move.
        assert_eq!(error("hfN"), (BetzaErrorKind::NoMoves, 2, 'N'));
        assert_eq!(error("nW"), (BetzaErrorKind::BadLame, 1, 'W'));
        assert_eq!(error("nR"), (BetzaErrorKind::BadLame, 1, 'R'));
        assert_eq!(error("W999"), (BetzaErrorKind::BadNumber, 1, '9'));
        assert_eq!(error("(1,"), (BetzaErrorKind::BadNumber, 0, '('));
        assert_eq!(error("(0,0)"), (BetzaErrorKind::BadNumber, 0, '('));
        assert_eq!(error("F^9"), (BetzaErrorKind::BadNumber, 1, '^'));
        assert!(Movement::from_betza("").unwrap().parts().is_empty());
        assert!(!Movement::from_betza("fX").unwrap_err().to_string().contains('\n'));
    }

    fn any_part() -> impl Strategy<Value = Part> {
        let atoms = prop_oneof![
            Just(Atom::WAZIR),
            Just(Atom::FERZ),
            Just(Atom::DABBABA),
            Just(Atom::KNIGHT),
            Just(Atom::ALFIL),
            Just(Atom::THREELEAPER),
            Just(Atom::CAMEL),
            Just(Atom::ZEBRA),
            Just(Atom::TRIPPER),
            (1u8..6, 0u8..6).prop_map(|(m, n)| Atom::new(m, n)),
        ];
        (atoms, any::<u8>(), 0u8..9, 0u8..3, any::<[bool; 3]>()).prop_filter_map(
            "a part with moves",
            |(atom, subset, reach, mode, [initial, en_passant, wraps])| {
                let offsets = atom.offsets();
                let directions = offsets
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| subset & (1 << i) != 0)
                    .fold(Directions::empty(), |all, (_, &o)| all | Directions::touched_by(o));
                let mut part = Part::leap(atom).only(directions);
                if part.offsets().is_empty() {
                    return None;
                }
                part = match reach {
                    0 => part,
                    1 => part.range(0),
                    2 => part.range(3),
                    3 if atom.legs().0 >= 2 => part.lame(),
                    4 => part.steps(2),
                    6..=8 if atom == Atom::WAZIR || atom == Atom::FERZ => {
                        Part::hop(atom).only(part.directions()).landing_within(reach - 6)
                    }
                    _ => part.range(1),
                };
                part = match mode {
                    0 => part,
                    1 => part.move_only(),
                    _ => part.capture_only(),
                };
                if initial {
                    part = part.initial();
                }
                if en_passant {
                    part = part.en_passant();
                }
                if wraps {
                    part = part.wrapping();
                }
                Some(part)
            },
        )
    }

    proptest! {
        #[test]
        fn printing_then_parsing_gives_the_same_movement(parts in proptest::collection::vec(any_part(), 0..4)) {
            let movement = Movement::new(parts);
            let text = movement.betza();
            prop_assert_eq!(Movement::from_betza(&text), Ok(movement), "{}", text);
        }
    }
}
