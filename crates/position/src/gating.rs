//! Gates, and gating (Seirawan chess): when a piece leaves its square on
//! the back rank for the first time, its side may put a piece from the hand
//! on the square it leaves, as part of the same move. The same gates keep
//! the first moves of Cambodian chess (see `gate_moves`).
//!
//! The squares still open to gating are state, written in FEN with the
//! castling rights as Fairy-Stockfish writes them (`KQBCDFGkqbcdfg`: the
//! castling rights imply their king's and rook's squares, a file letter
//! names a square of the back rank), and part of the hash and equality. A
//! gating move is a legal move with a piece added behind it: as in
//! Fairy-Stockfish, the added piece never makes a move legal, and castling
//! may not gate onto a square its king or rook ends on.

use fairy_geometry::{File, Square, SquareSet, Word};
use fairy_movement::Color;

use crate::{Move, MoveList, PieceKind, Position};

impl<W: Word> Position<'_, W> {
    /// The squares where a piece from the hand may still be gated: those
    /// of pieces that have not left the back rank yet (none in a variant
    /// without gating).
    pub fn gates(&self) -> SquareSet<W> {
        self.gates
    }

    /// The back-rank square of the file lettered `letter` for `color`.
    fn gate_square(&self, letter: char, color: Color) -> Option<Square> {
        let size = self.variant.size();
        let file = File::from_letter(letter.to_ascii_lowercase())?;
        let rank = match color {
            Color::White => 0,
            Color::Black => size.ranks() - 1,
        };
        size.square_at(file.index(), rank)
    }

    /// Splits a FEN's castling letters: in a gating variant a file letter
    /// that names no castling right is a gate. Returns the castling
    /// letters, and keeps the gates' letters to set once the castling
    /// rights are read.
    pub(crate) fn split_gate_letters(&self, letters: &[char]) -> (Vec<char>, Vec<char>) {
        if !self.variant.has_gates {
            return (letters.to_vec(), Vec::new());
        }
        let castling: Vec<char> = self.variant.castling_letters().collect();
        letters
            .iter()
            .partition(|&&letter| castling.contains(&letter) || !letter.is_ascii_alphabetic())
    }

    /// Sets the gates: the squares the gate letters name, and the king's
    /// and rook's squares of each castling right held, where a piece of
    /// their side stands (as Fairy-Stockfish reads them), for a side that
    /// has something to gate (a side that has nothing left keeps no gates,
    /// and FEN writes none).
    pub(crate) fn read_gates(&mut self, letters: &[char]) {
        if !self.variant.has_gates {
            return;
        }
        let mut gates = SquareSet::EMPTY;
        for &letter in letters {
            let color = if letter.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            if let Some(square) = self
                .gate_square(letter, color)
                .filter(|&s| self.pieces(color).contains(s))
            {
                gates.insert(square);
            }
        }
        for index in self.castling.iter() {
            if let Some(rule) = self.castling_rule(index) {
                gates |= (SquareSet::from_square(rule.king_from) | SquareSet::from_square(rule.rook_from))
                    & self.pieces(rule.color);
            }
        }
        for color in Color::ALL {
            if !self.may_gate(color) {
                gates = gates - self.pieces(color);
            }
        }
        self.gates = gates;
    }

    /// Whether `color` keeps its gates: for gate moves always; for gating
    /// while it has pieces to gate, or may get some by captures.
    fn may_gate(&self, color: Color) -> bool {
        !self.variant.gating || !self.hands[color.index()].is_empty() || self.variant.captures_to_hand
    }

    /// The gate letters FEN writes for `color` after its castling rights:
    /// the files of its gates that its rights do not imply, while it has
    /// pieces to gate (or may get some by captures).
    pub(crate) fn gate_letters(&self, color: Color) -> Vec<char> {
        if !self.variant.has_gates || !self.may_gate(color) {
            return Vec::new();
        }
        let mut implied = SquareSet::EMPTY;
        for index in self.castling.iter() {
            if let Some(rule) = self.castling_rule(index).filter(|rule| rule.color == color) {
                implied.insert(rule.rook_from);
                if !self.variant.is_chess960() {
                    implied.insert(rule.king_from);
                }
            }
        }
        let size = self.variant.size();
        let mut squares: Vec<Square> = ((self.gates & self.pieces(color)) - implied).iter().collect();
        squares.sort_by_key(|&square| size.file_of(square));
        squares
            .into_iter()
            .filter_map(|square| File::new(size.file_of(square)))
            .map(|file| match color {
                Color::White => file.letter().to_ascii_uppercase(),
                Color::Black => file.letter(),
            })
            .collect()
    }

    /// Adds to the legal `moves` of the side to move their gating forms:
    /// one per kind in hand that may go on the square left, for a move
    /// from a gate (castling: from its king's or its rook's, unless the
    /// king or the rook ends there).
    pub(crate) fn add_gating(&self, moves: &mut MoveList) {
        let us = self.turn;
        let (Some(drops), false) = (&self.variant.drops, self.hands[us.index()].is_empty()) else {
            return;
        };
        let open = self.gates & self.pieces(us);
        if open.is_empty() {
            return;
        }
        // The gating forms go after the plain moves they come from.
        for index in 0..moves.len() {
            let mv = moves[index];
            if mv.is_drop() || mv.is_pass() || mv.is_en_passant() || mv.promotion().is_some() {
                continue;
            }
            let mut squares: smallvec::SmallVec<[(Square, bool); 2]> = smallvec::SmallVec::new();
            match mv.castling_index().and_then(|index| self.castling_rule(index)) {
                Some(rule) => {
                    for (square, on_rook_square) in [(rule.king_from, false), (rule.rook_from, true)] {
                        if open.contains(square) && square != rule.king_to && square != rule.rook_to {
                            squares.push((square, on_rook_square));
                        }
                    }
                }
                None if open.contains(mv.from()) => squares.push((mv.from(), false)),
                None => {}
            }
            for (square, on_rook_square) in squares {
                for (kind, _) in self.hands[us.index()].iter() {
                    if drops.zones[kind.index()][us.index()].contains(square) {
                        moves.push(mv.with_gating(kind, on_rook_square));
                    }
                }
            }
        }
    }

    /// After a move from `from` to `to` by the side that was to move
    /// (`us`): puts its gated piece on the board, and closes the gates the
    /// move used or passed (its origin, castling's rook square, a gate
    /// captured on), all of `us`'s once it has nothing left to gate, and
    /// the royal gates a piece of `moved`'s kind now aims at.
    #[cold]
    pub(crate) fn play_gating(&mut self, mv: Move, moved: PieceKind, from: Square, to: Square) {
        let us = self.turn;
        let rule = mv.castling_index().and_then(|index| self.castling_rule(index));
        let mut closed = SquareSet::from_square(from) | SquareSet::from_square(to);
        if let Some(rule) = rule {
            closed |= SquareSet::from_square(rule.rook_from);
        }
        if let Some(kind) = mv.gating() {
            let square = match rule {
                Some(rule) if mv.gates_rook_square() => rule.rook_from,
                _ => from,
            };
            if let Some(drops) = &self.variant.drops {
                self.take_from_hand(us, drops.from_hand[kind.index()]);
            }
            self.put(square, crate::position::code(us, kind));
        }
        if !self.may_gate(us) {
            closed |= self.gates & self.pieces(us);
        }
        if self.variant.closes_royal_gates.contains(moved) {
            closed |= self.aimed_royal_gates(moved, to);
        }
        self.close_gates(closed | self.stale_gates());
    }

    /// The gates whose square no longer holds a piece of the side whose
    /// back rank it is on: emptied by a capture effect, or its piece
    /// turned by a flip.
    pub(crate) fn stale_gates(&self) -> SquareSet<W> {
        let size = self.variant.size();
        self.gates
            .iter()
            .filter(|&gate| {
                let side = if size.rank_of(gate) == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                !self.pieces(side).contains(gate)
            })
            .collect()
    }

    /// Closes the gates among `squares`.
    pub(crate) fn close_gates(&mut self, squares: SquareSet<W>) {
        for square in self.gates & squares {
            self.gates.remove(square);
            self.hash ^= self.variant.zobrist.gate(square.index());
        }
    }
}
