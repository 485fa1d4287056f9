//! Rays cut at their first blocker, and hops over a screen, by bit
//! arithmetic.

use fairy_geometry::{Square, Word};

/// A ray out of a square whose squares ascend (or descend) in index order,
/// so that its first blocker is the lowest (or highest) occupied bit. On a
/// cylinder a ray along the rank wraps once: `next` holds the squares after
/// the seam, in the same order, reached only when all of `run` is empty.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Line<W: Word> {
    pub run: W,
    pub next: W,
}

/// A line with its order: what the magic builder and the table builder
/// pass around.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Ray<W: Word> {
    pub line: Line<W>,
    pub ascending: bool,
    /// For a ride: the board displacement it repeats, which pairs it with
    /// the opposite ray.
    pub step: Option<(i8, i8)>,
    /// For a hop along the line: where its screen may stand and how far
    /// beyond it it lands.
    pub hop: Option<HopRay<W>>,
}

/// The limits of a hop before and beyond its screen (see
/// [`Reach::Hop`](crate::Reach::Hop)).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct HopLimits {
    pub screen_within: Option<u8>,
    pub land_within: Option<u8>,
}

/// A hop's limits on one line: the squares its screen may stand on, and
/// the most squares beyond the screen it lands on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct HopRay<W: Word> {
    pub screens: W,
    pub land_within: Option<u8>,
}

impl<W: Word> Ray<W> {
    /// The squares reached with `occupied` occupied.
    #[inline]
    pub fn reach(&self, occupied: W) -> W {
        match (self.ascending, self.hop) {
            (true, None) => self.line.reach::<true>(occupied),
            (false, None) => self.line.reach::<false>(occupied),
            (true, Some(hop)) => self.line.hop::<true>(occupied, hop),
            (false, Some(hop)) => self.line.hop::<false>(occupied, hop),
        }
    }

    /// The squares whose occupancy changes what the ray reaches.
    pub fn relevant(&self) -> W {
        self.line.relevant(self.ascending)
    }
}

impl<W: Word> Line<W> {
    /// No square.
    pub const EMPTY: Line<W> = Line {
        run: W::ZERO,
        next: W::ZERO,
    };

    /// The line of a ray's squares in path order, with whether it ascends;
    /// `None` if they do not fit a line (neither order, nor one wrap).
    pub fn of(squares: &[Square]) -> Option<Ray<W>> {
        let guess = squares.get(1)?.index() > squares.first()?.index();
        // The first step may itself cross a cylinder's seam: then the
        // other order fits.
        [guess, !guess]
            .into_iter()
            .find_map(|ascending| Line::in_order(squares, ascending))
    }

    /// The line of `squares` if they ascend (or descend) with at most one
    /// wrap.
    fn in_order(squares: &[Square], ascending: bool) -> Option<Ray<W>> {
        let in_order = |a: Square, b: Square| (b.index() > a.index()) == ascending;
        let split = squares
            .windows(2)
            .position(|pair| !in_order(pair[0], pair[1]))
            .map_or(squares.len(), |i| i + 1);
        let (run, next) = squares.split_at(split);
        if !next.windows(2).all(|pair| in_order(pair[0], pair[1])) {
            return None;
        }
        let bits = |squares: &[Square]| squares.iter().fold(W::ZERO, |set, s| set | W::bit(s.index() as u32));
        let line = Line {
            run: bits(run),
            next: bits(next),
        };
        Some(Ray {
            line,
            ascending,
            step: None,
            hop: None,
        })
    }

    /// The first `count` squares of the line in its order.
    pub fn prefix<const UP: bool>(&self, count: u8) -> W {
        self.first_squares::<UP>(self.run | self.next, count)
    }

    /// The squares a hop along the line reaches with `occupied` occupied:
    /// those beyond its first occupied square (the screen) up to and
    /// including the next occupied one, at most `hop.land_within` of them;
    /// nothing if the screen stands outside `hop.screens`.
    #[inline]
    pub fn hop<const UP: bool>(&self, occupied: W, hop: HopRay<W>) -> W {
        let before = self.reach::<UP>(occupied);
        let screen = before & occupied;
        if (screen & hop.screens).is_zero() {
            return W::ZERO;
        }
        let beyond = self.reach::<UP>(occupied & !screen) & !before;
        match hop.land_within {
            None => beyond,
            Some(count) => self.first_squares::<UP>(beyond, count),
        }
    }

    /// The first `count` squares of `bits` (squares of the line) in the
    /// line's order.
    fn first_squares<const UP: bool>(&self, bits: W, count: u8) -> W {
        let mut rest = bits;
        let mut taken = W::ZERO;
        for _ in 0..count {
            if rest.is_zero() {
                break;
            }
            let square = self.first_in_order::<UP>(rest);
            taken |= square;
            rest &= !square;
        }
        taken
    }

    /// The first square of `bits` (squares of the line) in the line's
    /// order: those of `run` before those of `next`.
    #[inline]
    fn first_in_order<const UP: bool>(&self, bits: W) -> W {
        let in_run = bits & self.run;
        first::<W, UP>(if in_run.is_zero() { bits & self.next } else { in_run })
    }

    /// The squares reached with `occupied` occupied, blockers included.
    #[inline]
    pub fn reach<const UP: bool>(&self, occupied: W) -> W {
        let blockers = self.run & occupied;
        let mut reached = self.run & cut::<W, UP>(blockers);
        if blockers.is_zero() {
            reached |= self.next & cut::<W, UP>(self.next & occupied);
        }
        reached
    }

    /// [`Line::reach`] for a line that does not wrap (`next` empty): the
    /// boards without a cylinder, where the wrapped part's test is a
    /// branch at every ray for nothing.
    #[inline]
    pub fn reach_unwrapped<const UP: bool>(&self, occupied: W) -> W {
        self.run & cut::<W, UP>(self.run & occupied)
    }

    /// The squares whose occupancy changes what the line reaches: all but
    /// its last square.
    pub fn relevant(&self, ascending: bool) -> W {
        let last = if self.next.is_zero() { self.run } else { self.next };
        let last_bit = if ascending {
            last.highest().map_or(W::ZERO, W::bit)
        } else {
            last & !last.without_lowest()
        };
        (self.run | self.next) & !last_bit
    }

    /// The first two occupied squares in path order, each as a one-bit word
    /// with the line's squares up to and including it.
    pub fn first_two<const UP: bool>(&self, occupied: W) -> [Option<(W, W)>; 2] {
        let mut found = [None, None];
        let mut count = 0;
        let mut before = W::ZERO;
        for segment in [self.run, self.next] {
            let mut blockers = segment & occupied;
            while !blockers.is_zero() && count < 2 {
                let first = first::<W, UP>(blockers);
                found[count] = Some((first, before | (segment & cut::<W, UP>(first))));
                count += 1;
                blockers &= !first;
            }
            if count == 2 {
                break;
            }
            before |= segment;
        }
        found
    }
}

/// The squares up to and including the first of `blockers` in the line's
/// order (every square if there is none).
#[inline]
fn cut<W: Word, const UP: bool>(blockers: W) -> W {
    if UP {
        blockers.up_to_lowest()
    } else {
        blockers.down_to_highest()
    }
}

/// The first square of `bits` in the line's order, as a one-bit word.
#[inline]
fn first<W: Word, const UP: bool>(bits: W) -> W {
    if UP {
        bits & !bits.without_lowest()
    } else {
        bits.highest().map_or(W::ZERO, W::bit)
    }
}
