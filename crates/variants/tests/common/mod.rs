//! Helpers for the rules tests: positions from FEN, sorted move lists.

#![allow(dead_code, clippy::unwrap_used)]

use fairy_geometry::Word;
use fairy_movement::Color;
use fairy_position::{EndReason, Outcome, Position, Variant};

/// The position of `fen` in `variant`, which must be legal.
pub fn position(variant: &'static Variant<u64>, fen: &str) -> Position<'static> {
    Position::from_fen(variant, fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

/// The legal moves in coordinate notation, sorted.
pub fn moves<W: Word>(position: &Position<'_, W>) -> Vec<String> {
    let mut moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|&m| position.uci(m).to_string())
        .collect();
    moves.sort();
    moves
}

/// A small deterministic generator (xorshift) for random games and bytes.
pub struct Random(pub u64);

impl Random {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..bound` (`bound` must not be 0).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

/// The legal moves of the piece on `square`, sorted.
pub fn moves_from<W: Word>(position: &Position<'_, W>, square: &str) -> Vec<String> {
    moves(position)
        .into_iter()
        .filter(|m| m.starts_with(square) && !m[square.len()..].starts_with(|c: char| c.is_ascii_digit()))
        .collect()
}

/// Plays a legal move given in coordinate notation.
pub fn play(position: &Position<'static>, uci: &str) -> Position<'static> {
    let mv = position
        .parse_uci(uci)
        .unwrap_or_else(|error| panic!("{uci} in {}: {error}", position.fen()));
    position.play(mv).unwrap()
}

/// A position given as pieces on named squares, `"Kc1 fd2 Ne10"` (upper
/// case White), with `turn` to move.
pub fn place(variant: &'static Variant<u64>, pieces: &str, turn: fairy_movement::Color) -> Position<'static> {
    let size = variant.size();
    let mut setup = fairy_position::Setup::empty(size);
    for token in pieces.split_whitespace() {
        let letter = token.chars().next().unwrap();
        let square = size.parse_square(&token[1..]).unwrap();
        let color = if letter.is_ascii_uppercase() {
            fairy_movement::Color::White
        } else {
            fairy_movement::Color::Black
        };
        setup.board[square.index()] = Some(fairy_position::SetupPiece::new(color, letter.to_ascii_uppercase()));
    }
    setup.turn = turn;
    Position::from_setup(variant, &setup).unwrap_or_else(|error| panic!("{pieces}: {error}"))
}

/// What `outcome()` returns for a game won by `winner` (`None`: drawn) for
/// `reason`.
pub fn ended(winner: Option<Color>, reason: EndReason) -> Option<Outcome> {
    Some(Outcome { winner, reason })
}

/// One (position, depth, expected count) case of an EPD perft file.
pub struct PerftCase {
    pub fen: &'static str,
    pub depth: u32,
    pub nodes: u64,
}

/// The cases of an EPD perft file: a FEN, then `;D<depth> <count>` fields,
/// one position per line.
pub fn perft_cases(epd: &'static str) -> Vec<PerftCase> {
    let mut cases = Vec::new();
    for line in epd.lines().filter(|line| !line.trim().is_empty()) {
        let mut fields = line.split(';');
        let fen = fields.next().unwrap().trim();
        for field in fields {
            let (depth, nodes) = field.trim().split_once(' ').unwrap();
            cases.push(PerftCase {
                fen,
                depth: depth.trim_start_matches('D').parse().unwrap(),
                nodes: nodes.parse().unwrap(),
            });
        }
    }
    cases
}

/// Runs every case of `epd` with at most `limit` nodes in `variant`,
/// failing with every mismatch; returns the number of cases run and of
/// nodes counted.
pub fn run_perft_cases(variant: &Variant<u64>, epd: &'static str, limit: u64) -> (usize, u64) {
    let (mut count, mut total) = (0, 0);
    let mut failures = Vec::new();
    for case in perft_cases(epd).iter().filter(|case| case.nodes <= limit) {
        let position = Position::from_fen(variant, case.fen).unwrap_or_else(|error| panic!("{}: {error}", case.fen));
        let nodes = position.perft(case.depth);
        if nodes != case.nodes {
            failures.push(format!(
                "{} depth {}: {} expected, {} counted",
                case.fen, case.depth, case.nodes, nodes
            ));
        }
        count += 1;
        total += nodes;
    }
    assert!(failures.is_empty(), "perft mismatches:\n{}", failures.join("\n"));
    (count, total)
}
