//! A piece's whole movement: a compound of parts.

use std::ops::Add;

use smallvec::SmallVec;

use crate::{Atom, Directions, Part};

/// A piece's movement: the union of its [`Part`]s. Compound pieces are
/// concatenations (`Movement::queen()` is the rook's and the bishop's parts).
///
/// # Examples
///
/// ```
/// use fairy_movement::{Atom, Movement, Part};
///
/// let archbishop = Movement::bishop() + Movement::knight();
/// assert_eq!(archbishop.parts().len(), 2);
/// let camel = Movement::from(Part::leap(Atom::new(1, 3)));
/// assert_eq!(camel, Movement::camel());
/// ```
///
/// With the `serde` feature a movement reads and writes as its Betza
/// notation (`"RN"`), which every movement has.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "String", into = "String")
)]
pub struct Movement {
    parts: SmallVec<[Part; 4]>,
}

impl Movement {
    /// The movement made of these parts.
    pub fn new(parts: impl IntoIterator<Item = Part>) -> Movement {
        Movement {
            parts: parts.into_iter().collect(),
        }
    }

    /// The parts.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// The compound of this movement and `other`.
    #[must_use]
    pub fn and(mut self, other: Movement) -> Movement {
        self.parts.extend(other.parts);
        self
    }

    /// This movement with repeated parts left out (the first of each kept):
    /// the same moves, compiled once.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_movement::Movement;
    ///
    /// let repeated: Movement = "NNNNNN".parse()?;
    /// assert_eq!(repeated.parts().len(), 3);
    /// assert_eq!(repeated.merged(), "NN".parse()?);
    /// # Ok::<(), fairy_movement::BetzaError>(())
    /// ```
    #[must_use]
    pub fn merged(&self) -> Movement {
        let mut parts: SmallVec<[Part; 4]> = SmallVec::new();
        for &part in &self.parts {
            if !parts.contains(&part) {
                parts.push(part);
            }
        }
        Movement { parts }
    }

    /// Whether some part moves towards the own side or sideways, so that a
    /// piece could come back to a square it left. Pieces that cannot (pawns)
    /// make irreversible moves.
    pub fn can_retreat(&self) -> bool {
        self.parts
            .iter()
            .any(|part| part.offsets().iter().any(|offset| offset.ranks <= 0))
    }

    /// Whether every move keeps the piece on squares of one colour of a
    /// chequered board (a bishop, a ferz, an alfil): each step changes the
    /// file and the rank by an even number of squares together.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_movement::Movement;
    ///
    /// assert!(Movement::bishop().is_color_bound());
    /// assert!(!Movement::knight().is_color_bound());
    /// assert!(!Movement::bishop().and(Movement::knight()).is_color_bound());
    /// ```
    pub fn is_color_bound(&self) -> bool {
        self.parts.iter().all(|part| {
            part.offsets()
                .iter()
                .all(|offset| (i32::from(offset.files) + i32::from(offset.ranks)) % 2 == 0)
        })
    }

    /// King: one step in any of the eight directions (Betza `K` = `WF`).
    pub fn king() -> Movement {
        Movement::new([Part::leap(Atom::WAZIR), Part::leap(Atom::FERZ)])
    }

    /// Queen: slides orthogonally and diagonally (Betza `Q` = `RB`).
    pub fn queen() -> Movement {
        Movement::rook() + Movement::bishop()
    }

    /// Rook: slides orthogonally (Betza `R` = `WW`).
    pub fn rook() -> Movement {
        Part::ride(Atom::WAZIR).into()
    }

    /// Bishop: slides diagonally (Betza `B` = `FF`).
    pub fn bishop() -> Movement {
        Part::ride(Atom::FERZ).into()
    }

    /// Knight: the (1, 2) leap (Betza `N`).
    pub fn knight() -> Movement {
        Part::leap(Atom::KNIGHT).into()
    }

    /// Ferz: one step diagonally (Betza `F`).
    pub fn ferz() -> Movement {
        Part::leap(Atom::FERZ).into()
    }

    /// Wazir: one step orthogonally (Betza `W`).
    pub fn wazir() -> Movement {
        Part::leap(Atom::WAZIR).into()
    }

    /// Camel: the (1, 3) leap (Betza `C`).
    pub fn camel() -> Movement {
        Part::leap(Atom::CAMEL).into()
    }

    /// Zebra: the (2, 3) leap (Betza `Z`).
    pub fn zebra() -> Movement {
        Part::leap(Atom::ZEBRA).into()
    }

    /// Gnu (Wildebeest): Knight + Camel (Betza `NC`).
    pub fn gnu() -> Movement {
        Movement::knight() + Movement::camel()
    }

    /// The chess pawn (Betza `fmWfceFifmnD`): one step straight forward to an
    /// empty square, a double step as first move (leaving an en passant
    /// square), captures one step diagonally forward, en passant included.
    /// The piece kind says which squares are "first move" squares.
    pub fn chess_pawn() -> Movement {
        pawn(Atom::WAZIR, Atom::FERZ, Atom::DABBABA, Directions::FORWARD)
    }

    /// The Berolina pawn (Betza `fmFfceWifmnA`): steps diagonally forward,
    /// two squares along one diagonal as first move, captures straight
    /// forward.
    pub fn berolina_pawn() -> Movement {
        pawn(Atom::FERZ, Atom::WAZIR, Atom::ALFIL, Directions::FORWARD)
    }

    /// The knightly pawn of CGNP chess: moves one step diagonally forward,
    /// captures with a forward wide Knight leap (two files sideways, one
    /// rank forward), and as first move makes two of its single steps, each
    /// a legal step on its own ([`Reach::Steps`](crate::Reach::Steps)),
    /// leaving the intermediate square for en passant.
    pub fn knightly_pawn() -> Movement {
        let step = Part::leap(Atom::FERZ).only(Directions::FORWARD).move_only();
        let capture = Part::leap(Atom::KNIGHT)
            .only(Directions::FORWARD & Directions::SIDEWAYS)
            .capture_only()
            .en_passant();
        Movement::new([step, capture, step.steps(2).initial().en_passant()])
    }

    /// The Knightolina pawn: a knightly pawn that also captures one step
    /// straight forward.
    pub fn knightolina_pawn() -> Movement {
        let forward_capture = Part::leap(Atom::WAZIR)
            .only(Directions::FORWARD)
            .capture_only()
            .en_passant();
        Movement::knightly_pawn() + forward_capture.into()
    }
}

/// A pawn stepping with `step`, capturing with `capture` and double-stepping
/// with a lame `double` leap, all forward.
fn pawn(step: Atom, capture: Atom, double: Atom, forward: Directions) -> Movement {
    Movement::new([
        Part::leap(step).only(forward).move_only(),
        Part::leap(capture).only(forward).capture_only().en_passant(),
        Part::leap(double)
            .only(forward)
            .lame()
            .move_only()
            .initial()
            .en_passant(),
    ])
}

impl From<Part> for Movement {
    fn from(part: Part) -> Movement {
        Movement::new([part])
    }
}

impl FromIterator<Part> for Movement {
    fn from_iter<I: IntoIterator<Item = Part>>(parts: I) -> Movement {
        Movement::new(parts)
    }
}

impl Add for Movement {
    type Output = Movement;

    fn add(self, other: Movement) -> Movement {
        self.and(other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawns_cannot_retreat_and_pieces_can() {
        assert!(!Movement::chess_pawn().can_retreat());
        assert!(!Movement::berolina_pawn().can_retreat());
        assert!(!Movement::knightly_pawn().can_retreat());
        assert!(Movement::knight().can_retreat());
        assert!(Movement::king().can_retreat());
        assert!(Movement::from(Part::leap(Atom::WAZIR).only(Directions::SIDEWAYS)).can_retreat());
    }
}
