//! The evaluation term by term, for the engine's `eval` command.

use crate::eval::evaluate_traced;
use crate::score::{Score, PHASE_MAX};
use crate::trace::{Finish, Term, Trace};
use crate::{EvalBoard, Knowledge};
use std::fmt;
use tablegen::Color;

/// Every term for both colours, and how the final score was reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    pub knowledge: Knowledge,
    pub side_to_move: Color,
    /// `terms[term][colour]`: the term's value for that colour, from its own point of view.
    pub terms: [[Score; 2]; Term::COUNT],
    pub finish: Finish,
}

impl Breakdown {
    /// The term's value for `color`, from that colour's point of view.
    pub fn term(&self, term: Term, color: Color) -> Score {
        self.terms[term.index()][color.index()]
    }
    /// Red's value of the term minus Black's.
    pub fn net(&self, term: Term) -> Score {
        self.term(term, Color::Red) - self.term(term, Color::Black)
    }
    /// The final score from the side to move's view: equal to `evaluate`.
    pub fn score(&self) -> i32 {
        self.finish.score
    }
}

impl Trace for Breakdown {
    const ACTIVE: bool = true;
    fn term(&mut self, term: Term, color: Color, s: Score) {
        self.terms[term.index()][color.index()] += s;
    }
    fn finish(&mut self, f: Finish) {
        self.finish = f;
    }
}

/// Evaluates `board` at knowledge `k` and keeps every term.
pub fn breakdown<B: EvalBoard>(board: &B, k: Knowledge) -> Breakdown {
    let mut out = Breakdown {
        knowledge: k,
        side_to_move: board.side_to_move(),
        terms: [[Score::ZERO; 2]; Term::COUNT],
        finish: Finish::default(),
    };
    evaluate_traced(board, k, &mut out);
    out
}

/// Is `term` part of the evaluation at knowledge `k`?
pub fn term_used(term: Term, k: Knowledge) -> bool {
    match term {
        Term::Material => true,
        Term::PieceSquare => k != Knowledge::None,
        Term::Mobility | Term::KingSafety => matches!(k, Knowledge::Medium | Knowledge::Large),
        _ => k == Knowledge::Large,
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

impl fmt::Display for Breakdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Evaluation at knowledge {:?} (a horse or cannon is about 100)",
            self.knowledge
        )?;
        let fin = &self.finish;
        if fin.insufficient_material {
            writeln!(f, "Neither side has a rook, horse, cannon or pawn: draw")?;
            return write!(
                f,
                "Final score: 0 ({} to move)",
                side_name(self.side_to_move)
            );
        }
        writeln!(
            f,
            "{:<16} {:>13} {:>13} {:>13}",
            "Term", "Red", "Black", "Red - Black"
        )?;
        writeln!(
            f,
            "{:<16} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}",
            "", "mg", "eg", "mg", "eg", "mg", "eg"
        )?;
        for term in Term::ALL {
            if !term_used(term, self.knowledge) {
                continue;
            }
            let (r, b, n) = (
                self.term(term, Color::Red),
                self.term(term, Color::Black),
                self.net(term),
            );
            writeln!(
                f,
                "{:<16} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}",
                term.name(),
                r.mg(),
                r.eg(),
                b.mg(),
                b.eg(),
                n.mg(),
                n.eg()
            )?;
        }
        writeln!(
            f,
            "{:<16} {:>13} {:>13} {:>6} {:>6}",
            "Total",
            "",
            "",
            fin.total.mg(),
            fin.total.eg()
        )?;
        writeln!(
            f,
            "Phase {}/{}: tapered {:+} (Red's view)",
            fin.phase, PHASE_MAX, fin.tapered
        )?;
        if self.knowledge == Knowledge::Large {
            writeln!(
                f,
                "Endgame scale {}/16, no-capture scale {}/80",
                fin.endgame_scale, fin.halfmove_scale
            )?;
        }
        // Always shown, also when the fitted tempo is zero: a stable layout.
        writeln!(f, "Tempo {:+}", fin.tempo)?;
        write!(
            f,
            "Final score: {:+} ({} to move)",
            fin.score,
            side_name(self.side_to_move)
        )
    }
}
