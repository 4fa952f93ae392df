//! The league's rating list (rule 2.4): a new engine starts at 2000; after an
//! event each engine's rating moves by K times the sum over its games of
//! (score - expected score), the expectations taken from the ratings before
//! the event; K is 20 in an engine's first event and 10 after.
//!
//! Kept in a text file, one engine a line: `name<TAB>rating<TAB>events`.

use super::stats::score_from_elo;
use std::collections::BTreeMap;
use std::path::Path;

pub const NEW_RATING: f64 = 2000.0;
pub const K_FIRST_EVENT: f64 = 20.0;
pub const K_LATER: f64 = 10.0;

#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    /// Events the engine has played before (0 for a newcomer).
    pub events: u32,
}

impl Default for Rating {
    fn default() -> Self {
        Rating {
            rating: NEW_RATING,
            events: 0,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ratings {
    pub list: BTreeMap<String, Rating>,
}

/// One finished game for the rating update: Red's score is 1, 0.5 or 0.
#[derive(Clone, Debug)]
pub struct RatedGame {
    pub red: String,
    pub black: String,
    pub red_score: f64,
}

impl Ratings {
    pub fn get(&self, name: &str) -> Rating {
        self.list.get(name).copied().unwrap_or_default()
    }

    pub fn load(path: &Path) -> Result<Ratings, String> {
        if !path.exists() {
            return Ok(Ratings::default());
        }
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read ratings file {}: {e}", path.display()))?;
        Self::parse(&text).map_err(|e| format!("ratings file {}: {e}", path.display()))
    }

    pub fn parse(text: &str) -> Result<Ratings, String> {
        let mut r = Ratings::default();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim_end();
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            let bad = || format!("line {}: expected name<TAB>rating<TAB>events", i + 1);
            if f.len() != 3 {
                return Err(bad());
            }
            let rating: f64 = f[1].trim().parse().map_err(|_| bad())?;
            let events: u32 = f[2].trim().parse().map_err(|_| bad())?;
            r.list.insert(f[0].to_string(), Rating { rating, events });
        }
        Ok(r)
    }

    pub fn to_text(&self) -> String {
        let mut s = String::from("# engine\trating\tevents\n");
        for (name, r) in &self.list {
            s.push_str(&format!("{name}\t{:.1}\t{}\n", r.rating, r.events));
        }
        s
    }

    pub fn save(&self, path: &Path) -> Result<(), String> {
        std::fs::write(path, self.to_text())
            .map_err(|e| format!("cannot write ratings file {}: {e}", path.display()))
    }

    /// Applies one event's games and returns the ratings after it.
    pub fn updated(&self, games: &[RatedGame]) -> Ratings {
        let mut delta: BTreeMap<&str, f64> = BTreeMap::new();
        for g in games {
            let (r, b) = (self.get(&g.red).rating, self.get(&g.black).rating);
            let expected_red = score_from_elo(r - b);
            *delta.entry(&g.red).or_default() += g.red_score - expected_red;
            *delta.entry(&g.black).or_default() += (1.0 - g.red_score) - (1.0 - expected_red);
        }
        let mut out = self.clone();
        for (name, d) in delta {
            let old = self.get(name);
            let k = if old.events == 0 {
                K_FIRST_EVENT
            } else {
                K_LATER
            };
            out.list.insert(
                name.to_string(),
                Rating {
                    rating: old.rating + k * d,
                    events: old.events + 1,
                },
            );
        }
        out
    }
}
