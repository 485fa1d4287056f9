//! Direction subsets of a leap, relative to the moving side.

use bitflags::bitflags;

use crate::Offset;

bitflags! {
    /// A subset of the directions of a leap, as seen by the side that moves
    /// ("north" is forward).
    ///
    /// The plane around a piece is cut into eight sectors of 45 degrees. An
    /// offset lying strictly inside a sector touches that one; an offset on
    /// a sector boundary (straight or diagonal) touches the two sectors it
    /// separates. An offset is selected when every sector it touches is in
    /// the set. This gives the Betza direction modifiers their usual meaning
    /// for every atom, and makes two-letter modifiers intersections:
    ///
    /// - [`FORWARD`](Directions::FORWARD) selects (0, 1) of the Wazir, (±1, 1)
    ///   of the Ferz and the four forward Knight moves;
    /// - [`SIDEWAYS`](Directions::SIDEWAYS) selects (±1, 0) of the Wazir and
    ///   the four wide Knight moves (two files, one rank);
    /// - `FORWARD & SIDEWAYS` selects the two forward wide Knight moves, the
    ///   capture of a knightly pawn.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_movement::{Atom, Directions, Offset};
    ///
    /// let wide_forward = Directions::FORWARD & Directions::SIDEWAYS;
    /// let selected: Vec<Offset> = Atom::KNIGHT
    ///     .offsets()
    ///     .into_iter()
    ///     .filter(|&o| wide_forward.selects(o))
    ///     .collect();
    /// assert_eq!(selected, [Offset::new(-2, 1), Offset::new(2, 1)]);
    /// assert!(!Directions::FORWARD.selects(Offset::new(1, 0)));
    /// ```
    #[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Directions: u8 {
        /// Forward, more forward than right: between north and north-east.
        const NNE = 1;
        /// Right, more right than forward: between north-east and east.
        const ENE = 1 << 1;
        /// Right, more right than backward: between east and south-east.
        const ESE = 1 << 2;
        /// Backward, more backward than right: between south-east and south.
        const SSE = 1 << 3;
        /// Backward, more backward than left.
        const SSW = 1 << 4;
        /// Left, more left than backward.
        const WSW = 1 << 5;
        /// Left, more left than forward.
        const WNW = 1 << 6;
        /// Forward, more forward than left.
        const NNW = 1 << 7;

        /// Betza `f`: towards the opponent.
        const FORWARD = Self::NNW.bits() | Self::NNE.bits() | Self::ENE.bits() | Self::WNW.bits();
        /// Betza `b`: towards the own side.
        const BACKWARD = Self::SSW.bits() | Self::SSE.bits() | Self::ESE.bits() | Self::WSW.bits();
        /// Betza `r`: to the mover's right (higher files for White, lower
        /// for Black).
        const RIGHT = Self::NNE.bits() | Self::ENE.bits() | Self::ESE.bits() | Self::SSE.bits();
        /// Betza `l`: to the mover's left.
        const LEFT = Self::NNW.bits() | Self::WNW.bits() | Self::WSW.bits() | Self::SSW.bits();
        /// Betza `v`: more along the file than across it.
        const VERTICAL = Self::NNE.bits() | Self::NNW.bits() | Self::SSE.bits() | Self::SSW.bits();
        /// Betza `s`: more across the file than along it.
        const SIDEWAYS = Self::ENE.bits() | Self::ESE.bits() | Self::WNW.bits() | Self::WSW.bits();
        /// Every direction.
        const ALL = 0xff;
    }
}

impl Directions {
    /// The sectors an offset touches (none for the null offset).
    pub fn touched_by(offset: Offset) -> Directions {
        let (x, y) = (i16::from(offset.files), i16::from(offset.ranks));
        let mut sectors = Directions::empty();
        if (x, y) == (0, 0) {
            return sectors;
        }
        // Each sector is a closed cone; boundaries belong to both neighbours.
        let cones = [
            (Directions::NNE, y >= x && x >= 0),
            (Directions::ENE, x >= y && y >= 0),
            (Directions::ESE, x >= -y && -y >= 0),
            (Directions::SSE, -y >= x && x >= 0),
            (Directions::SSW, -y >= -x && -x >= 0),
            (Directions::WSW, -x >= -y && -y >= 0),
            (Directions::WNW, -x >= y && y >= 0),
            (Directions::NNW, y >= -x && -x >= 0),
        ];
        for (sector, inside) in cones {
            if inside {
                sectors |= sector;
            }
        }
        sectors
    }

    /// Whether `offset` (White-relative) is one of the selected directions.
    pub fn selects(self, offset: Offset) -> bool {
        let touched = Directions::touched_by(offset);
        !touched.is_empty() && self.contains(touched)
    }

    /// The opposite directions (each sector turned by 180 degrees).
    pub fn reversed(self) -> Directions {
        Directions::from_bits_retain(self.bits().rotate_left(4))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Atom;

    fn select(directions: Directions, atom: Atom) -> Vec<(i8, i8)> {
        atom.offsets()
            .into_iter()
            .filter(|&o| directions.selects(o))
            .map(|o| (o.files, o.ranks))
            .collect()
    }

    #[test]
    fn betza_single_letters() {
        assert_eq!(select(Directions::FORWARD, Atom::WAZIR), [(0, 1)]);
        assert_eq!(select(Directions::FORWARD, Atom::FERZ), [(-1, 1), (1, 1)]);
        assert_eq!(select(Directions::SIDEWAYS, Atom::WAZIR), [(-1, 0), (1, 0)]);
        assert_eq!(select(Directions::VERTICAL, Atom::WAZIR), [(0, -1), (0, 1)]);
        assert_eq!(
            select(Directions::BACKWARD, Atom::KNIGHT),
            [(-2, -1), (-1, -2), (1, -2), (2, -1)]
        );
        assert_eq!(select(Directions::LEFT, Atom::FERZ), [(-1, -1), (-1, 1)]);
        assert_eq!(select(Directions::RIGHT, Atom::DABBABA), [(2, 0)]);
        assert_eq!(select(Directions::SIDEWAYS, Atom::FERZ), []);
        assert_eq!(select(Directions::ALL, Atom::CAMEL).len(), 8);
    }

    #[test]
    fn betza_two_letter_combinations_intersect() {
        let narrow_forward = Directions::FORWARD & Directions::VERTICAL;
        assert_eq!(select(narrow_forward, Atom::KNIGHT), [(-1, 2), (1, 2)]);
        let wide_forward = Directions::FORWARD & Directions::SIDEWAYS;
        assert_eq!(select(wide_forward, Atom::KNIGHT), [(-2, 1), (2, 1)]);
        let forward_right = Directions::FORWARD & Directions::RIGHT;
        assert_eq!(select(forward_right, Atom::FERZ), [(1, 1)]);
        assert_eq!(select(forward_right, Atom::KNIGHT), [(1, 2), (2, 1)]);
    }

    #[test]
    fn reversal_turns_every_sector() {
        assert_eq!(Directions::FORWARD.reversed(), Directions::BACKWARD);
        assert_eq!(Directions::LEFT.reversed(), Directions::RIGHT);
        assert_eq!(Directions::NNE.reversed(), Directions::SSW);
        assert_eq!(Directions::ALL.reversed(), Directions::ALL);
    }
}
