//! Games as PGN in the Chinese chess convention: the Seven Tag Roster with
//! Red and Black, `FEN` when the game did not start from the opening array,
//! `Format "ICCS"` with moves written `H2-E2`, the cause of the end in a
//! `Termination` tag and a final comment.

use super::game::{GameRecord, MoveNote};
use chariot_core::pgn::{iccs_text as iccs, move_numbers, quote, wrap_words};
use chariot_core::START_FEN;

/// The tags that describe where and when a game was played.
#[derive(Clone, Debug)]
pub struct PgnHeader {
    pub event: String,
    pub site: String,
    pub date: String,
    pub round: String,
    pub red: String,
    pub black: String,
    pub time_control: String,
}

pub fn to_pgn(h: &PgnHeader, g: &GameRecord) -> String {
    let result = g.ending.outcome.pgn();
    let mut s = String::new();
    let mut tag = |k: &str, v: &str| s.push_str(&format!("[{k} \"{}\"]\n", quote(v)));
    tag("Game", "Chinese Chess");
    tag("Event", &h.event);
    tag("Site", &h.site);
    tag("Date", &h.date);
    tag("Round", &h.round);
    tag("Red", &h.red);
    tag("Black", &h.black);
    tag("Result", result);
    if g.start_fen != START_FEN {
        tag("FEN", &g.start_fen);
    }
    tag("Format", "ICCS");
    tag("TimeControl", &h.time_control);
    tag("PlyCount", &g.moves.len().to_string());
    tag("Termination", g.ending.termination.tag());
    s.push('\n');

    let mut words: Vec<String> = Vec::new();
    for ((i, m), n) in g.moves.iter().enumerate().zip(move_numbers(&g.start_fen)) {
        // A move number stays on the line of its move.
        if n.red || i == 0 {
            words.push(format!("{} {}", n.label(), iccs(m)));
        } else {
            words.push(iccs(m));
        }
        if let Some(note) = g.notes.get(i) {
            words.push(note_comment(note));
        }
    }
    words.push(format!("{{{}}}", g.ending.detail));
    words.push(result.to_string());
    s.push_str(&wrap_words(&words));
    s.push('\n');
    s
}

/// A move's comment as cutechess writes it: the engine's score in pawns
/// from its own view (`+M5` / `-M5` for a mate in 5) over its depth, then
/// the time taken, as in `{+0.22/17 0.336s}`; the time alone without a score.
fn note_comment(note: &MoveNote) -> String {
    let time = format!("{}.{:03}s", note.ms / 1000, note.ms % 1000);
    let Some(score) = note.score else {
        return format!("{{{time}}}");
    };
    let sign = if score < 0 { '-' } else { '+' };
    let magnitude = score.unsigned_abs();
    // The league's parser writes a mate in M as 30000 - M.
    let value = if (29_000..=30_000).contains(&magnitude) {
        format!("{sign}M{}", 30_000 - magnitude)
    } else {
        format!("{sign}{}.{:02}", magnitude / 100, magnitude % 100)
    };
    let depth = note.depth.map_or(String::new(), |d| format!("/{d}"));
    format!("{{{value}{depth} {time}}}")
}

/// Today's date as PGN writes it (`2026.11.22`), in UTC.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Days since 1970-01-01 to a Gregorian date (the well-known era algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::civil_from_days;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_414), (2025, 11, 22));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
