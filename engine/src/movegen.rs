//! Legal move generation. Pseudo-legal moves are generated per piece kind from
//! the attack tables, then filtered: a move is tested exactly only when it could
//! expose the king (the king moves, the side is in check, the piece leaves a line
//! or horse leg that shields the king, or it lands between a cannon and the king
//! on an open line); every other move is legal as generated.

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
}

/// What decides whether a generated move needs the exact test.
struct KingShield {
    ksq: Square,
    /// Our pieces whose leaving their square could expose the king.
    blockers: Bitboard,
    /// Empty squares between an enemy cannon and our king with nothing between:
    /// a piece landing there becomes the cannon's screen.
    cannon_lines: Bitboard,
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
            match b.count() {
                0 => cannon_lines |= line,
                2 => blockers |= b,
                _ => {}
            }
        }
        for h in horse_attackers(ksq, Bitboard::EMPTY) & self.pieces(them, PieceKind::Horse) {
            let df = ksq.file() as i32 - h.file() as i32;
            let dr = ksq.rank() as i32 - h.rank() as i32;
            let leg = if df.abs() == 2 {
                h.offset(df.signum(), 0)
            } else {
                h.offset(0, dr.signum())
            };
            if let Some(leg) = leg {
                blockers.set(leg);
            }
        }
        KingShield {
            ksq,
            blockers: blockers & ours,
            cannon_lines,
        }
    }

    /// Pseudo-legal moves of the side to move onto `targets`-filtered squares.
    #[inline]
    fn gen_pseudo(&self, gen: GenType, list: &mut MoveList) {
        let us = self.side_to_move();
        let occ = self.occupied();
        let ours = self.color_bb(us);
        let theirs = self.color_bb(us.other());
        let targets = match gen {
            GenType::All => !ours,
            GenType::Captures => theirs,
            GenType::Quiets => !occ,
        };
        let mut add = |from: Square, to_set: Bitboard| {
            for to in to_set {
                list.push(Move::new(from, to));
            }
        };
        for from in self.pieces(us, PieceKind::Rook) {
            add(from, rook_attacks(from, occ) & targets);
        }
        for from in self.pieces(us, PieceKind::Cannon) {
            let mut t = Bitboard::EMPTY;
            if gen != GenType::Captures {
                t |= rook_attacks(from, occ) & !occ;
            }
            if gen != GenType::Quiets {
                t |= cannon_attacks(from, occ) & theirs;
            }
            add(from, t);
        }
        for from in self.pieces(us, PieceKind::Horse) {
            add(from, horse_attacks(from, occ) & targets);
        }
        for from in self.pieces(us, PieceKind::Pawn) {
            add(from, pawn_attacks(us, from) & targets);
        }
        for from in self.pieces(us, PieceKind::Elephant) {
            add(from, elephant_attacks(from, occ) & targets);
        }
        for from in self.pieces(us, PieceKind::Advisor) {
            add(from, advisor_attacks(from) & targets);
        }
        let k = self.king_square(us);
        add(k, king_attacks(k) & targets);
        if self.promotion && gen != GenType::Captures {
            self.gen_promotions(list);
        }
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

    #[inline(always)]
    fn filter_legal(&self, list: &mut MoveList, start: usize, shield: &KingShield) {
        let in_check = self.in_check();
        let mut j = start;
        let moves = list.as_mut_slice();
        for i in start..moves.len() {
            let m = moves[i];
            let needs_test = in_check
                || m.from() == shield.ksq
                || shield.blockers.has(m.from())
                || shield.cannon_lines.has(m.to());
            if !needs_test || !self.leaves_king_attacked(m) {
                moves[j] = m;
                j += 1;
            }
        }
        let removed = moves.len() - j;
        for _ in 0..removed {
            list.swap_remove(list.len() - 1);
        }
    }

    /// Appends every legal move of the given type.
    pub fn generate(&self, gen: GenType, list: &mut MoveList) {
        let start = list.len();
        self.gen_pseudo(gen, list);
        if self.in_check() {
            // Promotions are never legal in check; the exact test covers the rest.
            list.retain(|m| !m.is_promotion());
        }
        let shield = self.king_shield();
        self.filter_legal(list, start, &shield);
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
