//! Each search thread's cache of static evaluations by position key. The
//! evaluation is the costliest step of a node, and the same position is
//! evaluated again and again: re-searches after a reduction or a null
//! window, the verification of a null move, transpositions. The cache keeps
//! the evaluation before its scale for plies without capture (a function of
//! the pieces and the side to move only), so a hit gives exactly what
//! `evaluate` would.

use nnue_free_eval::Knowledge;

/// Entries a thread keeps: 2^16 of 8 bytes, 512 KiB.
const SIZE: usize = 1 << 16;

pub(super) struct EvalCache {
    /// Each entry: the key's upper 32 bits (the lowest forced to 1, so an
    /// empty entry never matches) above the evaluation.
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
    fn check(key: u64) -> u32 {
        (key >> 32) as u32 | 1
    }

    #[inline(always)]
    pub(super) fn get(&self, key: u64) -> Option<i32> {
        let e = self.entries[key as usize & (SIZE - 1)];
        ((e >> 32) as u32 == Self::check(key)).then_some(e as u32 as i32)
    }

    #[inline(always)]
    pub(super) fn put(&mut self, key: u64, eval: i32) {
        self.entries[key as usize & (SIZE - 1)] =
            ((Self::check(key) as u64) << 32) | eval as u32 as u64;
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
        // Same slot, other upper bits: a miss, not the other's value.
        assert_eq!(c.get(key ^ (1 << 40)), None);
        // An empty entry never matches, even a key whose upper bits are 0.
        assert_eq!(EvalCache::new().get(0), None);
        c.prepare(Knowledge::Medium);
        assert_eq!(c.get(key), None);
    }
}
