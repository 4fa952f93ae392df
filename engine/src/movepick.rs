//! Move ordering: the table move first (checked legal), then captures by
//! victim and attacker (losing ones last), killers, the counter-move, and quiet
//! moves by their history.

use crate::movegen::GenType;
use crate::moves::{Move, MoveList, MAX_MOVES};
use crate::position::Position;
use crate::see;

pub const MAX_PLY: usize = 128;

/// The per-thread tables that learn which quiet moves cut off.
pub struct OrderingTables {
    /// [side][from][to], kept in ±HISTORY_MAX by the gravity formula.
    pub history: Box<[[[i32; 90]; 90]; 2]>,
    /// [piece of the previous move][its to-square] -> reply that refuted it.
    pub counter: Box<[[Move; 90]; 16]>,
    pub killers: [[Move; 2]; MAX_PLY + 4],
}

pub const HISTORY_MAX: i32 = 16384;

impl Default for OrderingTables {
    fn default() -> Self {
        Self::new()
    }
}

impl OrderingTables {
    pub fn new() -> Self {
        OrderingTables {
            history: Box::new([[[0; 90]; 90]; 2]),
            counter: Box::new([[Move::NONE; 90]; 16]),
            killers: [[Move::NONE; 2]; MAX_PLY + 4],
        }
    }

    pub fn clear(&mut self) {
        *self = Self::new();
    }

    #[inline]
    pub fn update_history(&mut self, side: usize, m: Move, bonus: i32) {
        let h = &mut self.history[side][m.from().index()][m.to().index()];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    #[inline]
    pub fn add_killer(&mut self, ply: usize, m: Move) {
        if self.killers[ply][0] != m {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = m;
        }
    }
}

/// The previous move's (piece, to) slot for counter-moves, if there was a move.
#[inline]
pub fn counter_slot(pos: &Position) -> Option<(usize, usize)> {
    let last = pos.history().last()?;
    if last.mv.is_none() {
        return None;
    }
    let p = pos.piece_on(last.mv.to());
    Some((
        (p.color().index() << 3) | p.kind().index(),
        last.mv.to().index(),
    ))
}

const TT_SCORE: i32 = i32::MAX;
const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const COUNTER: i32 = (1 << 27) - 2;
const BAD_CAPTURE: i32 = -(1 << 28);

pub struct MovePicker {
    moves: MoveList,
    scores: [i32; MAX_MOVES],
    next: usize,
    tt_move: Move,
    generated: bool,
    gen: GenType,
}

impl MovePicker {
    /// All moves (main search), or all evasions when in check.
    pub fn main(tt_move: Move) -> Self {
        Self::with(tt_move, GenType::All)
    }
    /// Captures only (quiescence), or all evasions when in check.
    pub fn captures(tt_move: Move) -> Self {
        Self::with(tt_move, GenType::Captures)
    }
    fn with(tt_move: Move, gen: GenType) -> Self {
        MovePicker {
            moves: MoveList::new(),
            scores: [0; MAX_MOVES],
            next: 0,
            tt_move,
            generated: false,
            gen,
        }
    }

    /// The next move to try, best first. Every move returned is legal.
    #[inline]
    pub fn next(&mut self, pos: &Position, tables: &OrderingTables, ply: usize) -> Option<Move> {
        if !self.generated {
            self.generated = true;
            let gen = if pos.in_check() {
                GenType::All
            } else {
                self.gen
            };
            let tt_ok = !self.tt_move.is_none()
                && pos.is_legal(self.tt_move)
                && (gen == GenType::All || pos.is_capture(self.tt_move));
            pos.generate(gen, &mut self.moves);
            self.score(
                pos,
                tables,
                ply,
                if tt_ok { self.tt_move } else { Move::NONE },
            );
        }
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        // Selection: bring the best remaining move forward.
        let mut best = self.next;
        for i in self.next + 1..n {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        let moves = self.moves.as_mut_slice();
        moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        let m = moves[self.next];
        self.next += 1;
        Some(m)
    }

    /// Was the move just returned a capture that loses material (by SEE)?
    /// Moves come best first, so every later capture loses too.
    #[inline(always)]
    pub fn last_was_losing_capture(&self) -> bool {
        self.next > 0 && self.scores[self.next - 1] <= BAD_CAPTURE + (1 << 20)
    }

    fn score(&mut self, pos: &Position, t: &OrderingTables, ply: usize, tt_move: Move) {
        let side = pos.side_to_move().index();
        let killers = t.killers[ply];
        let counter = counter_slot(pos).map_or(Move::NONE, |(p, s)| t.counter[p][s]);
        for (i, m) in self.moves.iter().enumerate() {
            self.scores[i] = if m == tt_move {
                TT_SCORE
            } else if pos.is_capture(m) {
                let victim = see::value(pos.piece_on(m.to()).kind());
                let attacker = see::value(pos.piece_on(m.from()).kind());
                let mvv_lva = victim * 16 - attacker / 8;
                if victim >= attacker || pos.see_ge(m, 0) {
                    GOOD_CAPTURE + mvv_lva
                } else {
                    BAD_CAPTURE + mvv_lva
                }
            } else if m == killers[0] {
                KILLER
            } else if m == killers[1] {
                KILLER - 1
            } else if m == counter {
                COUNTER
            } else {
                t.history[side][m.from().index()][m.to().index()]
            };
        }
    }
}
