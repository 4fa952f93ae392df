//! The league's repetition and draw rules: the simulator's own verdicts, and
//! constructed positions for each case of the rules.

mod common;

use chariot_core::rules::{
    adjudicate, chased_by_last_move, cycle_verdict, repetition, MoveLimit, Outcome, Reason,
    RepetitionRule, Rules, Verdict,
};
use chariot_core::Position;
use tablegen::Color;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("bad FEN {fen}: {e}"))
}

fn play(p: &mut Position, mv: &str) {
    let m = p
        .parse_move(mv)
        .unwrap_or_else(|e| panic!("{mv} in {}: {e}", p.fen()));
    p.make_move(m);
}

fn win(c: Color, reason: Reason) -> Verdict {
    Verdict {
        outcome: Outcome::Win(c),
        reason,
    }
}

fn draw(reason: Reason) -> Verdict {
    Verdict {
        outcome: Outcome::Draw,
        reason,
    }
}

/// Plays the moves, adjudicating after each ply; returns the ply (1-based) and
/// verdict of the first adjudication, or None when the game never ended.
fn play_adjudicated(fen: &str, moves: &[&str]) -> Option<(usize, Verdict)> {
    let mut p = pos(fen);
    for (i, mv) in moves.iter().enumerate() {
        play(&mut p, mv);
        if let Some(v) = adjudicate(&p) {
            return Some((i + 1, v));
        }
    }
    None
}

/// A shuttle of two moves per side, `times` times over (4 * times plies).
fn shuttle(cycle: [&'static str; 4], times: usize) -> Vec<&'static str> {
    cycle.iter().copied().cycle().take(4 * times).collect()
}

// ---- the simulator's verdicts --------------------------------------------------

/// The verdict of a scenario of data/rules/league-verdicts.txt.
fn scenario_verdict(s: &common::VerdictScenario) -> Verdict {
    let name = &s.name;
    // The reason may carry a note in parentheses.
    let reason = match s.reason.split_whitespace().next().unwrap_or("") {
        "perpetual-check" => Reason::PerpetualCheck,
        "perpetual-chase" => Reason::PerpetualChase,
        "repetition-draw" => Reason::RepetitionDraw,
        "natural-limit-draw" => Reason::NaturalLimit,
        "mate" => Reason::Mate,
        "stalemate" => Reason::Stalemate,
        other => panic!("{name}: unknown reason '{other}'"),
    };
    let outcome = match s.verdict.as_str() {
        "red-wins" => Outcome::Win(Color::Red),
        "black-wins" => Outcome::Win(Color::Black),
        "draw" => Outcome::Draw,
        other => panic!("{name}: unknown verdict '{other}'"),
    };
    Verdict { outcome, reason }
}

/// Start positions the simulator accepted but our FEN check refuses (uncrossed
/// pawns on squares no pawn can reach), with a stand-in that plays the same.
const STAND_INS: &[(&str, &str)] = &[
    // s09: the d and f pawns never move, capture or check; the same pawns one
    // file further out, on their real starting squares, change nothing.
    (
        "4k4/9/9/3ppp3/r8/R8/3PPP3/9/9/4K4 w",
        "4k4/9/9/2p1p1p2/r8/R8/2P1P1P2/9/9/4K4 w",
    ),
    // s10: the black pawn on b6 only blocks the horse's leg; a black horse there
    // (which never moves and attacks neither c6 nor d8) blocks it the same way.
    (
        "4k4/2n6/1r7/1pN6/9/9/9/9/9/3K5 w",
        "4k4/2n6/1r7/1nN6/9/9/9/9/9/3K5 w",
    ),
];

fn scenario_start(fen: &str) -> Position {
    Position::from_fen(&format!("{fen} - - 0 1")).unwrap_or_else(|e| {
        let (_, stand_in) = STAND_INS
            .iter()
            .find(|(f, _)| *f == fen)
            .unwrap_or_else(|| panic!("FEN {fen} refused ({e}) and no stand-in listed"));
        pos(&format!("{stand_in} - - 0 1"))
    })
}

#[test]
fn league_simulator_verdicts() {
    let scenarios = common::verdict_scenarios();
    assert!(scenarios.len() >= 12, "only {} scenarios", scenarios.len());
    for s in &scenarios {
        let verdict = scenario_verdict(s);
        let mut p = scenario_start(&s.fen);
        for (i, mv) in s.moves.iter().enumerate() {
            play(&mut p, mv);
            let got = adjudicate(&p);
            if i + 1 < s.plies {
                assert_eq!(got, None, "{}: ended early at ply {}", s.name, i + 1);
            } else {
                assert_eq!(got, Some(verdict), "{}: verdict at ply {}", s.name, i + 1);
            }
        }
    }
}

// ---- what a move chases ----------------------------------------------------------

/// The squares chased by `mv` played in `fen` (red to move).
fn chased_after(fen: &str, mv: &str) -> Vec<String> {
    let mut p = pos(&format!("{fen} w - - 0 1"));
    play(&mut p, mv);
    chased_by_last_move(&p).map(|s| s.to_string()).collect()
}

#[test]
fn horse_chases_rooks_protected_or_not() {
    // Horse b2-c4 attacks b6.
    assert_eq!(chased_after("5k3/9/9/1r7/9/9/9/1N7/9/3K5", "b2c4"), ["b6"]);
    // The rook protected by a horse on a8: still a chase (rule 5.4(1)).
    assert_eq!(chased_after("5k3/n8/9/1r7/9/9/9/1N7/9/3K5", "b2c4"), ["b6"]);
    // A blocked leg (c5) means no attack at all.
    assert_eq!(
        chased_after("5k3/9/9/1r7/2n6/9/9/1N7/9/3K5", "b2c4"),
        Vec::<String>::new()
    );
}

#[test]
fn horse_chases_only_unprotected_cannons_and_crossed_pawns() {
    // Horse c4 attacks b6, a5, e5, a3, e3, ...
    assert_eq!(chased_after("5k3/9/9/1c7/9/9/9/1N7/9/3K5", "b2c4"), ["b6"]);
    // Protected (horse a8 guards b6): the league counts no chase (rule 5.7(2)).
    assert_eq!(
        chased_after("5k3/n8/9/1c7/9/9/9/1N7/9/3K5", "b2c4"),
        Vec::<String>::new()
    );
    // Crossed black pawn on e3: chased; uncrossed one on e5: never.
    assert_eq!(
        chased_after("5k3/9/9/9/4p4/9/4p4/1N7/9/3K5", "b2c4"),
        ["e3"]
    );
    // Same kind: a horse never chases a horse, protected or not.
    assert_eq!(
        chased_after("5k3/9/9/1n7/9/9/9/1N7/9/3K5", "b2c4"),
        Vec::<String>::new()
    );
    // Advisors, elephants and kings are never chased.
    // (Horse b4-c6 attacks the elephants on a7 and e7.)
    assert_eq!(
        chased_after("3k5/9/b3b4/9/9/1N7/9/9/9/4K4", "b4c6"),
        Vec::<String>::new()
    );
}

#[test]
fn rook_looks_only_across_the_line_it_moved_on() {
    // Unprotected black cannons on c4 (rank 4) and h8 (file h).
    let fen = "5k3/7c1/9/9/9/2c6/9/7R1/9/3K5";
    // Along file h to h4: only rank 4 is looked at.
    assert_eq!(chased_after(fen, "h2h4"), ["c4"]);
    let fen = "5k3/7c1/9/9/9/2c5R/9/9/9/3K5";
    // Along rank 4 to h4: only file h is looked at.
    assert_eq!(chased_after(fen, "i4h4"), ["h8"]);
}

#[test]
fn rook_chases_unprotected_horses_cannons_and_crossed_pawns_only() {
    // Rook h2-h4 looks along rank 4 at c4.
    let case = |rank4: &str| chased_after(&format!("3k5/9/9/9/9/{rank4}/9/7R1/9/4K4"), "h2h4");
    assert_eq!(case("2n6"), ["c4"]);
    assert_eq!(case("2c6"), ["c4"]);
    assert_eq!(case("2p6"), ["c4"]); // a black pawn on rank 4 has crossed
    assert_eq!(case("2r6"), Vec::<String>::new()); // rook against rook: no chase
                                                   // A horse protected by a rook on c9: no chase.
    assert_eq!(
        chased_after("2rk5/9/9/9/9/2n6/9/7R1/9/4K4", "h2h4"),
        Vec::<String>::new()
    );
}

#[test]
fn cannon_chases_rooks_and_unprotected_horses_and_pawns_not_cannons() {
    // Cannon b2-b4 looks along rank 4 over the screen on c4.
    let case =
        |target: char| chased_after(&format!("3k5/9/9/9/9/2P2{target}3/9/1C7/9/4K4"), "b2b4");
    assert_eq!(case('r'), ["f4"]);
    assert_eq!(case('n'), ["f4"]);
    assert_eq!(case('p'), ["f4"]);
    assert_eq!(case('c'), Vec::<String>::new());
    // A rook protected by a rook behind it is still chased by a cannon.
    assert_eq!(
        chased_after("3k5/9/9/9/9/2P2r2r/9/1C7/9/4K4", "b2b4"),
        ["f4"]
    );
}

#[test]
fn pawn_king_and_checking_moves_chase_nothing() {
    // A pawn attacking an unprotected horse.
    assert_eq!(
        chased_after("3k5/9/4n4/4P4/9/9/9/9/9/4K4", "e6e7"),
        Vec::<String>::new()
    );
    // A rook move that gives check is a check, not a chase (the cannon on a9 is
    // attacked too).
    assert_eq!(
        chased_after("c3k4/9/9/9/9/9/9/9/R8/3K5", "a1a9"),
        Vec::<String>::new()
    );
    // Nothing played yet.
    assert!(chased_by_last_move(&pos("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1")).is_empty());
}

// ---- repetition cycles ---------------------------------------------------------------

/// Plays a 4-ply cycle three times (the simulator judges at ply 12, the fourth
/// occurrence), checks that nothing ends the game before, and that the search
/// helper already gives the same verdict after the first cycle.
fn check_cycle(fen: &str, cycle: [&'static str; 4], expected: Verdict) {
    let fen = format!("{fen} - - 0 1");
    let moves = shuttle(cycle, 3);
    assert_eq!(
        play_adjudicated(&fen, &moves),
        Some((12, expected)),
        "{fen}"
    );
    let mut p = pos(&fen);
    for (i, mv) in cycle.iter().enumerate() {
        assert_eq!(repetition(&p), None, "{fen}: no repetition before ply {i}");
        play(&mut p, mv);
    }
    assert_eq!(repetition(&p), Some(expected), "{fen}: first repetition");
    assert_eq!(
        cycle_verdict(&p, 0),
        expected,
        "{fen}: cycle from the start"
    );
}

#[test]
fn perpetual_check_loses() {
    // Black's rook checks on every move along ranks 0 and 1.
    check_cycle(
        "3k5/9/9/9/9/9/9/9/r8/4K4 b",
        ["a1a0", "e0e1", "a0a1", "e1e0"],
        win(Color::Red, Reason::PerpetualCheck),
    );
}

#[test]
fn checks_by_both_sides_draw() {
    // Every move answers a check and gives one: the horse blocks the rook's file
    // and uncovers the cannon on f0; the black cannon steps across to check
    // through the horse and back to uncover the rook on d9.
    let fen = "3r5/5k3/9/5c3/9/5N3/9/9/3K5/5C3 w";
    let mut p = pos(&format!("{fen} - - 0 1"));
    assert!(p.in_check());
    for mv in ["f4d3", "f6d6", "d3f4", "d6f6"] {
        play(&mut p, mv);
        assert!(p.in_check(), "{mv} gives check");
    }
    check_cycle(
        fen,
        ["f4d3", "f6d6", "d3f4", "d6f6"],
        draw(Reason::RepetitionDraw),
    );
}

#[test]
fn horse_chasing_a_protected_rook_loses() {
    // As the league's s03, with the shuttling black rook guarded by the rook on a9.
    check_cycle(
        "r2k5/9/r8/3P5/9/1N7/9/9/9/4K4 w",
        ["b4c6", "a7a6", "c6b4", "a6a7"],
        win(Color::Black, Reason::PerpetualChase),
    );
    // And unguarded (the league's own s03).
    check_cycle(
        "3k5/9/r8/3P5/9/1N7/9/9/9/4K4 w",
        ["b4c6", "a7a6", "c6b4", "a6a7"],
        win(Color::Black, Reason::PerpetualChase),
    );
}

#[test]
fn rook_chasing_a_crossed_pawn_loses_unless_it_is_protected() {
    let cycle = ["b5a5", "a3b3", "a5b5", "b3a3"];
    // Unprotected crossed black pawn shuttling a3/b3 (the league's s11b).
    check_cycle(
        "4k4/9/9/9/1R7/9/p8/9/9/3K5 w",
        cycle,
        win(Color::Black, Reason::PerpetualChase),
    );
    // The rook on i3 guards the pawn on both squares: no chase.
    check_cycle(
        "4k4/9/9/9/1R7/9/p7r/9/9/3K5 w",
        cycle,
        draw(Reason::RepetitionDraw),
    );
}

#[test]
fn same_kind_attacks_are_not_chases() {
    // Red cannon c6<->c7 fires over the red pawns b6/b7 at the black piece
    // shuttling a7/a6 on every move.
    let cycle = ["c6c7", "a7a6", "c7c6", "a6a7"];
    // Cannon against cannon: never a chase (rule 5.6).
    check_cycle(
        "4k4/9/cP7/1PC6/9/9/9/9/9/3K5 w",
        cycle,
        draw(Reason::RepetitionDraw),
    );
    // The same attack on a rook is a chase on every move.
    check_cycle(
        "4k4/9/rP7/1PC6/9/9/9/9/9/3K5 w",
        cycle,
        win(Color::Black, Reason::PerpetualChase),
    );
}

#[test]
fn chasing_different_pieces_in_turn_draws() {
    // The red horse attacks the rook on a2 from b4 and the rook on e7 from c6.
    check_cycle(
        "4k4/9/4r4/2N6/9/9/9/r8/9/3K5 w",
        ["c6b4", "e9e8", "b4c6", "e8e9"],
        draw(Reason::RepetitionDraw),
    );
}

#[test]
fn fourth_occurrence_is_judged_on_all_moves_since_the_first() {
    // One quiet cycle, then two cycles of checks by the red rook. The search helper
    // sees the last cycle (all checks); the simulator, judging the fourth
    // occurrence, looks at every move since the first one and finds red's quiet
    // moves among them: a draw.
    let fen = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1";
    let mut moves = vec!["d0d1", "e9f9", "d1d0", "f9e9"];
    moves.extend(shuttle(["a8a9", "e9e8", "a9a8", "e8e9"], 2));
    assert_eq!(
        play_adjudicated(fen, &moves),
        Some((12, draw(Reason::RepetitionDraw)))
    );
    let mut p = pos(fen);
    for mv in &moves {
        play(&mut p, mv);
    }
    assert_eq!(
        repetition(&p),
        Some(win(Color::Black, Reason::PerpetualCheck))
    );
}

/// `plies` moves of the rook tours of the league's s09: the red rook walks rank 4
/// a..i and back to a, the black rook rank 5 a..h and back to a.
fn rook_tours(plies: usize) -> Vec<String> {
    let files = |n: usize, k: usize| (b'a' + (k % n) as u8) as char;
    (0..plies)
        .map(|i| {
            let k = i / 2;
            let (n, rank) = if i % 2 == 0 { (9, 4) } else { (8, 5) };
            format!("{}{rank}{}{rank}", files(n, k), files(n, k + 1))
        })
        .collect()
}

#[test]
fn natural_limit_counts_neither_checks_nor_replies() {
    let tours = rook_tours(100);
    let tours: Vec<&str> = tours.iter().map(String::as_str).collect();
    // Without checks, the 100th quiet ply ends the game.
    let fen = "4k4/9/9/2p1p1p2/r8/R8/2P1P1P2/9/9/4K4 w - - 0 1";
    assert_eq!(
        play_adjudicated(fen, &tours),
        Some((100, draw(Reason::NaturalLimit)))
    );
    // Two checks by the rook on h8 and the king's two replies come first: four
    // plies more.
    let fen = "4k4/7R1/9/2p1p1p2/r8/R8/2P1P1P2/9/9/4K4 w - - 0 1";
    let mut moves = vec!["h8h9", "e9e8", "h9h8", "e8e9"];
    moves.extend(&tours);
    assert_eq!(
        play_adjudicated(fen, &moves),
        Some((104, draw(Reason::NaturalLimit)))
    );
}

#[test]
fn natural_limit_restarts_after_a_capture() {
    // The red rook takes the pawn on f4 with its fifth move (ply 9).
    let fen = "4k4/9/9/2p1p1p2/r8/R4p3/2P1P1P2/9/9/4K4 w - - 0 1";
    let tours = rook_tours(120);
    let tours: Vec<&str> = tours.iter().map(String::as_str).collect();
    assert_eq!(tours[8], "e4f4");
    assert_eq!(
        play_adjudicated(fen, &tours),
        Some((109, draw(Reason::NaturalLimit)))
    );
}

#[test]
fn no_attackers_left_is_a_draw() {
    // The advisor takes the last pawn.
    assert_eq!(
        play_adjudicated("4k4/9/9/9/9/9/9/9/4p4/3AK4 w - - 0 1", &["d0e1"]),
        Some((1, draw(Reason::NoAttackers)))
    );
}

#[test]
fn mate_and_stalemate_lose() {
    assert_eq!(
        play_adjudicated("3k5/9/9/9/9/9/9/4p4/r8/4K4 b - - 0 1", &["a1a0"]),
        Some((1, win(Color::Black, Reason::Mate)))
    );
    assert_eq!(
        play_adjudicated("3k5/9/9/9/9/9/9/9/r5p2/4K4 b - - 0 1", &["g1g0"]),
        Some((1, win(Color::Black, Reason::Stalemate)))
    );
}

#[test]
fn search_helper_edge_cases() {
    let fen = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1";
    let mut p = pos(fen);
    for mv in ["a8a9", "e9e8", "a9a8", "e8e9"] {
        play(&mut p, mv);
    }
    let perpetual = win(Color::Black, Reason::PerpetualCheck);
    assert_eq!(repetition(&p), Some(perpetual));
    // A cycle index past the history judges nothing and does not panic.
    assert_eq!(cycle_verdict(&p, 99), draw(Reason::RepetitionDraw));
    // Two null moves give the same key again, but a repetition never reaches back
    // across a null move.
    p.make_null();
    p.make_null();
    assert_eq!(repetition(&p), None);
    p.unmake_null();
    p.unmake_null();
    assert_eq!(repetition(&p), Some(perpetual));
}

#[test]
fn a_move_chasing_two_pieces_counts_for_the_first_the_simulator_finds() {
    // The rook c5<->c7 chases the black horse shuttling a7/b5 on every move; from
    // c7 it also attacks the unprotected horse on e7.
    let fen = "4k4/9/n3n4/9/2R6/9/9/9/9/3K5 w";
    let mut p = pos(&format!("{fen} - - 0 1"));
    play(&mut p, "c5c7");
    let mut both: Vec<String> = chased_by_last_move(&p).map(|s| s.to_string()).collect();
    both.sort();
    assert_eq!(both, ["a7", "e7"]);
    // The simulator looks along a rank toward the i-file first, so from c7 it
    // records the horse on e7, from c5 the shuttling one: no perpetual.
    check_cycle(
        fen,
        ["c5c7", "a7b5", "c7c5", "b5a7"],
        draw(Reason::RepetitionDraw),
    );
    // Mirrored, the shuttling horse is the first found from both squares.
    check_cycle(
        "4k4/9/4n3n/9/6R2/9/9/9/9/5K3 w",
        ["g5g7", "i7h5", "g7g5", "h5i7"],
        win(Color::Black, Reason::PerpetualChase),
    );
    // Along a file the simulator looks toward rank 0 first. The rook a2<->b2
    // chases the crossed pawn shuttling a3/b3 above it; from a2 it first finds
    // the unprotected horse on a0 below: no perpetual.
    let cycle = ["b2a2", "a3b3", "a2b2", "b3a3"];
    check_cycle(
        "3k5/9/9/9/9/9/p8/1R7/9/n3K4 w",
        cycle,
        draw(Reason::RepetitionDraw),
    );
    // Without the horse, the pawn alone is chased on every move.
    check_cycle(
        "3k5/9/9/9/9/9/p8/1R7/9/4K4 w",
        cycle,
        win(Color::Black, Reason::PerpetualChase),
    );
}

// ---- the rules a player may choose -------------------------------------------

/// Plays the moves under `rules`, as [`play_adjudicated`] does under the league's.
fn play_under(rules: Rules, fen: &str, moves: &[&str]) -> Option<(usize, Verdict)> {
    let mut p = pos(fen);
    for (i, mv) in moves.iter().enumerate() {
        play(&mut p, mv);
        if let Some(v) = rules.adjudicate(&p) {
            return Some((i + 1, v));
        }
    }
    None
}

fn rules(repetition: RepetitionRule, move_limit: MoveLimit) -> Rules {
    Rules {
        repetition,
        move_limit,
    }
}

#[test]
fn the_default_rules_are_the_leagues() {
    assert_eq!(Rules::default(), Rules::LEAGUE);
    let fen = "3k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1";
    let moves = shuttle(["a1a0", "e0e1", "a0a1", "e1e0"], 3);
    assert_eq!(
        play_under(Rules::LEAGUE, fen, &moves),
        play_adjudicated(fen, &moves)
    );
}

#[test]
fn without_judgement_a_perpetual_check_is_a_draw_on_the_same_ply() {
    let fen = "3k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1";
    let moves = shuttle(["a1a0", "e0e1", "a0a1", "e1e0"], 3);
    let asian = play_under(Rules::LEAGUE, fen, &moves).expect("judged");
    assert_eq!(asian.1, win(Color::Red, Reason::PerpetualCheck));
    let none = rules(RepetitionRule::NoJudgement, MoveLimit::League);
    assert_eq!(
        play_under(none, fen, &moves),
        Some((asian.0, draw(Reason::RepetitionDraw)))
    );
    // The search's first-repetition test agrees.
    let mut p = pos(fen);
    for mv in &moves[..4] {
        play(&mut p, mv);
    }
    assert_eq!(
        Rules::LEAGUE.repetition(&p),
        Some(win(Color::Red, Reason::PerpetualCheck))
    );
    assert_eq!(none.repetition(&p), Some(draw(Reason::RepetitionDraw)));
    p.unmake_move();
    assert_eq!(none.repetition(&p), None);
}

#[test]
fn the_sixty_move_limit_counts_every_ply_and_none_never_ends() {
    let tours = rook_tours(130);
    let tours: Vec<&str> = tours.iter().map(String::as_str).collect();
    // With two checks and their replies first, the league's limit comes 4 plies
    // late (checks do not count); sixty moves is 120 plies of any kind.
    let fen = "4k4/7R1/9/2p1p1p2/r8/R8/2P1P1P2/9/9/4K4 w - - 0 1";
    let mut moves = vec!["h8h9", "e9e8", "h9h8", "e8e9"];
    moves.extend(&tours);
    let sixty = rules(RepetitionRule::Asian, MoveLimit::Sixty);
    assert_eq!(
        play_under(sixty, fen, &moves),
        Some((120, draw(Reason::NaturalLimit)))
    );
    // The rook tours repeat no position within 130 plies: nothing ends the game.
    let unlimited = rules(RepetitionRule::Asian, MoveLimit::None);
    assert_eq!(play_under(unlimited, fen, &moves), None);
}

#[test]
fn the_search_reads_the_limit_from_the_positions_counters() {
    let at = |halfmove: u32| pos(&format!("4k4/9/9/9/9/9/9/9/R8/3K5 w - - {halfmove} 1"));
    let sixty = rules(RepetitionRule::Asian, MoveLimit::Sixty);
    let unlimited = rules(RepetitionRule::Asian, MoveLimit::None);
    assert!(!Rules::LEAGUE.move_limit_reached(&at(99)));
    assert!(Rules::LEAGUE.move_limit_reached(&at(100)));
    assert!(!sixty.move_limit_reached(&at(119)));
    assert!(sixty.move_limit_reached(&at(120)));
    assert!(!unlimited.move_limit_reached(&at(250)));
}

#[test]
fn rule_names_parse_in_any_case_and_read_back() {
    for name in RepetitionRule::NAMES {
        let r = RepetitionRule::parse(&name.to_lowercase()).unwrap();
        assert_eq!(r.name(), *name);
    }
    for name in MoveLimit::NAMES {
        let l = MoveLimit::parse(&name.to_uppercase()).unwrap();
        assert_eq!(l.name(), *name);
    }
    assert_eq!(RepetitionRule::parse("ChineseRule"), None);
    assert_eq!(MoveLimit::parse("fifty"), None);
}
