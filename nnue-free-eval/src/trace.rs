//! The terms of the evaluation and the hook that records them for the
//! breakdown. The search evaluates with [`NoTrace`], whose hooks vanish when
//! inlined, so the breakdown costs the search nothing.

use crate::danger::DangerInputs;
use crate::score::Score;
use tablegen::Color;

/// One named term of the evaluation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Term {
    Material,
    PieceSquare,
    Mobility,
    KingSafety,
    HollowCannon,
    BottomCannon,
    PalaceHorse,
    RookFile,
    TrappedHorse,
    FullDefence,
    CrossedPawns,
    ConnectedPawns,
    WingAttack,
}

impl Term {
    pub const COUNT: usize = 13;
    pub const ALL: [Term; Term::COUNT] = [
        Term::Material,
        Term::PieceSquare,
        Term::Mobility,
        Term::KingSafety,
        Term::HollowCannon,
        Term::BottomCannon,
        Term::PalaceHorse,
        Term::RookFile,
        Term::TrappedHorse,
        Term::FullDefence,
        Term::CrossedPawns,
        Term::ConnectedPawns,
        Term::WingAttack,
    ];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::PieceSquare => "Piece-square",
            Term::Mobility => "Mobility",
            Term::KingSafety => "King safety",
            Term::HollowCannon => "Hollow cannon",
            Term::BottomCannon => "Bottom cannon",
            Term::PalaceHorse => "Palace horse",
            Term::RookFile => "Rook file",
            Term::TrappedHorse => "Trapped horse",
            Term::FullDefence => "Full defence",
            Term::CrossedPawns => "Crossed pawns",
            Term::ConnectedPawns => "Connected pawns",
            Term::WingAttack => "Wing attack",
        }
    }
}

/// How the score was finished after the terms were summed (Red's view unless said).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Finish {
    /// Sum of all terms, Red's view.
    pub total: Score,
    /// 0 (bare endgame) ..= `PHASE_MAX` (full middlegame).
    pub phase: i32,
    /// `total` blended by the phase, Red's view.
    pub tapered: i32,
    /// Scale of drawish endings, in sixteenths (16 = unchanged).
    pub endgame_scale: i32,
    /// Bonus for the side to move.
    pub tempo: i32,
    /// Scale toward a draw as plies without capture accumulate, in eightieths.
    pub halfmove_scale: i32,
    /// Neither side has a piece that can attack: a draw by rule, exactly 0.
    pub insufficient_material: bool,
    /// The final score, side to move's view.
    pub score: i32,
}

/// Receives the terms while the evaluation computes them.
pub trait Trace {
    /// Whether per-colour detail is wanted (it costs extra work, so the search skips it).
    const ACTIVE: bool;
    /// Whether each weight's coefficient is wanted (for the tuner).
    const COEFS: bool = false;
    /// `s` is the term's value for `color`, from that colour's own point of view.
    fn term(&mut self, term: Term, color: Color, s: Score);
    fn finish(&mut self, f: Finish);
    /// The weight at flat index `index` (see `params`) counts `red` times more
    /// for Red: for a `Score` weight, `index` is its middlegame half and the
    /// endgame half counts as often.
    #[inline(always)]
    fn coef(&mut self, _index: usize, _red: i32) {}
    /// A part of the total that no fitted weight explains (Red's view).
    #[inline(always)]
    fn fixed(&mut self, _red: Score) {}
    /// What `defender`'s king danger was computed from (a penalty for it).
    #[inline(always)]
    fn king_danger(&mut self, _defender: Color, _inputs: DangerInputs) {}
}

/// The search's trace: records nothing.
pub struct NoTrace;

impl Trace for NoTrace {
    const ACTIVE: bool = false;
    #[inline(always)]
    fn term(&mut self, _: Term, _: Color, _: Score) {}
    #[inline(always)]
    fn finish(&mut self, _: Finish) {}
}
