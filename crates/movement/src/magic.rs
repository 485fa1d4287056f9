//! Magic-multiplication lookup of ray attacks.
//!
//! The rays out of each square are grouped in pairs (a ray and its
//! opposite). For each (square, pair) the occupancy of the squares that can
//! block is hashed by a multiplication into a small table of the squares
//! reached. The multipliers are searched for when the table is built; with
//! at most a few blocking squares per line the search takes a handful of
//! tries. On boards of more than 64 squares the occupancy is first folded
//! into 64 bits ([`Word::fold64`]), with rotations chosen per line so that
//! its squares stay apart.

use fairy_geometry::Word;

use crate::line::Ray;

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

/// The lookup: per square `width` slots, each a line with its magic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Magic<W: Word> {
    width: usize,
    slots: Vec<Slot<W>>,
    reached: Vec<W>,
    /// How many multipliers the builder tried: the cost of building, kept
    /// for the tests that guard it.
    #[cfg_attr(not(test), allow(dead_code))]
    tries: u64,
}

/// The most table entries a magic lookup may use before the builder falls
/// back to scanning rays.
const MAX_ENTRIES: usize = 1 << 20;

impl<W: Word> Magic<W> {
    /// Builds the lookup from each square's lines (groups of rays) and its
    /// destination filter, or `None` if the tables would be too large or a
    /// line's squares cannot be folded apart.
    pub fn build(squares: usize, lines: &[Vec<Vec<Ray<W>>>], allowed: &[W]) -> Option<Magic<W>> {
        if lines.len() != squares {
            return None;
        }
        let width = lines.iter().map(Vec::len).max().unwrap_or(0);
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        let mut slots = Vec::with_capacity(squares * width);
        let mut reached = vec![W::ZERO];
        let mut tries = 0;
        for (square, square_lines) in lines.iter().enumerate() {
            for line in square_lines {
                let mask = line.iter().fold(W::ZERO, |mask, ray| mask | ray.relevant());
                let rotations = rotations_apart(mask)?;
                let folded = mask.fold64(rotations);
                let reach = |occupied: u64| {
                    let occupied = unfold(occupied, mask, rotations);
                    line.iter().fold(W::ZERO, |all, ray| all | ray.reach(occupied)) & allowed[square]
                };
                let (found, table) = find_magic(folded, &reach, &mut random, reached.len(), &mut tries)?;
                reached.extend(table);
                if reached.len() > MAX_ENTRIES {
                    return None;
                }
                slots.push(Slot {
                    mask,
                    rotations,
                    ..found
                });
            }
            // Pad with slots that read the shared empty entry 0.
            for _ in square_lines.len()..width {
                slots.push(Slot::constant(0));
            }
        }
        Some(Magic {
            width,
            slots,
            reached,
            tries,
        })
    }

    /// How many multipliers the builder tried.
    #[cfg(test)]
    pub fn tries(&self) -> u64 {
        self.tries
    }

    /// The squares reached from square number `index`.
    #[inline]
    pub fn reach(&self, index: usize, occupied: W) -> W {
        let slots = self
            .slots
            .get(index * self.width..(index + 1) * self.width)
            .unwrap_or_default();
        let mut reached = W::ZERO;
        for slot in slots {
            let folded = (occupied & slot.mask).fold64(slot.rotations);
            let hash = (folded.wrapping_mul(slot.magic) >> slot.shift) as usize;
            reached |= self
                .reached
                .get(slot.offset as usize + hash)
                .copied()
                .unwrap_or(W::ZERO);
        }
        reached
    }
}

/// Finds a multiplier that maps every occupancy of `mask` to a table index
/// without two occupancies with different results sharing one. Returns the
/// slot (its table placed at `offset`) and the table, counting the tries in
/// `tries_made`.
fn find_magic<W: Word>(
    mask: u64,
    reach: &dyn Fn(u64) -> W,
    random: &mut Random,
    offset: usize,
    tries_made: &mut u64,
) -> Option<(Slot<W>, Vec<W>)> {
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
        return Some((Slot::constant(offset as u32), vec![cases[0].1]));
    }
    let offset = u32::try_from(offset).ok()?;
    // A few extra index bits make a multiplier easy to find; they are tried
    // if the tight size resists. Some lines (on cylinders, many) have no
    // tight multiplier at all, so the tight sizes get a short budget.
    // Boards of more than 64 squares fold their lines (see `Word::fold64`),
    // which leaves their bits scattered: a tight multiplier is rarely found,
    // and the search goes straight to one more bit.
    let budgets = if W::BITS > 64 {
        [0u32, 2_000, 50_000]
    } else {
        [300, 1_000, 50_000]
    };
    for (index_bits, tries) in (bits..=bits + 2).zip(budgets) {
        let size = 1usize << index_bits;
        let shift = 64 - index_bits;
        // Each entry is stamped with the try that wrote it, so that a new
        // try need not clear the table.
        let mut table: Vec<(u32, W)> = vec![(0, W::ZERO); size];
        'tries: for attempt in 1..=tries {
            let magic = random.sparse();
            *tries_made += 1;
            for &(occupied, reached) in &cases {
                let index = (occupied.wrapping_mul(magic) >> shift) as usize;
                let entry = &mut table[index];
                if entry.0 != attempt {
                    *entry = (attempt, reached);
                } else if entry.1 != reached {
                    continue 'tries;
                }
            }
            let slot = Slot {
                magic,
                shift: shift as u8,
                offset,
                ..Slot::constant(offset)
            };
            let entries = table
                .into_iter()
                .map(|(stamp, reached)| if stamp == attempt { reached } else { W::ZERO })
                .collect();
            return Some((slot, entries));
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

/// xorshift64*: a small deterministic generator for the multiplier search.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
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
