//! The evaluation driver: sums the terms of the chosen knowledge level, tapers
//! them by the phase, applies the endgame scales and the tempo.

use crate::danger::DangerInputs;
use crate::endgame::{
    endgame_scale, halfmove_scale, insufficient_material, HALFMOVE_SCALE_FULL, SCALE_FULL,
};
use crate::king::king_safety;
use crate::masks::pawn_attack_span;
use crate::params::{pst_index, G};
use crate::patterns::pattern_terms;
use crate::pieces::piece_terms;
use crate::psq::{material_value, psq_value, table_cell};
use crate::score::{taper, Score};
use crate::trace::{Finish, Term, Trace};
use crate::{EvalBoard, Knowledge};
use tablegen::{Color, PieceKind};

pub use crate::weights::TEMPO;

/// The game phase: 2 per rook and 1 per horse or cannon left on the board,
/// from `PHASE_MAX` (all there) down to 0.
#[inline(always)]
pub fn phase<B: EvalBoard>(b: &B) -> i32 {
    let both = |k| b.pieces(Color::Red, k) | b.pieces(Color::Black, k);
    let rooks = both(PieceKind::Rook).count() as i32;
    let minors = (both(PieceKind::Horse) | both(PieceKind::Cannon)).count() as i32;
    (2 * rooks + minors).min(crate::score::PHASE_MAX)
}

/// Material of one side, from its own point of view.
#[inline(always)]
pub fn material<B: EvalBoard>(b: &B, c: Color) -> Score {
    let mut s = Score::ZERO;
    for kind in &PieceKind::ALL[1..] {
        s += material_value(*kind) * b.pieces(c, *kind).count() as i32;
    }
    s
}

/// Reports material and piece-square values per colour (for the breakdown only:
/// the search takes their sum from the position's incremental `psq`).
fn trace_psq<B: EvalBoard, T: Trace>(b: &B, t: &mut T) {
    for c in Color::BOTH {
        let sign = if c == Color::Red { 1 } else { -1 };
        let mut psq = Score::ZERO;
        for kind in PieceKind::ALL {
            for sq in b.pieces(c, kind) {
                psq += psq_value(c, kind, sq) * sign;
            }
        }
        let mat = material(b, c);
        t.term(Term::Material, c, mat);
        t.term(Term::PieceSquare, c, psq - mat);
    }
}

/// Reports each piece's material (and with `tables` its piece-square cell)
/// as coefficients, Red's view.
fn coef_psq<B: EvalBoard, T: Trace>(b: &B, t: &mut T, tables: bool) {
    for c in Color::BOTH {
        let sign = if c == Color::Red { 1 } else { -1 };
        for kind in PieceKind::ALL {
            for sq in b.pieces(c, kind) {
                t.coef(G::Material.at(kind.index()), sign);
                if tables {
                    // A Black piece stands where a Red one would on the flipped rank.
                    let red_sq = if c == Color::Red { sq } else { sq.flip_rank() };
                    let (row, col) = table_cell(red_sq.index());
                    t.coef(pst_index(kind.index(), row, col), sign);
                }
            }
        }
    }
}

/// Records one term for both colours and returns its Red-view difference.
#[inline(always)]
fn both<T: Trace>(t: &mut T, term: Term, red: Score, black: Score) -> Score {
    t.term(term, Color::Red, red);
    t.term(term, Color::Black, black);
    red - black
}

/// Mobility and king safety, and with `PATTERNS` every pattern of the largest level.
#[inline(always)]
fn positional<B: EvalBoard, T: Trace, const PATTERNS: bool>(b: &B, t: &mut T) -> Score {
    let occ = b.occupied();
    let pawns = [
        b.pieces(Color::Red, PieceKind::Pawn),
        b.pieces(Color::Black, PieceKind::Pawn),
    ];
    let span = [
        pawn_attack_span(Color::Red, pawns[0]),
        pawn_attack_span(Color::Black, pawns[1]),
    ];
    let red = piece_terms::<B, T, PATTERNS>(b, Color::Red, occ, span[1], t);
    let black = piece_terms::<B, T, PATTERNS>(b, Color::Black, occ, span[0], t);

    let mut total = both(t, Term::Mobility, red.mobility, black.mobility);

    let red_king = king_safety(
        b,
        Color::Red,
        DangerInputs::of(
            black.palace_hits,
            black.palace_attackers,
            pawns[1],
            Color::Black,
        ),
        t,
    );
    let black_king = king_safety(
        b,
        Color::Black,
        DangerInputs::of(red.palace_hits, red.palace_attackers, pawns[0], Color::Red),
        t,
    );
    total += both(t, Term::KingSafety, red_king, black_king);

    if PATTERNS {
        total += both(
            t,
            Term::HollowCannon,
            red.hollow_cannon,
            black.hollow_cannon,
        );
        total += both(
            t,
            Term::BottomCannon,
            red.bottom_cannon,
            black.bottom_cannon,
        );
        total += both(t, Term::RookFile, red.rook_file, black.rook_file);
        total += both(
            t,
            Term::TrappedHorse,
            red.trapped_horse,
            black.trapped_horse,
        );
        let rp = pattern_terms(b, Color::Red, occ, t);
        let bp = pattern_terms(b, Color::Black, occ, t);
        total += both(t, Term::PalaceHorse, rp.palace_horse, bp.palace_horse);
        total += both(t, Term::FullDefence, rp.full_defence, bp.full_defence);
        total += both(t, Term::CrossedPawns, rp.crossed_pawns, bp.crossed_pawns);
        total += both(
            t,
            Term::ConnectedPawns,
            rp.connected_pawns,
            bp.connected_pawns,
        );
        total += both(t, Term::WingAttack, rp.wing_attack, bp.wing_attack);
    }
    total
}

/// The evaluation at `k`, from the side to move's point of view, reporting to `t`.
#[inline(always)]
pub(crate) fn evaluate_traced<B: EvalBoard, T: Trace>(b: &B, k: Knowledge, t: &mut T) -> i32 {
    evaluate_parts::<B, T, true>(b, k, t)
}

/// The evaluation, with the scale for plies without capture applied when
/// `HALFMOVE` (the rest depends on the pieces and the side to move only).
#[inline(always)]
pub(crate) fn evaluate_parts<B: EvalBoard, T: Trace, const HALFMOVE: bool>(
    b: &B,
    k: Knowledge,
    t: &mut T,
) -> i32 {
    let mut fin = Finish {
        endgame_scale: SCALE_FULL,
        halfmove_scale: HALFMOVE_SCALE_FULL,
        ..Finish::default()
    };
    if insufficient_material(b) {
        fin.insufficient_material = true;
        t.finish(fin);
        return 0;
    }
    let stm_sign = if b.side_to_move() == Color::Red {
        1
    } else {
        -1
    };
    fin.phase = phase(b);

    let total = match k {
        Knowledge::None => {
            if T::COEFS {
                coef_psq(b, t, false);
            }
            if T::ACTIVE {
                both(
                    t,
                    Term::Material,
                    material(b, Color::Red),
                    material(b, Color::Black),
                )
            } else {
                b.material()
            }
        }
        Knowledge::Small => {
            if T::ACTIVE {
                trace_psq(b, t);
            }
            if T::COEFS {
                coef_psq(b, t, true);
            }
            b.psq()
        }
        Knowledge::Medium => {
            if T::ACTIVE {
                trace_psq(b, t);
            }
            if T::COEFS {
                coef_psq(b, t, true);
            }
            b.psq() + positional::<B, T, false>(b, t)
        }
        Knowledge::Large => {
            if T::ACTIVE {
                trace_psq(b, t);
            }
            if T::COEFS {
                coef_psq(b, t, true);
            }
            b.psq() + positional::<B, T, true>(b, t)
        }
    };
    fin.total = total;
    fin.tapered = taper(total, fin.phase);

    let mut score = fin.tapered;
    if k == Knowledge::Large && score != 0 {
        let strong = if score > 0 { Color::Red } else { Color::Black };
        fin.endgame_scale = endgame_scale(b, strong);
        score = score * fin.endgame_scale / SCALE_FULL;
    }
    score *= stm_sign;
    if k != Knowledge::None {
        fin.tempo = TEMPO;
        score += TEMPO;
    }
    if HALFMOVE {
        score = scale_for_halfmove(score, b.halfmove_clock(), k);
        if k == Knowledge::Large {
            fin.halfmove_scale = halfmove_scale(b.halfmove_clock());
        }
    }
    fin.score = score;
    t.finish(fin);
    score
}

/// The unscaled evaluation (see [`crate::evaluate_unscaled`]) of the same
/// pieces with the other side to move, from `unscaled`, this position's:
/// every term is summed from Red's side and only then turned to the side to
/// move and given the tempo, so a pass changes the sign and keeps the tempo.
/// A term that depended on who is to move would make this None; none does.
#[inline(always)]
pub fn unscaled_after_null(unscaled: i32, k: Knowledge) -> Option<i32> {
    let tempo = if k == Knowledge::None { 0 } else { TEMPO };
    Some(2 * tempo - unscaled)
}

/// An evaluation without the scale for plies without capture (see
/// [`crate::evaluate_unscaled`]) scaled for `halfmove_clock` plies.
#[inline(always)]
pub fn scale_for_halfmove(score: i32, halfmove_clock: u32, k: Knowledge) -> i32 {
    if k == Knowledge::Large {
        score * halfmove_scale(halfmove_clock) / HALFMOVE_SCALE_FULL
    } else {
        score
    }
}
