//! The option lines of both greetings, word for word, and setoption read back
//! through them: what a GUI sees of the option table.

mod protocol_harness;

use protocol_harness::Engine;

const UCCI_GREETING: &str = "id name Chariot 0.1.0
id copyright GPL-3.0-or-later
id author the Chariot developers
id user everyone
option usemillisec type check default false
option batch type check default false
option debug type check default false
option ponder type check default false
option hashsize type spin min 0 max 65536 default 64
option threads type spin min 0 max 1024 default 1
option idle type combo var none var small var medium var large default none
option promotion type check default false
option pruning type combo var none var small var medium var large default large
option knowledge type combo var none var small var medium var large default large
option randomness type combo var none var small var medium var large default none
option style type combo var solid var normal var risky default normal
option newgame type button
ucciok";

const UCI_GREETING: &str = "id name Chariot 0.1.0
id author the Chariot developers
option name Threads type spin default 1 min 1 max 1024
option name Hash type spin default 64 min 1 max 65536
option name Clear Hash type button
option name Ponder type check default false
option name MultiPV type spin default 1 min 1 max 128
option name Move Overhead type spin default 30 min 0 max 5000
option name Pruning type combo default large var none var small var medium var large
option name Knowledge type combo default large var none var small var medium var large
option name Randomness type combo default none var none var small var medium var large
option name Style type combo default normal var solid var normal var risky
option name Idle type combo default none var none var small var medium var large
option name Promotion type check default false
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
