//! The data file: one position a line, `FEN;score;result`.
//!
//! - FEN: the six fields (board, side, `-`, `-`, halfmove clock, move number);
//!   the halfmove clock matters, the evaluation scales by it.
//! - score: the search's score in centipawns from Red's point of view.
//! - result: the game's result from Red's point of view: `1`, `0.5` or `0`.
//!
//! Lines starting with `#` are comments. In Python:
//! `fen, score, result = line.rstrip("\n").split(";")`.

use chariot_core::{Color, Position};
use std::fmt;

/// One training position.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub fen: String,
    /// Search score, Red's view, centipawns.
    pub score: i32,
    /// Game result, Red's view: 0, 0.5 or 1.
    pub result: f32,
}

/// A line of a data file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRecordError {
    pub line: String,
    pub reason: String,
}

impl fmt::Display for ParseRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad data line '{}': {}", self.line, self.reason)
    }
}

impl std::error::Error for ParseRecordError {}

impl Record {
    /// A record of `pos` with a score from the side to move's view.
    pub fn new(pos: &Position, stm_score: i32, result: f32) -> Record {
        let score = if pos.side_to_move() == Color::Red {
            stm_score
        } else {
            -stm_score
        };
        Record {
            fen: pos.fen(),
            score,
            result,
        }
    }

    /// Reads one line; comments and blank lines give `Ok(None)`.
    pub fn parse(line: &str) -> Result<Option<Record>, ParseRecordError> {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            return Ok(None);
        }
        let bad = |reason: &str| ParseRecordError {
            line: line.to_string(),
            reason: reason.to_string(),
        };
        let mut parts = line.split(';');
        let (Some(fen), Some(score), Some(result), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad("expected FEN;score;result"));
        };
        let score = score
            .trim()
            .parse()
            .map_err(|_| bad("score is not an integer"))?;
        let result = match result.trim() {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            _ => return Err(bad("result must be 1, 0.5 or 0")),
        };
        Ok(Some(Record {
            fen: fen.trim().to_string(),
            score,
            result,
        }))
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let result = if self.result >= 1.0 {
            "1"
        } else if self.result <= 0.0 {
            "0"
        } else {
            "0.5"
        };
        write!(f, "{};{};{}", self.fen, self.score, result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_round_trips_through_its_line() {
        let pos = Position::startpos();
        for (score, result) in [(35, 1.0), (-120, 0.0), (0, 0.5)] {
            let r = Record::new(&pos, score, result);
            let line = r.to_string();
            assert_eq!(Record::parse(&line).unwrap(), Some(r));
        }
    }

    #[test]
    fn the_score_is_turned_to_reds_view() {
        let mut pos = Position::startpos();
        pos.make_move(pos.parse_move("h2e2").unwrap());
        assert_eq!(Record::new(&pos, 40, 0.5).score, -40);
    }

    #[test]
    fn bad_lines_are_refused_with_the_reason() {
        assert_eq!(Record::parse("# comment").unwrap(), None);
        assert_eq!(Record::parse("").unwrap(), None);
        for line in ["fen;12", "fen;x;1", "fen;12;2", "fen;1;1;1"] {
            assert!(Record::parse(line).is_err(), "{line}");
        }
    }
}
