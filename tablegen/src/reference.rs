//! Slow, obviously correct move and attack generators: the yardstick every
//! generated table is checked against. Nothing here is on a hot path.

use crate::bitboard::Bitboard;
use crate::types::{in_palace, Color, Square};

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Rook: every square along each line up to and including the first piece.
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for (df, dr) in ORTHOGONAL {
        let mut cur = sq;
        while let Some(next) = cur.offset(df, dr) {
            out.set(next);
            if occ.has(next) {
                break;
            }
            cur = next;
        }
    }
    out
}

/// Cannon captures: along each line, jump exactly one screen, then every square
/// up to and including the next piece.
pub fn cannon_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for (df, dr) in ORTHOGONAL {
        let mut cur = sq;
        let mut screened = false;
        while let Some(next) = cur.offset(df, dr) {
            if screened {
                out.set(next);
                if occ.has(next) {
                    break;
                }
            } else if occ.has(next) {
                screened = true;
            }
            cur = next;
        }
    }
    out
}

/// Horse: the eight L-jumps whose leg (the orthogonal neighbour toward the
/// jump) is empty.
pub fn horse_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for (df, dr) in ORTHOGONAL {
        let Some(leg) = sq.offset(df, dr) else {
            continue;
        };
        if occ.has(leg) {
            continue;
        }
        // The two jumps through this leg continue straight and turn sideways.
        let side = if df == 0 {
            [(1, 0), (-1, 0)]
        } else {
            [(0, 1), (0, -1)]
        };
        for (sf, sr) in side {
            if let Some(to) = leg.offset(df + sf, dr + sr) {
                out.set(to);
            }
        }
    }
    out
}

/// Squares from which a horse would attack `sq` with the given occupancy.
pub fn horse_attackers(sq: Square, occ: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for from in Square::all() {
        if horse_attacks(from, occ).has(sq) {
            out.set(from);
        }
    }
    out
}

/// Elephant: two steps diagonally with an empty eye, never across the river.
pub fn elephant_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    let home_red = sq.rank() <= 4;
    for (df, dr) in DIAGONAL {
        let (Some(eye), Some(to)) = (sq.offset(df, dr), sq.offset(2 * df, 2 * dr)) else {
            continue;
        };
        if !occ.has(eye) && (to.rank() <= 4) == home_red {
            out.set(to);
        }
    }
    out
}

fn palace_of(sq: Square) -> Color {
    if sq.rank() <= 4 {
        Color::Red
    } else {
        Color::Black
    }
}

/// Advisor: one step diagonally inside the palace.
pub fn advisor_attacks(sq: Square) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    let color = palace_of(sq);
    if !in_palace(color, sq) {
        return out;
    }
    for (df, dr) in DIAGONAL {
        if let Some(to) = sq.offset(df, dr) {
            if in_palace(color, to) {
                out.set(to);
            }
        }
    }
    out
}

/// King: one step orthogonally inside the palace (facing kings are a rook look-up).
pub fn king_attacks(sq: Square) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    let color = palace_of(sq);
    if !in_palace(color, sq) {
        return out;
    }
    for (df, dr) in ORTHOGONAL {
        if let Some(to) = sq.offset(df, dr) {
            if in_palace(color, to) {
                out.set(to);
            }
        }
    }
    out
}

/// Pawn of `color`: one step forward, and sideways once across the river.
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    if let Some(to) = sq.offset(0, color.forward()) {
        out.set(to);
    }
    if !color.own_half(sq) {
        for df in [-1, 1] {
            if let Some(to) = sq.offset(df, 0) {
                out.set(to);
            }
        }
    }
    out
}

/// Squares from which a pawn of `color` attacks `sq`.
pub fn pawn_attackers(color: Color, sq: Square) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for from in Square::all() {
        if pawn_attacks(color, from).has(sq) {
            out.set(from);
        }
    }
    out
}

/// Squares strictly between two squares on one rank or file (empty otherwise).
pub fn between(a: Square, b: Square) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    if a == b || (a.file() != b.file() && a.rank() != b.rank()) {
        return out;
    }
    let df = (b.file() as i32 - a.file() as i32).signum();
    let dr = (b.rank() as i32 - a.rank() as i32).signum();
    let mut cur = a.offset(df, dr).unwrap();
    while cur != b {
        out.set(cur);
        cur = cur.offset(df, dr).unwrap();
    }
    out
}
