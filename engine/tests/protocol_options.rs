//! The option lines of both greetings, word for word, and setoption read back
//! through them: what a GUI sees of the option table.

mod common;
mod protocol_harness;

use protocol_harness::{chariot, Engine};

const UCCI_GREETING: &str = "id name Chariot 0.1.0
id copyright GPL-3.0-or-later
id author the Chariot developers
id user everyone
option usemillisec type check default false
option batch type check default false
option debug type check default false
option ponder type check default false
option usebook type check default true
option bookfiles type string default 
option hashsize type spin min 0 max 65536 default 64
option threads type spin min 0 max 1024 default 1
option threadbinding type combo var auto var none var cores default auto
option repetitionrule type combo var AsianRule var NoJudgement default AsianRule
option movelimit type combo var League var Sixty var None default League
option skill type spin min 0 max 20 default 20
option idle type combo var none var small var medium var large default none
option promotion type check default false
option pruning type combo var large var none var small var medium default large
option knowledge type combo var large var none var small var medium default large
option randomness type combo var none var small var medium var large default none
option style type combo var normal var solid var risky default normal
option newgame type button
option showwdl type check default false
option hashfile type string default chariot.hash
option savehash type button
option loadhash type button
ucciok";

const UCI_GREETING: &str = "id name Chariot 0.1.0
id author the Chariot developers
option name Threads type spin default 1 min 1 max 1024
option name Thread Binding type combo default auto var auto var none var cores
option name Hash type spin default 64 min 1 max 65536
option name Clear Hash type button
option name Hash File type string default chariot.hash
option name Save Hash type button
option name Load Hash type button
option name Ponder type check default false
option name OwnBook type check default false
option name Book File type string default 
option name MultiPV type spin default 1 min 1 max 128
option name Move Overhead type spin default 30 min 0 max 5000
option name UCI_ShowWDL type check default false
option name Pruning type combo default large var large var none var small var medium
option name Knowledge type combo default large var large var none var small var medium
option name Randomness type combo default none var none var small var medium var large
option name Style type combo default normal var normal var solid var risky
option name Idle type combo default none var none var small var medium var large
option name Promotion type check default false
option name Repetition Rule type combo default AsianRule var AsianRule var NoJudgement
option name Natural Move Limit type combo default League var League var Sixty var None
option name UCI_LimitStrength type check default false
option name UCI_Elo type spin default 4182 min 600 max 4182
uciok";

#[test]
fn the_greetings_are_word_for_word_what_guis_have_always_seen() {
    let mut e = Engine::start();
    e.send("ucci");
    assert_eq!(e.expect("ucciok").join("\n"), UCCI_GREETING);
    let mut e = Engine::start();
    e.send("uci");
    assert_eq!(e.expect("uciok").join("\n"), UCI_GREETING);
}

#[test]
fn set_values_show_as_the_new_defaults_and_bad_ones_change_nothing() {
    let mut e = Engine::with("ucci");
    e.send("setoption pruning SMALL");
    e.send("setoption threads 2");
    e.send("setoption style risky");
    e.send("setoption hashsize 99999999");
    e.send("setoption knowledge enormous");
    e.send("ucci");
    let lines = e.expect("ucciok");
    let option = |name: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(&format!("option {name} ")))
            .cloned()
            .unwrap_or_default()
    };
    assert!(option("pruning").ends_with("default small"), "{lines:?}");
    // The current value is also the first `var` (see options::default_first).
    assert!(
        option("pruning").contains("combo var small var none var medium var large"),
        "{lines:?}"
    );
    assert!(option("threads").ends_with("default 2"), "{lines:?}");
    assert!(option("style").ends_with("default risky"), "{lines:?}");
    assert!(option("hashsize").ends_with("default 64"), "{lines:?}");
    assert!(option("knowledge").ends_with("default large"), "{lines:?}");
    let refusals = lines
        .iter()
        .filter(|l| l.starts_with("info message setoption"))
        .count();
    assert_eq!(refusals, 2, "{lines:?}");
}

#[test]
fn the_hash_table_is_saved_and_loaded_across_sessions_and_bad_files_change_nothing() {
    let dir = common::scratch_dir("chariot-hash");
    let file = dir.join("analysis.hash");
    let mut e = Engine::with("ucci");
    e.send("setoption hashsize 4");
    e.send(&format!("setoption hashfile {}", file.display()));
    e.send("position startpos");
    e.send("go depth 6");
    e.bestmove();
    e.send("probe startpos");
    let known = e.expect_prefix("pophash");
    assert!(known.contains("depth 6"), "{known}");
    e.send("setoption savehash");
    assert!(e.expect_prefix("info message hash").contains("saved"));
    e.send("quit");
    e.wait_exit();

    // A new session: the same table after loadhash.
    let mut e = Engine::with("ucci");
    e.send("setoption hashsize 4");
    e.send(&format!("setoption hashfile {}", file.display()));
    e.send("probe startpos");
    assert_eq!(e.expect_prefix("pophash"), "pophash");
    e.send("setoption loadhash");
    assert!(e.expect_prefix("info message hash").contains("loaded"));
    e.send("probe startpos");
    assert_eq!(e.expect_prefix("pophash"), known);

    // Another size, a truncated file, a missing one: refused, table unchanged.
    let short = dir.join("short.hash");
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&short, &bytes[..bytes.len() / 2]).unwrap();
    for (setup, why) in [
        (
            format!("setoption hashfile {}", short.display()),
            "truncated",
        ),
        (
            format!("setoption hashfile {}", dir.join("none").display()),
            "cannot read",
        ),
    ] {
        e.send(&setup);
        e.send("setoption loadhash");
        let refusal = e.expect_prefix("info message hash");
        assert!(
            refusal.contains("unchanged") && refusal.contains(why),
            "{refusal}"
        );
        e.send("probe startpos");
        assert_eq!(e.expect_prefix("pophash"), known);
    }
    e.send("setoption hashsize 8");
    e.send(&format!("setoption hashfile {}", file.display()));
    e.send("setoption loadhash");
    let refusal = e.expect_prefix("info message hash");
    assert!(
        refusal.contains("4 MB") && refusal.contains("8 MB"),
        "{refusal}"
    );
}

#[test]
fn win_draw_loss_shows_on_score_lines_only_when_asked_for() {
    for (protocol, on) in [
        ("uci", "setoption name UCI_ShowWDL value true"),
        ("ucci", "setoption showwdl true"),
    ] {
        let mut e = Engine::with(protocol);
        e.send("position startpos");
        e.send("go depth 4");
        let plain = e.read_until("bestmove", |l| l.starts_with("bestmove"));
        assert!(plain.iter().all(|l| !l.contains(" wdl ")), "{plain:?}");
        e.send(on);
        e.send("position startpos moves h2e2");
        e.send("go depth 4");
        let lines = e.read_until("bestmove", |l| l.starts_with("bestmove"));
        let scored: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
        assert!(!scored.is_empty());
        for l in scored {
            let words: Vec<&str> = l.split_whitespace().collect();
            let at = words
                .iter()
                .position(|w| *w == "wdl")
                .expect("wdl on a score line");
            let wdl: Vec<u32> = words[at + 1..at + 4]
                .iter()
                .map(|w| w.parse().unwrap())
                .collect();
            assert_eq!(wdl.iter().sum::<u32>(), 1000, "{l}");
        }
    }
}

#[test]
fn the_opening_book_plays_its_moves_respects_bans_and_survives_bad_files() {
    let dir = common::scratch_dir("chariot-book");
    let games = dir.join("games.pgn");
    std::fs::write(
        &games,
        "[Result \"1-0\"]\n\n1. H2-E2 H9-G7 1-0\n\n[Result \"1-0\"]\n\n1. H2-E2 H9-G7 1-0\n",
    )
    .unwrap();
    let book = dir.join("test.book");
    let (built, _, err) = chariot(&[
        "book",
        games.to_str().unwrap(),
        "-o",
        book.to_str().unwrap(),
    ]);
    assert!(built, "{err}");

    // UCCI: the book is on by default once bookfiles names a book.
    let mut e = Engine::with("ucci");
    e.send(&format!(
        "setoption bookfiles missing.book;{}",
        book.display()
    ));
    let refusal = e.expect_prefix("info message book not used");
    assert!(refusal.contains("missing.book"), "{refusal}");
    e.send("position startpos");
    e.send("go depth 8");
    let lines = e.read_until("bestmove", |l| l.starts_with("bestmove"));
    let best = lines.last().unwrap();
    // h2e2 and its mirror image b2e2 are the book's moves.
    assert!(
        best == "bestmove h2e2" || best == "bestmove b2e2",
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info message book move")),
        "{lines:?}"
    );
    // Both banned: out of book, the search answers.
    e.send("banmoves h2e2 b2e2");
    e.send("go depth 3");
    let lines = e.read_until("bestmove", |l| l.starts_with("bestmove"));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3")),
        "{lines:?}"
    );
    // usebook false: the search, not the book.
    e.send("setoption usebook false");
    e.send("position startpos moves h2e2");
    e.send("go depth 3");
    let lines = e.read_until("bestmove", |l| l.starts_with("bestmove"));
    assert!(!lines.iter().any(|l| l.contains("book move")), "{lines:?}");

    // UCI: OwnBook is off until asked for.
    let mut e = Engine::with("uci");
    e.send(&format!(
        "setoption name Book File value {}",
        book.display()
    ));
    e.send("position startpos moves h2e2");
    e.send("go depth 3");
    let lines = e.read_until("bestmove", |l| l.starts_with("bestmove"));
    assert!(!lines.iter().any(|l| l.contains("book move")), "{lines:?}");
    e.send("setoption name OwnBook value true");
    e.send("position startpos moves h2e2");
    e.send("go depth 3");
    let lines = e.read_until("bestmove", |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove h9g7", "{lines:?}");
}
