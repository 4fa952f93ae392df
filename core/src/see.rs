//! Static exchange evaluation: the material balance of the capture sequence on
//! one square, each side capturing with its least valuable attacker. Attacks are
//! recomputed after each capture, since removing a piece can open a line, free a
//! horse leg, or give or take a cannon its screen.

use crate::moves::Move;
use crate::position::Position;
use tablegen::{Bitboard, PieceKind};

/// Exchange values in evaluation units (horse ~ 100).
pub const SEE_VALUE: [i32; 7] = [
    5000, // king: capturing it ends the sequence
    25,   // advisor
    25,   // elephant
    100,  // horse
    220,  // rook
    105,  // cannon
    30,   // pawn
];

#[inline(always)]
pub fn value(k: PieceKind) -> i32 {
    SEE_VALUE[k.index()]
}

impl Position {
    /// The material the mover gains by the exchange `m` starts (0 for a quiet move
    /// that cannot be taken, negative when the piece is lost).
    pub fn see(&self, m: Move) -> i32 {
        if m.is_promotion() {
            return 0;
        }
        let (from, to) = (m.from(), m.to());
        let victim = self.piece_on(to);
        let mut gain = [0i32; 34];
        gain[0] = if victim.is_none() {
            0
        } else {
            value(victim.kind())
        };
        let mut on_square = value(self.piece_on(from).kind());
        let mut occ = self.occupied() ^ from;
        let mut side = self.side_to_move().other();
        let mut d = 0;
        loop {
            let attackers = self.attackers_by(to, occ, side);
            if attackers.is_empty() || d + 1 >= gain.len() {
                break;
            }
            let (sq, kind) = self.least_valuable(attackers);
            if kind == PieceKind::King {
                // The king may capture only when nothing can recapture.
                let after = occ ^ sq;
                if self.attackers_by(to, after, side.other()).any() {
                    break;
                }
            }
            d += 1;
            gain[d] = on_square - gain[d - 1];
            on_square = value(kind);
            occ ^= sq;
            side = side.other();
        }
        // Either side may decline to recapture: fold the list back.
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        gain[0]
    }

    /// Is the exchange started by `m` worth at least `threshold` for the
    /// mover? The same answer as `see(m) >= threshold`, found with less work:
    /// the exchange is followed only until its outcome against the threshold
    /// is settled, most often before any attacker is looked up.
    #[inline]
    pub fn see_ge(&self, m: Move, threshold: i32) -> bool {
        if m.is_promotion() {
            return threshold <= 0;
        }
        let (from, to) = (m.from(), m.to());
        let victim = self.piece_on(to);
        let taken = if victim.is_none() {
            0
        } else {
            value(victim.kind())
        };
        // `balance` is what the side that just captured may still lose and
        // stay on its side of the threshold.
        let mut balance = taken - threshold;
        if balance < 0 {
            // Not even the whole victim reaches the threshold.
            return false;
        }
        balance = value(self.piece_on(from).kind()) - balance;
        if balance <= 0 {
            // Even losing the mover for it keeps the threshold.
            return true;
        }
        let mut occ = self.occupied() ^ from;
        let mut side = self.side_to_move().other();
        // Whether the mover reaches the threshold if the exchange stops now.
        let mut reached = true;
        loop {
            let attackers = self.attackers_by(to, occ, side);
            if attackers.is_empty() {
                break;
            }
            let (sq, kind) = self.least_valuable(attackers);
            // The king may capture only when nothing can recapture.
            if kind == PieceKind::King && self.attackers_by(to, occ ^ sq, side.other()).any() {
                break;
            }
            reached = !reached;
            balance = value(kind) - balance;
            if balance < i32::from(reached) {
                // The side that captured stays ahead even losing its piece.
                break;
            }
            occ ^= sq;
            side = side.other();
        }
        reached
    }

    fn least_valuable(&self, attackers: Bitboard) -> (tablegen::Square, PieceKind) {
        const ORDER: [PieceKind; 7] = [
            PieceKind::Pawn,
            PieceKind::Advisor,
            PieceKind::Elephant,
            PieceKind::Horse,
            PieceKind::Cannon,
            PieceKind::Rook,
            PieceKind::King,
        ];
        for k in ORDER {
            let b = attackers
                & (self.pieces(tablegen::Color::Red, k) | self.pieces(tablegen::Color::Black, k));
            if b.any() {
                return (b.lsb(), k);
            }
        }
        unreachable!("least_valuable called with no attackers")
    }
}

#[cfg(test)]
mod tests {
    use crate::position::Position;

    fn see_of(fen: &str, mv: &str) -> i32 {
        let p = Position::from_fen(fen).unwrap();
        let m = p.parse_move(mv).unwrap();
        p.see(m)
    }

    #[test]
    fn free_piece_is_won_whole() {
        // Red rook takes an undefended black horse.
        assert_eq!(see_of("3k5/9/9/9/9/9/n8/9/9/R3K4 w", "a0a3"), 100);
    }

    #[test]
    fn defended_piece_costs_the_rook() {
        // The horse on a3 is defended by the rook on a9: rook for horse loses 120.
        assert_eq!(see_of("r2k5/9/9/9/9/9/n8/9/9/R3K4 w", "a0a3"), 100 - 220);
    }

    #[test]
    fn cannon_screen_created_by_the_exchange_counts() {
        // Rook takes pawn e5; black cannon e9 with screen... the black king's file is not involved:
        // black cannon on a9 recaptures over the horse on a6 once the rook lands on a4.
        let v = see_of("c2k5/9/9/n8/p8/9/9/9/9/R3K4 w", "a0a5");
        assert_eq!(v, 30 - 220);
    }
}
