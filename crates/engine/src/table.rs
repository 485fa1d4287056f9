//! The transposition table: what earlier searches found about a position,
//! indexed by its Zobrist hash.

use fairy_position::Move;

/// How a stored score bounds the true one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry {
    pub key: u64,
    pub best: Option<Move>,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
}

/// A fixed-size table, one entry per slot, replaced by deeper or newer
/// searches.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    entries: Vec<Option<Entry>>,
}

impl Table {
    /// A table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Table {
        let slots = (megabytes.max(1) * 1024 * 1024 / std::mem::size_of::<Option<Entry>>()).next_power_of_two() / 2;
        Table {
            entries: vec![None; slots.max(1024)],
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    pub fn get(&self, key: u64) -> Option<Entry> {
        self.entries[self.slot(key)].filter(|entry| entry.key == key)
    }

    pub fn put(&mut self, entry: Entry) {
        let slot = self.slot(entry.key);
        let keep = self.entries[slot].is_some_and(|old| old.key == entry.key && old.depth > entry.depth);
        if !keep {
            self.entries[slot] = Some(entry);
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(None);
    }
}
