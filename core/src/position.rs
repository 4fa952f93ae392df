//! The board: pieces, side to move, Zobrist key, incremental material+PST,
//! FEN in and out, make/unmake, check detection.

use crate::error::{IllegalReason, ParseFenError, ParseMoveError};
use crate::moves::Move;
use crate::zobrist;
use nnue_free_eval::{material_value, psq_value, EvalBoard, Score};
use std::fmt;
use tablegen::attacks::*;
use tablegen::{in_palace, Bitboard, Color, PieceKind, Square, FILES, RANKS};

pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A piece on the mailbox board: colour and kind, or none.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Piece(u8);

impl Piece {
    pub const NONE: Piece = Piece(0xff);
    #[inline(always)]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece(((color as u8) << 3) | kind as u8)
    }
    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == 0xff
    }
    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0 >> 3 == 0 {
            Color::Red
        } else {
            Color::Black
        }
    }
    #[inline(always)]
    pub const fn kind(self) -> PieceKind {
        PieceKind::from_index((self.0 & 7) as usize)
    }
    pub fn letter(self) -> char {
        let c = self.kind().letter();
        match self.color() {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}

/// One piece's share of the material key: Red's advisors in the highest
/// field down to Black's pawns in the lowest (kings are not counted).
#[inline(always)]
const fn count_field(c: Color, k: PieceKind) -> u64 {
    if k.index() == 0 {
        return 0;
    }
    1 << (3 * (11 - (c.index() * 6 + k.index() - 1)))
}

/// What make_move must remember for unmake and for the rules of repetition.
#[derive(Copy, Clone, Debug)]
pub struct Undo {
    pub mv: Move,
    pub captured: Piece,
    pub key: u64,
    pub halfmove: u32,
    pub checkers: Bitboard,
    pub natural: u8,
}

#[derive(Clone)]
pub struct Position {
    board: [Piece; 90],
    pieces: [[Bitboard; 7]; 2],
    colors: [Bitboard; 2],
    side: Color,
    key: u64,
    psq: Score,
    /// Red's material minus Black's, kept with `psq` for the `none` knowledge level.
    material: Score,
    /// The piece counts, 3 bits per colour and kind (see `count_field`); a
    /// count past 7 (promoted pawns) carries into the next field, which still
    /// keeps equal keys for equal counts.
    material_key: u64,
    halfmove: u32,
    /// Plies since the last capture that count toward the league's natural-move
    /// limit: a move that gives check and a reply to a check do not count.
    /// Starts from the FEN's halfmove clock; saturates (the limit is 100).
    natural: u8,
    fullmove: u32,
    checkers: Bitboard,
    /// Moves played since the FEN, with what unmake needs; also the game history
    /// the repetition rules look back through.
    history: Vec<Undo>,
    /// The `promotion` variant: advisors and elephants on the back rank may become pawns.
    pub promotion: bool,
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl PartialEq for Position {
    /// Same board, side, clocks and history (used by make/unmake property tests).
    fn eq(&self, o: &Self) -> bool {
        self.board == o.board
            && self.pieces == o.pieces
            && self.colors == o.colors
            && self.side == o.side
            && self.key == o.key
            && self.psq == o.psq
            && self.material == o.material
            && self.material_key == o.material_key
            && self.halfmove == o.halfmove
            && self.natural == o.natural
            && self.fullmove == o.fullmove
            && self.checkers == o.checkers
            && self.history.len() == o.history.len()
    }
}

/// Where a move must start (`.0`) or end (`.1`) to be able to give check to
/// a king on each square; any other move leaves the king as safe as before
/// (the side that just moved never starts in check). A move ending on the
/// king's file or rank may attack it or become a cannon's screen; one ending a
/// horse's jump away may be a horse's attack; one leaving the file or rank
/// may open a line or take away a screen, and one leaving a square
/// diagonally next to the king may free a horse's leg. A capture changes no
/// occupancy on its end square, so only these can.
static CHECK_ZONES: ([u128; 90], [u128; 90]) = check_zones();

const fn check_zones() -> ([u128; 90], [u128; 90]) {
    let mut from = [0u128; 90];
    let mut to = [0u128; 90];
    let mut k = 0;
    while k < FILES * RANKS {
        let (kf, kr) = ((k % FILES) as i32, (k / FILES) as i32);
        let mut sq = 0;
        while sq < FILES * RANKS {
            let (df, dr) = ((sq % FILES) as i32 - kf, (sq / FILES) as i32 - kr);
            let (af, ar) = (df.abs(), dr.abs());
            let bit = 1u128 << sq;
            let cross = sq != k && (df == 0 || dr == 0);
            if cross || (af == 1 && ar == 1) {
                from[k] |= bit;
            }
            if cross || (af == 1 && ar == 2) || (af == 2 && ar == 1) {
                to[k] |= bit;
            }
            sq += 1;
        }
        k += 1;
    }
    (from, to)
}

const RED_ADVISOR_SQUARES: [(usize, usize); 5] = [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)];
const RED_ELEPHANT_SQUARES: [(usize, usize); 7] =
    [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)];

/// Can a piece of this colour and kind ever stand on this square?
pub fn reachable(color: Color, kind: PieceKind, sq: Square) -> bool {
    // Work in Red's frame.
    let s = match color {
        Color::Red => sq,
        Color::Black => sq.flip_rank(),
    };
    let (f, r) = (s.file(), s.rank());
    match kind {
        PieceKind::King => in_palace(Color::Red, s),
        PieceKind::Advisor => RED_ADVISOR_SQUARES.contains(&(f, r)),
        PieceKind::Elephant => RED_ELEPHANT_SQUARES.contains(&(f, r)),
        // A pawn never stands behind its starting rank. (Pawns on the b/d/f/h files
        // before the river cannot arise in play either, but composed positions and
        // the league's own test games use them, so they are accepted.)
        PieceKind::Pawn => r >= 3,
        _ => true,
    }
}

impl Position {
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("start position FEN is valid")
    }

    fn empty() -> Position {
        Position {
            board: [Piece::NONE; 90],
            pieces: [[Bitboard::EMPTY; 7]; 2],
            colors: [Bitboard::EMPTY; 2],
            side: Color::Red,
            key: 0,
            psq: Score::ZERO,
            material: Score::ZERO,
            material_key: 0,
            halfmove: 0,
            natural: 0,
            fullmove: 1,
            checkers: Bitboard::EMPTY,
            history: Vec::with_capacity(256),
            promotion: false,
        }
    }

    /// Parses a FEN; a malformed or impossible one is refused with the reason.
    pub fn from_fen(fen: &str) -> Result<Position, ParseFenError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or(ParseFenError::Empty)?;
        let mut pos = Position::empty();
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != RANKS {
            return Err(ParseFenError::RankCount(ranks.len()));
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = RANKS - 1 - i;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(ParseFenError::ZeroInRank(rank));
                    }
                    file += d as usize;
                } else {
                    let Some((color, kind)) = PieceKind::from_letter(c) else {
                        return Err(ParseFenError::BadLetter(c));
                    };
                    if file >= FILES {
                        return Err(ParseFenError::RankTooLong(rank));
                    }
                    let sq = Square::new(file, rank);
                    if !reachable(color, kind, sq) {
                        return Err(ParseFenError::Unreachable(color, kind, sq));
                    }
                    pos.put(Piece::new(color, kind), sq);
                    file += 1;
                }
            }
            if file != FILES {
                return Err(ParseFenError::RankLength {
                    rank,
                    squares: file,
                });
            }
        }
        for color in Color::BOTH {
            for kind in PieceKind::ALL {
                let n = pos.pieces[color.index()][kind.index()].count();
                if kind == PieceKind::King && n == 0 {
                    return Err(ParseFenError::NoKing(color));
                }
                if n > kind.full_set() {
                    return Err(ParseFenError::TooMany(color, kind, n));
                }
            }
        }
        pos.side = match fields.next() {
            None | Some("w") | Some("r") | Some("W") | Some("R") => Color::Red,
            Some("b") | Some("B") => Color::Black,
            Some(other) => return Err(ParseFenError::BadSide(other.to_string())),
        };
        // Castling and en passant fields are always "-" in Xiangqi; accept anything.
        let _ = fields.next();
        let _ = fields.next();
        if let Some(h) = fields.next() {
            pos.halfmove = h
                .parse()
                .map_err(|_| ParseFenError::BadHalfmove(h.to_string()))?;
            // The FEN does not say which of those plies were checks: count them all.
            pos.natural = pos.halfmove.min(u8::MAX as u32) as u8;
        }
        if let Some(f) = fields.next() {
            pos.fullmove = f
                .parse()
                .map_err(|_| ParseFenError::BadFullmove(f.to_string()))?;
        }
        if pos.side == Color::Black {
            pos.key ^= zobrist::SIDE_KEY;
        }
        if pos.is_attacked_king(pos.side.other()) {
            return Err(ParseFenError::OpponentInCheck(pos.side.other()));
        }
        pos.checkers = pos.compute_checkers();
        Ok(pos)
    }

    pub fn fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                let p = self.board[Square::new(file, rank).index()];
                if p.is_none() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(p.letter());
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let side = if self.side == Color::Red { 'w' } else { 'b' };
        format!("{s} {side} - - {} {}", self.halfmove, self.fullmove)
    }

    #[inline(always)]
    fn put(&mut self, p: Piece, sq: Square) {
        self.put_keyed::<true>(p, sq);
    }

    #[inline(always)]
    fn remove(&mut self, sq: Square) -> Piece {
        self.remove_keyed::<true>(sq)
    }

    /// Places a piece; with `KEY` false the key is left alone (unmake restores
    /// the saved key instead of undoing each piece's part).
    #[inline(always)]
    fn put_keyed<const KEY: bool>(&mut self, p: Piece, sq: Square) {
        let (c, k) = (p.color(), p.kind());
        self.board[sq.index()] = p;
        self.pieces[c.index()][k.index()].set(sq);
        self.colors[c.index()].set(sq);
        if KEY {
            self.key ^= zobrist::piece_key(c, k, sq);
        }
        self.psq += psq_value(c, k, sq);
        self.material += signed_material(c, k);
        self.material_key = self.material_key.wrapping_add(count_field(c, k));
    }

    /// Moves the piece on `from` to the empty square `to`. Both squares flip in
    /// one write per set: a clear and a set of the same set one after the other
    /// compile to a narrow store and a wide reload, which stalls the CPU.
    #[inline(always)]
    fn shift_keyed<const KEY: bool>(&mut self, from: Square, to: Square) -> Piece {
        let p = self.board[from.index()];
        let (c, k) = (p.color(), p.kind());
        let both = Bitboard::from_square(from) | to;
        self.board[from.index()] = Piece::NONE;
        self.board[to.index()] = p;
        self.pieces[c.index()][k.index()] ^= both;
        self.colors[c.index()] ^= both;
        if KEY {
            self.key ^= zobrist::piece_key(c, k, from) ^ zobrist::piece_key(c, k, to);
        }
        self.psq += psq_value(c, k, to) - psq_value(c, k, from);
        p
    }

    #[inline(always)]
    fn remove_keyed<const KEY: bool>(&mut self, sq: Square) -> Piece {
        let p = self.board[sq.index()];
        let (c, k) = (p.color(), p.kind());
        self.board[sq.index()] = Piece::NONE;
        self.pieces[c.index()][k.index()].clear(sq);
        self.colors[c.index()].clear(sq);
        if KEY {
            self.key ^= zobrist::piece_key(c, k, sq);
        }
        self.psq -= psq_value(c, k, sq);
        self.material -= signed_material(c, k);
        self.material_key = self.material_key.wrapping_sub(count_field(c, k));
        p
    }

    // ---- accessors -------------------------------------------------------

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece counts of both sides packed in one word: equal counts, equal word.
    #[inline(always)]
    pub fn material_key(&self) -> u64 {
        self.material_key
    }

    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }
    #[inline(always)]
    pub fn piece_on(&self, sq: Square) -> Piece {
        self.board[sq.index()]
    }
    #[inline(always)]
    pub fn pieces(&self, c: Color, k: PieceKind) -> Bitboard {
        self.pieces[c.index()][k.index()]
    }
    #[inline(always)]
    pub fn color_bb(&self, c: Color) -> Bitboard {
        self.colors[c.index()]
    }
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }
    #[inline(always)]
    pub fn king_square(&self, c: Color) -> Square {
        self.pieces(c, PieceKind::King).lsb()
    }
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Plies toward the league's natural-move limit (see the field); at most 255.
    #[inline(always)]
    pub fn natural_plies(&self) -> u32 {
        self.natural as u32
    }
    #[inline(always)]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }
    #[inline(always)]
    pub fn psq(&self) -> Score {
        self.psq
    }
    /// Moves played since the position was set up, oldest first.
    #[inline(always)]
    /// Becomes a copy of `other`, keeping this position's history buffer
    /// with room for `plies` more moves: a search thread that starts each
    /// search this way allocates nothing once its buffer is large enough
    /// (with hundreds of threads the allocator's growing and shrinking of
    /// its heaps serializes them on the process's memory-map lock).
    pub fn copy_from(&mut self, other: &Position, plies: usize) {
        let mut history = std::mem::take(&mut self.history);
        history.clear();
        history.reserve(other.history.len() + plies);
        history.extend_from_slice(&other.history);
        *self = Position { history, ..*other };
    }

    pub fn history(&self) -> &[Undo] {
        &self.history
    }
    /// Plies played since the position was set up.
    #[inline(always)]
    pub fn game_ply(&self) -> usize {
        self.history.len()
    }
    /// Forget the history (the root of a search keeps what it needs elsewhere).
    pub fn clear_history(&mut self) {
        self.history.clear();
    }

    /// Key, material+PST and checkers recomputed from scratch (for tests).
    pub fn recompute(&self) -> (u64, Score, Bitboard) {
        let mut key = if self.side == Color::Black {
            zobrist::SIDE_KEY
        } else {
            0
        };
        let mut psq = Score::ZERO;
        for sq in self.occupied() {
            let p = self.board[sq.index()];
            key ^= zobrist::piece_key(p.color(), p.kind(), sq);
            psq += psq_value(p.color(), p.kind(), sq);
        }
        (key, psq, self.compute_checkers())
    }

    // ---- attacks -----------------------------------------------------------

    /// Pieces of `by` (restricted to `by_mask`) that attack the king square `ksq`
    /// of the other side, with occupancy `occ`. Facing kings count as an attack.
    #[inline(always)]
    pub fn king_attackers(
        &self,
        ksq: Square,
        by: Color,
        occ: Bitboard,
        by_mask: Bitboard,
    ) -> Bitboard {
        let rooks = (self.pieces(by, PieceKind::Rook) | self.pieces(by, PieceKind::King)) & by_mask;
        let cannons = self.pieces(by, PieceKind::Cannon) & by_mask;
        let horses = self.pieces(by, PieceKind::Horse) & by_mask;
        let pawns = self.pieces(by, PieceKind::Pawn) & by_mask;
        (rook_attacks(ksq, occ) & rooks)
            | (cannon_attacks(ksq, occ) & cannons)
            | (horse_attackers(ksq, occ) & horses)
            | (pawn_attackers(by, ksq) & pawns)
    }

    fn compute_checkers(&self) -> Bitboard {
        let us = self.side;
        self.king_attackers(
            self.king_square(us),
            us.other(),
            self.occupied(),
            Bitboard::ALL,
        )
    }

    fn is_attacked_king(&self, c: Color) -> bool {
        self.king_attackers(
            self.king_square(c),
            c.other(),
            self.occupied(),
            Bitboard::ALL,
        )
        .any()
    }

    /// Every piece of either colour attacking `sq` with occupancy `occ`
    /// (kings and advisors and elephants by their steps; used by SEE and the rules).
    pub fn attackers_to(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.attackers_by(sq, occ, Color::Red) | self.attackers_by(sq, occ, Color::Black)
    }

    /// The pieces of colour `c` among `occ` attacking `sq` with occupancy `occ`.
    #[inline]
    pub fn attackers_by(&self, sq: Square, occ: Bitboard, c: Color) -> Bitboard {
        let p = |k| self.pieces(c, k);
        let att = (rook_attacks(sq, occ) & p(PieceKind::Rook))
            | (cannon_attacks(sq, occ) & p(PieceKind::Cannon))
            | (horse_attackers(sq, occ) & p(PieceKind::Horse))
            | (pawn_attackers(c, sq) & p(PieceKind::Pawn))
            | (king_attacks(sq) & p(PieceKind::King))
            | (advisor_attacks(sq) & p(PieceKind::Advisor))
            | (elephant_attacks(sq, occ) & p(PieceKind::Elephant));
        att & occ
    }

    /// Squares a piece on `sq` attacks (its captures, were enemy pieces there).
    #[inline]
    pub fn attacks_from(&self, p: Piece, sq: Square, occ: Bitboard) -> Bitboard {
        match p.kind() {
            PieceKind::King => king_attacks(sq),
            PieceKind::Advisor => advisor_attacks(sq),
            PieceKind::Elephant => elephant_attacks(sq, occ),
            PieceKind::Horse => horse_attacks(sq, occ),
            PieceKind::Rook => rook_attacks(sq, occ),
            PieceKind::Cannon => cannon_attacks(sq, occ),
            PieceKind::Pawn => pawn_attacks(p.color(), sq),
        }
    }

    /// Would the move leave the mover's own king attacked? Exact, and not fast.
    #[inline]
    pub fn leaves_king_attacked(&self, m: Move) -> bool {
        let us = self.side;
        let (from, to) = (m.from(), m.to());
        if m.is_promotion() {
            // The piece stays put and becomes a pawn: occupancy is unchanged.
            return self.in_check();
        }
        let occ = (self.occupied() ^ from) | to;
        let ksq = if self.board[from.index()].kind() == PieceKind::King {
            to
        } else {
            self.king_square(us)
        };
        self.king_attackers(ksq, us.other(), occ, !Bitboard::from_square(to))
            .any()
    }

    /// Does the move give check? Exact, without playing it: the moved piece's
    /// own attack from its new square, or a line or horse leg it uncovers.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.side;
        let them = us.other();
        let ksq = self.king_square(them);
        let (from, to) = (m.from(), m.to());
        let p = self.board[from.index()];
        if m.is_promotion() {
            return pawn_attacks(us, from).has(ksq);
        }
        let occ = (self.occupied() ^ from) | to;
        let direct = match p.kind() {
            PieceKind::Rook | PieceKind::King => {
                rook_attacks(to, occ).has(ksq)
                    && (p.kind() == PieceKind::Rook || to.file() == ksq.file())
            }
            PieceKind::Cannon => cannon_attacks(to, occ).has(ksq),
            PieceKind::Horse => horse_attacks(to, occ).has(ksq),
            PieceKind::Pawn => pawn_attacks(us, to).has(ksq),
            PieceKind::Advisor | PieceKind::Elephant => false,
        };
        direct
            || self
                .king_attackers(ksq, us, occ, !Bitboard::from_square(from))
                .any()
    }

    // ---- make / unmake -----------------------------------------------------

    /// The key the position will have after `m`, without playing it: the search
    /// prefetches that table slot while it makes the move.
    #[inline(always)]
    pub fn key_after(&self, m: Move) -> u64 {
        let (from, to) = (m.from(), m.to());
        let p = self.board[from.index()];
        let (c, k) = (p.color(), p.kind());
        let mut key = self.key ^ zobrist::SIDE_KEY ^ zobrist::piece_key(c, k, from);
        if m.is_promotion() {
            return key ^ zobrist::piece_key(c, PieceKind::Pawn, from);
        }
        let captured = self.board[to.index()];
        if !captured.is_none() {
            key ^= zobrist::piece_key(captured.color(), captured.kind(), to);
        }
        key ^ zobrist::piece_key(c, k, to)
    }

    /// Plays a move assumed legal (from the generator or checked by `is_legal`).
    #[inline]
    pub fn make_move(&mut self, m: Move) {
        let (from, to) = (m.from(), m.to());
        let undo_key = self.key;
        let mut captured = Piece::NONE;
        if m.is_promotion() {
            let p = self.remove(from);
            self.put(Piece::new(p.color(), PieceKind::Pawn), from);
        } else {
            captured = self.board[to.index()];
            if !captured.is_none() {
                self.remove(to);
            }
            self.shift_keyed::<true>(from, to);
        }
        self.history.push(Undo {
            mv: m,
            captured,
            key: undo_key,
            halfmove: self.halfmove,
            checkers: self.checkers,
            natural: self.natural,
        });
        let answered_check = self.checkers.any();
        self.halfmove = if captured.is_none() {
            self.halfmove + 1
        } else {
            0
        };
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.other();
        self.key ^= zobrist::SIDE_KEY;
        let ksq = self.king_square(self.side).index();
        self.checkers = if CHECK_ZONES.0[ksq] & (1u128 << from.index()) != 0
            || CHECK_ZONES.1[ksq] & (1u128 << to.index()) != 0
        {
            self.compute_checkers()
        } else {
            Bitboard::EMPTY
        };
        debug_assert_eq!(self.checkers, self.compute_checkers(), "{m}");
        self.natural = if !captured.is_none() {
            0
        } else if answered_check || self.checkers.any() {
            self.natural
        } else {
            self.natural.saturating_add(1)
        };
    }

    /// Takes back the last move.
    #[inline]
    pub fn unmake_move(&mut self) {
        let u = self.history.pop().expect("unmake with no move played");
        let (from, to) = (u.mv.from(), u.mv.to());
        self.side = self.side.other();
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        if u.mv.is_promotion() {
            // Only advisors and elephants promote; the elephant's back-rank squares
            // differ from the advisor's, so the square tells which it was.
            let p = self.remove_keyed::<false>(from);
            let kind = if reachable(p.color(), PieceKind::Advisor, from) {
                PieceKind::Advisor
            } else {
                PieceKind::Elephant
            };
            self.put_keyed::<false>(Piece::new(p.color(), kind), from);
        } else {
            self.shift_keyed::<false>(to, from);
            if !u.captured.is_none() {
                self.put_keyed::<false>(u.captured, to);
            }
        }
        self.key = u.key;
        self.halfmove = u.halfmove;
        self.checkers = u.checkers;
        self.natural = u.natural;
    }

    /// The key the position will have after a null move.
    #[inline(always)]
    pub fn key_after_null(&self) -> u64 {
        self.key ^ zobrist::SIDE_KEY
    }

    /// A null move for the search: the side to move passes.
    #[inline]
    pub fn make_null(&mut self) {
        self.history.push(Undo {
            mv: Move::NONE,
            captured: Piece::NONE,
            key: self.key,
            halfmove: self.halfmove,
            checkers: self.checkers,
            natural: self.natural,
        });
        self.halfmove += 1;
        self.side = self.side.other();
        // One definition of the key after a pass, which the search also
        // writes the evaluation cache by.
        self.key = self.key_after_null();
        self.checkers = Bitboard::EMPTY;
    }

    #[inline]
    pub fn unmake_null(&mut self) {
        let u = self.history.pop().expect("unmake_null with no move played");
        self.side = self.side.other();
        self.key = u.key;
        self.halfmove = u.halfmove;
        self.checkers = u.checkers;
        self.natural = u.natural;
    }

    /// Parses an ICCS move and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let m = Move::parse_text(text)?;
        if self.is_legal(m) {
            Ok(m)
        } else {
            Err(ParseMoveError::Illegal {
                text: text.to_string(),
                reason: self.illegal_reason(m),
            })
        }
    }

    fn illegal_reason(&self, m: Move) -> IllegalReason {
        let p = self.board[m.from().index()];
        if p.is_none() {
            IllegalReason::NoPiece
        } else if p.color() != self.side {
            IllegalReason::NotYourPiece
        } else if !self.is_pseudo_legal(m) {
            IllegalReason::CannotMoveSo
        } else {
            IllegalReason::KingExposed
        }
    }

    /// Is there neither rook, horse, cannon nor pawn left on either side?
    pub fn no_attackers_left(&self) -> bool {
        Color::BOTH.iter().all(|&c| {
            [
                PieceKind::Rook,
                PieceKind::Horse,
                PieceKind::Cannon,
                PieceKind::Pawn,
            ]
            .iter()
            .all(|&k| self.pieces(c, k).is_empty())
        })
    }

    /// The position seen with colours swapped and the board turned round
    /// (for symmetry tests of the evaluation).
    pub fn color_flipped(&self) -> Position {
        let mut p = Position::empty();
        for sq in self.occupied() {
            let pc = self.board[sq.index()];
            p.put(Piece::new(pc.color().other(), pc.kind()), sq.flip_rank());
        }
        p.side = self.side.other();
        if p.side == Color::Black {
            p.key ^= zobrist::SIDE_KEY;
        }
        p.halfmove = self.halfmove;
        p.natural = self.natural;
        p.checkers = p.compute_checkers();
        p
    }

    /// The position mirrored left-right.
    pub fn mirrored(&self) -> Position {
        let mut p = Position::empty();
        for sq in self.occupied() {
            p.put(self.board[sq.index()], sq.mirror_file());
        }
        p.side = self.side;
        if p.side == Color::Black {
            p.key ^= zobrist::SIDE_KEY;
        }
        p.halfmove = self.halfmove;
        p.natural = self.natural;
        p.checkers = p.compute_checkers();
        p
    }
}

impl EvalBoard for Position {
    #[inline(always)]
    fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.pieces[color.index()][kind.index()]
    }
    #[inline(always)]
    fn color_pieces(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }
    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }
    #[inline(always)]
    fn piece_at(&self, sq: Square) -> Option<(Color, PieceKind)> {
        let p = self.board[sq.index()];
        (!p.is_none()).then(|| (p.color(), p.kind()))
    }
    #[inline(always)]
    fn side_to_move(&self) -> Color {
        self.side
    }
    #[inline(always)]
    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    #[inline(always)]
    fn psq(&self) -> Score {
        self.psq
    }
    #[inline(always)]
    fn material(&self) -> Score {
        self.material
    }
}

#[inline(always)]
fn signed_material(c: Color, k: PieceKind) -> Score {
    let v = material_value(k);
    match c {
        Color::Red => v,
        Color::Black => Score::ZERO - v,
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..RANKS).rev() {
            write!(f, "{rank} ")?;
            for file in 0..FILES {
                let p = self.board[Square::new(file, rank).index()];
                write!(f, " {}", if p.is_none() { '.' } else { p.letter() })?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e f g h i")?;
        writeln!(f, "FEN: {}", self.fen())?;
        write!(f, "Key: {:016x}", self.key)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen())
    }
}
