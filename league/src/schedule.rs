//! Which games a tournament plays: a round robin over the engines (with two
//! engines, a match), each encounter of `games_per_encounter` games from one
//! opening with colours alternating, a new opening for each encounter.

/// One scheduled game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// Position in the schedule, from 0; the key of the results file.
    pub index: usize,
    /// Round, from 1.
    pub round: usize,
    pub red: usize,
    pub black: usize,
    pub fen: String,
}

/// The schedule for `engines` engines: for each round, every pair (i < j)
/// plays `games_per_encounter` games; game k of an encounter gives Red to
/// engine i when k is even and to j when odd. Openings are used in the order
/// given, cycling when there are fewer than encounters.
pub fn round_robin(
    engines: usize,
    rounds: usize,
    games_per_encounter: usize,
    openings: &[String],
) -> Vec<Pairing> {
    let mut out = Vec::new();
    let mut encounter = 0;
    for round in 1..=rounds {
        for i in 0..engines {
            for j in i + 1..engines {
                let fen = openings[encounter % openings.len()].clone();
                encounter += 1;
                for k in 0..games_per_encounter {
                    let (red, black) = if k % 2 == 0 { (i, j) } else { (j, i) };
                    out.push(Pairing {
                        index: out.len(),
                        round,
                        red,
                        black,
                        fen: fen.clone(),
                    });
                }
            }
        }
    }
    out
}

/// One part of a match split over machines: shard `k` of `n`, `k` from 0
/// (as `chariot-datagen --shard` counts, and Slurm's array indices can).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    pub k: usize,
    pub n: usize,
}

impl Shard {
    /// Reads `K/N` with 0 <= K < N.
    pub fn parse(s: &str) -> Result<Shard, String> {
        let bad = || format!("-shard: expected K/N with 0 <= K < N, got '{s}'");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (k, n) = (
            k.trim().parse::<usize>().map_err(|_| bad())?,
            n.trim().parse::<usize>().map_err(|_| bad())?,
        );
        if k >= n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }

    /// The shard's games of the whole schedule: whole encounters (so that a
    /// colour-swapped pair is never split), every n-th from the k-th (from 0), each
    /// with the index, opening and colours the whole match gives it.
    pub fn of(&self, schedule: &[Pairing], games_per_encounter: usize) -> Vec<Pairing> {
        schedule
            .iter()
            .filter(|p| self.holds(p.index, games_per_encounter))
            .cloned()
            .collect()
    }

    /// Does game `index` of the whole schedule belong to this shard?
    pub fn holds(&self, index: usize, games_per_encounter: usize) -> bool {
        (index / games_per_encounter.max(1)) % self.n == self.k
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn openings(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("opening {i}")).collect()
    }

    #[test]
    fn the_shards_union_is_exactly_the_whole_schedule() {
        for (engines, rounds, games, n) in [
            (2, 50, 2, 4),
            (2, 7, 2, 3),
            (3, 5, 4, 2),
            (2, 3, 1, 5),
            (2, 2, 2, 9),
        ] {
            let whole = round_robin(engines, rounds, games, &openings(11));
            let mut union: Vec<Pairing> = (0..n)
                .flat_map(|k| Shard { k, n }.of(&whole, games))
                .collect();
            // Each game once, as the whole match schedules it.
            union.sort_by_key(|p| p.index);
            assert_eq!(
                union, whole,
                "{engines} engines, {rounds} rounds, {games} games, {n} shards"
            );
            // No encounter is split: its games share one shard.
            for k in 0..n {
                let shard = Shard { k, n };
                for p in shard.of(&whole, games) {
                    let first = p.index - p.index % games;
                    assert!(shard.holds(first, games) && whole[first].fen == p.fen);
                }
            }
        }
    }

    #[test]
    fn shard_numbers_are_checked() {
        assert_eq!(Shard::parse("0/5"), Ok(Shard { k: 0, n: 5 }));
        assert_eq!(Shard::parse("4/5"), Ok(Shard { k: 4, n: 5 }));
        for bad in ["3/3", "4/3", "1", "a/2", "1/0", "", "1/2/3"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
