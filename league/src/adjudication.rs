//! How a game ends: the league rules' verdicts on the position (from the rules
//! module), faults of an engine (illegal move, crash, silence, time), resignation,
//! agreed draws, and the optional adjudication by both engines' scores.

use chariot_core::rules::{self, MoveLimit, RepetitionRule, Rules};
use chariot_core::Color;
use chariot_core::Position;

/// A game's result as PGN writes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameOutcome {
    RedWins,
    BlackWins,
    Draw,
}

impl GameOutcome {
    pub fn pgn(self) -> &'static str {
        match self {
            GameOutcome::RedWins => "1-0",
            GameOutcome::BlackWins => "0-1",
            GameOutcome::Draw => "1/2-1/2",
        }
    }
    pub fn parse_pgn(s: &str) -> Option<GameOutcome> {
        match s {
            "1-0" => Some(GameOutcome::RedWins),
            "0-1" => Some(GameOutcome::BlackWins),
            "1/2-1/2" => Some(GameOutcome::Draw),
            _ => None,
        }
    }
    pub fn win_for(c: Color) -> GameOutcome {
        match c {
            Color::Red => GameOutcome::RedWins,
            Color::Black => GameOutcome::BlackWins,
        }
    }
    pub fn loss_for(c: Color) -> GameOutcome {
        Self::win_for(c.other())
    }
    /// Red's score: 1, 0.5 or 0.
    pub fn red_score(self) -> f64 {
        match self {
            GameOutcome::RedWins => 1.0,
            GameOutcome::BlackWins => 0.0,
            GameOutcome::Draw => 0.5,
        }
    }
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    Mate,
    Stalemate,
    PerpetualCheck,
    PerpetualChase,
    Repetition,
    NaturalLimit,
    NoAttackers,
    Resignation,
    DrawAgreed,
    IllegalMove,
    Crash,
    NoAnswer,
    TimeForfeit,
    ScoreResign,
    ScoreDraw,
}

impl Termination {
    /// The short word of the PGN Termination tag (cutechess's words where they fit).
    pub fn tag(self) -> &'static str {
        match self {
            Termination::Mate
            | Termination::Stalemate
            | Termination::PerpetualCheck
            | Termination::PerpetualChase
            | Termination::Repetition
            | Termination::NaturalLimit
            | Termination::NoAttackers
            | Termination::Resignation
            | Termination::DrawAgreed => "normal",
            Termination::IllegalMove => "illegal move",
            Termination::Crash => "abandoned",
            Termination::NoAnswer => "stalled connection",
            Termination::TimeForfeit => "time forfeit",
            Termination::ScoreResign | Termination::ScoreDraw => "adjudication",
        }
    }
    /// A stable key for the results file.
    pub fn key(self) -> &'static str {
        match self {
            Termination::Mate => "mate",
            Termination::Stalemate => "stalemate",
            Termination::PerpetualCheck => "perpetual-check",
            Termination::PerpetualChase => "perpetual-chase",
            Termination::Repetition => "repetition",
            Termination::NaturalLimit => "natural-limit",
            Termination::NoAttackers => "no-attackers",
            Termination::Resignation => "resign",
            Termination::DrawAgreed => "draw-agreed",
            Termination::IllegalMove => "illegal-move",
            Termination::Crash => "crash",
            Termination::NoAnswer => "no-answer",
            Termination::TimeForfeit => "time-forfeit",
            Termination::ScoreResign => "score-resign",
            Termination::ScoreDraw => "score-draw",
        }
    }
    pub const ALL: [Termination; 15] = [
        Termination::Mate,
        Termination::Stalemate,
        Termination::PerpetualCheck,
        Termination::PerpetualChase,
        Termination::Repetition,
        Termination::NaturalLimit,
        Termination::NoAttackers,
        Termination::Resignation,
        Termination::DrawAgreed,
        Termination::IllegalMove,
        Termination::Crash,
        Termination::NoAnswer,
        Termination::TimeForfeit,
        Termination::ScoreResign,
        Termination::ScoreDraw,
    ];
    pub fn from_key(k: &str) -> Option<Termination> {
        Self::ALL.iter().copied().find(|t| t.key() == k)
    }
    /// Did the losing engine misbehave, so that it should be restarted?
    pub fn engine_fault(self) -> bool {
        matches!(
            self,
            Termination::Crash | Termination::NoAnswer | Termination::TimeForfeit
        )
    }
}

/// The end of a game: result, cause and a sentence for the PGN comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub outcome: GameOutcome,
    pub termination: Termination,
    pub detail: String,
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// The rules' verdict on the position after a move, if the game is over.
pub fn by_rules(pos: &Position, game_rules: Rules) -> Option<Ending> {
    let v = game_rules.adjudicate(pos)?;
    let outcome = match v.outcome {
        rules::Outcome::Win(c) => GameOutcome::win_for(c),
        rules::Outcome::Draw => GameOutcome::Draw,
    };
    let loser = match v.outcome {
        rules::Outcome::Win(c) => side_name(c.other()),
        rules::Outcome::Draw => "",
    };
    let (termination, detail) = match v.reason {
        rules::Reason::Mate => (Termination::Mate, format!("{loser} is mated")),
        rules::Reason::Stalemate => (
            Termination::Stalemate,
            format!("{loser} is stalemated (loses under rule 4.4)"),
        ),
        rules::Reason::PerpetualCheck => (
            Termination::PerpetualCheck,
            format!("{loser} checks perpetually (loses under rule 5.2)"),
        ),
        rules::Reason::PerpetualChase => (
            Termination::PerpetualChase,
            format!("{loser} chases one piece perpetually (loses under rule 5.2)"),
        ),
        rules::Reason::RepetitionDraw => (
            Termination::Repetition,
            match game_rules.repetition {
                RepetitionRule::Asian => {
                    "fourth repetition without a perpetual (draw under rule 5.2)"
                }
                RepetitionRule::NoJudgement => "fourth repetition (draw: repetitions not judged)",
            }
            .to_string(),
        ),
        rules::Reason::NaturalLimit => (
            Termination::NaturalLimit,
            match game_rules.move_limit {
                MoveLimit::Sixty => "120 plies without a capture (draw under the sixty-move limit)",
                _ => "100 plies without a capture (draw under rule 4.5)",
            }
            .to_string(),
        ),
        rules::Reason::NoAttackers => (
            Termination::NoAttackers,
            "neither side has an attacking piece (draw under rule 4.5)".to_string(),
        ),
    };
    Some(Ending {
        outcome,
        termination,
        detail,
    })
}

/// The legal moves after which the rules declare the mover lost by a
/// perpetual (the league simulator's `banmoves`). Leaves `pos` as it was.
pub fn losing_repetitions(pos: &mut Position, game_rules: Rules) -> Vec<String> {
    let mover = pos.side_to_move();
    let mut banned = Vec::new();
    // Only a move that repeats a position can complete a perpetual, and only
    // the Asian rules make a perpetual lose.
    if pos.halfmove_clock() < 3 || game_rules.repetition != RepetitionRule::Asian {
        return banned;
    }
    for m in pos.legal_moves().iter() {
        pos.make_move(m);
        let loses = game_rules.adjudicate(pos).is_some_and(|v| {
            v.outcome == rules::Outcome::Win(mover.other())
                && matches!(
                    v.reason,
                    rules::Reason::PerpetualCheck | rules::Reason::PerpetualChase
                )
        });
        pos.unmake_move();
        if loses {
            banned.push(m.to_string());
        }
    }
    banned
}

/// The loss of the side `c` for a fault of its engine.
pub fn fault(c: Color, termination: Termination, what: &str) -> Ending {
    Ending {
        outcome: GameOutcome::loss_for(c),
        termination,
        detail: format!("{} {what}", side_name(c)),
    }
}

/// `-resign movecount=N score=S`: a side loses when for N consecutive moves
/// its own engine scores it at or below -S and the opponent's engine scores
/// itself at or above S (both engines agree).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub movecount: usize,
    pub score: i32,
}

/// `-draw movenumber=N movecount=M score=S`: from full move N on, a draw when
/// for M consecutive moves each engine's score lies within ±S.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub movenumber: u32,
    pub movecount: usize,
    pub score: i32,
}

/// Watches the scores the engines report move after move.
#[derive(Clone, Debug, Default)]
pub struct ScoreWatch {
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    /// Each side's scores, newest last; None where an engine gave none.
    scores: [Vec<Option<i32>>; 2],
}

impl ScoreWatch {
    pub fn new(resign: Option<ResignRule>, draw: Option<DrawRule>) -> ScoreWatch {
        ScoreWatch {
            resign,
            draw,
            scores: [Vec::new(), Vec::new()],
        }
    }

    fn last(&self, c: Color, n: usize) -> Option<&[Option<i32>]> {
        let v = &self.scores[c as usize];
        (n > 0 && v.len() >= n).then(|| &v[v.len() - n..])
    }

    /// Records the score of `mover`'s engine for the move it just played
    /// (reaching full move `fullmove`) and says whether the game is adjudicated.
    pub fn record(&mut self, mover: Color, score: Option<i32>, fullmove: u32) -> Option<Ending> {
        self.scores[mover as usize].push(score);
        if let Some(r) = self.resign {
            for loser in [mover, mover.other()] {
                let lost = self
                    .last(loser, r.movecount)
                    .is_some_and(|s| s.iter().all(|x| x.is_some_and(|x| x <= -r.score)));
                let won = self
                    .last(loser.other(), r.movecount)
                    .is_some_and(|s| s.iter().all(|x| x.is_some_and(|x| x >= r.score)));
                if lost && won {
                    return Some(Ending {
                        outcome: GameOutcome::loss_for(loser),
                        termination: Termination::ScoreResign,
                        detail: format!(
                            "both engines score {} lost for {} moves",
                            side_name(loser),
                            r.movecount
                        ),
                    });
                }
            }
        }
        if let Some(d) = self.draw {
            let quiet = |c| {
                self.last(c, d.movecount)
                    .is_some_and(|s| s.iter().all(|x| x.is_some_and(|x| x.abs() <= d.score)))
            };
            if fullmove >= d.movenumber && quiet(Color::Red) && quiet(Color::Black) {
                return Some(Ending {
                    outcome: GameOutcome::Draw,
                    termination: Termination::ScoreDraw,
                    detail: format!(
                        "both engines score the game level for {} moves",
                        d.movecount
                    ),
                });
            }
        }
        None
    }
}
