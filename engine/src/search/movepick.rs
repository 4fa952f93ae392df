//! Move ordering: the table move first (checked legal), then captures by
//! victim and attacker (losing ones last), killers, the counter-move, and quiet
//! moves by their history.

use chariot_core::movegen::GenType;
use chariot_core::moves::{Move, MoveList, MAX_MOVES};
use chariot_core::position::{Piece, Position};
use chariot_core::see;
use std::mem::MaybeUninit;
use tablegen::Square;

pub const MAX_PLY: usize = 128;

/// The per-thread tables that learn which quiet moves cut off.
pub struct OrderingTables {
    /// [side][from][to], kept in ±HISTORY_MAX by the gravity formula.
    pub history: Box<[[[i32; 90]; 90]; 2]>,
    /// [piece of the previous move][its to-square] -> reply that refuted it.
    pub counter: Box<[[Move; 90]; 16]>,
    pub killers: [[Move; 2]; MAX_PLY + 4],
    /// Continuation history: how well a quiet move (piece, to) did after a given
    /// earlier move (piece, to), flat [earlier][piece][to], kept in ±HISTORY_MAX.
    pub continuation: Box<[i16]>,
}

/// Pieces times squares: the index space of a (piece, to-square) pair.
pub const PIECE_SQUARES: usize = 14 * 90;

/// The (piece, to) index of a move played by `piece`, for continuation history.
#[inline(always)]
pub fn piece_square(piece: Piece, to: Square) -> usize {
    (piece.color().index() * 7 + piece.kind().index()) * 90 + to.index()
}

/// No earlier move to continue from (the root, a null move).
pub const NO_CONTINUATION: usize = usize::MAX;

/// The (piece, to) indexes of the moves one and two plies before a node,
/// whose continuation histories order and reduce its quiet moves.
pub type EarlierMoves = [usize; 2];

/// No earlier moves at all.
pub const NO_EARLIER: EarlierMoves = [NO_CONTINUATION; 2];

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
            continuation: vec![0; PIECE_SQUARES * PIECE_SQUARES].into_boxed_slice(),
        }
    }

    pub fn clear(&mut self) {
        *self = Self::new();
    }

    #[inline]
    pub fn update_history(&mut self, side: usize, m: Move, bonus: i32) {
        let h = &mut self.history[side][m.from().index()][m.to().index()];
        *h = with_gravity(*h, bonus);
    }

    /// Adds `bonus` (with the same gravity as the main history) to the move
    /// `(piece, to)` after each earlier move in `earlier`.
    #[inline]
    pub fn update_continuation(&mut self, earlier: &EarlierMoves, moved: usize, bonus: i32) {
        for &e in earlier {
            if e != NO_CONTINUATION {
                let h = &mut self.continuation[e * PIECE_SQUARES + moved];
                *h = with_gravity(*h as i32, bonus) as i16;
            }
        }
    }

    /// A quiet move's history: its entry in the main table plus, divided by
    /// `continuation_divisor`, its continuation entries as `moved` (piece
    /// and to-square) after the earlier moves. The move ordering counts them
    /// whole, the reductions half.
    #[inline(always)]
    pub fn quiet_history(
        &self,
        side: usize,
        m: Move,
        moved: usize,
        earlier: &EarlierMoves,
        continuation_divisor: i32,
    ) -> i32 {
        self.history[side][m.from().index()][m.to().index()]
            + self.continuation_score(earlier, moved) / continuation_divisor
    }

    /// The continuation-history score of `(piece, to)` after the earlier moves.
    #[inline(always)]
    pub fn continuation_score(&self, earlier: &EarlierMoves, moved: usize) -> i32 {
        let mut score = 0;
        for &e in earlier {
            if e != NO_CONTINUATION {
                score += self.continuation[e * PIECE_SQUARES + moved] as i32;
            }
        }
        score
    }

    #[inline]
    pub fn add_killer(&mut self, ply: usize, m: Move) {
        if self.killers[ply][0] != m {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = m;
        }
    }
}

/// A history entry after `bonus`: the larger the entry already is in the
/// bonus's direction, the less it moves, so it stays within ±HISTORY_MAX.
#[inline(always)]
fn with_gravity(entry: i32, bonus: i32) -> i32 {
    entry + bonus - entry * bonus.abs() / HISTORY_MAX
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

/// The order in which the picker hands out moves. Each stage generates only
/// what it needs, so a cut by the table move or a capture costs no quiet moves.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Stage {
    TtMove,
    GenCaptures,
    GoodCaptures,
    Killer0,
    Killer1,
    Counter,
    GenQuiets,
    Quiets,
    BadCaptures,
    GenEvasions,
    Evasions,
    /// Quiescence with checks: the quiet moves that give check and lose
    /// nothing by SEE, by history, after the captures.
    GenQuietChecks,
    QuietChecks,
    Done,
}

pub struct MovePicker {
    moves: MoveList,
    /// Slots are written for every generated move before they are read.
    scores: [MaybeUninit<i32>; MAX_MOVES],
    stage: Stage,
    /// Next index to hand out in the current range.
    next: usize,
    /// Captures not yet found to lose material lie in [next, good_end); the
    /// losing ones are moved to [good_end, captures_end).
    good_end: usize,
    captures_end: usize,
    tt_move: Move,
    /// The (piece, to) indexes of the earlier moves, for continuation
    /// history (NO_CONTINUATION where there is none).
    earlier: EarlierMoves,
    /// Killers and counter-move actually handed out, skipped among the quiets.
    specials: [Move; 3],
    quiescence: bool,
    quiet_checks: bool,
    skip_quiets: bool,
}

impl MovePicker {
    /// All moves (main search), or all evasions when in check.
    pub fn main(tt_move: Move, earlier: EarlierMoves) -> Self {
        MovePicker {
            earlier,
            ..Self::with(tt_move, false)
        }
    }
    /// Captures that do not lose material (quiescence), or all evasions when in check.
    pub fn captures(tt_move: Move) -> Self {
        Self::with(tt_move, true)
    }
    /// As `captures`, then the quiet checks that lose nothing by SEE.
    pub fn captures_and_checks(tt_move: Move) -> Self {
        MovePicker {
            quiet_checks: true,
            ..Self::with(tt_move, true)
        }
    }
    fn with(tt_move: Move, quiescence: bool) -> Self {
        MovePicker {
            moves: MoveList::new(),
            scores: [const { MaybeUninit::uninit() }; MAX_MOVES],
            stage: Stage::TtMove,
            next: 0,
            good_end: 0,
            captures_end: 0,
            tt_move,
            earlier: NO_EARLIER,
            specials: [Move::NONE; 3],
            quiescence,
            quiet_checks: false,
            skip_quiets: false,
        }
    }

    /// No more quiet moves (killers and counter included) from here on: the
    /// search prunes them all once one is pruned for its depth or count.
    #[inline]
    pub fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// The next move to try, best first. Every move returned is legal.
    /// Inlined into its three callers: the call made for every move cost
    /// 2.5% of the search's instructions and about 1% of its speed
    /// (docs/profile.md).
    #[inline(always)]
    pub fn next(&mut self, pos: &Position, tables: &OrderingTables, ply: usize) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    let in_check = pos.in_check();
                    self.stage = if in_check {
                        Stage::GenEvasions
                    } else {
                        Stage::GenCaptures
                    };
                    let m = self.tt_move;
                    let usable = !m.is_none()
                        && pos.is_legal(m)
                        && (!self.quiescence || in_check || pos.is_capture(m));
                    if usable {
                        return Some(m);
                    }
                    self.tt_move = Move::NONE;
                }
                Stage::GenCaptures => {
                    pos.generate(GenType::Captures, &mut self.moves);
                    self.remove_tt_move();
                    for i in 0..self.moves.len() {
                        let m = self.moves.as_slice()[i];
                        self.scores[i] = MaybeUninit::new(mvv_lva(pos, m));
                    }
                    self.captures_end = self.moves.len();
                    self.good_end = self.captures_end;
                    self.next = 0;
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => {
                    while self.next < self.good_end {
                        let best = self.best_in(self.next, self.good_end);
                        let m = self.moves.as_slice()[best];
                        if loses_no_material(pos, m) {
                            self.take(best, self.next);
                            self.next += 1;
                            return Some(m);
                        }
                        // A losing capture waits for the end.
                        self.good_end -= 1;
                        self.take(best, self.good_end);
                    }
                    self.stage = match (self.quiescence, self.quiet_checks) {
                        (false, _) => Stage::Killer0,
                        (true, true) => Stage::GenQuietChecks,
                        (true, false) => Stage::Done,
                    };
                }
                Stage::Killer0 | Stage::Killer1 | Stage::Counter => {
                    let (slot, m) = match self.stage {
                        Stage::Killer0 => (0, tables.killers[ply][0]),
                        Stage::Killer1 => (1, tables.killers[ply][1]),
                        _ => (
                            2,
                            counter_slot(pos).map_or(Move::NONE, |(p, s)| tables.counter[p][s]),
                        ),
                    };
                    self.stage = match self.stage {
                        Stage::Killer0 => Stage::Killer1,
                        Stage::Killer1 => Stage::Counter,
                        _ => Stage::GenQuiets,
                    };
                    if !self.skip_quiets
                        && !m.is_none()
                        && m != self.tt_move
                        && !self.specials.contains(&m)
                        && !pos.is_capture(m)
                        && pos.is_legal(m)
                    {
                        self.specials[slot] = m;
                        return Some(m);
                    }
                }
                Stage::GenQuiets => {
                    self.stage = Stage::Quiets;
                    self.next = self.captures_end;
                    if !self.skip_quiets {
                        pos.generate(GenType::Quiets, &mut self.moves);
                        let side = pos.side_to_move().index();
                        for i in self.captures_end..self.moves.len() {
                            let m = self.moves.as_slice()[i];
                            let moved = piece_square(pos.piece_on(m.from()), m.to());
                            let score = tables.quiet_history(side, m, moved, &self.earlier, 1);
                            self.scores[i] = MaybeUninit::new(score);
                        }
                    }
                }
                Stage::Quiets => {
                    let end = self.moves.len();
                    while !self.skip_quiets && self.next < end {
                        let best = self.best_in(self.next, end);
                        let m = self.moves.as_slice()[best];
                        self.take(best, self.next);
                        self.next += 1;
                        if m != self.tt_move && !self.specials.contains(&m) {
                            return Some(m);
                        }
                    }
                    self.stage = Stage::BadCaptures;
                    self.next = self.good_end;
                }
                Stage::BadCaptures => {
                    if self.next < self.captures_end {
                        let best = self.best_in(self.next, self.captures_end);
                        let m = self.moves.as_slice()[best];
                        self.take(best, self.next);
                        self.next += 1;
                        return Some(m);
                    }
                    self.stage = Stage::Done;
                }
                Stage::GenEvasions => {
                    pos.generate(GenType::All, &mut self.moves);
                    self.remove_tt_move();
                    self.score_evasions(pos, tables, ply);
                    self.next = 0;
                    self.stage = Stage::Evasions;
                }
                Stage::GenQuietChecks => {
                    // The captures are done with: the list starts again.
                    self.moves.clear();
                    pos.generate(GenType::QuietChecks, &mut self.moves);
                    self.moves.retain(|m| pos.see_ge(m, 0));
                    let side = pos.side_to_move().index();
                    for i in 0..self.moves.len() {
                        let m = self.moves.as_slice()[i];
                        let h = tables.history[side][m.from().index()][m.to().index()];
                        self.scores[i] = MaybeUninit::new(h);
                    }
                    self.next = 0;
                    self.stage = Stage::QuietChecks;
                }
                Stage::Evasions | Stage::QuietChecks => {
                    let end = self.moves.len();
                    if self.next < end {
                        let best = self.best_in(self.next, end);
                        let m = self.moves.as_slice()[best];
                        self.take(best, self.next);
                        self.next += 1;
                        return Some(m);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// Index of the highest score in [from, to); the first of equals.
    #[inline(always)]
    fn best_in(&self, from: usize, to: usize) -> usize {
        // SAFETY: every slot below the list's length was written when its move
        // was generated, and `to` never exceeds that length.
        let scores = unsafe { &*(&self.scores[..to] as *const [MaybeUninit<i32>] as *const [i32]) };
        debug_assert!(from < to, "no move in {from}..{to}");
        let (mut best, mut top) = (from, scores[from]);
        for (i, &s) in scores[from + 1..].iter().enumerate() {
            if s > top {
                (best, top) = (from + 1 + i, s);
            }
        }
        best
    }

    /// Swaps the move and score at `i` into place `at`.
    #[inline(always)]
    fn take(&mut self, i: usize, at: usize) {
        self.moves.as_mut_slice().swap(i, at);
        self.scores.swap(i, at);
    }

    /// The table move was handed out first: drop it from the generated list.
    #[inline(always)]
    fn remove_tt_move(&mut self) {
        if !self.tt_move.is_none() {
            let tt = self.tt_move;
            self.moves.retain(|m| m != tt);
        }
    }

    fn score_evasions(&mut self, pos: &Position, t: &OrderingTables, ply: usize) {
        let side = pos.side_to_move().index();
        let killers = t.killers[ply];
        let counter = counter_slot(pos).map_or(Move::NONE, |(p, s)| t.counter[p][s]);
        for (i, m) in self.moves.iter().enumerate() {
            self.scores[i] = MaybeUninit::new(if pos.is_capture(m) {
                if loses_no_material(pos, m) {
                    GOOD_CAPTURE + mvv_lva(pos, m)
                } else {
                    BAD_CAPTURE + mvv_lva(pos, m)
                }
            } else if m == killers[0] {
                KILLER
            } else if m == killers[1] {
                KILLER - 1
            } else if m == counter {
                COUNTER
            } else {
                t.history[side][m.from().index()][m.to().index()]
            });
        }
    }
}

const GOOD_CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const COUNTER: i32 = (1 << 27) - 2;
const BAD_CAPTURE: i32 = -(1 << 28);

/// Does the capture keep material level or better? Taking a piece worth at
/// least the taker cannot lose; otherwise the exchange decides.
#[inline(always)]
fn loses_no_material(pos: &Position, m: Move) -> bool {
    let victim = see::value(pos.piece_on(m.to()).kind());
    let attacker = see::value(pos.piece_on(m.from()).kind());
    victim >= attacker || pos.see_ge(m, 0)
}

/// Most valuable victim first, then least valuable attacker.
#[inline(always)]
fn mvv_lva(pos: &Position, m: Move) -> i32 {
    let victim = see::value(pos.piece_on(m.to()).kind());
    let attacker = see::value(pos.piece_on(m.from()).kind());
    victim * 16 - attacker / 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn continuation_history_learns_per_earlier_move_and_stays_bounded() {
        let mut t = OrderingTables::new();
        let (a, b, moved) = (5, 700, 1000);
        let none = NO_CONTINUATION;
        t.update_continuation(&[a, none], moved, 1600);
        assert_eq!(t.continuation_score(&[a, none], moved), 1600);
        assert_eq!(t.continuation_score(&[b, none], moved), 0);
        assert_eq!(t.continuation_score(&NO_EARLIER, moved), 0);
        for _ in 0..1000 {
            t.update_continuation(&[a, b], moved, 1600);
        }
        let s = t.continuation_score(&[a, none], moved);
        assert!(s > 15000 && s <= HISTORY_MAX, "{s}");
        for _ in 0..1000 {
            t.update_continuation(&[a, b], moved, -1600);
        }
        let s = t.continuation_score(&[b, none], moved);
        assert!((-HISTORY_MAX..-15000).contains(&s), "{s}");
    }
}
