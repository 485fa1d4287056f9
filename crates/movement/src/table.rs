//! Move tables: a movement compiled for one board into lookups from a square
//! and the occupancy to the squares reached.

use fairy_geometry::{Geometry, Square, SquareSet, Word};
use smallvec::SmallVec;
use std::sync::Arc;

use crate::legged::Legged;
use crate::line::{HopRay, Line, Ray};
use crate::magic::{Blockable, Lookup, Magic, SquareSlots};
use crate::{Color, Part, Path, Reach};

/// A part placed for compilation: which side moves it, whether it may cross
/// the net, and from which squares it may start.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TablePart<W: Word> {
    /// The part.
    pub part: Part,
    /// The side whose piece moves, which fixes "forward".
    pub color: Color,
    /// Whether the move may cross the board's net.
    pub may_cross_net: bool,
    /// The squares the part may start from (an initial-move part: the
    /// piece's initial squares).
    pub origins: SquareSet<W>,
    /// The squares the part may end on, and so attack: the piece's region
    /// (a Xiangqi palace). A table filters every move by the union of its
    /// parts' destinations, so the parts of one table share them.
    pub destinations: SquareSet<W>,
    /// The squares its moves stay on: a path ends at the first square
    /// outside them (the Janggi palace's diagonals). Unlike
    /// `destinations`, this holds for the part alone.
    pub within: SquareSet<W>,
}

impl<W: Word> TablePart<W> {
    /// The part for `color`, crossing the net freely, from every square of
    /// the board.
    pub fn new(part: Part, color: Color, geometry: Geometry) -> TablePart<W> {
        TablePart {
            part,
            color,
            may_cross_net: true,
            origins: SquareSet::board(geometry.size()),
            destinations: SquareSet::board(geometry.size()),
            within: SquareSet::board(geometry.size()),
        }
    }

    /// The part's paths from `from` on `geometry`, as placed: for its
    /// colour, crossing the net if it may, cut to `within`.
    pub fn paths(&self, geometry: &Geometry, from: Square) -> impl Iterator<Item = Path> + '_ {
        let within = self.within;
        self.part
            .paths(geometry, self.color, from, self.may_cross_net)
            .into_iter()
            .filter_map(move |path| path.confined_to(|square| within.contains(square)))
    }
}

/// The union of the parts' destinations: the table's filter.
fn destinations_of<W: Word>(geometry: &Geometry, parts: &[TablePart<W>]) -> SquareSet<W> {
    if parts.is_empty() {
        return SquareSet::board(geometry.size());
    }
    parts.iter().fold(SquareSet::EMPTY, |all, part| all | part.destinations)
}

/// What stands on one path out of a square: the first and second occupied
/// squares in path order, found by [`MoveTable::hits`]. Checks and pins are
/// read off these.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PathHit<W: Word> {
    /// The first occupied square.
    pub first: Square,
    /// The path's squares up to and including `first`.
    pub through_first: SquareSet<W>,
    /// The next occupied square behind `first`, if any.
    pub second: Option<Square>,
    /// The path's squares up to and including `second` (empty without one).
    pub through_second: SquareSet<W>,
}

/// A movement compiled for one board and colour: for each square, the
/// squares the moves reach given the board's occupancy.
///
/// Leaps are plain per-square sets. Rides are rays cut at their first
/// blocker, hops rays taken beyond their screen, and lame leaps and
/// multi-step moves destinations past empty legs: by a
/// magic-multiplication lookup where its tables fit; otherwise rays by
/// bit arithmetic and legs one move at a time. On a grid, destinations in the
/// origin's cell are removed; rides still pass through them.
///
/// [`MoveTable::compile_reverse`] builds the mirror image used to detect
/// attacks: from a target square, the squares from which the movement
/// reaches it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTable<W: Word> {
    /// Per square: plain leaps, the destination filter and the range of
    /// legged moves, together so that a lookup touches one record. One
    /// record for every square index (a byte), so that reading a square's
    /// takes no bounds check; squares off the board have empty records.
    entries: Box<[Entry<W>; Square::INDICES]>,
    /// Per square, `up_width` ascending lines then `down_width` descending
    /// ones (padded with empty lines).
    lines: Vec<Line<W>>,
    up_width: usize,
    down_width: usize,
    legged: Vec<Legged<W>>,
    /// What lookups rarely need, kept apart so that the lookups' own
    /// fields stay close together.
    rare: Box<Rare<W>>,
    /// Whether a destination filter (a grid) applies to lines.
    filtered: bool,
    /// Whether some line wraps (on a cylinder): only then is the part of
    /// a line beyond the seam scanned.
    wraps: bool,
    /// Whether hops must be scanned: the table has some, and no magic
    /// lookup.
    scans_hops: bool,
    /// Whether moves with legs are tested one by one: the table has some,
    /// and no magic lookup of them.
    scans_legs: bool,
    /// Which of the lookups below a square's moves take.
    shape: Shape<W>,
    /// The lines', hops' and (unless `scans_legs`) legged moves' reach by
    /// magic lookup, where the tables fit:
    /// its width, and the lookup held so that later builds of the same
    /// lines share it while this table lives.
    magic: Option<Arc<Magic<W>>>,
    /// The magic lookup's slots and entries (a clone of `magic`'s, which
    /// shares them), held here so that a lookup is one load nearer; empty
    /// without a magic lookup.
    lookup: Lookup<W>,
}

/// What a table's lookup does, decided when it is built so that the
/// common kinds of piece take no branch on what they lack. The shapes
/// unrolled for a number of magic lookups a square hold their slots by
/// square, read with no bounds check.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Shape<W: Word> {
    /// Plain leaps only (no lines, no legged moves).
    Leaps,
    /// Leaps and one magic lookup a square (a rook's, a bishop's, a
    /// xiangqi horse's), no legged move outside it.
    OneLookup(SquareSlots<W, 1>),
    /// Leaps and two magic lookups a square (a queen's, a janggi
    /// elephant's, a janggi chariot's: its file, and its rank with its
    /// palace diagonals), no legged move outside them.
    TwoLookups(SquareSlots<W, 2>),
    /// Leaps and three magic lookups a square (a queen's on 10 x 8: a
    /// rook's two lines and the bishop's diagonals in one), no legged
    /// move outside them.
    ThreeLookups(SquareSlots<W, 3>),
    /// Leaps and more magic lookups a square (`width`), no legged move
    /// outside them.
    Lookups { width: usize },
    /// Leaps and lines scanned, none of which wraps or is filtered, no
    /// hop or legged move: a rider's on a board too large for its magic
    /// lookup (16x16).
    ScannedLines,
    /// Anything else: scanned lines that wrap or are filtered, hops
    /// or legged moves without a lookup.
    Mixed,
}

/// The parts of a [`MoveTable`] that lookups rarely need.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Rare<W: Word> {
    /// Hops along lines, scanned when there is no magic lookup: per
    /// square, the range of its hops in `hops`.
    hops: Vec<Ray<W>>,
    hop_ranges: Vec<(u32, u32)>,
    /// Per square, the squares whose occupancy can change what it reaches.
    blockers: Vec<W>,
}

/// The per-square record of a [`MoveTable`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct Entry<W: Word> {
    leaps: W,
    allowed: W,
    /// Every square reached under some occupancy: where nothing of
    /// interest stands on one, no lookup is needed.
    potential: W,
    legged_start: u32,
    legged_end: u32,
}

impl<W: Word> Entry<W> {
    /// The record of a square with no move: off the board.
    const EMPTY: Entry<W> = Entry {
        leaps: W::ZERO,
        allowed: W::ZERO,
        potential: W::ZERO,
        legged_start: 0,
        legged_end: 0,
    };
}

/// The moves out of one square, collected while a table is built.
#[derive(Clone, Debug)]
struct SquareMoves<W: Word> {
    allowed: W,
    leaps: W,
    up: Vec<Line<W>>,
    down: Vec<Line<W>>,
    legged: Vec<Legged<W>>,
    /// Every ray, hops included.
    rays: Vec<Ray<W>>,
}

/// The most legs whose occupancy one magic lookup of moves with legs
/// hashes: a lame leaper's four (a xiangqi horse's) take one lookup, and
/// the tables stay small (on boards of more than 64 squares, where a
/// tight multiplier is not searched for, 128 entries a square).
const LEGS_A_LOOKUP: u32 = 6;

impl<W: Word> SquareMoves<W> {
    fn new(allowed: W) -> SquareMoves<W> {
        SquareMoves {
            allowed,
            leaps: W::ZERO,
            up: Vec::new(),
            down: Vec::new(),
            legged: Vec::new(),
            rays: Vec::new(),
        }
    }

    /// The squares whose occupancy can change what these moves reach: every
    /// square of a ray or a hop's line, and the legs of legged moves.
    fn blockers(&self) -> W {
        let lines = self
            .rays
            .iter()
            .fold(W::ZERO, |all, ray| all | ray.line.run | ray.line.next);
        self.legged.iter().fold(lines, |all, legged| all | legged.legs)
    }

    fn add(&mut self, path: &Path) {
        let squares = path.squares();
        let first = squares.len() - path.destinations().len();
        let bit = |square: &Square| W::bit(square.index() as u32);
        if let Some(limits) = path.hop() {
            if squares.len() < 2 {
                // A screen with nothing behind it.
                return;
            }
            // Hoppers ride lines of W or F, which always fit a `Line`.
            let Some(ray) = Line::<W>::of(squares) else {
                debug_assert!(false, "a hop whose squares fit no line: {squares:?}");
                return;
            };
            let screens = match limits.screen_within {
                Some(count) if ray.ascending => ray.line.prefix::<true>(count),
                Some(count) => ray.line.prefix::<false>(count),
                None => ray.line.run | ray.line.next,
            };
            let hop = Ray {
                step: path.ride_step(),
                hop: Some(HopRay {
                    screens,
                    land_within: limits.land_within,
                }),
                ..ray
            };
            self.rays.push(hop);
            return;
        }
        match squares {
            [] => {}
            [only] if first == 0 => self.leaps |= bit(only) & self.allowed,
            _ => match Line::of(squares).filter(|_| first == 0) {
                Some(ray) => {
                    if ray.ascending {
                        self.up.push(ray.line);
                    } else {
                        self.down.push(ray.line);
                    }
                    self.rays.push(Ray {
                        step: path.ride_step(),
                        ..ray
                    });
                }
                None => {
                    for index in first..squares.len() {
                        let destination = bit(&squares[index]);
                        if !(destination & self.allowed).is_zero() {
                            let legs = squares[..index].iter().fold(W::ZERO, |set, s| set | bit(s));
                            self.legged.push(Legged { destination, legs });
                        }
                    }
                }
            },
        }
    }

    /// What the magic lookup reads: the rays, each with its opposite, and
    /// the moves with legs in groups of at most [`LEGS_A_LOOKUP`] legs.
    fn lookup_lines(&self) -> Vec<Vec<Blockable<W>>> {
        let mut lines: Vec<Vec<Blockable<W>>> = self
            .ray_pairs()
            .into_iter()
            .map(|pair| pair.into_iter().map(Blockable::Ray).collect())
            .collect();
        let mut groups: Vec<(W, Vec<Blockable<W>>)> = Vec::new();
        for &legged in &self.legged {
            let fits = |legs: &W| (*legs | legged.legs).count_ones() <= LEGS_A_LOOKUP;
            match groups.iter_mut().find(|(legs, _)| fits(legs)) {
                Some((legs, group)) => {
                    *legs |= legged.legs;
                    group.push(Blockable::Legged(legged));
                }
                None => groups.push((legged.legs, vec![Blockable::Legged(legged)])),
            }
        }
        lines.extend(groups.into_iter().map(|(_, group)| group));
        lines
    }

    /// The rays grouped for the magic lookup: each with its opposite.
    fn ray_pairs(&self) -> Vec<Vec<Ray<W>>> {
        let mut pairs = Vec::new();
        let mut taken = vec![false; self.rays.len()];
        for (i, &ray) in self.rays.iter().enumerate() {
            if taken[i] {
                continue;
            }
            let mut pair = vec![ray];
            let opposite = ray
                .step
                .map(|(files, ranks)| (files.wrapping_neg(), ranks.wrapping_neg()));
            let landing = ray.hop.map(|hop| hop.land_within);
            let partner = (i + 1..self.rays.len()).find(|&j| {
                !taken[j]
                    && opposite.is_some()
                    && self.rays[j].step == opposite
                    && self.rays[j].hop.map(|hop| hop.land_within) == landing
            });
            if let Some(j) = partner {
                taken[j] = true;
                pair.push(self.rays[j]);
            }
            pairs.push(pair);
        }
        pairs
    }
}

impl<W: Word> MoveTable<W> {
    /// The moves of `parts` from every square of `geometry`.
    pub fn compile(geometry: &Geometry, parts: &[TablePart<W>]) -> MoveTable<W> {
        let size = geometry.size();
        let mut paths = vec![Vec::new(); size.square_count()];
        for placed in parts {
            for from in placed.origins.iter().filter(|&s| size.contains(s)) {
                paths[from.index()].extend(placed.paths(geometry, from));
            }
        }
        let destinations = destinations_of(geometry, parts);
        MoveTable::build(geometry, paths, &|_| destinations)
    }

    /// The reverse of [`MoveTable::compile`]: for every square, the squares
    /// from which `parts` reach it, with the squares that must be empty on
    /// the way. Looking up a square with the occupancy gives the squares a
    /// piece moving by `parts` would attack it from.
    ///
    /// A hop reverses into a hop with its limits before and beyond the
    /// screen exchanged; it must be allowed from every square it may stay
    /// on (`within`: the variant compiler sees to it).
    pub fn compile_reverse(geometry: &Geometry, parts: &[TablePart<W>]) -> MoveTable<W> {
        let size = geometry.size();
        let mut paths: Vec<Vec<Path>> = vec![Vec::new(); size.square_count()];
        for placed in parts {
            let everywhere = (placed.within - placed.origins).is_empty();
            let line = matches!(placed.part.reach(), Reach::Ride { .. } | Reach::Hop { .. });
            if line && everywhere {
                // A ray is symmetric: edges, the net, the cylinder's
                // stopping rule and `within` cut it the same way in both
                // directions.
                let reversed = TablePart {
                    part: placed.part.reversed(),
                    ..*placed
                };
                for target in placed.within.iter().filter(|&s| size.contains(s)) {
                    paths[target.index()].extend(reversed.paths(geometry, target));
                }
                continue;
            }
            debug_assert!(!placed.part.is_hop(), "a hop allowed from some squares only");
            for from in placed.origins.iter().filter(|&s| size.contains(s)) {
                for path in placed.paths(geometry, from) {
                    let first = path.squares().len() - path.destinations().len();
                    for (index, &target) in path.squares().iter().enumerate().skip(first) {
                        let mut squares: SmallVec<[Square; 8]> = SmallVec::from_slice(&path.squares()[..index]);
                        squares.push(from);
                        paths[target.index()].push(Path::legged(squares));
                    }
                }
            }
        }
        // A piece attacks only the squares it may move to.
        let destinations = destinations_of(geometry, parts);
        MoveTable::build(geometry, paths, &|target| {
            if destinations.contains(target) {
                SquareSet::board(size)
            } else {
                SquareSet::EMPTY
            }
        })
    }

    /// The table of explicit paths, `paths[i]` being those from square `i`.
    pub fn from_paths(geometry: &Geometry, paths: Vec<Vec<Path>>) -> MoveTable<W> {
        let board = SquareSet::board(geometry.size());
        MoveTable::build(geometry, paths, &|_| board)
    }

    /// The table of explicit paths, the moves from each square filtered by
    /// `filter` of the square (and by the grid rule).
    fn build(geometry: &Geometry, paths: Vec<Vec<Path>>, filter: &dyn Fn(Square) -> SquareSet<W>) -> MoveTable<W> {
        let size = geometry.size();
        let squares = size.square_count();
        let board = SquareSet::<W>::board(size);
        let mut filtered = geometry.grid().is_some();
        let mut moves: Vec<SquareMoves<W>> = size
            .squares()
            .map(|from| {
                let within = filter(from);
                filtered |= within != board;
                let allowed = within
                    .iter()
                    .filter(|&to| geometry.grid().is_none() || !geometry.same_cell(from, to))
                    .fold(W::ZERO, |set, to| set | W::bit(to.index() as u32));
                SquareMoves::new(allowed)
            })
            .collect();
        for (square_moves, paths) in moves.iter_mut().zip(&paths) {
            for path in paths {
                square_moves.add(path);
            }
        }
        let allowed: Vec<W> = moves.iter().map(|m| m.allowed).collect();
        let has_legs = moves.iter().any(|m| !m.legged.is_empty());
        let lines: Vec<_> = moves.iter().map(SquareMoves::lookup_lines).collect();
        let mut magic = Magic::build(squares, &lines, &allowed);
        let scans_legs = has_legs && magic.is_none();
        if scans_legs {
            // The legs' multipliers may be what was not found: the lines
            // alone may still be looked up.
            let rays: Vec<Vec<Vec<Blockable<W>>>> = lines
                .into_iter()
                .map(|lines| {
                    lines
                        .into_iter()
                        .filter(|line| matches!(line.first(), Some(Blockable::Ray(_))))
                        .collect()
                })
                .collect();
            magic = Magic::build(squares, &rays, &allowed);
        }
        let up_width = moves.iter().map(|m| m.up.len()).max().unwrap_or(0);
        let down_width = moves.iter().map(|m| m.down.len()).max().unwrap_or(0);
        let mut lines = Vec::with_capacity(squares * (up_width + down_width));
        let mut entries = Box::new([Entry::EMPTY; Square::INDICES]);
        let mut legged = Vec::new();
        let mut hops = Vec::new();
        let mut hop_ranges = Vec::with_capacity(squares);
        let mut blockers = Vec::with_capacity(squares);
        for (mut square_moves, entry) in moves.into_iter().zip(entries.iter_mut()) {
            blockers.push(square_moves.blockers());
            let hop_start = hops.len() as u32;
            hops.extend(square_moves.rays.iter().filter(|ray| ray.hop.is_some()));
            hop_ranges.push((hop_start, hops.len() as u32));
            square_moves.up.resize(up_width, Line::EMPTY);
            square_moves.down.resize(down_width, Line::EMPTY);
            lines.extend(square_moves.up);
            lines.extend(square_moves.down);
            let legged_start = legged.len() as u32;
            legged.extend(square_moves.legged);
            *entry = Entry {
                leaps: square_moves.leaps,
                allowed: square_moves.allowed,
                potential: W::ZERO,
                legged_start,
                legged_end: legged.len() as u32,
            };
        }
        let wraps = lines.iter().any(|line| !line.next.is_zero());
        let lookup = magic.as_ref().map(|magic| magic.lookup().clone()).unwrap_or_default();
        // The unrolled lookups read a square's leaps with its slots.
        let leaps = |index: usize| entries[index].leaps;
        let shape = match &magic {
            _ if up_width == 0 && down_width == 0 && legged.is_empty() && hops.is_empty() => Shape::Leaps,
            Some(magic) if !scans_legs => match magic.width() {
                1 => Shape::OneLookup(magic.by_square(leaps)),
                2 => Shape::TwoLookups(magic.by_square(leaps)),
                3 => Shape::ThreeLookups(magic.by_square(leaps)),
                width => Shape::Lookups { width },
            },
            None if legged.is_empty() && hops.is_empty() && !wraps && !filtered => Shape::ScannedLines,
            _ => Shape::Mixed,
        };
        let mut table = MoveTable {
            entries,
            wraps,
            lines,
            up_width,
            down_width,
            filtered,
            scans_hops: magic.is_none() && !hops.is_empty(),
            scans_legs,
            shape,
            lookup,
            legged,
            rare: Box::new(Rare {
                hops,
                hop_ranges,
                blockers,
            }),
            magic,
        };
        // On an empty board every ride and legged move goes furthest; a
        // hop lands only beyond a screen, somewhere on its line.
        for square in size.squares() {
            let lines = table.rare.blockers[square.index()];
            let potential =
                (table.attacks(square, SquareSet::EMPTY).bits() | lines) & table.entries[square.index()].allowed;
            table.entries[square.index()].potential = potential;
        }
        table
    }

    /// The squares reached from `from` when the squares of `occupied` are
    /// occupied: the moves' destinations, including occupied ones (which the
    /// caller may capture or not). Empty for a square off the board.
    #[inline(always)]
    pub fn attacks(&self, from: Square, occupied: SquareSet<W>) -> SquareSet<W> {
        let entry = &self.entries[from.index()];
        SquareSet::from_bits(self.reach(entry, from, occupied.bits()))
    }

    /// [`MoveTable::attacks`] from each square of `from` in turn, handed
    /// to `visit` with what it reaches: the table's shape is matched once
    /// for all the squares rather than once a square, so that a side's
    /// pieces of one kind are looked up in a loop with no dispatch in it.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry, SquareSet};
    /// use fairy_movement::{Color, MoveTable, Movement, TablePart};
    ///
    /// let geometry = Geometry::new(BoardSize::new(3, 3)?);
    /// let rook = Movement::rook();
    /// let parts: Vec<TablePart<u64>> = rook.parts().iter().map(|&part| TablePart::new(part, Color::White, geometry)).collect();
    /// let table = MoveTable::<u64>::compile(&geometry, &parts);
    /// let (a1, c3) = (geometry.size().parse_square("a1")?, geometry.size().parse_square("c3")?);
    /// let mut reached = Vec::new();
    /// table.each_attacks(SquareSet::from_square(a1).with(c3), SquareSet::EMPTY, |from, to| reached.push((from, to.count())));
    /// // Two squares along each of a corner's two lines.
    /// assert_eq!(reached, [(a1, 4), (c3, 4)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn each_attacks(&self, from: SquareSet<W>, occupied: SquareSet<W>, visit: impl FnMut(Square, SquareSet<W>)) {
        let occupied = occupied.bits();
        // The arms repeat those of `reach` on purpose: one shared loop
        // given the shape as a constant left the compiler inlining less
        // (chess perft 5: 305.6 M to 343.9 M instructions).
        match &self.shape {
            Shape::Leaps => self.each_reach(from, visit, |entry, _| entry.leaps),
            Shape::OneLookup(slots) => self.each_reach(from, visit, |_, square| {
                self.lookup.reach_by_square(slots, square, occupied)
            }),
            Shape::TwoLookups(slots) => self.each_reach(from, visit, |_, square| {
                self.lookup.reach_by_square(slots, square, occupied)
            }),
            Shape::ThreeLookups(_) | Shape::Lookups { .. } | Shape::ScannedLines | Shape::Mixed => {
                self.each_reach(from, visit, |entry, square| {
                    self.attacks_out_of_line(entry, square, occupied)
                })
            }
        }
    }

    /// Hands `visit` each square of `from` with what `reach` finds from
    /// its entry.
    #[inline(always)]
    fn each_reach(
        &self,
        from: SquareSet<W>,
        mut visit: impl FnMut(Square, SquareSet<W>),
        reach: impl Fn(&Entry<W>, Square) -> W,
    ) {
        for square in from {
            let reached = reach(&self.entries[square.index()], square);
            visit(square, SquareSet::from_bits(reached));
        }
    }

    /// [`MoveTable::attacks`] from `from`, whose entry is `entry`: the
    /// common shapes inline, the rest out of line.
    #[inline(always)]
    fn reach(&self, entry: &Entry<W>, from: Square, occupied: W) -> W {
        match &self.shape {
            Shape::Leaps => entry.leaps,
            Shape::OneLookup(slots) => self.lookup.reach_by_square(slots, from, occupied),
            Shape::TwoLookups(slots) => self.lookup.reach_by_square(slots, from, occupied),
            // One out-of-line arm for the rest, so that the inline
            // dispatch the common shapes take is no longer for them.
            Shape::ThreeLookups(_) | Shape::Lookups { .. } | Shape::ScannedLines | Shape::Mixed => {
                self.attacks_out_of_line(entry, from, occupied)
            }
        }
    }

    /// [`MoveTable::attacks`] for the shapes looked up out of line: many
    /// lookups, lines scanned with no test of what the table lacks
    /// (scanning needs registers), or the general path.
    #[inline(never)]
    fn attacks_out_of_line(&self, entry: &Entry<W>, from: Square, occupied: W) -> W {
        let index = from.index();
        match &self.shape {
            // A rook's lines and one more (a janggi chariot's palace
            // diagonals, a cannon's) are common enough to unroll.
            Shape::ThreeLookups(slots) => self.lookup.reach_by_square(slots, from, occupied),
            &Shape::Lookups { width } => entry.leaps | self.lookup.reach(width, index, occupied),
            Shape::ScannedLines => entry.leaps | self.rays::<false>(index, occupied),
            _ => self.attacks_beyond_leaps(entry, index, occupied),
        }
    }

    /// [`MoveTable::attacks`] for a table of [`Shape::Mixed`].
    #[inline(always)]
    fn attacks_beyond_leaps(&self, entry: &Entry<W>, index: usize, occupied: W) -> W {
        if self.scans_hops {
            // Out of line, before anything else: the common lookups keep
            // their code (and registers) to themselves.
            return self.attacks_with_hops_scanned(entry, index, occupied);
        }
        let mut reached = entry.leaps;
        if let Some(magic) = &self.magic {
            reached |= magic.lookup().reach(magic.width(), index, occupied);
        } else if self.up_width + self.down_width > 0 {
            reached |= self.lines_reach(entry, index, occupied);
        }
        if self.scans_legs && entry.legged_end > entry.legged_start {
            let legged = self.legged_of(entry);
            for legged in legged.iter().filter(|legged| (legged.legs & occupied).is_zero()) {
                reached |= legged.destination;
            }
        }
        reached
    }

    /// The squares the lines out of square number `index` reach, scanned.
    #[inline(always)]
    fn lines_reach(&self, entry: &Entry<W>, index: usize, occupied: W) -> W {
        let rays = if self.wraps {
            self.rays::<true>(index, occupied)
        } else {
            self.rays::<false>(index, occupied)
        };
        if self.filtered { rays & entry.allowed } else { rays }
    }

    /// The squares the lines out of square number `index` reach, before
    /// the destination filter; with `WRAPS`, past a cylinder's seam too
    /// (a test at every line that the other boards are spared).
    #[inline(always)]
    fn rays<const WRAPS: bool>(&self, index: usize, occupied: W) -> W {
        let (up, down) = self.lines_of(index);
        let mut rays = W::ZERO;
        for line in up {
            rays |= if WRAPS {
                line.reach::<true>(occupied)
            } else {
                line.reach_unwrapped::<true>(occupied)
            };
        }
        for line in down {
            rays |= if WRAPS {
                line.reach::<false>(occupied)
            } else {
                line.reach_unwrapped::<false>(occupied)
            };
        }
        rays
    }

    /// [`MoveTable::attacks`] for a table with hops and no magic lookup:
    /// everything scanned.
    #[cold]
    #[inline(never)]
    fn attacks_with_hops_scanned(&self, entry: &Entry<W>, index: usize, occupied: W) -> W {
        let mut reached = entry.leaps | self.lines_reach(entry, index, occupied);
        for hop in self.hops_of(index) {
            reached |= hop.reach(occupied) & entry.allowed;
        }
        for legged in self.legged_of(entry) {
            if (legged.legs & occupied).is_zero() {
                reached |= legged.destination;
            }
        }
        reached
    }

    /// The hops out of square number `index`, one by one (a magic lookup,
    /// where there is one, reads them all at once).
    #[inline]
    fn hops_of(&self, index: usize) -> &[Ray<W>] {
        let (start, end) = self.rare.hop_ranges.get(index).copied().unwrap_or_default();
        self.rare.hops.get(start as usize..end as usize).unwrap_or_default()
    }

    /// The ascending and descending lines out of square number `index`.
    #[inline]
    fn lines_of(&self, index: usize) -> (&[Line<W>], &[Line<W>]) {
        let stride = self.up_width + self.down_width;
        let lines = self.lines.get(index * stride..(index + 1) * stride).unwrap_or_default();
        lines.split_at(self.up_width.min(lines.len()))
    }

    /// The lines out of square number `index`, each with whether its
    /// squares ascend in index order (none off the board).
    pub(crate) fn lines_from(&self, index: usize) -> impl Iterator<Item = (&Line<W>, bool)> {
        let (up, down) = self.lines_of(index);
        up.iter()
            .map(|line| (line, true))
            .chain(down.iter().map(|line| (line, false)))
    }

    #[inline]
    fn legged_of(&self, entry: &Entry<W>) -> &[Legged<W>] {
        self.legged
            .get(entry.legged_start as usize..entry.legged_end as usize)
            .unwrap_or_default()
    }

    /// The squares whose occupancy can change what the moves from `from`
    /// reach: every square of its rays and hops, and the legs of its lame
    /// and multi-step moves. A change of occupancy elsewhere leaves
    /// [`MoveTable::attacks`] from `from` as it was.
    #[inline]
    pub fn blockers(&self, from: Square) -> SquareSet<W> {
        SquareSet::from_bits(self.rare.blockers.get(from.index()).copied().unwrap_or(W::ZERO))
    }

    /// The squares whose occupancy can change which squares of `among` the
    /// moves from `from` reach: the squares of the rays and hops that meet
    /// `among`, and the legs of the legged moves that end on it. In a
    /// reverse table from a royal square, with `among` the enemy pieces,
    /// these are the squares a move must touch to open an attack on it:
    /// an attacker stands on the path it attacks along. Most of
    /// [`MoveTable::blockers`] is on paths without an attacker.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry, SquareSet};
    /// use fairy_movement::{Color, MoveTable, Movement, TablePart};
    ///
    /// let size = BoardSize::new(4, 4)?;
    /// let geometry = Geometry::new(size);
    /// let parts: Vec<TablePart<u64>> = Movement::rook()
    ///     .parts()
    ///     .iter()
    ///     .map(|&part| TablePart::new(part, Color::White, geometry))
    ///     .collect();
    /// let rook = MoveTable::<u64>::compile_reverse(&geometry, &parts);
    /// let a1 = size.parse_square("a1")?;
    /// let on_d1 = SquareSet::from_square(size.parse_square("d1")?);
    /// // Only the first rank can open an attack from d1 on a1.
    /// assert_eq!(rook.blockers_toward(a1, on_d1).count(), 3);
    /// assert_eq!(rook.blockers(a1).count(), 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn blockers_toward(&self, from: Square, among: SquareSet<W>) -> SquareSet<W> {
        self.blockers_and_screens_toward(from, among).0
    }

    /// [`MoveTable::blockers_toward`] and [`MoveTable::screens_toward`]
    /// together, the hops' lines read once for both.
    #[inline]
    pub fn blockers_and_screens_toward(&self, from: Square, among: SquareSet<W>) -> (SquareSet<W>, SquareSet<W>) {
        let entry = &self.entries[from.index()];
        // A hop's line is where its screens stand.
        let screens = self.screens_toward(from, among);
        let mut blockers = screens.bits();
        let among = among.bits();
        let meets = |squares: W| !(squares & among).is_zero();
        let (up, down) = self.lines_of(from.index());
        for line in up.iter().chain(down) {
            if meets(line.run | line.next) {
                blockers |= line.run | line.next;
            }
        }
        for legged in self.legged_of(entry) {
            if meets(legged.destination) {
                blockers |= legged.legs;
            }
        }
        (SquareSet::from_bits(blockers), screens)
    }

    /// The squares of [`MoveTable::blockers_toward`] whose filling can
    /// change which squares of `among` the moves from `from` reach: the
    /// lines of the hops that meet `among` (a piece arriving there may be
    /// a screen). Filling any other square only blocks.
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry, SquareSet};
    /// use fairy_movement::{Color, MoveTable, Movement, TablePart};
    ///
    /// let size = BoardSize::new(5, 5)?;
    /// let geometry = Geometry::new(size);
    /// let cannon: Movement = "mRcpR".parse()?;
    /// let parts: Vec<TablePart<u64>> =
    ///     cannon.parts().iter().map(|&part| TablePart::new(part, Color::White, geometry)).collect();
    /// let attackers = MoveTable::<u64>::compile_reverse(&geometry, &parts);
    /// let a1 = size.parse_square("a1")?;
    /// // A cannon on a5 attacks a1 once a piece stands between them.
    /// let on_a5 = SquareSet::from_square(size.parse_square("a5")?);
    /// assert_eq!(attackers.screens_toward(a1, on_a5).count(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn screens_toward(&self, from: Square, among: SquareSet<W>) -> SquareSet<W> {
        let among = among.bits();
        let screens = self
            .hops_of(from.index())
            .iter()
            .map(|hop| hop.line.run | hop.line.next)
            .filter(|&squares| !(squares & among).is_zero())
            .fold(W::ZERO, |all, squares| all | squares);
        SquareSet::from_bits(screens)
    }

    /// Every square the moves from `from` reach under some occupancy: a
    /// piece elsewhere is never reached (nor, in a reverse table, attacks
    /// `from`), whatever stands where.
    #[inline]
    pub fn potential(&self, from: Square) -> SquareSet<W> {
        SquareSet::from_bits(self.entries[from.index()].potential)
    }

    /// Whether `from` reaches some square of `among` when the squares of
    /// `occupied` are occupied: [`MoveTable::attacks_among`] asked only
    /// whether it is empty, which answers a miss of the potential with no
    /// second test (the question every attack group is asked about each
    /// square a royal piece may step to).
    ///
    /// # Examples
    ///
    /// ```
    /// use fairy_geometry::{BoardSize, Geometry, SquareSet};
    /// use fairy_movement::{Color, MoveTable, Movement, TablePart};
    ///
    /// let geometry = Geometry::new(BoardSize::new(3, 3)?);
    /// let rook = Movement::rook();
    /// let parts: Vec<TablePart<u64>> = rook.parts().iter().map(|&part| TablePart::new(part, Color::White, geometry)).collect();
    /// let table = MoveTable::<u64>::compile(&geometry, &parts);
    /// let square = |name: &str| geometry.size().parse_square(name);
    /// let (a1, a2, a3) = (square("a1")?, square("a2")?, square("a3")?);
    /// let a3_alone = SquareSet::from_square(a3);
    /// assert!(table.reaches_any(a1, SquareSet::EMPTY, a3_alone));
    /// // A piece on a2 blocks the file.
    /// assert!(!table.reaches_any(a1, SquareSet::from_square(a2), a3_alone));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn reaches_any(&self, from: Square, occupied: SquareSet<W>, among: SquareSet<W>) -> bool {
        let entry = &self.entries[from.index()];
        let within_reach = entry.potential & among.bits();
        if within_reach.is_zero() {
            return false;
        }
        matches!(self.shape, Shape::Leaps) || !(self.reach(entry, from, occupied.bits()) & among.bits()).is_zero()
    }

    /// The squares of `among` reached from `from` when the squares of
    /// `occupied` are occupied: [`MoveTable::attacks`] `& among`, without a
    /// lookup where no square of `among` could be reached at all (the
    /// common case when `among` are a few pieces and `from` a royal
    /// piece's square, in a reverse table).
    #[inline(always)]
    pub fn attacks_among(&self, from: Square, occupied: SquareSet<W>, among: SquareSet<W>) -> SquareSet<W> {
        let entry = &self.entries[from.index()];
        let within_reach = entry.potential & among.bits();
        // A table of plain leaps reaches its potential whatever the
        // occupancy: the shape is asked only once some square of `among`
        // is within reach, which is rare.
        if within_reach.is_zero() || matches!(self.shape, Shape::Leaps) {
            return SquareSet::from_bits(within_reach);
        }
        SquareSet::from_bits(self.reach(entry, from, occupied.bits()) & among.bits())
    }

    /// The squares reached by plain leaps from `from`, which no occupancy
    /// blocks.
    #[inline]
    pub fn leaps(&self, from: Square) -> SquareSet<W> {
        SquareSet::from_bits(self.entries[from.index()].leaps)
    }

    /// Whether every move of the table is a plain leap, so that
    /// [`MoveTable::leaps`] is the whole story.
    pub fn is_leaper(&self) -> bool {
        matches!(self.shape, Shape::Leaps)
    }

    /// Whether the table scans its lines for want of a magic lookup (a
    /// rider's on 16x16): where following many riders at once with
    /// shifts (see [`DirectionFill`](crate::DirectionFill)) beats looking
    /// each one up.
    pub fn is_scanned(&self) -> bool {
        matches!(self.shape, Shape::ScannedLines)
    }

    /// Whether some move of the table hops over a screen: the one kind of
    /// move that a piece placed on the board can open rather than block.
    pub fn has_hops(&self) -> bool {
        !self.rare.hops.is_empty()
    }

    /// Whether some path of the table has legs: squares that only block
    /// (lame leaps, multi-step moves, initial-only rides).
    pub fn has_legs(&self) -> bool {
        !self.legged.is_empty()
    }

    /// Whether the table has no move at all.
    pub fn is_empty(&self) -> bool {
        self.is_leaper() && self.entries.iter().all(|entry| entry.leaps.is_zero())
    }

    /// The squares a move from `from` may end on as far as the board is
    /// concerned: on a grid, those outside `from`'s cell.
    #[inline]
    pub fn allowed(&self, from: Square) -> SquareSet<W> {
        SquareSet::from_bits(self.entries[from.index()].allowed)
    }

    /// Reports, for each path out of `from` that meets a square of
    /// `interesting`, the first and second occupied squares on it.
    ///
    /// From a king's square in a reverse table this finds checks (the first
    /// occupied square holds an attacker) and pins (the first holds a piece
    /// of the king's side and the second an attacker). On a ride's ray a
    /// piece anywhere may attack; a lame or multi-step path has legs, which
    /// only block, and its piece stands at the far end: such a path is
    /// reported only when that end holds a piece of `interesting`, and a
    /// piece of `interesting` on a leg is not reported as first (it attacks
    /// nothing along this path). Destinations are not filtered by
    /// [`MoveTable::allowed`]; the caller checks that the attacker's square
    /// is one.
    #[inline(always)]
    pub fn hits(
        &self,
        from: Square,
        occupied: SquareSet<W>,
        interesting: SquareSet<W>,
        mut visit: impl FnMut(PathHit<W>),
    ) {
        let entry = &self.entries[from.index()];
        let (occupied, interesting) = (occupied.bits(), interesting.bits());
        let (up, down) = self.lines_of(from.index());
        let relevant = |line: &&Line<W>| !((line.run | line.next) & interesting).is_zero();
        for line in up.iter().filter(relevant) {
            line_hit(line.first_two::<true>(occupied)).map(&mut visit);
        }
        for line in down.iter().filter(relevant) {
            line_hit(line.first_two::<false>(occupied)).map(&mut visit);
        }
        for legged in self.legged_of(entry) {
            if (legged.destination & interesting & occupied).is_zero() {
                continue;
            }
            let blockers = legged.legs & occupied;
            let whole = SquareSet::from_bits(legged.legs | legged.destination);
            let destination = square_of(legged.destination);
            if blockers.is_zero() {
                visit(PathHit {
                    first: destination,
                    through_first: whole,
                    second: None,
                    through_second: SquareSet::EMPTY,
                });
            } else if blockers.without_lowest().is_zero() && (blockers & interesting).is_zero() {
                visit(PathHit {
                    first: square_of(blockers),
                    through_first: whole,
                    second: Some(destination),
                    through_second: whole,
                });
            }
        }
    }
}

/// The square of a word's lowest set bit.
#[inline]
fn square_of<W: Word>(bits: W) -> Square {
    Square::new(bits.trailing_zeros() as u8)
}

/// The hit of a line from its first two occupied squares.
fn line_hit<W: Word>([first, second]: [Option<(W, W)>; 2]) -> Option<PathHit<W>> {
    let (first, through_first) = first?;
    Some(PathHit {
        first: square_of(first),
        through_first: SquareSet::from_bits(through_first),
        second: second.map(|(bit, _)| square_of(bit)),
        through_second: SquareSet::from_bits(second.map_or(W::ZERO, |(_, path)| path)),
    })
}

impl Path {
    /// A path whose only destination is its last square.
    pub(crate) fn legged(squares: SmallVec<[Square; 8]>) -> Path {
        let last = squares.len().saturating_sub(1);
        Path::new(squares, last)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::{Atom, Directions, Movement};
    use fairy_geometry::BoardSize;

    #[test]
    fn a_rook_takes_one_lookup_a_queen_two_and_multipliers_are_searched_once() {
        // A board no other test uses, so that nothing was searched before.
        let size = BoardSize::new(8, 7).unwrap();
        let geometry = Geometry::new(size);
        let rook = table(&geometry, &Movement::rook(), Color::White);
        let magic = rook.magic.as_ref().expect("8x7 gets a magic lookup");
        assert_eq!(magic.width(), 1);
        assert!(magic.tries() > 0);
        let queen = table(&geometry, &Movement::queen(), Color::White);
        assert_eq!(queen.magic.as_ref().map(|magic| magic.width()), Some(2));
        // The same table again: the same lookup, shared.
        let same = table(&geometry, &Movement::rook(), Color::White);
        assert!(Arc::ptr_eq(magic, same.magic.as_ref().unwrap()));
        // Black's rook lists its rays in another order: the lookup is the
        // same one still, not a copy.
        let black = table(&geometry, &Movement::rook(), Color::Black);
        assert!(Arc::ptr_eq(magic, black.magic.as_ref().unwrap()));
        // Nor are they once no table holds the lookup.
        let empty_board = |table: &MoveTable<u64>| -> Vec<_> {
            size.squares()
                .map(|from| table.attacks(from, SquareSet::EMPTY))
                .collect()
        };
        let reference = empty_board(&rook);
        drop((rook, same, black));
        let again = table(&geometry, &Movement::rook(), Color::White);
        assert_eq!(again.magic.as_ref().map(|magic| magic.tries()), Some(0));
        assert_eq!(empty_board(&again), reference);
    }

    #[test]
    fn a_queen_takes_a_rooks_and_a_bishops_lookups_without_searching() {
        // A board no other test uses, so that nothing was searched before.
        let size = BoardSize::new(7, 8).unwrap();
        let geometry = Geometry::new(size);
        let rook = table(&geometry, &Movement::rook(), Color::White);
        let bishop = table(&geometry, &Movement::bishop(), Color::White);
        let queen = table(&geometry, &Movement::queen(), Color::White);
        let magic = queen.magic.as_ref().expect("7x8 gets a magic lookup");
        // Its lines are grouped as the rook's and the bishop's, whose
        // multipliers and tables are reused.
        assert_eq!(magic.width(), 2);
        assert_eq!(magic.tries(), 0);
        let mut random = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..200 {
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            let occupied = SquareSet::from_bits(random & random.rotate_left(23)) & SquareSet::board(size);
            for from in size.squares() {
                assert_eq!(
                    queen.attacks(from, occupied),
                    rook.attacks(from, occupied) | bishop.attacks(from, occupied)
                );
            }
        }
    }

    #[test]
    fn magic_multipliers_for_a_cylinder_with_a_grid_are_found_cheaply() {
        // A fuzzing find: on a 7x9 cylinder with a grid, many lines have no
        // multiplier at the tight table size, and the builder once spent
        // 20,000 tries on each of them (about 6 million in all).
        let size = BoardSize::new(7, 9).unwrap();
        let geometry = Geometry::new(size).with_cylinder().with_grid(2, 2).unwrap();
        let table = table(&geometry, &Movement::queen(), Color::White);
        let magic = table.magic.as_ref().expect("a board of 63 squares gets a magic lookup");
        assert!(magic.tries() < 1_000_000, "{} tries", magic.tries());
        // And the lookup works: from a1 the queen reaches g1 across the
        // seam, and b1 not at all (the same grid cell).
        let a1 = size.parse_square("a1").unwrap();
        let g1 = size.parse_square("g1").unwrap();
        let b1 = size.parse_square("b1").unwrap();
        assert!(table.attacks(a1, SquareSet::EMPTY).contains(g1));
        assert!(!table.attacks(a1, SquareSet::EMPTY).contains(b1));
    }

    fn table(geometry: &Geometry, movement: &Movement, color: Color) -> MoveTable<u64> {
        let parts: Vec<TablePart<u64>> = movement
            .parts()
            .iter()
            .map(|&part| TablePart::new(part, color, *geometry))
            .collect();
        MoveTable::compile(geometry, &parts)
    }

    /// The reverse table of `movement` for `color` on `geometry` (also the
    /// other modules' tests' way to make one).
    pub(crate) fn reverse(geometry: &Geometry, movement: &Movement, color: Color) -> MoveTable<u64> {
        let parts: Vec<TablePart<u64>> = movement
            .parts()
            .iter()
            .map(|&part| TablePart::new(part, color, *geometry))
            .collect();
        MoveTable::compile_reverse(geometry, &parts)
    }

    fn set(geometry: &Geometry, names: &[&str]) -> SquareSet<u64> {
        names.iter().map(|n| geometry.size().parse_square(n).unwrap()).collect()
    }

    fn names(geometry: &Geometry, set: SquareSet<u64>) -> Vec<String> {
        let mut names: Vec<String> = set.iter().map(|s| geometry.size().name(s).to_string()).collect();
        names.sort();
        names
    }

    fn reach(geometry: &Geometry, movement: &Movement, color: Color, from: &str, occupied: &[&str]) -> Vec<String> {
        let from = geometry.size().parse_square(from).unwrap();
        names(
            geometry,
            table(geometry, movement, color).attacks(from, set(geometry, occupied)),
        )
    }

    #[test]
    fn camel_on_a1_of_five_by_ten() {
        let gnu = Geometry::new(BoardSize::new(5, 10).unwrap());
        assert_eq!(reach(&gnu, &Movement::camel(), Color::White, "a1", &[]), ["b4", "d2"]);
        assert_eq!(
            reach(&gnu, &Movement::gnu(), Color::White, "a1", &["b3"]),
            ["b3", "b4", "c2", "d2"]
        );
        assert_eq!(
            reach(&gnu, &Movement::zebra(), Color::White, "c5", &[]),
            ["a2", "a8", "e2", "e8"]
        );
    }

    #[test]
    fn sliders_stop_at_blockers_including_them() {
        let chess = Geometry::new(BoardSize::new(8, 8).unwrap());
        assert_eq!(
            reach(
                &chess,
                &Movement::rook(),
                Color::White,
                "d4",
                &["d6", "b4", "d2", "h4", "a1"]
            ),
            ["b4", "c4", "d2", "d3", "d5", "d6", "e4", "f4", "g4", "h4"]
        );
        assert_eq!(
            reach(&chess, &Movement::bishop(), Color::White, "a1", &["c3"]),
            ["b2", "c3"]
        );
        assert_eq!(
            reach(&chess, &Movement::queen(), Color::White, "h8", &["g7", "g8", "h7"]),
            ["g7", "g8", "h7"]
        );
    }

    #[test]
    fn every_named_piece_on_an_empty_board() {
        let chess = Geometry::new(BoardSize::new(8, 8).unwrap());
        let count = |m: Movement, from: &str| reach(&chess, &m, Color::White, from, &[]).len();
        assert_eq!(count(Movement::king(), "e4"), 8);
        assert_eq!(count(Movement::king(), "a1"), 3);
        assert_eq!(count(Movement::queen(), "d4"), 27);
        assert_eq!(count(Movement::rook(), "a1"), 14);
        assert_eq!(count(Movement::bishop(), "d4"), 13);
        assert_eq!(count(Movement::knight(), "d4"), 8);
        assert_eq!(count(Movement::knight(), "a1"), 2);
        assert_eq!(count(Movement::ferz(), "a1"), 1);
        assert_eq!(count(Movement::wazir(), "e4"), 4);
        assert_eq!(count(Movement::camel(), "d4"), 8);
        assert_eq!(count(Movement::zebra(), "d4"), 8);
        assert_eq!(count(Movement::gnu(), "d4"), 16);
    }

    #[test]
    fn pawns_in_both_colours() {
        let chess = Geometry::new(BoardSize::new(8, 8).unwrap());
        let pawn = Movement::chess_pawn();
        // All parts together (the position separates moves from captures).
        assert_eq!(reach(&chess, &pawn, Color::White, "e2", &[]), ["d3", "e3", "e4", "f3"]);
        assert_eq!(reach(&chess, &pawn, Color::White, "e2", &["e3"]), ["d3", "e3", "f3"]);
        assert_eq!(reach(&chess, &pawn, Color::Black, "e7", &[]), ["d6", "e5", "e6", "f6"]);
        let berolina = Movement::berolina_pawn();
        assert_eq!(
            reach(&chess, &berolina, Color::White, "e2", &["f3"]),
            ["c4", "d3", "e3", "f3"]
        );
        assert_eq!(reach(&chess, &berolina, Color::Black, "a7", &[]), ["a6", "b6", "c5"]);
    }

    #[test]
    fn a_knight_crosses_the_seam_of_a_cylinder() {
        let cylinder = Geometry::new(BoardSize::new(8, 8).unwrap()).with_cylinder();
        assert_eq!(
            reach(&cylinder, &Movement::knight(), Color::White, "a1", &[]),
            ["b3", "c2", "g2", "h3"]
        );
        assert_eq!(reach(&cylinder, &Movement::knight(), Color::White, "h4", &[]).len(), 8);
    }

    #[test]
    fn cylinder_rook_goes_round_both_ways_and_grid_removes_its_cell() {
        let size = BoardSize::new(8, 8).unwrap();
        let cylinder = Geometry::new(size).with_cylinder();
        let rank: Vec<String> = reach(&cylinder, &Movement::rook(), Color::White, "a1", &["a2"])
            .into_iter()
            .collect();
        assert_eq!(rank, ["a2", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]);
        // Blockers on both sides: the ray right stops at c1, the ray left at f1.
        assert_eq!(
            reach(&cylinder, &Movement::rook(), Color::White, "a1", &["a2", "c1", "f1"]),
            ["a2", "b1", "c1", "f1", "g1", "h1"]
        );
        let cgnp = cylinder.with_grid(2, 2).unwrap();
        assert_eq!(
            reach(&cgnp, &Movement::rook(), Color::White, "a1", &["a3"]),
            ["a3", "c1", "d1", "e1", "f1", "g1", "h1"]
        );
        // The king on e1 of an empty CGNP board: only d1 and d2.
        assert_eq!(reach(&cgnp, &Movement::king(), Color::White, "e1", &[]), ["d1", "d2"]);
    }

    #[test]
    fn cylinder_bishop_reaches_one_square_by_two_diagonals() {
        let cylinder = Geometry::new(BoardSize::new(8, 8).unwrap()).with_cylinder();
        let bishop = Movement::bishop();
        // d1-h5 via e2-f3-g4 or via c2-b3-a4: reachable if either is open.
        assert!(reach(&cylinder, &bishop, Color::White, "d1", &["e2"]).contains(&"h5".to_string()));
        assert!(reach(&cylinder, &bishop, Color::White, "d1", &["b3"]).contains(&"h5".to_string()));
        assert!(!reach(&cylinder, &bishop, Color::White, "d1", &["e2", "b3"]).contains(&"h5".to_string()));
    }

    #[test]
    fn a_net_cuts_rays_but_not_knights() {
        let size = BoardSize::new(7, 7).unwrap();
        let chennis = Geometry::new(size).with_net(4).unwrap();
        let rook = Movement::rook();
        let parts = [TablePart {
            may_cross_net: false,
            ..TablePart::new(rook.parts()[0], Color::White, chennis)
        }];
        let rook_table = MoveTable::<u64>::compile(&chennis, &parts);
        let a4 = size.parse_square("a4").unwrap();
        assert_eq!(names(&chennis, rook_table.attacks(a4, SquareSet::EMPTY)).len(), 9);
        assert_eq!(reach(&chennis, &Movement::knight(), Color::White, "d4", &[]).len(), 8);
    }

    #[test]
    fn reverse_tables_find_attackers() {
        let chess = Geometry::new(BoardSize::new(8, 8).unwrap());
        let e4 = chess.size().parse_square("e4").unwrap();
        let pawn_attack: Movement = Part::leap(Atom::FERZ).only(Directions::FORWARD).capture_only().into();
        // White pawns attack e4 from d3 and f3; Black pawns from d5 and f5.
        let white = reverse(&chess, &pawn_attack, Color::White).attacks(e4, SquareSet::EMPTY);
        assert_eq!(names(&chess, white), ["d3", "f3"]);
        let black = reverse(&chess, &pawn_attack, Color::Black).attacks(e4, SquareSet::EMPTY);
        assert_eq!(names(&chess, black), ["d5", "f5"]);
        // A lame leaper is reversed with its legs: a Xiangqi horse on d2
        // reaches e4 through d3.
        let horse: Movement = Part::leap(Atom::KNIGHT).lame().into();
        let from = reverse(&chess, &horse, Color::White);
        assert!(
            from.attacks(e4, SquareSet::EMPTY)
                .contains(chess.size().parse_square("d2").unwrap())
        );
        assert!(
            !from
                .attacks(e4, set(&chess, &["d3"]))
                .contains(chess.size().parse_square("d2").unwrap())
        );
        assert!(
            from.attacks(e4, set(&chess, &["e3"]))
                .contains(chess.size().parse_square("d2").unwrap())
        );
    }

    #[test]
    fn reverse_equals_forward_inverted_for_every_piece_and_board() {
        let size = BoardSize::new(8, 8).unwrap();
        let boards = [
            Geometry::new(size),
            Geometry::new(size).with_cylinder(),
            Geometry::new(size).with_cylinder().with_grid(2, 2).unwrap(),
            Geometry::new(BoardSize::new(7, 7).unwrap()).with_net(4).unwrap(),
        ];
        // Hoppers reverse with their limits before and beyond the screen
        // exchanged.
        let mut pieces = vec![
            Movement::queen(),
            Movement::knight(),
            Movement::chess_pawn(),
            Movement::gnu(),
        ];
        pieces.extend(["pR", "gQ", "fpB", "pQ3", "mRcpR"].iter().map(|b| b.parse().unwrap()));
        let occupied_sets = [
            0u64,
            0x0000_1234_5678_0000,
            0x00ff_0000_0000_ff00,
            0x8142_2418_1824_4281,
        ];
        for geometry in &boards {
            for piece in &pieces {
                for color in Color::ALL {
                    let forward = table(geometry, piece, color);
                    let backward = reverse(geometry, piece, color);
                    for bits in occupied_sets {
                        let occupied = SquareSet::from_bits(bits) & SquareSet::board(geometry.size());
                        for from in geometry.size().squares() {
                            for to in geometry.size().squares() {
                                assert_eq!(
                                    forward.attacks(from, occupied).contains(to),
                                    backward.attacks(to, occupied).contains(from),
                                    "{piece} {color:?} {from:?}->{to:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn occupancy_off_the_blockers_or_screens_toward_some_pieces_opens_no_attack_from_them() {
        let size = BoardSize::new(8, 8).unwrap();
        let boards = [
            Geometry::new(size),
            Geometry::new(size).with_cylinder(),
            Geometry::new(BoardSize::new(7, 7).unwrap()).with_net(4).unwrap(),
        ];
        // Riders, hoppers (the cannon's captures), a lame leaper and a
        // multi-step move: every kind of path a reverse table holds.
        let mut pieces = vec![Movement::queen(), Movement::knight(), Movement::gnu()];
        pieces.push(Part::leap(Atom::KNIGHT).lame().into());
        pieces.extend(["mRcpR", "gQ", "pB"].iter().map(|b| b.parse().unwrap()));
        let mut random = crate::magic::Random(0x2545_f491_4f6c_dd1d);
        let mut next = move || random.next();
        for geometry in &boards {
            let board = SquareSet::board(geometry.size());
            for piece in &pieces {
                let attackers = reverse(geometry, piece, Color::White);
                for _ in 0..40 {
                    let among = SquareSet::from_bits(next() & next()) & board;
                    let occupied = (SquareSet::from_bits(next()) & board) | among;
                    for target in geometry.size().squares() {
                        let toward = attackers.blockers_toward(target, among);
                        assert!((toward - attackers.blockers(target)).is_empty());
                        // Occupancy changed anywhere else (the pieces of
                        // `among` staying): the same attackers.
                        let elsewhere = SquareSet::from_bits(next()) & board;
                        let changed = (occupied ^ (elsewhere - toward - among)) | among;
                        let attacking = attackers.attacks(target, occupied) & among;
                        assert_eq!(
                            attacking,
                            attackers.attacks(target, changed) & among,
                            "{piece} on {target:?}"
                        );
                        // Squares filled off the screens: no new attacker.
                        let screens = attackers.screens_toward(target, among);
                        assert!((screens - toward).is_empty());
                        assert_eq!(attackers.blockers_and_screens_toward(target, among), (toward, screens));
                        let filled = occupied | (elsewhere - screens - SquareSet::from_square(target));
                        assert!(
                            ((attackers.attacks(target, filled) & among) - attacking).is_empty(),
                            "{piece} on {target:?}: an attack opened by filling"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_cannon_captures_over_one_screen_and_a_grasshopper_lands_behind_it() {
        let xiangqi = Geometry::new(BoardSize::new(9, 10).unwrap());
        let chess = Geometry::new(BoardSize::new(8, 8).unwrap());
        let cannon: Movement = "pR".parse().unwrap();
        let grasshopper: Movement = "gQ".parse().unwrap();
        // A 128-bit board and a 64-bit board alike.
        let large = |movement: &Movement, from: &str, occupied: &[&str]| {
            let table: MoveTable<u128> = {
                let parts: Vec<TablePart<u128>> = movement
                    .parts()
                    .iter()
                    .map(|&part| TablePart::new(part, Color::White, xiangqi))
                    .collect();
                MoveTable::compile(&xiangqi, &parts)
            };
            let from = xiangqi.size().parse_square(from).unwrap();
            let occupied: SquareSet<u128> = occupied
                .iter()
                .map(|n| xiangqi.size().parse_square(n).unwrap())
                .collect();
            let mut names: Vec<String> = table
                .attacks(from, occupied)
                .iter()
                .map(|s| xiangqi.size().name(s).to_string())
                .collect();
            names.sort();
            names
        };
        // Over b5 to b6 and b7 (the next piece); over c3 to d3, e3 and f3 (the next piece).
        assert_eq!(
            large(&cannon, "b3", &["b5", "b7", "b9", "c3", "f3", "a3"]),
            ["b6", "b7", "d3", "e3", "f3"]
        );
        assert_eq!(large(&cannon, "e5", &[]), Vec::<String>::new());
        assert_eq!(
            reach(&chess, &cannon, Color::White, "a1", &["a2", "a8", "d1"]),
            ["a3", "a4", "a5", "a6", "a7", "a8", "e1", "f1", "g1", "h1"]
        );
        assert_eq!(
            reach(
                &chess,
                &grasshopper,
                Color::White,
                "d4",
                &["d6", "f6", "e4", "h4", "b2"]
            ),
            ["a1", "d7", "f4", "g7"]
        );
        assert_eq!(
            large(&grasshopper, "d4", &["d6", "f6", "e4", "h4", "b2"]),
            ["a1", "d7", "f4", "g7"]
        );
        // The screen at the edge leaves nothing to land on.
        assert_eq!(
            reach(&chess, &grasshopper, Color::White, "a1", &["a8"]),
            Vec::<String>::new()
        );
    }

    /// What `movement` reaches from `from`, walking its paths square by
    /// square: rides to their first blocker, hops beyond their screen,
    /// lame leaps past empty legs.
    fn walked<W: Word>(geometry: &Geometry, movement: &Movement, from: Square, occupied: SquareSet<W>) -> SquareSet<W> {
        let mut reached = SquareSet::EMPTY;
        for part in movement.parts() {
            for path in part.paths(geometry, Color::White, from, true) {
                let mut screen = false;
                let first = path.passed().len();
                for (index, &square) in path.squares().iter().enumerate() {
                    let blocked = occupied.contains(square);
                    if (!part.is_hop() || screen) && index >= first {
                        reached.insert(square);
                    }
                    if blocked {
                        if part.is_hop() && !screen {
                            screen = true;
                        } else {
                            break;
                        }
                    }
                }
            }
        }
        reached
    }

    fn magic_agrees_with_walking<W: Word>(geometry: Geometry, magic: bool) {
        let table = shape_agrees_with_walking::<W>(geometry, "QpQ", None);
        assert_eq!(table.magic.is_some(), magic, "{:?}", geometry.size());
    }

    /// The name of a shape's variant, its slots left out.
    fn shape_name<W: Word>(shape: &Shape<W>) -> String {
        match shape {
            Shape::Leaps => "Leaps".to_string(),
            Shape::OneLookup(_) => "OneLookup".to_string(),
            Shape::TwoLookups(_) => "TwoLookups".to_string(),
            Shape::ThreeLookups(_) => "ThreeLookups".to_string(),
            Shape::Lookups { width } => format!("Lookups {width}"),
            Shape::ScannedLines => "ScannedLines".to_string(),
            Shape::Mixed => "Mixed".to_string(),
        }
    }

    /// Checks `betza`'s table against walking its paths, and that it takes
    /// the lookup named `shape` (see `shape_name`) where one is given;
    /// returns the table.
    fn shape_agrees_with_walking<W: Word>(geometry: Geometry, betza: &str, shape: Option<&str>) -> MoveTable<W> {
        let movement: Movement = betza.parse().unwrap();
        let parts: Vec<TablePart<W>> = movement
            .parts()
            .iter()
            .map(|&part| TablePart::new(part, Color::White, geometry))
            .collect();
        let table = MoveTable::<W>::compile(&geometry, &parts);
        if let Some(shape) = shape {
            assert_eq!(shape_name(&table.shape), shape, "{betza}");
        }
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..40 {
            let occupied: SquareSet<W> = geometry
                .size()
                .squares()
                .filter(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed % 4 == 0
                })
                .collect();
            // A few pieces of interest, as attackers of a royal piece are.
            let among: SquareSet<W> = geometry
                .size()
                .squares()
                .filter(|square| occupied.contains(*square) && (seed >> (square.index() % 64)) & 3 == 0)
                .collect();
            for from in geometry.size().squares() {
                assert_eq!(
                    table.attacks(from, occupied),
                    walked(&geometry, &movement, from, occupied),
                    "{betza} from {from:?}"
                );
                assert_eq!(
                    table.attacks_among(from, occupied, among),
                    table.attacks(from, occupied) & among,
                    "{from:?}"
                );
                assert_eq!(
                    table.reaches_any(from, occupied, among),
                    table.attacks(from, occupied).intersects(among),
                    "{from:?}"
                );
            }
            // Tables hold a record for every square index: those off the
            // board reach nothing, whatever the shape.
            for index in geometry.size().square_count()..=usize::from(u8::MAX) {
                let off_board = Square::new(index as u8);
                assert_eq!(
                    table.attacks(off_board, occupied),
                    SquareSet::EMPTY,
                    "{betza} from {index}"
                );
            }
        }
        table
    }

    #[test]
    fn magic_lookups_on_boards_beyond_64_squares_agree_with_walking_the_rays() {
        magic_agrees_with_walking::<u128>(Geometry::new(BoardSize::new(9, 10).unwrap()), true);
        magic_agrees_with_walking::<u128>(Geometry::new(BoardSize::new(12, 10).unwrap()), true);
        magic_agrees_with_walking::<u64>(Geometry::new(BoardSize::new(8, 8).unwrap()), true);
        // A queen's and a cannon's lines on 16 x 16 would need more table
        // entries than a lookup may use: they are scanned, and agree too.
        magic_agrees_with_walking::<fairy_geometry::U256>(Geometry::new(BoardSize::new(16, 16).unwrap()), false);
    }

    #[test]
    fn scanned_lines_on_16x16_agree_with_walking_their_paths() {
        use fairy_geometry::U256;
        // A rook's and a queen's lines on 16 x 16 would need more table
        // entries than a lookup may use: they are scanned, with no test
        // for wraps, grids, hops or legs.
        let geometry = Geometry::new(BoardSize::new(16, 16).unwrap());
        shape_agrees_with_walking::<U256>(geometry, "R", Some("ScannedLines"));
        shape_agrees_with_walking::<U256>(geometry, "Q", Some("ScannedLines"));
        // A lame leap besides: the general path, its lines unwrapped and
        // its legs tested one by one.
        shape_agrees_with_walking::<U256>(geometry, "RnN", Some("Mixed"));
        // On a cylinder the ranks wrap: the general path, past the seam.
        shape_agrees_with_walking::<U256>(geometry.with_cylinder(), "R", Some("Mixed"));
    }

    #[test]
    fn the_inline_lookups_of_riders_agree_with_walking_their_paths() {
        // The shapes looked up without a call: one slot (a rook, a bishop,
        // a rook that also steps like a king), two (a queen).
        let geometry = Geometry::new(BoardSize::new(8, 8).unwrap());
        shape_agrees_with_walking::<u64>(geometry, "R", Some("OneLookup"));
        shape_agrees_with_walking::<u64>(geometry, "B", Some("OneLookup"));
        shape_agrees_with_walking::<u64>(geometry, "RF", Some("OneLookup"));
        shape_agrees_with_walking::<u64>(geometry, "Q", Some("TwoLookups"));
        shape_agrees_with_walking::<u64>(geometry, "N", Some("Leaps"));
        // A lame leap's legs are looked up too: a horse's in one lookup;
        // with a rook's lines, whose squares they are among, still one;
        // with a bishop's, two.
        shape_agrees_with_walking::<u64>(geometry, "nN", Some("OneLookup"));
        shape_agrees_with_walking::<u64>(geometry, "RnN", Some("OneLookup"));
        shape_agrees_with_walking::<u64>(geometry, "BnN", Some("TwoLookups"));
        // Beyond 64 squares too: a xiangqi horse's four legs, and a
        // janggi elephant's twelve in two lookups.
        let xiangqi = Geometry::new(BoardSize::new(9, 10).unwrap());
        shape_agrees_with_walking::<u128>(xiangqi, "nN", Some("OneLookup"));
        shape_agrees_with_walking::<u128>(xiangqi, "nZ", Some("TwoLookups"));
        // Beyond 64 squares lines merge while they have at most 10
        // blocking squares: a rook's file (8) and rank (7) stay apart, a
        // horse's legs join the file; a bishop's diagonals on 10 x 8 (at
        // most 10) take one lookup.
        shape_agrees_with_walking::<u128>(xiangqi, "R", Some("TwoLookups"));
        shape_agrees_with_walking::<u128>(xiangqi, "RnN", Some("TwoLookups"));
        let capablanca = Geometry::new(BoardSize::new(10, 8).unwrap());
        shape_agrees_with_walking::<u128>(capablanca, "B", Some("OneLookup"));
        shape_agrees_with_walking::<u128>(capablanca, "Q", Some("ThreeLookups"));
        // A cannon's two lines and an elephant's two groups of legs: four
        // lookups, out of line.
        shape_agrees_with_walking::<u128>(xiangqi, "pRnZ", Some("Lookups 4"));
        let cylinder = Geometry::new(BoardSize::new(8, 8).unwrap()).with_cylinder();
        shape_agrees_with_walking::<u64>(cylinder, "B", Some("OneLookup"));
        // A queen's wrapping lines take four lookups: around the cylinder
        // a rank has seven squares that block, and a file six, one too
        // many for a lookup of twelve; the diagonals alike.
        shape_agrees_with_walking::<u64>(cylinder, "Q", Some("Lookups 4"));
    }

    #[test]
    fn destinations_limit_moves_and_attacks_to_a_region() {
        // A Xiangqi advisor: a ferz kept in the palace d1-f3.
        let size = BoardSize::new(9, 10).unwrap();
        let board = Geometry::new(size);
        let palace: SquareSet<u128> = ["d1", "f1", "e2", "d3", "f3", "d2", "e1", "f2", "e3"]
            .iter()
            .map(|n| size.parse_square(n).unwrap())
            .collect();
        let parts = [TablePart {
            destinations: palace,
            ..TablePart::new(Part::leap(Atom::FERZ), Color::White, board)
        }];
        let forward = MoveTable::<u128>::compile(&board, &parts);
        let backward = MoveTable::<u128>::compile_reverse(&board, &parts);
        let at = |name: &str| size.parse_square(name).unwrap();
        assert_eq!(
            forward.attacks(at("d3"), SquareSet::EMPTY),
            SquareSet::from_square(at("e2"))
        );
        assert!(forward.attacks(at("e2"), SquareSet::EMPTY).contains(at("f3")));
        assert!(backward.attacks(at("c4"), SquareSet::EMPTY).is_empty());
        assert_eq!(backward.attacks(at("e2"), SquareSet::EMPTY).count(), 4);
    }

    #[test]
    fn hits_find_first_and_second_blockers() {
        let size = BoardSize::new(8, 8).unwrap();
        let chess = Geometry::new(size);
        let rook = table(&chess, &Movement::rook(), Color::White);
        let e1 = size.parse_square("e1").unwrap();
        let occupied = set(&chess, &["e3", "e7", "c1"]);
        let mut hits = Vec::new();
        rook.hits(e1, occupied, set(&chess, &["e7"]), |hit| hits.push(hit));
        assert_eq!(hits.len(), 1);
        assert_eq!(size.name(hits[0].first).to_string(), "e3");
        assert_eq!(hits[0].second.map(|s| size.name(s).to_string()), Some("e7".into()));
        assert_eq!(
            names(&chess, hits[0].through_second),
            ["e2", "e3", "e4", "e5", "e6", "e7"]
        );

        let cylinder = Geometry::new(size).with_cylinder();
        let rook = table(&cylinder, &Movement::rook(), Color::White);
        let b1 = size.parse_square("b1").unwrap();
        let mut hits = Vec::new();
        rook.hits(b1, set(&cylinder, &["h1", "f1"]), set(&cylinder, &["f1"]), |hit| {
            hits.push(hit)
        });
        // Left: a1, then across the seam h1 (first), f1 (second).
        let left = hits.iter().find(|h| size.name(h.first).to_string() == "h1").unwrap();
        assert_eq!(names(&cylinder, left.through_second), ["a1", "f1", "g1", "h1"]);
        // Right: c1, d1, e1, f1 (first), then g1, h1 (second).
        let right = hits.iter().find(|h| size.name(h.first).to_string() == "f1").unwrap();
        assert_eq!(names(&cylinder, right.through_first), ["c1", "d1", "e1", "f1"]);
        assert_eq!(right.second.map(|s| size.name(s).to_string()), Some("h1".into()));
    }
}
