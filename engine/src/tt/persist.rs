//! The table saved to a file and read back, so a long analysis can go on in
//! another session. The file is a 64-byte header and then every cluster as it
//! lies in memory (each entry's two words, little-endian):
//!
//! | bytes | field |
//! | --- | --- |
//! | 0..8 | magic `CHARIOTH` |
//! | 8..12 | format version (u32) |
//! | 12..16 | size of a cluster in bytes (u32, 64) |
//! | 16..24 | clusters (u64) |
//! | 24..32 | fingerprint of the position keys (u64): tables of builds that hash positions differently do not mix |
//! | 32..40 | checksum of the clusters (u64) |
//! | 40 | generation |
//! | 41..64 | zero |
//!
//! Loading checks everything (magic, version, size, keys, length, checksum)
//! in a first pass over the file and only then copies it in, so a refused file
//! changes nothing.

use super::{Cluster, TranspositionTable};
use chariot_core::position::Position;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::atomic::Ordering::Relaxed;

const MAGIC: &[u8; 8] = b"CHARIOTH";
const VERSION: u32 = 1;
const HEADER: usize = 64;
const CLUSTER_BYTES: usize = std::mem::size_of::<Cluster>();
/// Clusters copied per read or write call.
const CHUNK: usize = 1 << 14;

struct Header {
    version: u32,
    cluster_bytes: u32,
    clusters: u64,
    keys: u64,
    checksum: u64,
    generation: u8,
}

impl Header {
    fn to_bytes(&self) -> [u8; HEADER] {
        let mut b = [0u8; HEADER];
        b[0..8].copy_from_slice(MAGIC);
        b[8..12].copy_from_slice(&self.version.to_le_bytes());
        b[12..16].copy_from_slice(&self.cluster_bytes.to_le_bytes());
        b[16..24].copy_from_slice(&self.clusters.to_le_bytes());
        b[24..32].copy_from_slice(&self.keys.to_le_bytes());
        b[32..40].copy_from_slice(&self.checksum.to_le_bytes());
        b[40] = self.generation;
        b
    }

    fn from_bytes(b: &[u8; HEADER]) -> Result<Header, String> {
        if &b[0..8] != MAGIC {
            return Err("not a Chariot hash file".into());
        }
        let word = |r: std::ops::Range<usize>| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&b[r]);
            u64::from_le_bytes(w)
        };
        let half = |r: std::ops::Range<usize>| {
            let mut w = [0u8; 4];
            w.copy_from_slice(&b[r]);
            u32::from_le_bytes(w)
        };
        Ok(Header {
            version: half(8..12),
            cluster_bytes: half(12..16),
            clusters: word(16..24),
            keys: word(24..32),
            checksum: word(32..40),
            generation: b[40],
        })
    }
}

/// A fingerprint of how this build hashes positions.
fn key_fingerprint() -> u64 {
    Position::startpos().key()
}

/// A fast running checksum over 64-bit words.
#[derive(Default)]
struct Checksum(u64);
impl Checksum {
    #[inline]
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

fn words(bytes: &[u8]) -> impl Iterator<Item = u64> + '_ {
    bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
}

impl TranspositionTable {
    /// Writes the table to `path` (replacing the file). Not during a search.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let name = path.display();
        let fail = |e: std::io::Error| format!("cannot write {name}: {e}");
        let mut out = BufWriter::with_capacity(1 << 20, File::create(path).map_err(fail)?);
        out.write_all(&[0u8; HEADER]).map_err(fail)?;
        let mut sum = Checksum::default();
        let mut buf = Vec::with_capacity(CHUNK * CLUSTER_BYTES);
        for chunk in self.slice().chunks(CHUNK) {
            buf.clear();
            for c in chunk {
                for e in &c.entries {
                    for w in [e.check.load(Relaxed), e.data.load(Relaxed)] {
                        sum.add(w);
                        buf.extend_from_slice(&w.to_le_bytes());
                    }
                }
            }
            out.write_all(&buf).map_err(fail)?;
        }
        let header = Header {
            version: VERSION,
            cluster_bytes: CLUSTER_BYTES as u32,
            clusters: self.len as u64,
            keys: key_fingerprint(),
            checksum: sum.0,
            generation: self.generation.load(Relaxed),
        };
        out.seek(SeekFrom::Start(0)).map_err(fail)?;
        out.write_all(&header.to_bytes()).map_err(fail)?;
        out.flush().map_err(fail)
    }

    /// Reads a table saved by [`save`](Self::save) into this one, which must
    /// have the same size. A file that does not fit, or is damaged, is
    /// refused with the reason and the table stays as it was.
    pub fn load(&self, path: &Path) -> Result<(), String> {
        let name = path.display();
        let open = || {
            File::open(path)
                .map(|f| BufReader::with_capacity(1 << 20, f))
                .map_err(|e| format!("cannot read {name}: {e}"))
        };
        let mut input = open()?;
        let mut head = [0u8; HEADER];
        input
            .read_exact(&mut head)
            .map_err(|_| format!("{name}: too short for a hash file"))?;
        let h = Header::from_bytes(&head).map_err(|e| format!("{name}: {e}"))?;
        if h.version != VERSION || h.cluster_bytes as usize != CLUSTER_BYTES {
            return Err(format!(
                "{name}: format version {} is not this engine's {VERSION}",
                h.version
            ));
        }
        if h.keys != key_fingerprint() {
            return Err(format!(
                "{name}: saved by a build that hashes positions differently"
            ));
        }
        if h.clusters != self.len as u64 {
            return Err(format!(
                "{name}: holds a table of {} MB, this one is {} MB (set the hash size first)",
                (h.clusters as usize * CLUSTER_BYTES) >> 20,
                self.size_mb()
            ));
        }
        let expected = HEADER as u64 + h.clusters * CLUSTER_BYTES as u64;
        let actual = std::fs::metadata(path)
            .map_err(|e| format!("cannot read {name}: {e}"))?
            .len();
        if actual != expected {
            return Err(format!(
                "{name}: {actual} bytes where {expected} were expected (truncated or damaged)"
            ));
        }
        // First pass: the checksum, before anything is changed.
        let mut buf = vec![0u8; CHUNK * CLUSTER_BYTES];
        let mut sum = Checksum::default();
        let mut left = self.len;
        while left > 0 {
            let n = left.min(CHUNK) * CLUSTER_BYTES;
            input
                .read_exact(&mut buf[..n])
                .map_err(|e| format!("{name}: {e}"))?;
            words(&buf[..n]).for_each(|w| sum.add(w));
            left -= n / CLUSTER_BYTES;
        }
        if sum.0 != h.checksum {
            return Err(format!("{name}: checksum mismatch (damaged file)"));
        }
        // Second pass: copy it in.
        let mut input = open()?;
        input
            .seek(SeekFrom::Start(HEADER as u64))
            .map_err(|e| format!("{name}: {e}"))?;
        for chunk in self.slice().chunks(CHUNK) {
            let n = chunk.len() * CLUSTER_BYTES;
            input
                .read_exact(&mut buf[..n])
                .map_err(|e| format!("{name}: {e}"))?;
            let mut w = words(&buf[..n]);
            for c in chunk {
                for e in &c.entries {
                    e.check.store(w.next().expect("sized"), Relaxed);
                    e.data.store(w.next().expect("sized"), Relaxed);
                }
            }
        }
        self.generation.store(h.generation, Relaxed);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tt::Bound;
    use chariot_core::moves::Move;

    /// A file of this test process in the system's temporary folder; each
    /// test removes its files when it passes.
    fn scratch(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("chariot-tt-{}-{name}", std::process::id()))
    }

    fn filled(mb: usize) -> TranspositionTable {
        let tt = TranspositionTable::new(mb).unwrap();
        for i in 0..5000u64 {
            let key = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            tt.store(
                key,
                Move(i as u16 & 0x3fff),
                i as i32 % 300,
                5,
                Bound::Exact,
                0,
            );
        }
        tt
    }

    fn same(a: &TranspositionTable, b: &TranspositionTable) -> bool {
        a.slice().iter().zip(b.slice()).all(|(x, y)| {
            x.entries.iter().zip(&y.entries).all(|(e, f)| {
                e.check.load(Relaxed) == f.check.load(Relaxed)
                    && e.data.load(Relaxed) == f.data.load(Relaxed)
            })
        })
    }

    #[test]
    fn a_saved_table_loads_back_entry_for_entry() {
        let a = filled(1);
        a.new_search();
        let path = scratch("round-trip.hash");
        a.save(&path).unwrap();
        let b = TranspositionTable::new(1).unwrap();
        b.load(&path).unwrap();
        assert!(same(&a, &b));
        assert_eq!(b.generation.load(Relaxed), a.generation.load(Relaxed));
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn wrong_size_truncated_damaged_or_foreign_files_are_refused_and_change_nothing() {
        let a = filled(1);
        let path = scratch("refused.hash");
        a.save(&path).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let target = filled(1);
        target.store(42, Move(7), 1, 9, Bound::Lower, 0);
        let before = filled(1);
        before.store(42, Move(7), 1, 9, Bound::Lower, 0);

        let other = TranspositionTable::new(2).unwrap();
        let e = other.load(&path).unwrap_err();
        assert!(e.contains("1 MB") && e.contains("2 MB"), "{e}");

        let cases: Vec<(Vec<u8>, &str)> = vec![
            (bytes[..bytes.len() - 64].to_vec(), "truncated"),
            (bytes[..10].to_vec(), "too short"),
            (
                {
                    let mut b = bytes.clone();
                    b[HEADER + 100] ^= 1;
                    b
                },
                "checksum",
            ),
            (
                {
                    let mut b = bytes.clone();
                    b[8] = 9;
                    b
                },
                "version",
            ),
            (
                {
                    let mut b = bytes.clone();
                    b[24] ^= 1;
                    b
                },
                "hashes positions differently",
            ),
            (vec![b'x'; 100], "not a Chariot hash file"),
        ];
        for (content, why) in cases {
            let p = scratch("bad.hash");
            std::fs::write(&p, &content).unwrap();
            let e = target.load(&p).unwrap_err();
            assert!(e.contains(why), "{why}: {e}");
            assert!(same(&target, &before), "{why}: the table changed");
        }
        let e = target.load(&scratch("missing.hash")).unwrap_err();
        assert!(e.contains("cannot read"), "{e}");
        let _ = std::fs::remove_file(&path);
        let _ = std::fs::remove_file(scratch("bad.hash"));
    }
}
