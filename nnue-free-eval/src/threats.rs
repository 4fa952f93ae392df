//! Threats: enemy pieces under attack, by what attacks them and what they
//! are, and enemy pieces attacked and not defended at all. A static score
//! cannot see the exchange, but it can see that a cannon attacked by a pawn
//! or a rook attacked by a horse must move, and that a hanging piece is
//! lost unless its side is to move; the fit sets what each is worth.
//! Attacks and defences are those of the board as it stands: a cannon
//! whose screen is the attacker "defends" a square it could not retake on,
//! and a rook behind the attacker does not count as defending; no exchange
//! is played out.

use crate::params::G;
use crate::pieces::{Attacker, PieceTerms};
use crate::score::{any_set, Score};
use crate::trace::Trace;
use crate::weights::{HANGING, THREAT};
use crate::EvalBoard;
use tablegen::attacks::{advisor_attacks, elephant_attacks, king_attacks};
use tablegen::{Bitboard, Color, PieceKind};

/// Whether the term's weights are set (it is skipped in play while not).
pub(crate) const FITTED: bool = any_set(&THREAT) || any_set(&HANGING);

/// The attacker classes of [`THREAT`]: pawn, horse, cannon, rook.
const ATTACKERS: usize = 4;
pub(crate) const ROOK_CLASS: usize = 3;
/// The victims of [`THREAT`]: every kind but the king.
const VICTIMS: usize = PieceKind::ALL.len() - 1;

/// The weight of a victim kind (advisor .. pawn) attacked by an attacker class.
#[inline(always)]
const fn threat(attacker: usize, victim: usize) -> usize {
    attacker * VICTIMS + victim
}

/// What one side attacks: by class for the threats, and everything (the
/// advisors, elephants and king too) for whether a piece is defended.
#[derive(Copy, Clone)]
pub(crate) struct SideAttacks {
    pub by_class: [Bitboard; ATTACKERS],
    /// What the advisors, elephants and king attack.
    pub guards: Bitboard,
    pub all: Bitboard,
}

impl SideAttacks {
    /// `pawn_span`: the squares the side's pawns attack; `pieces`: its rooks',
    /// horses' and cannons' attacks.
    #[inline(always)]
    pub(crate) fn of<B: EvalBoard>(
        b: &B,
        c: Color,
        occ: Bitboard,
        pawn_span: Bitboard,
        pieces: &PieceTerms,
    ) -> SideAttacks {
        let by_class = [
            pawn_span,
            pieces.attacks[Attacker::Horse as usize],
            pieces.attacks[Attacker::Cannon as usize],
            pieces.attacks[Attacker::Rook as usize],
        ];
        let mut guards = Bitboard::EMPTY;
        for sq in b.pieces(c, PieceKind::Advisor) {
            guards |= advisor_attacks(sq);
        }
        for sq in b.pieces(c, PieceKind::Elephant) {
            guards |= elephant_attacks(sq, occ);
        }
        for sq in b.pieces(c, PieceKind::King) {
            guards |= king_attacks(sq);
        }
        let all = by_class[0] | by_class[1] | by_class[2] | by_class[3] | guards;
        SideAttacks {
            by_class,
            guards,
            all,
        }
    }
}

/// The threats of `us` against the enemy, from `us`'s point of view.
#[inline(always)]
pub(crate) fn threats<B: EvalBoard, T: Trace>(
    b: &B,
    us: Color,
    ours: &SideAttacks,
    theirs: &SideAttacks,
    t: &mut T,
) -> Score {
    threats_with(b, us, ours, theirs, &THREAT, &HANGING, t)
}

#[inline(always)]
fn threats_with<B: EvalBoard, T: Trace>(
    b: &B,
    us: Color,
    ours: &SideAttacks,
    theirs: &SideAttacks,
    threat_w: &[Score; ATTACKERS * VICTIMS],
    hanging_w: &[Score; 2],
    t: &mut T,
) -> Score {
    let them = us.other();
    let sign = if us == Color::Red { 1 } else { -1 };
    // A hanging piece weighs differently when its attacker is to move.
    let hanging_at = (b.side_to_move() != us) as usize;
    let targets = b.color_pieces(them) & !b.pieces(them, PieceKind::King) & ours.all;
    let mut s = Score::ZERO;
    for sq in targets {
        let Some((_, kind)) = b.piece_at(sq) else {
            continue;
        };
        let victim = kind.index() - 1;
        for (attacker, set) in ours.by_class.iter().enumerate() {
            if set.has(sq) {
                let at = threat(attacker, victim);
                s += threat_w[at];
                if T::COEFS {
                    t.coef(G::Threat.at(at), sign);
                }
            }
        }
        if !theirs.all.has(sq) {
            s += hanging_w[hanging_at];
            if T::COEFS {
                t.coef(G::Hanging.at(hanging_at), sign);
            }
        }
    }
    s
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::masks::pawn_attack_span;
    use crate::pieces::piece_terms;
    use crate::trace::NoTrace;
    use tablegen::Square;

    /// A board of pieces on squares, for the threats.
    pub(crate) struct Board {
        pub cells: Vec<(Square, Color, PieceKind)>,
        pub side: Color,
    }

    impl EvalBoard for Board {
        fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
            let mut b = Bitboard::EMPTY;
            for &(sq, c, k) in &self.cells {
                if c == color && k == kind {
                    b.set(sq);
                }
            }
            b
        }
        fn color_pieces(&self, color: Color) -> Bitboard {
            let mut b = Bitboard::EMPTY;
            for &(sq, c, _) in &self.cells {
                if c == color {
                    b.set(sq);
                }
            }
            b
        }
        fn occupied(&self) -> Bitboard {
            self.color_pieces(Color::Red) | self.color_pieces(Color::Black)
        }
        fn piece_at(&self, sq: Square) -> Option<(Color, PieceKind)> {
            self.cells
                .iter()
                .find(|c| c.0 == sq)
                .map(|&(_, c, k)| (c, k))
        }
        fn side_to_move(&self) -> Color {
            self.side
        }
        fn halfmove_clock(&self) -> u32 {
            0
        }
        fn psq(&self) -> Score {
            Score::ZERO
        }
    }

    /// Records the coefficients the tuner would see.
    pub(crate) struct Coefs(pub Vec<(usize, i32)>);
    impl Trace for Coefs {
        const ACTIVE: bool = false;
        const COEFS: bool = true;
        fn term(&mut self, _: crate::trace::Term, _: Color, _: Score) {}
        fn finish(&mut self, _: crate::trace::Finish) {}
        fn coef(&mut self, index: usize, red: i32) {
            self.0.push((index, red));
        }
    }

    pub(crate) fn attacks(b: &Board, c: Color) -> SideAttacks {
        let occ = b.occupied();
        let span = pawn_attack_span(c, b.pieces(c, PieceKind::Pawn));
        let enemy_span = pawn_attack_span(c.other(), b.pieces(c.other(), PieceKind::Pawn));
        let pieces = piece_terms::<_, _, true>(b, c, occ, enemy_span, &mut NoTrace);
        SideAttacks::of(b, c, occ, span, &pieces)
    }

    /// Files a..i are 0..8, ranks 0..9 from Red's side.
    pub(crate) fn sq(file: u8, rank: u8) -> Square {
        Square::new(file as usize, rank as usize)
    }

    /// Red: king e0, rook a4, horse c2, pawn e5 (across the river).
    /// Black: king e9, cannon a7 (attacked by the rook up the a-file and
    /// defended by nothing), horse e6 (attacked by the pawn, defended by the
    /// rook on e8), rook e8.
    fn sample(side: Color) -> Board {
        use Color::{Black, Red};
        use PieceKind::*;
        Board {
            cells: vec![
                (sq(4, 0), Red, King),
                (sq(0, 4), Red, Rook),
                (sq(2, 2), Red, Horse),
                (sq(4, 5), Red, Pawn),
                (sq(4, 9), Black, King),
                (sq(0, 7), Black, Cannon),
                (sq(4, 6), Black, Horse),
                (sq(4, 8), Black, Rook),
            ],
            side,
        }
    }

    #[test]
    fn threats_name_attacker_and_victim_and_hanging_pieces() {
        let threat_w: [Score; ATTACKERS * VICTIMS] =
            std::array::from_fn(|i| Score::new(1 << (i % 12), (i / 12) as i32 + 1));
        let hanging_w = [Score::new(1000, 0), Score::new(3000, 0)];
        let cannon = PieceKind::Cannon.index() - 1;
        let horse = PieceKind::Horse.index() - 1;
        for side in Color::BOTH {
            let b = sample(side);
            let (red, black) = (attacks(&b, Color::Red), attacks(&b, Color::Black));
            let mut t = Coefs(Vec::new());
            let s = threats_with(&b, Color::Red, &red, &black, &threat_w, &hanging_w, &mut t);
            // The rook (class 3) attacks the cannon, the pawn (class 0) the horse;
            // the cannon is hanging, the horse is defended by the rook behind it.
            let hanging = hanging_w[(side != Color::Red) as usize];
            let want = threat_w[threat(3, cannon)] + threat_w[threat(0, horse)] + hanging;
            assert_eq!(s, want, "{side:?} to move");
            // The coefficients give the same score back.
            let mut back = Score::ZERO;
            for (index, red) in t.0 {
                if index >= G::Hanging.base() {
                    back += hanging_w[(index - G::Hanging.base()) / 2] * red;
                } else {
                    back += threat_w[(index - G::Threat.base()) / 2] * red;
                }
            }
            assert_eq!(back, s);
            // Black attacks nothing of Red's here.
            let mut t = Coefs(Vec::new());
            let s = threats_with(
                &b,
                Color::Black,
                &black,
                &red,
                &threat_w,
                &hanging_w,
                &mut t,
            );
            assert_eq!(s, Score::ZERO);
            assert!(t.0.is_empty());
        }
    }

    #[test]
    fn a_defender_of_any_kind_keeps_a_piece_from_hanging() {
        use Color::{Black, Red};
        use PieceKind::*;
        // A black horse on e7 is attacked by the red rook on e3. A black
        // elephant on a7 does not reach it, so it hangs; on c9 (its eye d8
        // empty) the elephant defends it.
        let threat_w = [Score::ZERO; ATTACKERS * VICTIMS];
        let hanging_w = [Score::new(1, 1), Score::new(1, 1)];
        let mut b = Board {
            cells: vec![
                (sq(3, 0), Red, King),
                (sq(4, 3), Red, Rook),
                (sq(5, 9), Black, King),
                (sq(4, 7), Black, Horse),
                (sq(0, 7), Black, Elephant),
            ],
            side: Red,
        };
        let hangs = |b: &Board| {
            let (red, black) = (attacks(b, Red), attacks(b, Black));
            threats_with(b, Red, &red, &black, &threat_w, &hanging_w, &mut NoTrace)
        };
        assert_eq!(hangs(&b), Score::new(1, 1), "nothing defends the horse");
        b.cells[4].0 = sq(2, 9);
        assert_eq!(hangs(&b), Score::ZERO, "the elephant on c9 defends e7");
    }
}
