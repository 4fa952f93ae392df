//! Legal move generation. Moves are generated per piece kind from the attack
//! tables; a move is tested exactly only when it could expose the king (the king
//! moves, the side is in check and the move reaches or leaves a square that could
//! answer the check, the piece leaves a line or horse leg that shields
//! the king, or it lands between a cannon and the king on an open line); every
//! other move is legal as generated.

use crate::moves::{Move, MoveList};
use crate::position::Position;
use tablegen::attacks::*;
use tablegen::{Bitboard, Color, PieceKind, Square};

/// Which moves to generate.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum GenType {
    All,
    Captures,
    Quiets,
    /// The quiet moves that give check, in the order `Quiets` lists them
    /// (quiescence's first ply tries them).
    QuietChecks,
}

/// What decides whether a generated move needs the exact test.
struct KingShield {
    ksq: Square,
    /// Our pieces whose leaving their square could expose the king.
    blockers: Bitboard,
    /// Empty squares between an enemy cannon and our king with nothing between:
    /// a piece landing there becomes the cannon's screen.
    cannon_lines: Bitboard,
    /// In check: every move that might answer it gets the exact test.
    test_all: bool,
    /// In check, the squares a move other than the king's must reach to have a
    /// chance of answering it: a checker (captured), a square between a
    /// rook, cannon or king checker and our king (blocked), a checking horse's
    /// leg; other moves are illegal without a test...
    evasion_to: Bitboard,
    /// ... unless they leave one of these: a checking cannon's screen.
    evasion_from: Bitboard,
}

/// Where a quiet move of the side to move may land or leave to give check:
/// only such moves take the exact test (`gives_check`).
struct CheckTargets {
    /// The enemy king's open lines: a rook (or our king, on the file)
    /// landing there checks.
    lines: Bitboard,
    /// The squares beyond one screen on those lines: a cannon's checks.
    cannon: Bitboard,
    /// A horse's checks (its leg free).
    horse: Bitboard,
    /// A pawn's checks.
    pawn: Bitboard,
    /// Our pieces whose leaving may uncover a check: the one piece between
    /// our rook or king and the enemy king, either of two between our cannon
    /// and it, a leg of our horse that would check.
    discoverers: Bitboard,
    /// Empty squares between our cannon and the enemy king with nothing
    /// between: a piece landing there becomes the cannon's screen.
    screens: Bitboard,
}

/// The leg of a horse on `horse` that a piece must block to stop its attack
/// on `target` (a horse's move away); empty if `target` is not such a square.
#[inline]
fn horse_leg(horse: Square, target: Square) -> Bitboard {
    let df = target.file() as i32 - horse.file() as i32;
    let dr = target.rank() as i32 - horse.rank() as i32;
    let leg = match (df.abs(), dr.abs()) {
        (2, 1) => horse.offset(df.signum(), 0),
        (1, 2) => horse.offset(0, dr.signum()),
        _ => None,
    };
    leg.map_or(Bitboard::EMPTY, Bitboard::from_square)
}

impl Position {
    fn king_shield(&self) -> KingShield {
        let us = self.side_to_move();
        let them = us.other();
        let ksq = self.king_square(us);
        let occ = self.occupied();
        let ours = self.color_bb(us);
        let mut blockers = Bitboard::EMPTY;
        let mut cannon_lines = Bitboard::EMPTY;
        let cross = rook_attacks(ksq, Bitboard::EMPTY);
        let sliders =
            cross & (self.pieces(them, PieceKind::Rook) | self.pieces(them, PieceKind::King));
        for s in sliders {
            let b = between(ksq, s) & occ;
            if !b.more_than_one() {
                blockers |= b;
            }
        }
        for s in cross & self.pieces(them, PieceKind::Cannon) {
            let line = between(ksq, s);
            let b = line & occ;
            // Counted without popcount (the default target has no such instruction).
            if b.is_empty() {
                cannon_lines |= line;
            } else if b.more_than_one() && !Bitboard(b.0 & (b.0 - 1)).more_than_one() {
                blockers |= b;
            }
        }
        for h in horse_attackers(ksq, Bitboard::EMPTY) & self.pieces(them, PieceKind::Horse) {
            blockers |= horse_leg(h, ksq);
        }
        let (mut evasion_to, mut evasion_from) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for c in self.checkers() {
            evasion_to.set(c);
            match self.piece_on(c).kind() {
                PieceKind::Rook | PieceKind::King => evasion_to |= between(ksq, c),
                PieceKind::Cannon => {
                    evasion_to |= between(ksq, c);
                    evasion_from |= between(ksq, c) & occ;
                }
                PieceKind::Horse => evasion_to |= horse_leg(c, ksq),
                _ => {}
            }
        }
        KingShield {
            ksq,
            blockers: blockers & ours,
            cannon_lines,
            test_all: self.in_check(),
            evasion_to,
            evasion_from,
        }
    }

    fn check_targets(&self) -> CheckTargets {
        let us = self.side_to_move();
        let ksq = self.king_square(us.other());
        let occ = self.occupied();
        let lines = rook_attacks(ksq, occ);
        // Lifting the first piece on each line reaches on to the second.
        let cannon = rook_attacks(ksq, occ ^ (lines & occ)) & !lines;
        let cross = rook_attacks(ksq, Bitboard::EMPTY);
        let (mut discoverers, mut screens) = (Bitboard::EMPTY, Bitboard::EMPTY);
        let sliders = cross & (self.pieces(us, PieceKind::Rook) | self.pieces(us, PieceKind::King));
        for s in sliders {
            let b = between(ksq, s) & occ;
            if !b.more_than_one() {
                discoverers |= b;
            }
        }
        for s in cross & self.pieces(us, PieceKind::Cannon) {
            let line = between(ksq, s);
            let b = line & occ;
            if b.is_empty() {
                screens |= line;
            } else if b.more_than_one() && !Bitboard(b.0 & (b.0 - 1)).more_than_one() {
                discoverers |= b;
            }
        }
        for h in horse_attackers(ksq, Bitboard::EMPTY) & self.pieces(us, PieceKind::Horse) {
            discoverers |= horse_leg(h, ksq);
        }
        CheckTargets {
            lines,
            cannon,
            horse: horse_attackers(ksq, occ),
            pawn: pawn_attackers(us, ksq),
            discoverers: discoverers & self.color_bb(us),
            screens,
        }
    }

    /// Appends every legal quiet move that gives check, in the order of
    /// `GenType::Quiets`. Only the moves `CheckTargets` allows are
    /// generated, and only they take the exact test: most quiet moves could
    /// not check, and generating all of them to test those near the king
    /// cost the search 7% more instructions a node (docs/search.md).
    fn generate_quiet_checks(&self, list: &mut MoveList) {
        let start = list.len();
        let us = self.side_to_move();
        let occ = self.occupied();
        let t = self.check_targets();
        let shield = self.king_shield();
        let quiet_to = |from: Square, direct: Bitboard| {
            if t.discoverers.has(from) {
                !occ
            } else {
                (direct | t.screens) & !occ
            }
        };
        for from in self.pieces(us, PieceKind::Rook) {
            self.emit(
                from,
                rook_attacks(from, occ) & quiet_to(from, t.lines),
                &shield,
                list,
            );
        }
        for from in self.pieces(us, PieceKind::Cannon) {
            self.emit(
                from,
                rook_attacks(from, occ) & quiet_to(from, t.cannon),
                &shield,
                list,
            );
        }
        for from in self.pieces(us, PieceKind::Horse) {
            self.emit(
                from,
                horse_attacks(from, occ) & quiet_to(from, t.horse),
                &shield,
                list,
            );
        }
        for from in self.pieces(us, PieceKind::Pawn) {
            self.emit(
                from,
                pawn_attacks(us, from) & quiet_to(from, t.pawn),
                &shield,
                list,
            );
        }
        for from in self.pieces(us, PieceKind::Elephant) {
            let to = elephant_attacks(from, occ) & quiet_to(from, Bitboard::EMPTY);
            self.emit(from, to, &shield, list);
        }
        for from in self.pieces(us, PieceKind::Advisor) {
            self.emit(
                from,
                advisor_attacks(from) & quiet_to(from, Bitboard::EMPTY),
                &shield,
                list,
            );
        }
        let k = shield.ksq;
        for to in king_attacks(k) & quiet_to(k, t.lines) {
            let m = Move::new(k, to);
            if !self.leaves_king_attacked(m) {
                list.push(m);
            }
        }
        if self.promotion && !self.in_check() {
            self.gen_promotions(list);
        }
        list.retain_from(start, |m| self.gives_check(m));
    }

    /// Advisors and elephants on their own back rank may become pawns when
    /// their side has fewer than five pawns (the `promotion` variant).
    fn gen_promotions(&self, list: &mut MoveList) {
        let us = self.side_to_move();
        if self.pieces(us, PieceKind::Pawn).count() >= 5 {
            return;
        }
        let back = if us == Color::Red { 0 } else { 9 };
        for sq in self.pieces(us, PieceKind::Advisor) | self.pieces(us, PieceKind::Elephant) {
            if sq.rank() == back {
                list.push(Move::new(sq, sq));
            }
        }
    }

    /// Appends the moves from `from` to each square of `to_set`, testing exactly
    /// only those that could expose the king.
    #[inline(always)]
    fn emit(&self, from: Square, to_set: Bitboard, shield: &KingShield, list: &mut MoveList) {
        // Most pieces have no capture at all: leave before the tests below.
        if to_set.is_empty() {
            return;
        }
        if shield.test_all {
            let candidates = if shield.evasion_from.has(from) {
                to_set
            } else {
                to_set & shield.evasion_to
            };
            for to in candidates {
                let m = Move::new(from, to);
                if !self.leaves_king_attacked(m) {
                    list.push(m);
                }
            }
        } else if shield.blockers.has(from) {
            for to in to_set {
                let m = Move::new(from, to);
                if !self.leaves_king_attacked(m) {
                    list.push(m);
                }
            }
        } else {
            for to in to_set & !shield.cannon_lines {
                list.push(Move::new(from, to));
            }
            for to in to_set & shield.cannon_lines {
                let m = Move::new(from, to);
                if !self.leaves_king_attacked(m) {
                    list.push(m);
                }
            }
        }
    }

    /// Appends every legal move of the given type.
    pub fn generate(&self, gen: GenType, list: &mut MoveList) {
        if gen == GenType::QuietChecks {
            return self.generate_quiet_checks(list);
        }
        let us = self.side_to_move();
        let occ = self.occupied();
        let ours = self.color_bb(us);
        let theirs = self.color_bb(us.other());
        let targets = match gen {
            GenType::All => !ours,
            GenType::Captures => theirs,
            GenType::Quiets | GenType::QuietChecks => !occ,
        };
        let shield = self.king_shield();
        for from in self.pieces(us, PieceKind::Rook) {
            self.emit(from, rook_attacks(from, occ) & targets, &shield, list);
        }
        for from in self.pieces(us, PieceKind::Cannon) {
            let mut t = Bitboard::EMPTY;
            if gen != GenType::Captures {
                t |= rook_attacks(from, occ) & !occ;
            }
            if gen != GenType::Quiets {
                t |= cannon_attacks(from, occ) & theirs;
            }
            self.emit(from, t, &shield, list);
        }
        for from in self.pieces(us, PieceKind::Horse) {
            self.emit(from, horse_attacks(from, occ) & targets, &shield, list);
        }
        for from in self.pieces(us, PieceKind::Pawn) {
            self.emit(from, pawn_attacks(us, from) & targets, &shield, list);
        }
        for from in self.pieces(us, PieceKind::Elephant) {
            self.emit(from, elephant_attacks(from, occ) & targets, &shield, list);
        }
        for from in self.pieces(us, PieceKind::Advisor) {
            self.emit(from, advisor_attacks(from) & targets, &shield, list);
        }
        // The king always moves under the exact test.
        let k = shield.ksq;
        for to in king_attacks(k) & targets {
            let m = Move::new(k, to);
            if !self.leaves_king_attacked(m) {
                list.push(m);
            }
        }
        // A promotion changes no occupancy: legal whenever the side is not in check.
        if self.promotion && gen != GenType::Captures && !self.in_check() {
            self.gen_promotions(list);
        }
    }

    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(GenType::All, &mut list);
        list
    }

    /// Legal captures only.
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(GenType::Captures, &mut list);
        list
    }

    /// Legal moves out of check (all legal moves, when in check; none otherwise).
    pub fn evasions(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.in_check() {
            self.generate(GenType::All, &mut list);
        }
        list
    }

    /// Could a piece of the side to move make this move, ignoring the king's safety?
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        if m.is_none() {
            return false;
        }
        let us = self.side_to_move();
        let (from, to) = (m.from(), m.to());
        let p = self.piece_on(from);
        if p.is_none() || p.color() != us {
            return false;
        }
        if m.is_promotion() {
            let back = if us == Color::Red { 0 } else { 9 };
            return self.promotion
                && matches!(p.kind(), PieceKind::Advisor | PieceKind::Elephant)
                && from.rank() == back
                && self.pieces(us, PieceKind::Pawn).count() < 5;
        }
        let target = self.piece_on(to);
        if !target.is_none() && target.color() == us {
            return false;
        }
        let occ = self.occupied();
        match p.kind() {
            PieceKind::Cannon => {
                if target.is_none() {
                    rook_attacks(from, occ).has(to)
                } else {
                    cannon_attacks(from, occ).has(to)
                }
            }
            _ => self.attacks_from(p, from, occ).has(to),
        }
    }

    /// Is the move legal here? (Used for moves from outside the generator:
    /// protocol input and the transposition table.)
    #[inline]
    pub fn is_legal(&self, m: Move) -> bool {
        self.is_pseudo_legal(m)
            && !(m.is_promotion() && self.in_check())
            && !self.leaves_king_attacked(m)
    }

    /// Is this move a capture?
    #[inline(always)]
    pub fn is_capture(&self, m: Move) -> bool {
        !m.is_promotion() && !self.piece_on(m.to()).is_none()
    }
}
