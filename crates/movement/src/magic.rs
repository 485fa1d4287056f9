//! Magic-multiplication lookup of ray attacks and moves with legs.
//!
//! The rays out of each square are grouped in lines (a ray and its
//! opposite), and its moves with legs in groups with few legs. For each
//! square and line (or group) the occupancy of the squares that can block
//! is hashed by a multiplication into a small table of the squares
//! reached. The multipliers are searched for when the table is
//! built; with at most a few blocking squares per line the search takes a
//! handful of tries. Lines with few blocking squares between them share
//! one multiplication (a rook's file and rank on 8x8, a janggi chariot's
//! rank and palace diagonals), which takes longer to search for and is
//! what makes lookups fast. On boards of more than 64 squares the
//! occupancy is first folded into 64 bits ([`Word::fold64`]), with
//! rotations chosen per line so that its squares stay apart.

use std::sync::Arc;

use fairy_geometry::{Square, Word};

use crate::legged::Legged;
use crate::line::Ray;

/// What a slot of a lookup finds the reach of, with others of its line or
/// group: a ray (a ride's or a hop's), or one destination of a move with
/// legs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Blockable<W: Word> {
    Ray(Ray<W>),
    Legged(Legged<W>),
}

impl<W: Word> Blockable<W> {
    /// The squares reached with `occupied` occupied.
    fn reach(&self, occupied: W) -> W {
        match self {
            Blockable::Ray(ray) => ray.reach(occupied),
            Blockable::Legged(legged) => legged.reach(occupied),
        }
    }

    /// The squares whose occupancy changes what is reached.
    fn relevant(&self) -> W {
        match self {
            Blockable::Ray(ray) => ray.relevant(),
            Blockable::Legged(legged) => legged.legs,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct Slot<W: Word> {
    mask: W,
    magic: u64,
    offset: u32,
    shift: u8,
    /// How the mask's 64-bit chunks above the lowest are rotated when
    /// folded.
    rotations: [u8; 3],
}

impl<W: Word> Slot<W> {
    /// A slot that reads the entry at `offset` whatever the occupancy.
    const fn constant(offset: u32) -> Slot<W> {
        Slot {
            mask: W::ZERO,
            magic: 0,
            offset,
            shift: 63,
            rotations: [0; 3],
        }
    }
}

/// The lookup as built: per square `width` slots, each a line with its
/// magic, and what the builder spent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Magic<W: Word> {
    width: usize,
    lookup: Lookup<W>,
    /// How many multipliers the builder tried: the cost of building, kept
    /// for the tests that guard it.
    #[cfg_attr(not(test), allow(dead_code))]
    tries: u64,
}

/// What a lookup reads: the slots, `width` a square, and the entries they
/// index. A table holds it by value, so that its slots are one load away
/// rather than two; a clone shares both parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lookup<W: Word> {
    slots: Arc<[Slot<W>]>,
    reached: Arc<[W]>,
}

/// A lookup's slots, `WIDTH` a square, for every value a square's index
/// (a byte) may take: a square's slots are read with no bounds check. The
/// squares off the board read the empty entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SquareSlots<W: Word, const WIDTH: usize>(Box<[SquareLookup<W, WIDTH>; Square::INDICES]>);

/// One square's record in [`SquareSlots`]: its slots, and the squares it
/// reaches whatever the occupancy (a piece's plain leaps), read together.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct SquareLookup<W: Word, const WIDTH: usize> {
    always: W,
    slots: [Slot<W>; WIDTH],
}

/// The most table entries a magic lookup may use before the builder falls
/// back to scanning rays.
const MAX_ENTRIES: usize = 1 << 20;

impl<W: Word> Magic<W> {
    /// Builds the lookup from each square's lines (groups of rays) and its
    /// destination filter, or `None` if there are no lines, the tables
    /// would be too large or a line's squares cannot be folded apart.
    ///
    /// A square's lines are merged into one lookup where their blocking
    /// squares are few (on 8x8 a rook's two lines take one lookup, a
    /// queen's four take two), if that takes fewer lookups on the square
    /// that needs the most and multipliers for every square are found
    /// quickly: one multiplication instead of two is what pays. A lookup
    /// built before for the same lines (White's and Black's, a kind's
    /// moves and the same lines' attacks, the same kind in another
    /// variant) is shared while some table holds it.
    pub fn build(squares: usize, lines: &[Vec<Vec<Blockable<W>>>], allowed: &[W]) -> Option<Arc<Magic<W>>> {
        // Without lines (a leaper's table, a legged piece's) there is
        // nothing to look up, nor a shared lookup worth looking for.
        if lines.len() != squares || allowed.len() != squares || lines.iter().all(Vec::is_empty) {
            return None;
        }
        let key = (in_one_order(lines), allowed.to_vec());
        let lines = key.0.as_slice();
        if let Some(magic) = shared::find(&key) {
            return Some(magic);
        }
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        let mut tries = 0;
        let merged: Vec<_> = lines.iter().map(|square_lines| merge_lines(square_lines)).collect();
        // What pays is fewer lookups a square, which the slowest square
        // decides: merging only some squares' lines would search for their
        // multipliers for nothing.
        let width = |lines: &[Vec<Vec<Blockable<W>>>]| lines.iter().map(Vec::len).max().unwrap_or(0);
        let fewer = width(&merged) < width(lines);
        let (built, line_tables) = fewer
            .then(|| Magic::search(&merged, allowed, &MERGED_BUDGETS, &mut random, &mut tries))
            .flatten()
            .or_else(|| Magic::search(lines, allowed, &line_budgets::<W>(), &mut random, &mut tries))?;
        let magic = Arc::new(built);
        shared::keep(key, &magic);
        shared::keep_tables(&magic, line_tables);
        Some(magic)
    }

    /// The lookup with a slot for each line of each square, the
    /// multipliers searched with `budgets`, and where each line's table
    /// lies in it; `None` if a multiplier is not found or the tables grow
    /// too large.
    fn search(
        lines: &[Vec<Vec<Blockable<W>>>],
        allowed: &[W],
        budgets: &[u32; 3],
        random: &mut Random,
        tries: &mut u64,
    ) -> Option<(Magic<W>, Vec<shared::KeptLine<W>>)> {
        let width = lines.iter().map(Vec::len).max().unwrap_or(0);
        let mut slots = Vec::with_capacity(lines.len() * width);
        let mut reached = vec![W::ZERO];
        let mut scratch = Scratch::default();
        let mut line_tables = Vec::new();
        for (square_lines, &allowed) in lines.iter().zip(allowed) {
            for line in square_lines {
                let mask = mask_of(line);
                let rotations = rotations_apart(mask)?;
                let folded = mask.fold64(rotations);
                let reach = |occupied: u64| {
                    let occupied = unfold(occupied, mask, rotations);
                    line.iter().fold(W::ZERO, |all, item| all | item.reach(occupied)) & allowed
                };
                // The multiplier found for the same line before, or none
                // if none was found: lines repeat across kinds, tables and
                // variants (their rays in any order), and searching is the
                // costly part of building.
                let mut rays = line.clone();
                rays.sort_unstable();
                let key = (rays, allowed, *budgets);
                let offset = u32::try_from(reached.len()).ok()?;
                // The same line's table in a lookup some table still
                // holds is copied: it is what the multiplier would write.
                let (magic, shift) = match shared::copy_table(&key, &mut reached, MAX_ENTRIES) {
                    Some(copied) => copied,
                    None => {
                        let known = shared::multiplier(&key);
                        if known == Some(None) {
                            return None;
                        }
                        let found = find_magic(folded, &reach, budgets, known.flatten(), random, &mut scratch, tries);
                        shared::remember(key.clone(), found);
                        let found = found?;
                        if reached.len() + scratch.size > MAX_ENTRIES {
                            return None;
                        }
                        reached.extend(scratch.written());
                        let table = shared::LineTable {
                            start: offset,
                            end: u32::try_from(reached.len()).ok()?,
                            magic: found.0,
                            shift: found.1,
                        };
                        line_tables.push((key, table));
                        found
                    }
                };
                slots.push(Slot {
                    mask,
                    magic,
                    offset,
                    shift,
                    rotations,
                });
            }
            // Pad with slots that read the shared empty entry 0.
            for _ in square_lines.len()..width {
                slots.push(Slot::constant(0));
            }
        }
        let magic = Magic {
            width,
            lookup: Lookup {
                slots: slots.into(),
                reached: reached.into(),
            },
            tries: *tries,
        };
        Some((magic, line_tables))
    }

    /// How many multipliers the builder tried.
    #[cfg(test)]
    pub fn tries(&self) -> u64 {
        self.tries
    }

    /// How many lookups a square takes.
    pub fn width(&self) -> usize {
        self.width
    }

    /// What lookups read.
    pub fn lookup(&self) -> &Lookup<W> {
        &self.lookup
    }

    /// The slots laid out for [`Lookup::reach_by_square`], with the
    /// squares reached from square number `index` whatever the occupancy
    /// given by `always(index)`: `WIDTH` must be the lookup's width.
    pub fn by_square<const WIDTH: usize>(&self, always: impl Fn(usize) -> W) -> SquareSlots<W, WIDTH> {
        debug_assert_eq!(self.width, WIDTH, "slots laid out by another width");
        let empty = SquareLookup {
            always: W::ZERO,
            slots: [Slot::constant(0); WIDTH],
        };
        let mut by_square = Box::new([empty; Square::INDICES]);
        for (index, (square, slots)) in by_square
            .iter_mut()
            .zip(self.lookup.slots.chunks_exact(WIDTH))
            .enumerate()
        {
            square.always = always(index);
            square.slots.copy_from_slice(slots);
        }
        SquareSlots(by_square)
    }
}

impl<W: Word> Default for Lookup<W> {
    /// No slots: every read finds nothing.
    fn default() -> Lookup<W> {
        Lookup {
            slots: Arc::from([]),
            reached: Arc::from([]),
        }
    }
}

impl<W: Word> Lookup<W> {
    /// The squares reached from square number `index`, `width` slots a
    /// square.
    #[inline]
    pub fn reach(&self, width: usize, index: usize, occupied: W) -> W {
        let slots = self.slots.get(index * width..(index + 1) * width).unwrap_or_default();
        slots
            .iter()
            .fold(W::ZERO, |reached, slot| reached | self.read(slot, occupied))
    }

    /// [`Lookup::reach`] with `WIDTH` slots a square, known when the code
    /// is compiled (no loop), read from `slots` (see [`SquareSlots`]) with
    /// the squares reached whatever the occupancy.
    #[inline(always)]
    pub fn reach_by_square<const WIDTH: usize>(&self, slots: &SquareSlots<W, WIDTH>, from: Square, occupied: W) -> W {
        let square = &slots.0[from.index()];
        square
            .slots
            .iter()
            .fold(square.always, |reached, slot| reached | self.read(slot, occupied))
    }

    /// The squares `slot` reaches when `occupied` are occupied.
    #[inline(always)]
    fn read(&self, slot: &Slot<W>, occupied: W) -> W {
        let folded = (occupied & slot.mask).fold64(slot.rotations);
        let hash = (folded.wrapping_mul(slot.magic) >> slot.shift) as usize;
        self.reached
            .get(slot.offset as usize + hash)
            .copied()
            .unwrap_or(W::ZERO)
    }
}

/// The most blocking squares one lookup covers when lines are merged: a
/// rook's two lines on 8x8 have at most 12. Boards of more than 64
/// squares fold their lines (see `Word::fold64`), which scatters the
/// bits: there a multiplier for a dozen of them takes tens of thousands of
/// tries (with 12, capablanca's start-up went from 0.01 s to 0.07 s), so
/// their merged lines keep to 10, which still puts a janggi chariot's
/// palace diagonals in one lookup with its rank, and a bishop's two
/// diagonals on 10x8 in one.
const fn merged_bits<W: Word>() -> u32 {
    if W::BITS > 64 { 10 } else { 12 }
}

/// The squares whose occupancy matters to `rays`.
fn mask_of<W: Word>(items: &[Blockable<W>]) -> W {
    items.iter().fold(W::ZERO, |mask, item| mask | item.relevant())
}

/// One square's lines merged into as few as keep each within
/// [`merged_bits`] blocking squares.
///
/// Lines of one shape (a rook's file and rank, a bishop's diagonals) are
/// merged first, and only then the groups of different shapes, so that a
/// queen's lookups are a rook's and a bishop's: their multipliers are
/// searched once for the three kinds.
fn merge_lines<W: Word>(lines: &[Vec<Blockable<W>>]) -> Vec<Vec<Blockable<W>>> {
    let mut ordered: Vec<&Vec<Blockable<W>>> = lines.iter().collect();
    ordered.sort_by_key(|line| line.first().map(shape));
    let fits = |a: &[Blockable<W>], b: &[Blockable<W>]| (mask_of(a) | mask_of(b)).count_ones() <= merged_bits::<W>();
    let mut by_shape: Vec<Vec<Blockable<W>>> = Vec::new();
    for line in ordered {
        match by_shape.last_mut() {
            Some(last) if last.first().map(shape) == line.first().map(shape) && fits(last, line) => {
                last.extend(line.iter().copied());
            }
            _ => by_shape.push(line.clone()),
        }
    }
    let mut merged: Vec<Vec<Blockable<W>>> = Vec::new();
    for group in by_shape {
        match merged.last_mut() {
            Some(last) if fits(last, &group) => last.extend(group),
            _ => merged.push(group),
        }
    }
    merged
}

/// Each square's lines, and each line's rays, sorted: a lookup ORs a
/// square's slots, so neither order changes what it finds, and in one
/// order the same lines built twice (White's and Black's rook, whose rays
/// come in mirrored order) are one key, sharing one lookup rather than
/// holding two copies.
fn in_one_order<W: Word>(lines: &[Vec<Vec<Blockable<W>>>]) -> Vec<Vec<Vec<Blockable<W>>>> {
    let mut lines = lines.to_vec();
    for square_lines in &mut lines {
        square_lines.iter_mut().for_each(|line| line.sort_unstable());
        square_lines.sort_unstable();
    }
    lines
}

/// What a ray's lines have in common under the board's symmetries: the
/// step's smaller and larger absolute coordinates, and whether it hops;
/// `None` for a move with legs.
fn shape<W: Word>(item: &Blockable<W>) -> Option<(Option<(u8, u8)>, bool)> {
    let Blockable::Ray(ray) = item else {
        return None;
    };
    let step = ray.step.map(|(files, ranks)| {
        let (files, ranks) = (files.unsigned_abs(), ranks.unsigned_abs());
        (files.min(ranks), files.max(ranks))
    });
    Some((step, ray.hop.is_some()))
}

/// Tries at the tight size and with one and two extra index bits, for
/// merged lines: a dozen blocking squares rarely get a tight multiplier
/// soon, and with one bit to spare often take ten thousand tries; with
/// two, a few hundred, and lookups measured as fast. If one square's are
/// not found, no line is merged.
const MERGED_BUDGETS: [u32; 3] = [0, 0, 20_000];

/// Tries at the tight size and with one and two extra index bits, for
/// single lines. Some lines (on cylinders, many) have no tight multiplier
/// at all, so the tight sizes get a short budget. Boards of more than 64
/// squares fold their lines (see `Word::fold64`), which leaves their bits
/// scattered: a tight multiplier is rarely found, and the search goes
/// straight to one more bit.
fn line_budgets<W: Word>() -> [u32; 3] {
    if W::BITS > 64 {
        [0, 2_000, 50_000]
    } else {
        [300, 1_000, 50_000]
    }
}

/// What building lookups leaves for the next build in this process: the
/// lookups some table still holds, by what they were built from, and the
/// multiplier found for each line. A variant's kinds and attack groups
/// repeat the same lines many times over, and so do variants.
mod shared {
    use std::any::Any;
    use std::collections::HashMap as StdHashMap;
    use std::hash::{BuildHasherDefault, Hasher};
    use std::sync::{Arc, Mutex, PoisonError, Weak};

    use fairy_geometry::Word;

    use super::{Blockable, Magic};

    /// Each square's lines, and each square's destination filter.
    pub(super) type Key<W> = (Vec<Vec<Vec<Blockable<W>>>>, Vec<W>);

    /// A map keyed by lines, hashed by [`LineHasher`].
    type HashMap<K, V> = StdHashMap<K, V, BuildHasherDefault<LineHasher>>;

    /// A multiply-and-rotate hash of the keys' words: lines hash whole
    /// boards of squares, and the standard hasher's resistance to chosen
    /// collisions costs more than the search it spares on small boards.
    /// The keys come from board geometry, not from an adversary, and the
    /// maps are bounded.
    #[derive(Default)]
    struct LineHasher(u64);

    impl LineHasher {
        #[inline]
        fn mix(&mut self, word: u64) {
            self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }

    impl Hasher for LineHasher {
        fn finish(&self) -> u64 {
            self.0
        }

        fn write(&mut self, bytes: &[u8]) {
            let mut chunks = bytes.chunks_exact(8);
            for chunk in &mut chunks {
                let mut word = [0; 8];
                word.copy_from_slice(chunk);
                self.mix(u64::from_le_bytes(word));
            }
            let rest = chunks.remainder();
            if !rest.is_empty() {
                let mut word = [0; 8];
                word[..rest.len()].copy_from_slice(rest);
                self.mix(u64::from_le_bytes(word));
            }
        }

        fn write_u8(&mut self, value: u8) {
            self.mix(u64::from(value));
        }

        fn write_u32(&mut self, value: u32) {
            self.mix(u64::from(value));
        }

        fn write_u64(&mut self, value: u64) {
            self.mix(value);
        }

        fn write_u128(&mut self, value: u128) {
            self.mix(value as u64);
            self.mix((value >> 64) as u64);
        }

        fn write_usize(&mut self, value: usize) {
            self.mix(value as u64);
        }
    }

    type Kept<W> = HashMap<Key<W>, Weak<Magic<W>>>;

    /// One map per word type.
    static KEPT: Mutex<Vec<Box<dyn Any + Send>>> = Mutex::new(Vec::new());

    /// Runs `use_map` on the map of type `M` among `maps`.
    fn with_map<M: Any + Send + Default, T>(
        maps: &Mutex<Vec<Box<dyn Any + Send>>>,
        use_map: impl FnOnce(&mut M) -> T,
    ) -> T {
        // A panic elsewhere while the lock was held leaves a map that is
        // still whole: entries are only inserted or removed.
        let mut maps = maps.lock().unwrap_or_else(PoisonError::into_inner);
        if !maps.iter().any(|map| map.is::<M>()) {
            maps.push(Box::new(M::default()));
        }
        match maps.iter_mut().find_map(|map| map.downcast_mut::<M>()) {
            Some(map) => use_map(map),
            None => use_map(&mut M::default()),
        }
    }

    /// A line, its square's destination filter, and the search budgets.
    pub(super) type LineKey<W> = (Vec<Blockable<W>>, W, [u32; 3]);

    /// The multiplier and shift found for each line searched, or `None`
    /// where none was: kept for good, up to a bound.
    type Multipliers<W> = HashMap<LineKey<W>, Option<(u64, u8)>>;

    /// The most lines whose multipliers are kept: a process that builds
    /// variants without end (a fuzzer) starts over past it.
    const KEPT_MULTIPLIERS: usize = 1 << 16;

    /// One map per word type.
    static MULTIPLIERS: Mutex<Vec<Box<dyn Any + Send>>> = Mutex::new(Vec::new());

    /// The multiplier found for `key` before: `None` if it was not searched
    /// for, `Some(None)` if none was found.
    pub(super) fn multiplier<W: Word>(key: &LineKey<W>) -> Option<Option<(u64, u8)>> {
        with_map(&MULTIPLIERS, |map: &mut Multipliers<W>| map.get(key).copied())
    }

    pub(super) fn remember<W: Word>(key: LineKey<W>, found: Option<(u64, u8)>) {
        with_map(&MULTIPLIERS, |map: &mut Multipliers<W>| {
            if map.len() >= KEPT_MULTIPLIERS {
                map.clear();
            }
            map.insert(key, found);
        });
    }

    /// Where a line's table lies in a lookup, with its multiplier.
    pub(super) struct LineTable {
        pub start: u32,
        pub end: u32,
        pub magic: u64,
        pub shift: u8,
    }

    /// A line, and where its table lies in the lookup being built.
    pub(super) type KeptLine<W> = (LineKey<W>, LineTable);

    /// Each line's table in a lookup, while some table holds the lookup.
    type Tables<W> = HashMap<LineKey<W>, (Weak<Magic<W>>, LineTable)>;

    /// One map per word type.
    static TABLES: Mutex<Vec<Box<dyn Any + Send>>> = Mutex::new(Vec::new());

    /// Appends the table of `key`'s line to `reached`, if a lookup that
    /// holds one is still held and `reached` stays within `max` entries,
    /// and returns its multiplier and shift.
    pub(super) fn copy_table<W: Word>(key: &LineKey<W>, reached: &mut Vec<W>, max: usize) -> Option<(u64, u8)> {
        with_map(&TABLES, |map: &mut Tables<W>| {
            let (lookup, line) = map.get(key)?;
            let lookup = lookup.upgrade()?;
            let table = lookup.lookup.reached.get(line.start as usize..line.end as usize)?;
            if reached.len() + table.len() > max {
                return None;
            }
            reached.extend_from_slice(table);
            Some((line.magic, line.shift))
        })
    }

    /// Records where `magic` holds each of `lines`' tables.
    pub(super) fn keep_tables<W: Word>(magic: &Arc<Magic<W>>, lines: Vec<KeptLine<W>>) {
        with_map(&TABLES, |map: &mut Tables<W>| {
            // Lines of lookups no table holds any more are forgotten.
            if map.len() >= KEPT_MULTIPLIERS {
                map.retain(|_, (kept, _)| kept.strong_count() > 0);
            }
            for (key, line) in lines {
                map.insert(key, (Arc::downgrade(magic), line));
            }
        });
    }

    pub(super) fn find<W: Word>(key: &Key<W>) -> Option<Arc<Magic<W>>> {
        with_map(&KEPT, |map: &mut Kept<W>| map.get(key).and_then(Weak::upgrade))
    }

    pub(super) fn keep<W: Word>(key: Key<W>, magic: &Arc<Magic<W>>) {
        with_map(&KEPT, |map: &mut Kept<W>| {
            // Lookups no table holds any more are forgotten.
            map.retain(|_, kept| kept.strong_count() > 0);
            map.insert(key, Arc::downgrade(magic));
        });
    }
}

/// The table the multiplier search writes into, kept from one line to
/// the next: each entry is stamped with the number of the try that wrote
/// it, so that neither a new try nor a new line need clear it.
#[derive(Default)]
struct Scratch<W> {
    entries: Vec<(u32, W)>,
    /// The stamp of the last try.
    stamp: u32,
    /// The entries of the last try's table.
    size: usize,
}

impl<W: Word> Scratch<W> {
    /// Starts a try on a table of `size` entries; `None` once the stamps
    /// run out.
    fn start(&mut self, size: usize) -> Option<()> {
        if self.entries.len() < size {
            self.entries.resize(size, (0, W::ZERO));
        }
        self.stamp = self.stamp.checked_add(1)?;
        self.size = size;
        Some(())
    }

    /// Whether `magic` and `shift` send no two of `cases` (each occupancy
    /// with what it reaches) with different results to one entry.
    fn fills(&mut self, cases: &[(u64, W)], magic: u64, shift: u32) -> bool {
        let stamp = self.stamp;
        let Some(table) = self.entries.get_mut(..self.size) else {
            return false;
        };
        for &(occupied, reached) in cases {
            let Some(entry) = table.get_mut((occupied.wrapping_mul(magic) >> shift) as usize) else {
                return false;
            };
            if entry.0 != stamp {
                *entry = (stamp, reached);
            } else if entry.1 != reached {
                return false;
            }
        }
        true
    }

    /// The table the last try wrote.
    fn written(&self) -> impl Iterator<Item = W> + '_ {
        let stamp = self.stamp;
        self.entries
            .iter()
            .take(self.size)
            .map(move |&(by, reached)| if by == stamp { reached } else { W::ZERO })
    }
}

/// Finds a multiplier and shift that map every occupancy of `mask` to a
/// table index without two occupancies with different results sharing
/// one, trying `known` first. The table is left in `scratch`; the tries
/// are counted in `tries_made`.
fn find_magic<W: Word>(
    mask: u64,
    reach: &dyn Fn(u64) -> W,
    budgets: &[u32; 3],
    known: Option<(u64, u8)>,
    random: &mut Random,
    scratch: &mut Scratch<W>,
    tries_made: &mut u64,
) -> Option<(u64, u8)> {
    let bits = mask.count_ones();
    // Beyond this the tables would outgrow MAX_ENTRIES anyway.
    if bits > 20 {
        return None;
    }
    // Every subset of the mask, with what it lets the line reach.
    let mut cases = Vec::with_capacity(1 << bits);
    let mut subset = 0u64;
    loop {
        cases.push((subset, reach(subset)));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    if bits == 0 {
        scratch.start(1)?;
        return scratch.fills(&cases, 0, 63).then_some((0, 63));
    }
    if let Some((magic, shift)) = known {
        scratch.start(1usize.checked_shl(64 - u32::from(shift))?)?;
        if scratch.fills(&cases, magic, u32::from(shift)) {
            return Some((magic, shift));
        }
    }
    for (index_bits, &tries) in (bits..=bits + 2).zip(budgets) {
        let shift = 64 - index_bits;
        for _ in 0..tries {
            let magic = random.sparse();
            *tries_made += 1;
            // A multiplier that carries few of the mask's bits into the
            // index cannot tell many occupancies apart: rejected at once.
            if bits >= 8 && (mask.wrapping_mul(magic) >> shift).count_ones() < bits / 2 {
                continue;
            }
            scratch.start(1 << index_bits)?;
            if scratch.fills(&cases, magic, shift) {
                return Some((magic, shift as u8));
            }
        }
    }
    None
}

/// Rotations for `mask`'s 64-bit chunks above the lowest that keep all its
/// bits apart when folded ([`Word::fold64`]); `None` if there are none.
fn rotations_apart<W: Word>(mask: W) -> Option<[u8; 3]> {
    let mut rotations = [0u8; 3];
    let mut taken = mask.chunk64(0);
    for (index, rotation) in (1..W::BITS / 64).zip(rotations.iter_mut()) {
        let chunk = mask.chunk64(index);
        let apart = (0..64u8).find(|&r| taken & chunk.rotate_left(u32::from(r)) == 0)?;
        taken |= chunk.rotate_left(u32::from(apart));
        *rotation = apart;
    }
    Some(rotations)
}

/// The occupancy of `mask`'s squares whose fold by `rotations` is `folded`:
/// the inverse of [`Word::fold64`] on subsets of a mask it keeps apart.
fn unfold<W: Word>(folded: u64, mask: W, rotations: [u8; 3]) -> W {
    let mut occupied = W::from_low64(folded & mask.chunk64(0));
    for (index, &rotation) in (1..W::BITS / 64).zip(&rotations) {
        let rotation = u32::from(rotation);
        let chunk = mask.chunk64(index);
        let bits = (folded & chunk.rotate_left(rotation)).rotate_right(rotation);
        occupied |= W::from_low64(bits).shift((index * 64) as i32);
    }
    occupied
}

/// xorshift64*: a small deterministic generator for the multiplier search
/// (and the table tests' random boards).
pub(crate) struct Random(pub(crate) u64);

impl Random {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A random number with few bits set, the kind that makes good
    /// multipliers.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}
