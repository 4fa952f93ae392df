//! The computer league's Asian rules of repetition and draws (league rules
//! 4.4, 4.5, 5.1-5.7), as the league simulator applies them.
//!
//! Two users: the search scores a repetition met in the tree with
//! [`repetition`], and the match runner ends games with [`adjudicate`].
//! Where the simulator's code and the rule text differ, the code wins, since
//! its verdicts are the ones the league records (see `rules/league-verdicts.txt`).

use crate::moves::Move;
use crate::position::{reachable, Piece, Position};
use tablegen::attacks::*;
use tablegen::{in_palace, Bitboard, Color, PieceKind, Square, FILES};

/// Why a game ended (or would end).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Reason {
    /// The side to move is checkmated.
    Mate,
    /// The side to move has no legal move and is not in check (it loses too).
    Stalemate,
    /// One side checked on every move of the repetition.
    PerpetualCheck,
    /// One side chased the same piece on every move of the repetition.
    PerpetualChase,
    /// A repetition with no one-sided perpetual.
    RepetitionDraw,
    /// 100 plies without a capture (checks and replies not counted).
    NaturalLimit,
    /// Neither side has a rook, horse, cannon or pawn.
    NoAttackers,
}

/// The result: a winner, or a draw.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    Win(Color),
    Draw,
}

/// An outcome with its reason.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Verdict {
    pub outcome: Outcome,
    pub reason: Reason,
}

impl Verdict {
    const REPETITION_DRAW: Verdict = Verdict {
        outcome: Outcome::Draw,
        reason: Reason::RepetitionDraw,
    };
}

/// Plies without capture after which the game is drawn (50 moves); checks and
/// the replies to them are not counted.
pub const NATURAL_LIMIT: u32 = 100;

/// The simulator's position holds at most 1024 entries of history from the
/// last capture (one of them the start), and calls the game drawn when full.
/// Only reachable when checks keep the natural-move count down.
const MAX_PLIES_SINCE_CAPTURE: usize = 1023;

/// How many earlier occurrences make the simulator judge a repetition: it
/// judges when a position stands on the board for the fourth time.
const EARLIER_OCCURRENCES_JUDGED: usize = 3;

// ---- chases -----------------------------------------------------------------

/// The pieces of a position, light enough to copy and to walk back through a
/// repetition cycle without touching (or cloning) the Position.
#[derive(Copy, Clone)]
struct Pieces {
    bb: [[Bitboard; 7]; 2],
}

impl Pieces {
    fn of(pos: &Position) -> Pieces {
        let mut bb = [[Bitboard::EMPTY; 7]; 2];
        for c in Color::BOTH {
            for k in PieceKind::ALL {
                bb[c.index()][k.index()] = pos.pieces(c, k);
            }
        }
        Pieces { bb }
    }

    #[inline]
    fn get(&self, c: Color, k: PieceKind) -> Bitboard {
        self.bb[c.index()][k.index()]
    }

    fn occupied(&self) -> Bitboard {
        self.bb
            .iter()
            .flatten()
            .fold(Bitboard::EMPTY, |acc, &b| acc | b)
    }

    fn kind_on(&self, c: Color, sq: Square) -> Option<PieceKind> {
        PieceKind::ALL.into_iter().find(|&k| self.get(c, k).has(sq))
    }

    /// Takes back a move played by `mover`, as `Position::unmake_move` does.
    fn unmake(&mut self, mover: Color, mv: Move, captured: Piece) {
        let (from, to) = (mv.from(), mv.to());
        if mv.is_none() {
            return;
        }
        if mv.is_promotion() {
            let back = if reachable(mover, PieceKind::Advisor, from) {
                PieceKind::Advisor
            } else {
                PieceKind::Elephant
            };
            self.bb[mover.index()][PieceKind::Pawn.index()].clear(from);
            self.bb[mover.index()][back.index()].set(from);
            return;
        }
        if let Some(k) = self.kind_on(mover, to) {
            self.bb[mover.index()][k.index()].clear(to);
            self.bb[mover.index()][k.index()].set(from);
        }
        if !captured.is_none() {
            self.bb[captured.color().index()][captured.kind().index()].set(to);
        }
    }

    /// Does a piece of `c` defend `sq`? Every piece that could capture there
    /// counts, even one that could not really leave its post (rule 5.7(2)).
    /// Kings and advisors only inside their palace, elephants only on their
    /// own half, as in the simulator.
    fn protected(&self, c: Color, sq: Square) -> bool {
        let occ = self.occupied();
        let mut by = (rook_attacks(sq, occ) & self.get(c, PieceKind::Rook))
            | (cannon_attacks(sq, occ) & self.get(c, PieceKind::Cannon))
            | (horse_attackers(sq, occ) & self.get(c, PieceKind::Horse))
            | (pawn_attackers(c, sq) & self.get(c, PieceKind::Pawn));
        if in_palace(c, sq) {
            by |= king_attacks(sq) & self.get(c, PieceKind::King);
            by |= advisor_attacks(sq) & self.get(c, PieceKind::Advisor);
        }
        if c.own_half(sq) {
            by |= elephant_attacks(sq, occ) & self.get(c, PieceKind::Elephant);
        }
        by.any()
    }

    /// The squares chased by `mv` of `mover`, these pieces standing as after it:
    /// every one, or only the first in the simulator's scan order (`Pick::First`).
    fn chased_by(&self, mover: Color, mv: Move, pick: Pick) -> Bitboard {
        if mv.is_none() || mv.is_promotion() {
            return Bitboard::EMPTY;
        }
        let (from, to) = (mv.from(), mv.to());
        let them = mover.other();
        let occ = self.occupied();
        // Rule 5.5: only the moved piece is looked at. A rook or cannon that moved
        // along a file is only looked at along its new rank, and the other way
        // round (the simulator's simplification: it then sees no attack along
        // the line it moved on).
        let along_rank = from.file() == to.file();
        let across = if along_rank {
            rank_mask(to.rank())
        } else {
            file_mask(to.file())
        };
        // (attacks, does it chase rooks, which kinds it chases when unprotected).
        // Rule 5.6: never a piece of its own kind.
        let kind = self.kind_on(mover, to);
        let (attacks, chases_rooks, weak_kinds): (Bitboard, bool, &[PieceKind]) = match kind {
            Some(PieceKind::Horse) => (
                horse_attacks(to, occ),
                true,
                &[PieceKind::Cannon, PieceKind::Pawn],
            ),
            Some(PieceKind::Rook) => (
                rook_attacks(to, occ) & across,
                false,
                &[PieceKind::Horse, PieceKind::Cannon, PieceKind::Pawn],
            ),
            Some(PieceKind::Cannon) => (
                cannon_attacks(to, occ) & across,
                true,
                &[PieceKind::Horse, PieceKind::Pawn],
            ),
            _ => return Bitboard::EMPTY,
        };
        let targets = attacks & self.colors(them);
        let mut chased = Bitboard::EMPTY;
        for sq in scan_order(kind == Some(PieceKind::Horse), along_rank, to, targets)
            .into_iter()
            .flatten()
        {
            let Some(k) = self.kind_on(them, sq) else {
                continue;
            };
            let is_chase = if k == PieceKind::Rook {
                chases_rooks
            } else {
                weak_kinds.contains(&k)
                    // Rule 5.4(5): a pawn that has not crossed the river is never chased.
                    && !(k == PieceKind::Pawn && them.own_half(sq))
                    // Rule 5.4 reads "protected" (受保护的) for these targets, but rule
                    // 5.7(2) and the simulator's code count only an attack on an
                    // UNprotected piece as a chase; the league's verdicts follow the code.
                    && !self.protected(them, sq)
            };
            if is_chase {
                chased.set(sq);
                if pick == Pick::First {
                    break;
                }
            }
        }
        chased
    }

    fn colors(&self, c: Color) -> Bitboard {
        self.bb[c.index()]
            .iter()
            .fold(Bitboard::EMPTY, |acc, &b| acc | b)
    }
}

/// Which chased pieces a move reports.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Pick {
    All,
    /// The first one in the simulator's scan order, the only one it records.
    First,
}

/// Horse steps (file, rank) in the order the simulator tries them: two ranks
/// up, one rank up, one down, two down; the lower file first in each pair.
const HORSE_SCAN: [(i32, i32); 8] = [
    (-1, 2),
    (1, 2),
    (-2, 1),
    (2, 1),
    (-2, -1),
    (2, -1),
    (-1, -2),
    (1, -2),
];

/// The attacked squares `targets` of a piece on `sq`, in the simulator's scan
/// order: a horse by `HORSE_SCAN`; a rook or cannon looking along a rank toward
/// the i-file first, along a file toward rank 0 first (at most one square each
/// way).
fn scan_order(horse: bool, along_rank: bool, sq: Square, targets: Bitboard) -> [Option<Square>; 8] {
    let mut out = [None; 8];
    if horse {
        for (slot, (df, dr)) in out.iter_mut().zip(HORSE_SCAN) {
            *slot = sq.offset(df, dr).filter(|&t| targets.has(t));
        }
    } else if targets.any() {
        let low = targets.lsb();
        let high = Square(127 - targets.0.leading_zeros() as u8);
        // Within a rank the higher index is the higher file; within a file the
        // lower index is the lower rank.
        (out[0], out[1]) = if along_rank {
            (Some(high), Some(low))
        } else {
            (Some(low), Some(high))
        };
        if low == high {
            out[1] = None;
        }
    }
    out
}

fn rank_mask(rank: usize) -> Bitboard {
    Bitboard(0x1ffu128 << (rank * FILES))
}

fn file_mask(file: usize) -> Bitboard {
    // One bit per rank: 1 + 2^9 + 2^18 + ... + 2^81, shifted to the file.
    const FILE_A: u128 = {
        let mut m = 0u128;
        let mut r = 0;
        while r < 10 {
            m |= 1u128 << (r * 9);
            r += 1;
        }
        m
    };
    Bitboard(FILE_A << file)
}

/// What the last move chases under the league's simplified definition (rules
/// 5.4-5.7): the squares, in the current position, of the pieces it chases.
/// Empty when nothing was played, or the last move was a capture or a check
/// (a check is not also a chase; a capture ends any repetition anyway).
///
/// This returns every chased piece. The simulator records only the first one
/// it finds (see `scan_order`), and [`cycle_verdict`] does the same, so that a
/// move chasing two pieces counts, as there, as a chase of one of them only.
pub fn chased_by_last_move(pos: &Position) -> Bitboard {
    match pos.history().last() {
        Some(u) if u.captured.is_none() && !pos.in_check() => {
            Pieces::of(pos).chased_by(pos.side_to_move().other(), u.mv, Pick::All)
        }
        _ => Bitboard::EMPTY,
    }
}

// ---- repetitions ---------------------------------------------------------------

/// How hard one side pushed through a cycle: the ordering is the rule's
/// (perpetual check outranks perpetual chase, rule 5.2).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Pressure {
    None,
    Chase,
    Check,
}

/// One side's record over the moves of a cycle.
#[derive(Copy, Clone)]
struct Record {
    /// Every move so far gave check.
    all_checks: bool,
    /// The enemy pieces chased by every move so far, on their squares in the
    /// position the walk has reached (ALL before the first move is seen).
    chased: Bitboard,
}

impl Record {
    const START: Record = Record {
        all_checks: true,
        chased: Bitboard::ALL,
    };

    fn pressure(self) -> Pressure {
        if self.all_checks {
            Pressure::Check
        } else if self.chased.any() {
            Pressure::Chase
        } else {
            Pressure::None
        }
    }
}

/// Exchanges two bits: follows a chased piece that moved between those squares
/// (one of them is always empty, and ALL stays ALL).
fn swap_bits(b: Bitboard, a: Square, c: Square) -> Bitboard {
    let mut out = b & !(Bitboard::from_square(a) | Bitboard::from_square(c));
    if b.has(a) {
        out.set(c);
    }
    if b.has(c) {
        out.set(a);
    }
    out
}

/// Judges the moves `pos.history()[start..]` as one repetition cycle: the
/// position before `history()[start].mv` was played is meant to be the current
/// position (same key); every move from it up to the current position is judged.
///
/// A side perpetually checks when each of its moves in the range gives check, and
/// perpetually chases when the same enemy piece is chased by each of its moves
/// (that piece may move in between: it is followed through the other side's
/// moves). Of a move that chases several pieces, only the first in the
/// simulator's scan order counts, as in the simulator.
/// The side that pushes harder loses (check beats chase, chase beats nothing);
/// equal pressure is a draw (rule 5.2). `Win(c)`: `c` is the side that did not
/// perpetually attack.
///
/// Works on a copy of the piece bitboards only: no allocation, no Position clone;
/// the cost is one chase test per move of the range. A `start` past the end of
/// the history judges no moves and returns a repetition draw.
pub fn cycle_verdict(pos: &Position, start: usize) -> Verdict {
    let history = pos.history();
    if start >= history.len() {
        return Verdict::REPETITION_DRAW;
    }
    let mut pieces = Pieces::of(pos);
    let mut records = [Record::START; 2];
    // Walk back from the current position; `mover` played history[i].
    let mut mover = pos.side_to_move().other();
    for i in (start..history.len()).rev() {
        if records.iter().all(|r| r.pressure() == Pressure::None) {
            // Neither side can still be perpetual: skip the rest of the walk.
            return Verdict::REPETITION_DRAW;
        }
        let u = &history[i];
        let gave_check = match history.get(i + 1) {
            Some(next) => next.checkers.any(),
            None => pos.in_check(),
        };
        let rec = &mut records[mover.index()];
        if rec.pressure() == Pressure::None {
            // Already out of the running: no need to look at its chases.
        } else if u.mv.is_none() {
            // A null move (search only) neither checks nor chases.
            *rec = Record {
                all_checks: false,
                chased: Bitboard::EMPTY,
            };
        } else if gave_check {
            rec.chased = Bitboard::EMPTY;
        } else {
            rec.all_checks = false;
            rec.chased &= if u.captured.is_none() {
                pieces.chased_by(mover, u.mv, Pick::First)
            } else {
                Bitboard::EMPTY
            };
        }
        pieces.unmake(mover, u.mv, u.captured);
        // The other side's record holds pieces of `mover`: follow the one that
        // just moved back to where it stood.
        if !u.mv.is_none() && !u.mv.is_promotion() {
            let chaser = &mut records[mover.other().index()];
            chaser.chased = swap_bits(chaser.chased, u.mv.from(), u.mv.to());
        }
        mover = mover.other();
    }
    let red = records[Color::Red.index()].pressure();
    let black = records[Color::Black.index()].pressure();
    let (loser, pressure) = match red.cmp(&black) {
        std::cmp::Ordering::Equal => return Verdict::REPETITION_DRAW,
        std::cmp::Ordering::Greater => (Color::Red, red),
        std::cmp::Ordering::Less => (Color::Black, black),
    };
    Verdict {
        outcome: Outcome::Win(loser.other()),
        reason: if pressure == Pressure::Check {
            Reason::PerpetualCheck
        } else {
            Reason::PerpetualChase
        },
    }
}

/// History indices `i` (newest first) where the position before `history()[i]`
/// had the current key, looking back only through the part of the game since
/// the last capture, promotion or null move (nothing before those can repeat).
fn earlier_occurrences(pos: &Position) -> impl Iterator<Item = usize> + '_ {
    let history = pos.history();
    let key = pos.key();
    let reversible = |i: usize| {
        history[i].captured.is_none() && !history[i].mv.is_none() && !history[i].mv.is_promotion()
    };
    // Same side to move: two plies back at a time, while both were reversible.
    // The walk starts at the newest end and stops at the first irreversible
    // ply, so the search (which asks at every node) reads no more than it must.
    let mut i = history.len();
    std::iter::from_fn(move || {
        while i >= 2 && reversible(i - 1) && reversible(i - 2) {
            i -= 2;
            if history[i].key == key {
                return Some(i);
            }
        }
        None
    })
}

/// The one repetition check of the project (the search asks it at every node,
/// the match runner and the tests through [`adjudicate`]): if the current
/// position already occurred since the last capture (or null move), the
/// verdict of the cycle from its latest occurrence; None otherwise. A first repetition is enough in the tree: a cycle that can be
/// played once can be played again until the fourth occurrence. No allocation:
/// a walk back through the history, then [`cycle_verdict`] on a hit.
pub fn repetition(pos: &Position) -> Option<Verdict> {
    earlier_occurrences(pos)
        .next()
        .map(|start| cycle_verdict(pos, start))
}

/// Plies since the last capture that count toward the natural-move limit, as
/// the simulator counts them: a move that gives check, and a move made in
/// reply to a check, are not counted.
pub fn natural_count(pos: &Position) -> u32 {
    let history = pos.history();
    let mut count = 0;
    for (i, u) in history.iter().enumerate() {
        if !u.captured.is_none() {
            count = 0;
            continue;
        }
        let gave_check = match history.get(i + 1) {
            Some(next) => next.checkers.any(),
            None => pos.in_check(),
        };
        let answered_check = u.checkers.any();
        if !gave_check && !answered_check {
            count += 1;
        }
    }
    count
}

/// Plies since the simulator last cleared its history: the start, or the last
/// capture before the final move (it clears only after judging that move).
fn plies_since_clear(pos: &Position) -> usize {
    let history = pos.history();
    let Some((_, before_last)) = history.split_last() else {
        return 0;
    };
    let clear = before_last
        .iter()
        .rposition(|u| !u.captured.is_none())
        .map_or(0, |i| i + 1);
    history.len() - clear
}

// ---- the rules a player may choose ------------------------------------------

/// Which repetitions are judged (the `Repetition Rule` option).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum RepetitionRule {
    /// The computer league's Asian rules: perpetual check or chase loses.
    #[default]
    Asian,
    /// No judgement: every repetition is a draw, whoever attacks.
    NoJudgement,
}

impl RepetitionRule {
    /// The option's values, the default first.
    pub const NAMES: &'static [&'static str] = &["AsianRule", "NoJudgement"];

    pub fn name(self) -> &'static str {
        match self {
            RepetitionRule::Asian => Self::NAMES[0],
            RepetitionRule::NoJudgement => Self::NAMES[1],
        }
    }

    /// A name of [`Self::NAMES`], any case.
    pub fn parse(s: &str) -> Option<RepetitionRule> {
        [RepetitionRule::Asian, RepetitionRule::NoJudgement]
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s))
    }
}

/// When a game without captures is drawn (the `Natural Move Limit` option).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum MoveLimit {
    /// The league's: 100 plies without a capture, checks and their replies
    /// not counted ([`NATURAL_LIMIT`]).
    #[default]
    League,
    /// Sixty moves (120 plies) without a capture, every move counted.
    Sixty,
    /// No limit.
    None,
}

/// Plies without a capture that end the game under [`MoveLimit::Sixty`].
pub const SIXTY_MOVE_PLIES: u32 = 120;

impl MoveLimit {
    /// The option's values, the default first.
    pub const NAMES: &'static [&'static str] = &["League", "Sixty", "None"];

    pub fn name(self) -> &'static str {
        match self {
            MoveLimit::League => Self::NAMES[0],
            MoveLimit::Sixty => Self::NAMES[1],
            MoveLimit::None => Self::NAMES[2],
        }
    }

    /// A name of [`Self::NAMES`], any case.
    pub fn parse(s: &str) -> Option<MoveLimit> {
        [MoveLimit::League, MoveLimit::Sixty, MoveLimit::None]
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s))
    }
}

/// The rules a game is played under: the league's by default.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Rules {
    pub repetition: RepetitionRule,
    pub move_limit: MoveLimit,
}

impl Rules {
    /// The computer league's rules (the default).
    pub const LEAGUE: Rules = Rules {
        repetition: RepetitionRule::Asian,
        move_limit: MoveLimit::League,
    };

    /// The search's repetition check: as [`repetition`] under the Asian
    /// rules; under no judgement any earlier occurrence is a draw.
    #[inline]
    pub fn repetition(self, pos: &Position) -> Option<Verdict> {
        match self.repetition {
            RepetitionRule::Asian => repetition(pos),
            RepetitionRule::NoJudgement => earlier_occurrences(pos)
                .next()
                .map(|_| Verdict::REPETITION_DRAW),
        }
    }

    /// Has the game run past its natural-move limit? From the position's
    /// counters alone (no history walk), for the search's every node.
    #[inline]
    pub fn move_limit_reached(self, pos: &Position) -> bool {
        match self.move_limit {
            MoveLimit::League => pos.natural_plies() >= NATURAL_LIMIT,
            MoveLimit::Sixty => pos.halfmove_clock() >= SIXTY_MOVE_PLIES,
            MoveLimit::None => false,
        }
    }

    /// The match runner's adjudication under these rules (see [`adjudicate`]
    /// for the league's order of precedence, which every choice keeps).
    pub fn adjudicate(self, pos: &Position) -> Option<Verdict> {
        if !pos.promotion && pos.no_attackers_left() {
            return Some(Verdict {
                outcome: Outcome::Draw,
                reason: Reason::NoAttackers,
            });
        }
        let limit = match self.move_limit {
            MoveLimit::League => {
                natural_count(pos) >= NATURAL_LIMIT
                    || plies_since_clear(pos) >= MAX_PLIES_SINCE_CAPTURE
            }
            MoveLimit::Sixty => pos.halfmove_clock() >= SIXTY_MOVE_PLIES,
            MoveLimit::None => false,
        };
        if limit {
            return Some(Verdict {
                outcome: Outcome::Draw,
                reason: Reason::NaturalLimit,
            });
        }
        if let Some(first) = earlier_occurrences(pos).nth(EARLIER_OCCURRENCES_JUDGED - 1) {
            return Some(match self.repetition {
                RepetitionRule::Asian => cycle_verdict(pos, first),
                RepetitionRule::NoJudgement => Verdict::REPETITION_DRAW,
            });
        }
        if pos.legal_moves().is_empty() {
            return Some(Verdict {
                outcome: Outcome::Win(pos.side_to_move().other()),
                reason: if pos.in_check() {
                    Reason::Mate
                } else {
                    Reason::Stalemate
                },
            });
        }
        None
    }
}

/// The match runner's adjudication after each move, as the league simulator does
/// it, in its order of precedence:
/// 1. draws: neither side has an attacking piece (not in the promotion variant,
///    where advisors and elephants may still become pawns); the natural-move limit
///    (the simulator gives both the same comment, "超过自然限着作和"; we keep
///    the two reasons apart). A draw wins over a mate made on the same move;
/// 2. a position standing for the fourth time since the last capture: the verdict
///    of the moves since its first occurrence (so over three cycles);
/// 3. the side to move has no legal move: it loses, mated or stalemated.
///
/// Needs the game's whole history since its start position (or at least since
/// the last capture). Returns None while the game goes on.
pub fn adjudicate(pos: &Position) -> Option<Verdict> {
    Rules::LEAGUE.adjudicate(pos)
}
