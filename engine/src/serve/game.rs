//! The game on the board: a start position, the moves played from it, the
//! ply the board shows (the cursor: the game may go on past it), what is
//! known of each position (the score for the graph, the annotator's report)
//! and of each move (its mark and the better line). The position at the
//! cursor keeps its whole history, so the rules can judge repetitions.

use crate::analyse::{judge, pawns, PositionReport};
use crate::score::mate_in_plies;
use chariot_core::moves::Move;
use chariot_core::notation::chinese;
use chariot_core::pgn::{iccs_text, move_numbers, wrap_words, PgnGame};
use chariot_core::rules::{adjudicate, Outcome, Reason, Verdict};
use chariot_core::{Color, Position};
use serde::Serialize;

/// A score from Red's side, as the page shows it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Score {
    /// Centipawns (a horse is about 100).
    pub cp: i32,
    /// Mate in this many moves, positive when Red mates.
    pub mate: Option<i32>,
    /// `+0.35`, `#3`, `#-2`, `+rule`.
    pub text: String,
    pub depth: u32,
}

impl Score {
    /// `score` is the search's, from the side to move of a position where
    /// `side` is to move.
    pub fn new(score: i32, side: Color, depth: u32) -> Score {
        let red = side == Color::Red;
        let cp = if red { score } else { -score };
        let mate = mate_in_plies(score).map(|p| {
            let moves = if p >= 0 { (p + 1) / 2 } else { -((-p + 1) / 2) };
            if red {
                moves
            } else {
                -moves
            }
        });
        Score {
            cp,
            mate,
            text: pawns(cp),
            depth,
        }
    }
}

/// A line in both notations, from a position.
pub fn line_texts(pos: &Position, line: &[Move]) -> (Vec<String>, Vec<String>) {
    let mut pos = pos.clone();
    let mut iccs = Vec::new();
    let mut chinese_words = Vec::new();
    for &m in line {
        if !pos.is_legal(m) {
            break;
        }
        iccs.push(m.to_string());
        chinese_words.push(chinese(&pos, m));
        pos.make_move(m);
    }
    (iccs, chinese_words)
}

/// The line the annotator found better than a marked move.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Better {
    pub pv: Vec<String>,
    pub pv_chinese: Vec<String>,
    /// Its score, Red's side.
    pub text: String,
}

/// One move of the game in both notations, with the annotator's judgement.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PlayedMove {
    pub iccs: String,
    pub chinese: String,
    /// `?!`, `?`, `??`, or empty.
    pub mark: &'static str,
    pub better: Option<Better>,
}

/// How a game ended, as the page shows it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct GameResult {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub score: &'static str,
    /// `mate`, `stalemate`, `perpetual check`, ...
    pub reason: &'static str,
    pub text: String,
}

impl GameResult {
    pub fn of(verdict: Verdict, side_to_move: Color) -> GameResult {
        let name = |c: Color| match c {
            Color::Red => "Red",
            Color::Black => "Black",
        };
        let (score, winner) = match verdict.outcome {
            Outcome::Win(Color::Red) => ("1-0", Some(Color::Red)),
            Outcome::Win(Color::Black) => ("0-1", Some(Color::Black)),
            Outcome::Draw => ("1/2-1/2", None),
        };
        let mover = name(side_to_move);
        let (reason, why) = match verdict.reason {
            Reason::Mate => ("mate", format!("{mover} is mated")),
            Reason::Stalemate => ("stalemate", format!("{mover} has no move")),
            Reason::PerpetualCheck => ("perpetual check", "perpetual check".to_string()),
            Reason::PerpetualChase => ("perpetual chase", "perpetual chase".to_string()),
            Reason::RepetitionDraw => ("repetition", "the position repeated".to_string()),
            Reason::NaturalLimit => ("move limit", "the natural-move limit".to_string()),
            Reason::NoAttackers => ("no attackers", "no side can attack".to_string()),
        };
        let text = match winner {
            Some(w) => format!("{why}: {} wins ({score})", name(w)),
            None => format!("{why}: a draw ({score})"),
        };
        GameResult {
            score,
            reason,
            text,
        }
    }
}

pub struct Game {
    pub start: Position,
    pub start_fen: String,
    pub moves: Vec<Move>,
    pub played: Vec<PlayedMove>,
    /// The ply the board shows (0: the start).
    pub ply: usize,
    /// The position at `ply`, with its history.
    pub pos: Position,
    /// Per position (the start and after each move): the deepest score known.
    pub scores: Vec<Option<Score>>,
    /// Per position: the annotator's report.
    pub reports: Vec<Option<PositionReport>>,
}

impl Game {
    /// A game whose moves were checked; the board at its end.
    pub fn new(start: Position, moves: Vec<Move>) -> Game {
        let mut pos = start.clone();
        let mut played = Vec::with_capacity(moves.len());
        for &m in &moves {
            played.push(PlayedMove {
                iccs: m.to_string(),
                chinese: chinese(&pos, m),
                mark: "",
                better: None,
            });
            pos.make_move(m);
        }
        Game {
            start_fen: start.fen(),
            start,
            ply: moves.len(),
            scores: vec![None; moves.len() + 1],
            reports: vec![None; moves.len() + 1],
            moves,
            played,
            pos,
        }
    }

    /// Is the board at the end of the game?
    pub fn at_end(&self) -> bool {
        self.ply == self.moves.len()
    }

    /// Plays a legal move at the cursor: the game's next move (the rest of
    /// the game is kept), or a new one (the rest is dropped).
    pub fn play(&mut self, m: Move) {
        if self.moves.get(self.ply) != Some(&m) {
            self.truncate(self.ply);
            self.played.push(PlayedMove {
                iccs: m.to_string(),
                chinese: chinese(&self.pos, m),
                mark: "",
                better: None,
            });
            self.moves.push(m);
            self.scores.push(None);
            self.reports.push(None);
        }
        self.pos.make_move(m);
        self.ply += 1;
    }

    /// Takes back the move before the cursor, and drops the moves after it.
    pub fn undo(&mut self) -> Result<(), String> {
        if self.ply == 0 {
            return Err("no move to take back".into());
        }
        self.truncate(self.ply - 1);
        self.pos.unmake_move();
        self.ply -= 1;
        Ok(())
    }

    /// Drops every move after the cursor.
    pub fn cut_after_cursor(&mut self) {
        self.truncate(self.ply);
    }

    /// The board at `ply` (the game unchanged).
    pub fn goto(&mut self, ply: usize) -> Result<(), String> {
        if ply > self.moves.len() {
            return Err(format!(
                "ply {ply}: the game has {} moves",
                self.moves.len()
            ));
        }
        let mut pos = self.start.clone();
        for &m in &self.moves[..ply] {
            pos.make_move(m);
        }
        self.pos = pos;
        self.ply = ply;
        Ok(())
    }

    /// Keeps the first `len` moves (and what is known of their positions).
    fn truncate(&mut self, len: usize) {
        self.moves.truncate(len);
        self.played.truncate(len);
        self.scores.truncate(len + 1);
        self.reports.truncate(len + 1);
    }

    /// How the game stands at the cursor by the league's rules: None while
    /// it goes on.
    pub fn result(&self) -> Option<GameResult> {
        adjudicate(&self.pos).map(|v| GameResult::of(v, self.pos.side_to_move()))
    }

    /// The side to move at position `i` of the game.
    fn side_at(&self, i: usize) -> Color {
        let red_starts = self.start.side_to_move() == Color::Red;
        if i.is_multiple_of(2) == red_starts {
            Color::Red
        } else {
            Color::Black
        }
    }

    /// Keeps a score of position `i` when it is at least as deep as the one
    /// known.
    pub fn set_score(&mut self, i: usize, score: i32, depth: u32) {
        let side = self.side_at(i);
        if let Some(slot) = self.scores.get_mut(i) {
            if slot.as_ref().is_none_or(|s| depth >= s.depth) {
                *slot = Some(Score::new(score, side, depth));
            }
        }
    }

    /// The annotator's report of position `i`: its score, and the marks of
    /// the moves into and out of it once their other end is known too.
    pub fn set_report(&mut self, i: usize, report: PositionReport, positions: &[Position]) {
        if i >= self.reports.len() {
            return;
        }
        self.set_score(i, report.score, report.depth);
        self.reports[i] = Some(report);
        for k in [i.checked_sub(1), Some(i)].into_iter().flatten() {
            let (Some(Some(_)), Some(Some(_))) = (self.reports.get(k), self.reports.get(k + 1))
            else {
                continue;
            };
            let pair = [
                self.reports[k].clone().expect("known"),
                self.reports[k + 1].clone().expect("known"),
            ];
            let m = self.moves[k];
            let (mark, better) = judge(&pair, 0, m);
            let better = better.map(|pv| {
                let (pv, pv_chinese) = line_texts(&positions[k], pv);
                let s = Score::new(pair[0].score, self.side_at(k), pair[0].depth);
                Better {
                    pv,
                    pv_chinese,
                    text: s.text,
                }
            });
            self.played[k].mark = mark;
            self.played[k].better = better;
        }
    }

    /// The game as PGN: with the annotator's scores, marks and lines when
    /// every position has its report, plain moves otherwise.
    pub fn pgn(&self, annotator: &str) -> String {
        let result = if self.at_end() {
            self.result().map(|r| r.score)
        } else {
            None
        };
        if self.reports.iter().all(Option::is_some) {
            let mut tags = Vec::new();
            if self.start_fen != chariot_core::START_FEN {
                tags.push(("FEN".to_string(), self.start_fen.clone()));
            }
            let game = PgnGame {
                tags,
                start_fen: self.start_fen.clone(),
                moves: self.moves.clone(),
                notes: Vec::new(),
                result: result.map(str::to_string),
            };
            let reports: Vec<PositionReport> = self.reports.iter().flatten().cloned().collect();
            return crate::analyse::annotate(&game, &reports, annotator);
        }
        let mut s = String::new();
        if self.start_fen != chariot_core::START_FEN {
            s.push_str(&format!("[FEN \"{}\"]\n", self.start_fen));
        }
        s.push_str(&format!("[Annotator \"{annotator}\"]\n\n"));
        let mut words = Vec::new();
        for ((i, m), n) in self
            .moves
            .iter()
            .enumerate()
            .zip(move_numbers(&self.start_fen))
        {
            if n.red || i == 0 {
                words.push(n.label());
            }
            words.push(iccs_text(&m.to_string()));
        }
        words.push(result.unwrap_or("*").into());
        s.push_str(&wrap_words(&words));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{DECISIVE_BOUND, MATE};

    fn mv(pos: &Position, text: &str) -> Move {
        pos.parse_move(text).unwrap()
    }

    #[test]
    fn scores_read_as_pawns_mates_or_rule_wins() {
        assert_eq!(Score::new(35, Color::Red, 1).text, "+0.35");
        assert_eq!(Score::new(120, Color::Black, 1).text, "-1.20");
        assert_eq!(Score::new(0, Color::Red, 1).text, "+0.00");
        assert_eq!(Score::new(MATE - 5, Color::Red, 1).text, "#3");
        assert_eq!(Score::new(MATE - 3, Color::Black, 1).text, "#-2");
        assert_eq!(Score::new(DECISIVE_BOUND + 1, Color::Red, 1).text, "+rule");
        // Black to move and mating in 2 plies: Red is mated in 1.
        assert_eq!(Score::new(MATE - 2, Color::Black, 5).text, "#-1");
    }

    #[test]
    fn the_cursor_goes_back_and_a_new_move_drops_the_rest() {
        let start = Position::startpos();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for t in ["h2e2", "h9g7", "h0g2"] {
            let m = mv(&pos, t);
            pos.make_move(m);
            moves.push(m);
        }
        let mut g = Game::new(start.clone(), moves);
        g.set_score(3, 40, 8);
        g.goto(1).unwrap();
        assert_eq!(g.pos.side_to_move(), Color::Black);
        assert!(g.goto(4).is_err());
        // The game's own next move keeps the rest.
        let m = mv(&g.pos, "h9g7");
        g.play(m);
        assert_eq!((g.ply, g.moves.len()), (2, 3));
        assert!(g.scores[3].is_some());
        // Another move drops it.
        g.undo().unwrap();
        assert_eq!((g.ply, g.moves.len()), (1, 1));
        let m = mv(&g.pos, "b9c7");
        g.play(m);
        assert_eq!(g.played[1].chinese, "马２进３");
        assert_eq!(g.scores.len(), 3);
        assert!(g.result().is_none());
    }

    #[test]
    fn a_fourth_repetition_ends_the_game_by_the_league_rules() {
        // Red's rook and Black's king shuffle: no check, no chase, a draw.
        let start = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1").unwrap();
        let mut g = Game::new(start, vec![]);
        for round in 0..3 {
            for t in ["a1a2", "d9d8", "a2a1", "d8d9"] {
                assert!(g.result().is_none(), "round {round}, before {t}");
                let m = mv(&g.pos, t);
                g.play(m);
            }
        }
        let r = g.result().expect("the fourth occurrence");
        assert_eq!((r.score, r.reason), ("1/2-1/2", "repetition"));
        // Back one move, the game goes on.
        g.goto(11).unwrap();
        assert!(g.result().is_none());
    }

    #[test]
    fn a_mate_ends_the_game_with_its_result() {
        // Red's rook mates on the ninth rank.
        let start = Position::from_fen("3k5/9/3P5/9/9/9/9/9/4R4/4K4 w - - 0 1").unwrap();
        let mut g = Game::new(start, vec![]);
        let m = mv(&g.pos, "e1e9");
        g.play(m);
        let r = g.result().expect("mate");
        assert_eq!((r.score, r.reason), ("1-0", "mate"));
        assert_eq!(r.text, "Black is mated: Red wins (1-0)");
        assert!(g.pgn("t").contains("1. E1-E9 1-0"), "{}", g.pgn("t"));
    }
}
