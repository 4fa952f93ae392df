//! Time controls and the chess clock (league rule 4.1: a base time with an
//! increment per move), or depth and node limits instead of a clock.

/// What each engine is given per move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Base time and increment, in milliseconds.
    Clock {
        base_ms: u64,
        inc_ms: u64,
    },
    Depth(u32),
    Nodes(u64),
}

impl Limit {
    /// The cutechess-style text of the limit, for the PGN TimeControl tag.
    pub fn describe(&self) -> String {
        match *self {
            Limit::Clock { base_ms, inc_ms } => {
                format!("{}+{}", secs_text(base_ms), secs_text(inc_ms))
            }
            Limit::Depth(d) => format!("depth={d}"),
            Limit::Nodes(n) => format!("nodes={n}"),
        }
    }
}

fn secs_text(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        let s = format!("{}.{:03}", ms / 1000, ms % 1000);
        s.trim_end_matches('0').to_string()
    }
}

/// Reads a time control `BASE+INC` in seconds (`10+0.1`, `600+3`), where BASE
/// may also be written `MIN:SEC` (`10:00+3`); the increment may be omitted.
pub fn parse_time_control(text: &str) -> Result<Limit, String> {
    let bad =
        |why: &str| format!("bad time control '{text}': {why} (expected e.g. 10+0.1 or 10:00+3)");
    let (base, inc) = match text.split_once('+') {
        Some((b, i)) => (b, i),
        None => (text, "0"),
    };
    let base_ms = match base.split_once(':') {
        Some((m, s)) => {
            let m: u64 = m.parse().map_err(|_| bad("minutes are not a number"))?;
            let s = parse_seconds_ms(s).ok_or_else(|| bad("seconds are not a number"))?;
            m * 60_000 + s
        }
        None => parse_seconds_ms(base).ok_or_else(|| bad("base time is not a number"))?,
    };
    let inc_ms = parse_seconds_ms(inc).ok_or_else(|| bad("increment is not a number"))?;
    if base_ms == 0 && inc_ms == 0 {
        return Err(bad("no time at all"));
    }
    Ok(Limit::Clock { base_ms, inc_ms })
}

/// Non-negative decimal seconds to whole milliseconds.
fn parse_seconds_ms(s: &str) -> Option<u64> {
    let s = s.trim();
    if s.is_empty() || !s.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    let v: f64 = s.parse().ok()?;
    if !v.is_finite() || v > 1e9 {
        return None;
    }
    Some((v * 1000.0).round() as u64)
}

/// One side's clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    remaining_ms: i64,
    inc_ms: i64,
}

impl GameClock {
    pub fn new(base_ms: u64, inc_ms: u64) -> GameClock {
        GameClock {
            remaining_ms: base_ms as i64,
            inc_ms: inc_ms as i64,
        }
    }
    pub fn remaining_ms(&self) -> u64 {
        self.remaining_ms.max(0) as u64
    }
    pub fn inc_ms(&self) -> u64 {
        self.inc_ms as u64
    }
    /// Charges a move that took `elapsed_ms`. Returns false when the move came
    /// later than the remaining time plus the grace: a loss on time. A move
    /// inside the grace leaves the clock at zero before the increment.
    pub fn charge(&mut self, elapsed_ms: u64, grace_ms: u64) -> bool {
        let left = self.remaining_ms - elapsed_ms as i64;
        if left < -(grace_ms as i64) {
            self.remaining_ms = left;
            return false;
        }
        self.remaining_ms = left.max(0) + self.inc_ms;
        true
    }
}
