//! The search's verdicts and moves on constructed positions, its limits, and
//! the pruning and randomness options.

mod common;

use chariot::limits::{Level, Limits, Report, SearchResult};
use chariot::score::{mate_in_plies, MATE_BOUND};
use chariot::Engine;
use chariot_core::{Move, Position};
use common::depth;
use crossbeam_channel::unbounded;
use std::time::{Duration, Instant};

fn search(engine: &mut Engine, fen: &str, limits: Limits) -> (SearchResult, Vec<Report>) {
    common::search(engine, &Position::from_fen(fen).unwrap(), limits)
}

#[test]
fn finds_mate_in_one() {
    let mut e = Engine::new();
    let (r, _) = search(&mut e, "4k4/R8/4P4/9/9/9/9/9/9/3K5 w", depth(4));
    assert_eq!(r.best.unwrap().to_string(), "a8a9");
    assert_eq!(mate_in_plies(r.score), Some(1));
}

#[test]
fn stalemating_the_opponent_wins() {
    // g8g9 leaves Black without a move: stalemate loses in Xiangqi.
    let mut e = Engine::new();
    let (r, _) = search(&mut e, "4k4/R5P2/9/9/9/9/9/9/9/3K5 w", depth(3));
    assert!(r.score >= MATE_BOUND, "score {}", r.score);
}

#[test]
fn no_legal_move_gives_no_best_move() {
    let mut e = Engine::new();
    let (r, _) = search(&mut e, "R3k4/9/4P4/9/9/9/9/9/9/3K5 b", depth(3));
    assert_eq!(r.best, None);
}

#[test]
fn depth_zero_gives_no_move_but_the_static_score() {
    let mut e = Engine::new();
    let pos = Position::startpos();
    let (r, _) = search(&mut e, chariot_core::START_FEN, depth(0));
    assert_eq!(r.best, None);
    assert_eq!(r.score, e.static_eval(&pos));
}

#[test]
fn banned_root_moves_are_never_played() {
    let mut e = Engine::new();
    let fen = "4k4/R8/4P4/9/9/9/9/9/9/3K5 w";
    let pos = Position::from_fen(fen).unwrap();
    let ban = pos.parse_move("a8a9").unwrap();
    let (r, _) = search(
        &mut e,
        fen,
        Limits {
            depth: Some(4),
            ban_moves: vec![ban],
            ..Default::default()
        },
    );
    assert_ne!(r.best, Some(ban));
    assert!(r.best.is_some());
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut e = Engine::new();
    let pos = Position::startpos();
    let only = pos.parse_move("b0c2").unwrap();
    let (r, _) = search(
        &mut e,
        chariot_core::START_FEN,
        Limits {
            depth: Some(5),
            search_moves: vec![only],
            ..Default::default()
        },
    );
    assert_eq!(r.best, Some(only));
}

#[test]
fn every_reported_pv_is_legal_from_the_root() {
    let mut e = Engine::new();
    let fen = "r1bakabr1/9/1cn3nc1/p1p1p2Rp/6p2/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB2 b - - 0 5";
    let (r, reports) = search(&mut e, fen, depth(7));
    let mut iterations = 0;
    for rep in reports {
        if let Report::Iteration(info) = rep {
            iterations += 1;
            let mut pos = Position::from_fen(fen).unwrap();
            for m in &info.pv {
                assert!(pos.is_legal(*m), "illegal {m} in pv {:?}", info.pv);
                pos.make_move(*m);
            }
        }
    }
    assert_eq!(iterations, 7);
    assert!(r.best.is_some());
}

#[test]
fn a_node_is_a_move_made() {
    // Red has three quiet moves (king e1 or f0, pawn a4), none a check; at
    // depth 1 each leads to a quiescence search with nothing to capture. So
    // the search makes three moves: three nodes, as Pikafish-HCE counts
    // (counting every entry to the search instead made it eight).
    let mut e = Engine::new();
    let (r, _) = search(&mut e, "3k5/9/9/8p/9/9/P8/9/9/4K4 w - - 0 1", depth(1));
    assert!(r.best.is_some());
    assert_eq!(r.nodes, 3);
    assert_eq!(e.nodes(), 3);
}

#[test]
fn one_thread_stops_at_exactly_the_node_limit() {
    let mut e = Engine::new();
    for n in [0, 1, 1000, 1023, 1024, 1025, 5000, 20_000, 77_777] {
        let (r, reports) = search(
            &mut e,
            chariot_core::START_FEN,
            Limits {
                nodes: Some(n),
                ..Default::default()
            },
        );
        let pos = Position::startpos();
        assert!(pos.is_legal(r.best.unwrap()), "nodes {n}");
        // The search cannot finish this early, so it uses the whole budget.
        assert_eq!(r.nodes, n, "nodes {n}");
        assert_eq!(e.nodes(), n, "nodes {n}");
        for rep in reports {
            if let Report::Iteration(i) = rep {
                assert!(i.nodes <= n, "nodes {n}: an iteration reported {}", i.nodes);
            }
        }
    }
}

#[test]
fn several_threads_together_never_pass_the_node_limit() {
    let mut e = Engine::new();
    e.set_threads(3);
    for n in [1, 5000, 30_000] {
        let (r, _) = search(
            &mut e,
            chariot_core::START_FEN,
            Limits {
                nodes: Some(n),
                ..Default::default()
            },
        );
        assert!(r.best.is_some());
        assert!(e.nodes() <= n, "nodes {n}: searched {}", e.nodes());
        // Less at most (threads - 1) x 1024: what the others had taken but not
        // used when the limit ran out.
        assert!(
            e.nodes() + 2 * 1024 >= n,
            "nodes {n}: searched {}",
            e.nodes()
        );
    }
}

#[test]
fn a_node_limit_does_not_end_a_ponder_but_counts_its_nodes_after_ponderhit() {
    let mut e = Engine::new();
    let pos = Position::startpos();
    let (tx, rx) = unbounded();
    e.go(
        &pos,
        Limits {
            ponder: true,
            nodes: Some(5000),
            ..Default::default()
        },
        tx,
    );
    std::thread::sleep(Duration::from_millis(200));
    assert!(rx.try_iter().all(|r| !matches!(r, Report::Done(_))));
    assert!(e.is_searching() && e.nodes() > 5000, "{}", e.nodes());
    e.ponderhit(false);
    // The nodes searched while pondering already spend the limit.
    assert!(common::result_of(&rx).best.is_some());
    e.wait();
}

#[test]
fn stop_ends_an_infinite_search_and_a_ponder_waits_for_it() {
    let mut e = Engine::new();
    let pos = Position::startpos();
    let (tx, rx) = unbounded();
    e.go(
        &pos,
        Limits {
            infinite: true,
            ..Default::default()
        },
        tx,
    );
    std::thread::sleep(Duration::from_millis(200));
    assert!(e.is_searching());
    e.stop();
    assert!(common::result_of(&rx).best.is_some());
    e.wait();
    assert!(!e.is_searching());

    // A ponder search that reaches its depth still holds the answer until ponderhit.
    let (tx, rx) = unbounded();
    e.go(
        &pos,
        Limits {
            ponder: true,
            depth: Some(2),
            ..Default::default()
        },
        tx,
    );
    std::thread::sleep(Duration::from_millis(100));
    assert!(rx.try_iter().all(|r| !matches!(r, Report::Done(_))));
    e.ponderhit(false);
    assert!(common::result_of(&rx).best.is_some());
}

#[test]
fn multipv_reports_distinct_lines() {
    let mut e = Engine::new();
    e.options_mut().multipv = 3;
    let (_, reports) = search(&mut e, chariot_core::START_FEN, depth(4));
    let last: Vec<_> = reports
        .iter()
        .filter_map(|r| {
            if let Report::Iteration(i) = r {
                (i.depth == 4).then_some(i.clone())
            } else {
                None
            }
        })
        .collect();
    assert_eq!(last.len(), 3);
    assert_eq!(
        last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    assert!(last[0].score >= last[1].score && last[1].score >= last[2].score);
    assert!(last[0].pv[0] != last[1].pv[0] && last[1].pv[0] != last[2].pv[0]);
}

#[test]
fn randomness_none_is_deterministic_and_large_stays_near_the_best() {
    let fen = "r1bakabr1/9/1cn3nc1/p1p1p3p/6p2/9/P1P1P1P1P/N1C1C1N2/9/R1BAKABR1 b - - 0 5";
    let run = |level: Level, seed: u64| {
        let mut e = Engine::new();
        e.options_mut().randomness = level;
        e.options_mut().seed = seed;
        search(&mut e, fen, depth(5)).0
    };
    let a = run(Level::None, 1);
    let b = run(Level::None, 2);
    assert_eq!((a.best, a.score), (b.best, b.score));
    // With noise, the chosen move's true score is checked by a plain search of it.
    let mut seen = std::collections::HashSet::new();
    for seed in 0..6 {
        let r = run(Level::Large, seed);
        let m = r.best.unwrap();
        seen.insert(m);
        let mut e = Engine::new();
        let (only, _) = search(
            &mut e,
            fen,
            Limits {
                depth: Some(5),
                search_moves: vec![m],
                ..Default::default()
            },
        );
        // The noise is at most 15; the rest of the margin is how far a move's
        // score in a depth-5 search of it alone may differ from the full search.
        assert!(
            only.score >= a.score - 60,
            "{m} scores {} against best {}",
            only.score,
            a.score
        );
    }
    assert!(!seen.is_empty());
}

#[test]
fn pruning_none_solves_a_composed_mate() {
    // data/tactics/composed-14.epd, a mate in 5 plies.
    let fen = "9/9/4Nk3/3c2p2/3r2P2/3p2B2/3p2r2/4KC3/9/9 w - - 0 1";
    let mut e = Engine::new();
    e.options_mut().pruning = Level::None;
    let (r, _) = search(&mut e, fen, depth(6));
    assert_eq!(r.best.unwrap().to_string(), "g5f5");
    assert!(r.score >= MATE_BOUND);
}

#[test]
fn a_movetime_search_answers_in_time() {
    let mut e = Engine::new();
    let t = Instant::now();
    let (r, _) = search(
        &mut e,
        chariot_core::START_FEN,
        Limits {
            movetime: Some(Duration::from_millis(300)),
            ..Default::default()
        },
    );
    assert!(r.best.is_some());
    // Generous bound: this asserts the search stops by itself, not its speed.
    assert!(t.elapsed() < Duration::from_secs(5));
}

#[test]
fn threads_and_hash_can_change_between_searches() {
    let mut e = Engine::new();
    e.set_threads(3);
    assert_eq!(e.threads(), 3);
    e.set_hash_mb(8).unwrap();
    assert_eq!(e.hash_mb(), 8);
    assert!(e.set_hash_mb(1 << 30).is_err());
    assert_eq!(e.hash_mb(), 8);
    let (r, _) = search(&mut e, chariot_core::START_FEN, depth(6));
    assert!(r.best.is_some());
    e.set_threads(1);
    let (r, _) = search(&mut e, chariot_core::START_FEN, depth(4));
    assert!(r.best.is_some());
}

#[test]
fn probe_reads_back_what_the_search_stored() {
    let mut e = Engine::new();
    let (r, _) = search(&mut e, chariot_core::START_FEN, depth(5));
    let info = e.probe(&Position::startpos()).expect("root stored");
    assert_eq!(info.best, r.best);
    assert!(info.lower.is_some() || info.upper.is_some());
    let _ = Move::NONE;
}

#[test]
fn a_draw_offered_with_ponderhit_is_accepted_only_when_not_better() {
    let run = |offer: bool| {
        let mut e = Engine::new();
        let pos = Position::startpos();
        let (tx, rx) = unbounded();
        e.go(
            &pos,
            Limits {
                ponder: true,
                depth: Some(3),
                ..Default::default()
            },
            tx,
        );
        e.ponderhit(offer);
        let r = common::result_of(&rx);
        e.wait();
        r
    };
    let offered = run(true);
    let contempt = chariot::limits::Style::default().contempt();
    assert_eq!(
        offered.draw,
        offered.score <= -contempt,
        "score {}",
        offered.score
    );
    assert!(!run(false).draw);
    // A dead position (no attacking piece left): the engine offers a draw itself.
    let mut e = Engine::new();
    let (r, _) = search(&mut e, "3k5/4a4/9/9/9/9/9/9/4A4/4K4 w", depth(3));
    assert!(r.draw);
    assert!(!r.resign);
}
