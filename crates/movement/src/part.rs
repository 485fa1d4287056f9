//! One component of a piece's movement.

use smallvec::SmallVec;

use crate::{Atom, Directions, Offset};

/// How far a part's leap carries.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reach {
    /// One leap, jumping over whatever stands between (Betza `N`).
    Leap,
    /// The leap repeated in one direction through empty squares (a slider for
    /// W and F, a rider otherwise; Betza `R`, `NN`), at most `max` leaps
    /// (`None`: until the edge of the board, the net, or the square it
    /// started from on a cylinder).
    Ride {
        /// The most leaps in one move, unlimited if `None`.
        max: Option<u8>,
    },
    /// One leap that is blocked by pieces on the way (Betza `n`): the squares
    /// passed must be empty. The way goes straight for orthogonal and
    /// diagonal atoms; for an oblique (m, n) atom it takes the orthogonal
    /// steps along the longer leg first, then the diagonal ones (the Xiangqi
    /// horse for N).
    Lame,
    /// Several single leaps in one move, each in any of the part's
    /// directions and each a legal move on its own: it lands on an empty
    /// square (all but the last) and obeys the net and grid rules. The
    /// double step of a knightly pawn is `Steps(2)` of a forward Ferz. At
    /// most [`MAX_STEPS`] steps: the ways multiply with each one.
    Steps(u8),
    /// Along the line of a ride over exactly one piece, the screen (Betza
    /// `p` and `g`): the Xiangqi cannon's capture and the grasshopper. The
    /// squares before the screen must be empty; beyond it the piece lands
    /// on an empty square or captures on the first occupied one. Hoppers
    /// ride lines of W or F (as Fairy-Stockfish's do); variants reject
    /// other atoms.
    Hop {
        /// The most squares from the start up to and including the
        /// screen, any if `None`. Only reversed parts set it: a
        /// grasshopper lands next to its screen, so seen from its target
        /// the screen is next to the target.
        screen_within: Option<u8>,
        /// The most squares beyond the screen the piece may land on, any
        /// up to the next piece if `None` (the cannon); 1 for the
        /// grasshopper.
        land_within: Option<u8>,
    },
}

/// The most single steps of a [`Reach::Steps`] move. Paths are not
/// generated for longer ones, and variants reject them.
pub const MAX_STEPS: u8 = 3;

/// Whether a part moves to empty squares, captures, or both.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mode {
    /// Moves to an empty square or captures there (the default).
    MoveOrCapture,
    /// Only moves to an empty square (Betza `m`).
    Move,
    /// Only captures (Betza `c`).
    Capture,
}

impl Mode {
    /// Whether the part may move to an empty square.
    pub const fn can_move(self) -> bool {
        !matches!(self, Mode::Capture)
    }

    /// Whether the part may capture.
    pub const fn can_capture(self) -> bool {
        !matches!(self, Mode::Move)
    }
}

/// One component of a piece's movement: an atom, its directions, its reach
/// and mode, and two flags for pawns.
///
/// Parts are built from a constructor and chained adjustments:
///
/// ```
/// use fairy_movement::{Atom, Directions, Part};
///
/// // The chess pawn's double step: a lame forward Dabbaba, only as a
/// // non-capturing first move, leaving an en passant square.
/// let double_step = Part::leap(Atom::DABBABA)
///     .only(Directions::FORWARD)
///     .lame()
///     .move_only()
///     .initial()
///     .en_passant();
/// assert_eq!(double_step.offsets().len(), 1);
/// assert!(double_step.is_initial());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Part {
    atom: Atom,
    directions: Directions,
    reach: Reach,
    mode: Mode,
    initial: bool,
    en_passant: bool,
    wraps: bool,
}

impl Part {
    /// A leaper: one leap of `atom` in every direction, moving or capturing.
    pub fn leap(atom: Atom) -> Part {
        Part {
            atom,
            directions: Directions::ALL,
            reach: Reach::Leap,
            mode: Mode::MoveOrCapture,
            initial: false,
            en_passant: false,
            wraps: false,
        }
        .normalized()
    }

    /// A rider (a slider for W and F): `atom` repeated without limit.
    pub fn ride(atom: Atom) -> Part {
        Part {
            reach: Reach::Ride { max: None },
            ..Part::leap(atom)
        }
    }

    /// This part restricted to `directions` (intersected with those it had).
    ///
    /// The stored set is normalised to the sectors of the moves it selects,
    /// so that two parts with the same moves compare equal.
    #[must_use]
    pub fn only(self, directions: Directions) -> Part {
        Part {
            directions: self.directions.intersection(directions),
            ..self
        }
        .normalized()
    }

    /// This part as a rider of at most `max` leaps; 0 means no limit (as a
    /// range of 0 does in Betza notation).
    #[must_use]
    pub const fn range(self, max: u8) -> Part {
        Part {
            reach: Reach::Ride {
                max: if max == 0 { None } else { Some(max) },
            },
            ..self
        }
    }

    /// This part as a lame leap (see [`Reach::Lame`]).
    #[must_use]
    pub const fn lame(self) -> Part {
        Part {
            reach: Reach::Lame,
            ..self
        }
    }

    /// This part as `count` single steps in one move (see [`Reach::Steps`]).
    #[must_use]
    pub const fn steps(self, count: u8) -> Part {
        Part {
            reach: Reach::Steps(count),
            ..self
        }
    }

    /// This part moving to empty squares only.
    #[must_use]
    pub const fn move_only(self) -> Part {
        Part {
            mode: Mode::Move,
            ..self
        }
    }

    /// This part capturing only.
    #[must_use]
    pub const fn capture_only(self) -> Part {
        Part {
            mode: Mode::Capture,
            ..self
        }
    }

    /// A hopper along the lines of `atom` (see [`Reach::Hop`]): a cannon,
    /// landing anywhere beyond its screen up to the next piece; limit it
    /// with [`Part::landing_within`].
    ///
    /// ```
    /// use fairy_movement::{Atom, Movement, Part};
    ///
    /// // The Xiangqi cannon moves as a rook and captures by hopping.
    /// let cannon = Movement::new([
    ///     Part::ride(Atom::WAZIR).move_only(),
    ///     Part::hop(Atom::WAZIR).capture_only(),
    /// ]);
    /// assert_eq!(cannon.betza(), "mRcpR");
    /// let grasshopper: Movement = Part::hop(Atom::WAZIR).landing_within(1).into();
    /// assert_eq!(grasshopper.betza(), "gR");
    /// ```
    pub fn hop(atom: Atom) -> Part {
        Part {
            reach: Reach::Hop {
                screen_within: None,
                land_within: None,
            },
            ..Part::leap(atom)
        }
    }

    /// This part as a hopper landing at most `squares` beyond its screen
    /// (1: the grasshopper; 0: no limit).
    #[must_use]
    pub const fn landing_within(self, squares: u8) -> Part {
        let screen_within = match self.reach {
            Reach::Hop { screen_within, .. } => screen_within,
            _ => None,
        };
        Part {
            reach: Reach::Hop {
                screen_within,
                land_within: if squares == 0 { None } else { Some(squares) },
            },
            ..self
        }
    }

    /// This part allowed only from the piece's initial squares (Betza `i`);
    /// which squares those are is a rule of the piece kind.
    #[must_use]
    pub const fn initial(self) -> Part {
        Part { initial: true, ..self }
    }

    /// This part taking part in en passant (Betza `e`): a capturing part may
    /// capture en passant; a non-capturing move that passes squares leaves
    /// them as en passant squares for the opponent.
    #[must_use]
    pub const fn en_passant(self) -> Part {
        Part {
            en_passant: true,
            ..self
        }
    }

    /// This part without any role in en passant.
    #[must_use]
    pub const fn without_en_passant(self) -> Part {
        Part {
            en_passant: false,
            ..self
        }
    }

    /// This part wrapping round the board's files as on a cylinder (Betza
    /// `o`), whatever the board's own geometry.
    #[must_use]
    pub const fn wrapping(self) -> Part {
        Part { wraps: true, ..self }
    }

    /// The atom.
    pub const fn atom(&self) -> Atom {
        self.atom
    }

    /// The selected directions.
    pub const fn directions(&self) -> Directions {
        self.directions
    }

    /// The reach.
    pub const fn reach(&self) -> Reach {
        self.reach
    }

    /// The mode.
    pub const fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether the part is allowed only from the initial squares.
    pub const fn is_initial(&self) -> bool {
        self.initial
    }

    /// Whether the part takes part in en passant.
    pub const fn is_en_passant(&self) -> bool {
        self.en_passant
    }

    /// Whether the part wraps round the files like on a cylinder.
    pub const fn is_wrapping(&self) -> bool {
        self.wraps
    }

    /// The offsets of the selected directions, as seen by White.
    pub fn offsets(&self) -> Vec<Offset> {
        let mut offsets = self.atom.offsets();
        offsets.retain(|offset| self.directions.selects(*offset));
        offsets
    }

    /// The same part moving the opposite way: what attacks a square from
    /// where this part could be attacked. The directions turn, and a
    /// hopper's limits before and beyond its screen change places.
    #[must_use]
    pub fn reversed(self) -> Part {
        let reach = match self.reach {
            Reach::Hop {
                screen_within,
                land_within,
            } => Reach::Hop {
                screen_within: land_within,
                land_within: screen_within,
            },
            other => other,
        };
        Part {
            directions: self.directions.reversed(),
            reach,
            ..self
        }
    }

    /// Whether the part hops (see [`Reach::Hop`]).
    pub const fn is_hop(&self) -> bool {
        matches!(self.reach, Reach::Hop { .. })
    }

    /// This part with exactly the sectors its selected moves touch.
    fn normalized(self) -> Part {
        let directions = self
            .atom
            .offsets()
            .into_iter()
            .filter(|&offset| self.directions.selects(offset))
            .fold(Directions::empty(), |all, offset| all | Directions::touched_by(offset));
        Part { directions, ..self }
    }
}

/// The unit steps of the lame way to `offset` (see [`Reach::Lame`]).
pub(crate) fn lame_way(offset: Offset) -> SmallVec<[Offset; 8]> {
    let (x, y) = (offset.files, offset.ranks);
    let (sx, sy) = (x.signum(), y.signum());
    let (ax, ay) = (x.unsigned_abs(), y.unsigned_abs());
    let straight = if ax >= ay {
        Offset::new(sx, 0)
    } else {
        Offset::new(0, sy)
    };
    let diagonal = Offset::new(sx, sy);
    let mut way = SmallVec::new();
    for _ in 0..ax.abs_diff(ay) {
        way.push(straight);
    }
    for _ in 0..ax.min(ay) {
        way.push(diagonal);
    }
    way
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lame_ways() {
        let way = |x, y| {
            lame_way(Offset::new(x, y))
                .into_iter()
                .map(|o| (o.files, o.ranks))
                .collect::<Vec<_>>()
        };
        assert_eq!(way(0, 2), [(0, 1), (0, 1)]);
        assert_eq!(way(-2, -2), [(-1, -1), (-1, -1)]);
        assert_eq!(way(2, 1), [(1, 0), (1, 1)]);
        assert_eq!(way(-1, 2), [(0, 1), (-1, 1)]);
        assert_eq!(way(3, -2), [(1, 0), (1, -1), (1, -1)]);
    }

    #[test]
    fn modes() {
        assert!(Mode::MoveOrCapture.can_move() && Mode::MoveOrCapture.can_capture());
        assert!(Mode::Move.can_move() && !Mode::Move.can_capture());
        assert!(!Mode::Capture.can_move() && Mode::Capture.can_capture());
    }
}
