//! Each search thread's cache of static evaluations by position key. The
//! evaluation is the costliest step of a node, and the same position is
//! evaluated again and again: re-searches after a reduction or a null
//! window, the verification of a null move, transpositions. The cache keeps
//! the evaluation before its scale for plies without capture (a function of
//! the pieces and the side to move only), so a hit gives what `evaluate`
//! would for the position.

use nnue_free_eval::Knowledge;

/// Entries a thread keeps: 2^16 of 8 bytes, 512 KiB.
const BITS: u32 = 16;
const SIZE: usize = 1 << BITS;

pub(super) struct EvalCache {
    /// Each entry: the key's upper 48 bits (the lower 16 chose the entry, so a
    /// hit matches all 64, as a table probe does) above the evaluation as an
    /// i16; 0 is empty.
    entries: Box<[u64; SIZE]>,
    knowledge: Knowledge,
}

impl EvalCache {
    pub(super) fn new() -> EvalCache {
        EvalCache {
            entries: vec![0u64; SIZE].into_boxed_slice().try_into().unwrap(),
            knowledge: Knowledge::Large,
        }
    }

    /// Forgets everything when the evaluation changes (another knowledge level).
    pub(super) fn prepare(&mut self, knowledge: Knowledge) {
        if knowledge != self.knowledge {
            self.entries.fill(0);
            self.knowledge = knowledge;
        }
    }

    #[inline(always)]
    pub(super) fn get(&self, key: u64) -> Option<i32> {
        let e = self.entries[key as usize & (SIZE - 1)];
        (e >> 16 == key >> BITS && e != 0).then_some(e as u16 as i16 as i32)
    }

    /// Hints the CPU to fetch the entry of `key`: the parent asks as it
    /// makes the move, so the child's look-up (most often a miss of the
    /// core's caches: the cache is 512 KiB) does not wait for memory.
    #[inline(always)]
    pub(super) fn prefetch(&self, key: u64) {
        crate::prefetch::prefetch(&self.entries[key as usize & (SIZE - 1)]);
    }

    /// Keeps `eval` for `key`; an evaluation beyond an i16 is not kept.
    #[inline(always)]
    pub(super) fn put(&mut self, key: u64, eval: i32) {
        if let Ok(v) = i16::try_from(eval) {
            self.entries[key as usize & (SIZE - 1)] = ((key >> BITS) << 16) | v as u16 as u64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_evaluation_comes_back_and_a_different_key_misses() {
        let mut c = EvalCache::new();
        let key = 0x1234_5678_9abc_def0u64;
        assert_eq!(c.get(key), None);
        c.put(key, -321);
        assert_eq!(c.get(key), Some(-321));
        // Same entry, any other bit above the index: a miss, not the other's value.
        for bit in BITS..64 {
            assert_eq!(c.get(key ^ (1 << bit)), None, "bit {bit}");
        }
        // Values at the ends of the range come back; beyond it, nothing is kept.
        c.put(key, i16::MIN as i32);
        assert_eq!(c.get(key), Some(i16::MIN as i32));
        c.put(key, 40_000);
        assert_eq!(c.get(key), Some(i16::MIN as i32));
        // An empty entry matches nothing.
        assert_eq!(EvalCache::new().get(0), None);
        c.prepare(Knowledge::Medium);
        assert_eq!(c.get(key), None);
    }
}
