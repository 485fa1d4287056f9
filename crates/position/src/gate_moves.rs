//! Moves a piece has only while it stands unmoved on its gate (Cambodian
//! chess: the king's knight leap forward, the met's double step), and the
//! gates an enemy piece closes by aiming at a royal piece (the Cambodian
//! rook's, on the king).
//!
//! The gates are the same state as gating's (see `gating`): back-rank
//! squares whose pieces have not moved, written with the castling rights.
//! Gate moves are plain moves once made; they are added to the legal moves
//! after the others, each judged by playing it, as move rules are.

use fairy_geometry::{Square, SquareSet, Word};

use crate::{Move, MoveList, PieceKind, Position};

impl<W: Word> Position<'_, W> {
    /// Adds to the legal `moves` of the side to move the gate moves of its
    /// pieces on their gates: to empty squares, not from check for a royal
    /// piece, and not where another move of the piece already goes.
    pub(crate) fn add_gate_moves(&self, moves: &mut MoveList) {
        let us = self.turn;
        let on_gates = self.gates & self.pieces(us);
        if on_gates.is_empty() {
            return;
        }
        let in_check = self.is_check();
        let occupied = self.occupied();
        let empty = self.variant.board - occupied;
        let known = moves.len();
        for from in on_gates {
            let Some(code) = self.code_at(from) else { continue };
            let kind = PieceKind::new(code >> 1);
            let Some(table) = &self.variant.kinds[kind.index()].moves[us.index()].gate else {
                continue;
            };
            if in_check && self.variant.royal.contains(kind) {
                continue;
            }
            for to in table.attacks(from, occupied) & empty {
                let mv = Move::normal(from, to, None);
                if !moves[..known].contains(&mv) && self.is_safe_after(mv) {
                    moves.push(mv);
                }
            }
        }
    }

    /// The gates of the enemy royal pieces that a piece of `kind` on `to`
    /// would attack on an empty board.
    pub(crate) fn aimed_royal_gates(&self, kind: PieceKind, to: Square) -> SquareSet<W> {
        let them = self.turn.other();
        let royal_gates = self.gates & self.pieces_of_kinds(them, self.variant.royal);
        if royal_gates.is_empty() {
            return SquareSet::EMPTY;
        }
        let moves = &self.variant.kinds[kind.index()].moves[self.turn.index()];
        let table = moves.capture.as_ref().unwrap_or(&moves.quiet);
        table.attacks(to, SquareSet::EMPTY) & royal_gates
    }
}
