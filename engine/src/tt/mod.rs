//! The transposition table, shared by every search thread without a lock.
//!
//! Each entry is two relaxed atomics: the data word and the key XOR the data.
//! A reader accepts an entry only when `stored ^ data == key`, so an entry torn
//! by two writers racing, or one belonging to another position, is rejected.
//! Entries sit four to a 64-byte cluster (one cache line); a position's cluster
//! comes from the high bits of its key. Moves read from the table are checked
//! for legality by the caller before they are played.

mod persist;

use crate::score::DECISIVE_BOUND;
use chariot_core::moves::Move;
use rayon::prelude::*;
use std::alloc::{alloc, dealloc, Layout};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    None = 0,
    Upper = 1,
    Lower = 2,
    Exact = 3,
}

/// One decoded table entry.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TtHit {
    pub mv: Move,
    /// Score relative to the probing node (mate distances adjusted).
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

impl TtHit {
    /// Does the stored bound settle a search of the window (alpha, beta)?
    #[inline(always)]
    pub fn cuts(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
            Bound::None => false,
        }
    }

    /// Is the stored score a better guess than `eval` for the node's value: a
    /// bound on the far side of it, or exact? Decisive scores are left out.
    #[inline(always)]
    pub fn refines(&self, eval: i32) -> bool {
        self.score.abs() < DECISIVE_BOUND
            && match self.bound {
                Bound::Exact => true,
                Bound::Lower => self.score > eval,
                Bound::Upper => self.score < eval,
                Bound::None => false,
            }
    }
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

#[repr(C, align(64))]
#[derive(Default)]
struct Cluster {
    entries: [Entry; 4],
}

// An entry's data, as a `TtHit` whose score is relative to the node that
// stores it (see `score_to_tt`).
// Data word: move 16 | score 16 | 16 unused (the static evaluation was kept
// there, never read back: each thread caches its own) | depth 7 + 1 unused |
// bound 2 + generation 6.
// (A search never goes 127 plies deep: MAX_PLY is 128 and the depth starts
// below it.)
fn pack(e: &TtHit, generation: u8) -> u64 {
    (e.mv.0 as u64)
        | ((e.score as i16 as u16 as u64) << 16)
        | (((e.depth + 1).clamp(0, 127) as u64) << 48)
        | ((e.bound as u64 | ((generation as u64) << 2)) << 56)
}

fn unpack_depth(data: u64) -> i32 {
    ((data >> 48) & 0x7f) as i32 - 1
}
fn unpack_generation(data: u64) -> u8 {
    (data >> 58) as u8
}

/// Decisive scores (mates and rule wins) are stored as distance from the node,
/// read back as distance from the root.
#[inline]
pub fn score_to_tt(score: i32, ply: i32) -> i32 {
    if score >= DECISIVE_BOUND {
        score + ply
    } else if score <= -DECISIVE_BOUND {
        score - ply
    } else {
        score
    }
}
#[inline]
pub fn score_from_tt(score: i32, ply: i32) -> i32 {
    if score >= DECISIVE_BOUND {
        score - ply
    } else if score <= -DECISIVE_BOUND {
        score + ply
    } else {
        score
    }
}

pub struct TranspositionTable {
    clusters: *mut Cluster,
    len: usize,
    generation: AtomicU8,
}

// SAFETY: the clusters are only accessed through atomics; the pointer is owned.
unsafe impl Send for TranspositionTable {}
// SAFETY: as for Send: every access to the shared clusters is an atomic load or
// store, so threads may share the table; a torn entry is caught by its key check.
unsafe impl Sync for TranspositionTable {}

impl TranspositionTable {
    /// A table of `mb` megabytes; Err when the memory cannot be had.
    pub fn new(mb: usize) -> Result<TranspositionTable, String> {
        let bytes = mb
            .max(1)
            .checked_mul(1 << 20)
            .ok_or("hash size too large")?;
        let len = (bytes / std::mem::size_of::<Cluster>()).max(1);
        let layout = table_layout(len).map_err(|_| format!("hash size {mb} MB is too large"))?;
        // Not `alloc_zeroed`: for an alignment above 16 bytes it writes the zeros
        // itself, faulting every page in at 4 KB before the huge-page advice
        // below could apply. The first touch comes from `clear` instead.
        // SAFETY: the layout has a non-zero size.
        let ptr = unsafe { alloc(layout) } as *mut Cluster;
        if ptr.is_null() {
            return Err(format!("could not allocate {mb} MB for the hash table"));
        }
        advise_huge_pages(ptr as *mut u8, layout.size());
        zero_in_parallel(ptr, len);
        Ok(TranspositionTable {
            clusters: ptr,
            len,
            generation: AtomicU8::new(0),
        })
    }

    fn slice(&self) -> &[Cluster] {
        // SAFETY: ptr/len describe one live zero-initialised allocation of Clusters
        // (all-zero is a valid Cluster of atomics).
        unsafe { std::slice::from_raw_parts(self.clusters, self.len) }
    }

    pub fn size_mb(&self) -> usize {
        (self.len * std::mem::size_of::<Cluster>()) >> 20
    }

    /// Empties the table, in parallel for large tables.
    pub fn clear(&self) {
        let zero = |c: &Cluster| {
            for e in &c.entries {
                e.check.store(0, Relaxed);
                e.data.store(0, Relaxed);
            }
        };
        if self.len > 1 << 16 {
            self.slice().par_iter().with_min_len(1 << 14).for_each(zero);
        } else {
            self.slice().iter().for_each(zero);
        }
        self.generation.store(0, Relaxed);
    }

    /// A new search begins: older entries become preferred victims.
    pub fn new_search(&self) {
        self.generation
            .store((self.generation.load(Relaxed) + 1) & 63, Relaxed);
    }

    #[inline(always)]
    fn cluster(&self, key: u64) -> &Cluster {
        let i = ((key as u128 * self.len as u128) >> 64) as usize;
        // SAFETY: i < len by construction of the multiply-shift.
        unsafe { &*self.clusters.add(i) }
    }

    /// Hints the CPU to fetch the cluster of `key`.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        crate::counters::bump(crate::counters::Counter::TtPrefetch);
        crate::prefetch::prefetch(self.cluster(key));
    }

    #[inline]
    pub fn probe(&self, key: u64, ply: i32) -> Option<TtHit> {
        crate::counters::bump(crate::counters::Counter::TtProbe);
        for e in &self.cluster(key).entries {
            let data = e.data.load(Relaxed);
            if e.check.load(Relaxed) ^ data == key && data != 0 {
                let bound = match (data >> 56) & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    3 => Bound::Exact,
                    _ => Bound::None,
                };
                return Some(TtHit {
                    mv: Move(data as u16),
                    score: score_from_tt((data >> 16) as u16 as i16 as i32, ply),
                    depth: unpack_depth(data),
                    bound,
                });
            }
        }
        None
    }

    #[inline]
    pub fn store(&self, key: u64, mv: Move, score: i32, depth: i32, bound: Bound, ply: i32) {
        crate::counters::bump(crate::counters::Counter::TtStore);
        let generation = self.generation.load(Relaxed);
        let mut stored = TtHit {
            mv,
            score: score_to_tt(score, ply),
            depth,
            bound,
        };
        let cluster = self.cluster(key);
        let mut victim = &cluster.entries[0];
        let mut victim_worth = i32::MAX;
        for e in &cluster.entries {
            let data = e.data.load(Relaxed);
            if e.check.load(Relaxed) ^ data == key || data == 0 {
                // Same position: keep the old move if the new search found none,
                // and keep a deeper result of this search unless this one is exact.
                let old_depth = unpack_depth(data);
                if data != 0
                    && bound != Bound::Exact
                    && unpack_generation(data) == generation
                    && old_depth > depth + 2
                {
                    return;
                }
                if mv.is_none() && data != 0 {
                    stored.mv = Move(data as u16);
                }
                write(e, key, pack(&stored, generation));
                return;
            }
            let age = (generation.wrapping_sub(unpack_generation(data)) & 63) as i32;
            let worth = unpack_depth(data) - 8 * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = e;
            }
        }
        write(victim, key, pack(&stored, generation));
    }

    /// Per mille of sampled entries written in the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed);
        let sample = self.len.min(250);
        let mut used = 0;
        for c in &self.slice()[..sample] {
            for e in &c.entries {
                let d = e.data.load(Relaxed);
                if d != 0 && unpack_generation(d) == generation {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample * 4).max(1)) as u32
    }
}

#[inline(always)]
fn write(e: &Entry, key: u64, data: u64) {
    e.check.store(key ^ data, Relaxed);
    e.data.store(data, Relaxed);
}

impl Drop for TranspositionTable {
    fn drop(&mut self) {
        let layout = table_layout(self.len).expect("layout was valid at allocation");
        // SAFETY: allocated in `new` with this layout.
        unsafe { dealloc(self.clusters as *mut u8, layout) };
    }
}

/// Writes zeros over `len` fresh clusters, in parallel for large tables (the
/// first touch of each page, where the kernel hands out the huge pages).
fn zero_in_parallel(ptr: *mut Cluster, len: usize) {
    const CHUNK: usize = 1 << 14;
    let base = ptr as usize;
    let zero = |i: usize| {
        let start = i * CHUNK;
        let n = CHUNK.min(len - start);
        // SAFETY: [start, start + n) lies inside the allocation of `len` clusters,
        // and each chunk is written by one task only.
        unsafe { std::ptr::write_bytes((base as *mut Cluster).add(start), 0, n) };
    };
    let chunks = len.div_ceil(CHUNK);
    if chunks > 4 {
        (0..chunks).into_par_iter().for_each(zero);
    } else {
        (0..chunks).for_each(zero);
    }
}

/// Huge pages are 2 MB: a table of at least that size starts on such a boundary,
/// so every one of its 2 MB stretches can be backed by one.
const HUGE_PAGE: usize = 2 << 20;

fn table_layout(len: usize) -> Result<Layout, std::alloc::LayoutError> {
    let layout = Layout::array::<Cluster>(len)?;
    if layout.size() >= HUGE_PAGE {
        layout.align_to(HUGE_PAGE)
    } else {
        Ok(layout)
    }
}

/// Asks Linux to back the table with transparent huge pages (fewer TLB misses).
#[cfg(target_os = "linux")]
fn advise_huge_pages(ptr: *mut u8, bytes: usize) {
    if std::env::var_os("CHARIOT_NO_THP").is_some() {
        return;
    }
    // madvise wants a page-aligned start; the allocator's block starts just past
    // its header, so advise the whole pages inside the table (the kernel then
    // uses huge pages for every 2 MB-aligned stretch of it).
    const PAGE: usize = 4096;
    let start = (ptr as usize).next_multiple_of(PAGE);
    let end = (ptr as usize + bytes) & !(PAGE - 1);
    if end > start {
        // SAFETY: the range lies inside one live allocation; madvise only gives a hint.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_ptr: *mut u8, _bytes: usize) {}

#[cfg(test)]
mod tests {
    use super::*;
    use tablegen::Square;

    #[test]
    fn only_a_bound_beyond_the_evaluation_or_an_exact_score_refines_it() {
        let hit = |score, bound| TtHit {
            mv: Move::NONE,
            score,
            depth: 5,
            bound,
        };
        assert!(hit(50, Bound::Lower).refines(20));
        assert!(!hit(10, Bound::Lower).refines(20));
        assert!(hit(10, Bound::Upper).refines(20));
        assert!(!hit(50, Bound::Upper).refines(20));
        assert!(hit(-300, Bound::Exact).refines(20));
        assert!(!hit(50, Bound::None).refines(20));
        assert!(!hit(DECISIVE_BOUND + 5, Bound::Lower).refines(20));
    }

    #[test]
    fn store_then_probe_round_trips_and_rejects_other_keys() {
        let tt = TranspositionTable::new(1).unwrap();
        let m = Move::new(Square(1), Square(20));
        tt.store(0xDEAD_BEEF_1234_5678, m, -123, 7, Bound::Lower, 0);
        let hit = tt
            .probe(0xDEAD_BEEF_1234_5678, 0)
            .expect("stored entry found");
        assert_eq!(
            (hit.mv, hit.score, hit.depth, hit.bound),
            (m, -123, 7, Bound::Lower)
        );
        // The deepest depth a search reaches keeps its bound.
        tt.store(0xFEED, m, 5, 125, Bound::Upper, 0);
        let hit = tt.probe(0xFEED, 0).unwrap();
        assert_eq!((hit.depth, hit.bound), (125, Bound::Upper));
        assert!(tt.probe(0xDEAD_BEEF_1234_5679, 0).is_none());
        tt.clear();
        assert!(tt.probe(0xDEAD_BEEF_1234_5678, 0).is_none());
    }

    #[test]
    fn a_large_table_starts_on_a_huge_page_and_comes_empty() {
        let tt = TranspositionTable::new(4).unwrap();
        assert_eq!(tt.clusters as usize % HUGE_PAGE, 0);
        let written = tt.slice().iter().flat_map(|c| &c.entries);
        assert!(written
            .into_iter()
            .all(|e| e.data.load(Relaxed) == 0 && e.check.load(Relaxed) == 0));
        assert!(tt.probe(0, 0).is_none());
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let tt = TranspositionTable::new(1).unwrap();
        let mate_in_5_from_root = crate::score::MATE - 5;
        // Found at ply 3: mate in 2 from that node.
        tt.store(42, Move::NONE, mate_in_5_from_root, 4, Bound::Exact, 3);
        // Read at ply 1 through a transposition: mate in 3 from the root.
        assert_eq!(tt.probe(42, 1).unwrap().score, crate::score::MATE - 3);
    }

    #[test]
    fn rule_wins_are_stored_relative_to_the_node_like_mates() {
        use crate::score::RULE_WIN;
        let tt = TranspositionTable::new(1).unwrap();
        // A perpetual-check loss for the side to move 10 plies from the root,
        // found at ply 6, read at ply 2: 6 plies from the root.
        tt.store(7, Move::NONE, -(RULE_WIN - 10), 4, Bound::Exact, 6);
        assert_eq!(tt.probe(7, 2).unwrap().score, -(RULE_WIN - 6));
        // Ordinary scores are stored as they are.
        tt.store(8, Move::NONE, 1234, 4, Bound::Exact, 6);
        assert_eq!(tt.probe(8, 2).unwrap().score, 1234);
    }

    #[test]
    fn a_torn_entry_is_rejected() {
        let tt = TranspositionTable::new(1).unwrap();
        tt.store(77, Move::new(Square(0), Square(9)), 10, 3, Bound::Exact, 0);
        // Simulate a racing writer replacing only the data word.
        let c = tt.cluster(77);
        for e in &c.entries {
            if e.data.load(Relaxed) != 0 {
                e.data.store(
                    pack(
                        &TtHit {
                            mv: Move::new(Square(5), Square(6)),
                            score: 99,
                            depth: 9,
                            bound: Bound::Exact,
                        },
                        0,
                    ),
                    Relaxed,
                );
            }
        }
        assert!(tt.probe(77, 0).is_none());
    }
}
