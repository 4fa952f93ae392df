//! Whether a position is quiet: the evaluation of a quiet position is what a
//! fit can learn from, since no capture is about to change it.

use chariot_core::Position;
use nnue_free_eval::{evaluate, Knowledge};

/// Alpha-beta over the captures that do not lose material, from the side to
/// move's view, standing pat on the evaluation.
fn quiescence(pos: &mut Position, mut alpha: i32, beta: i32) -> i32 {
    let stand = evaluate(pos, Knowledge::Large);
    if stand >= beta {
        return stand;
    }
    alpha = alpha.max(stand);
    let mut best = stand;
    for m in pos.legal_captures().iter() {
        if !pos.see_ge(m, 0) {
            continue;
        }
        pos.make_move(m);
        let score = -quiescence(pos, -beta, -alpha);
        pos.unmake_move();
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// Not in check, and no capture changes the evaluation: quiescence gives the
/// static evaluation back.
pub fn is_quiet(pos: &Position) -> bool {
    if pos.in_check() {
        return false;
    }
    let stand = evaluate(pos, Knowledge::Large);
    let mut scratch = pos.clone();
    quiescence(&mut scratch, stand - 1, stand + 1) == stand
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_is_quiet_and_a_hanging_rook_is_not() {
        assert!(is_quiet(&Position::startpos()));
        // Black's rook on e5 stands unprotected in front of Red's rook on e0.
        let pos = Position::from_fen("5k3/9/9/9/4r4/9/9/9/9/3KR4 w").unwrap();
        assert!(!is_quiet(&pos));
    }

    #[test]
    fn a_position_in_check_is_not_quiet() {
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3KR4 b").unwrap();
        assert!(pos.in_check());
        assert!(!is_quiet(&pos));
    }
}
