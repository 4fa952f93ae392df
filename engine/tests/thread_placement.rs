//! Two engines searching side by side, as in a match at two games at a time:
//! by default neither's search threads are confined to a CPU the other's are
//! confined to (the operating system places them all). With `Thread Binding
//! cores` each engine pins its main thread to the first CPU, so two of them
//! collide there: the test of the default can fail.
#![cfg(target_os = "linux")]

mod protocol_harness;

use protocol_harness::Engine;
use std::collections::BTreeSet;

/// The CPUs each search thread of process `pid` may run on, by thread name.
fn search_thread_cpus(pid: u32) -> Vec<(String, BTreeSet<usize>)> {
    let mut found = Vec::new();
    for task in std::fs::read_dir(format!("/proc/{pid}/task")).expect("the engine runs") {
        let task = task.unwrap().path();
        let Ok(name) = std::fs::read_to_string(task.join("comm")) else {
            continue;
        };
        let name = name.trim().to_string();
        if !name.starts_with("search-") {
            continue;
        }
        let status = std::fs::read_to_string(task.join("status")).unwrap();
        let list = status
            .lines()
            .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
            .expect("Linux reports a thread's CPUs");
        found.push((name, cpu_list(list)));
    }
    found.sort();
    found
}

fn cpu_list(text: &str) -> BTreeSet<usize> {
    let mut cpus = BTreeSet::new();
    for part in text.trim().split(',').filter(|p| !p.is_empty()) {
        match part.split_once('-') {
            Some((a, b)) => cpus.extend(a.parse::<usize>().unwrap()..=b.parse().unwrap()),
            None => {
                cpus.insert(part.parse().unwrap());
            }
        }
    }
    cpus
}

/// Starts an engine with `threads` threads and the given binding, and sets
/// it searching.
fn searching(threads: usize, binding: Option<&str>) -> Engine {
    let mut e = Engine::with("uci");
    e.send(&format!("setoption name Threads value {threads}"));
    if let Some(b) = binding {
        e.send(&format!("setoption name Thread Binding value {b}"));
    }
    e.sync();
    e.send("position startpos");
    e.send("go infinite");
    e.expect_prefix("info depth");
    e
}

/// CPUs both engines' search threads are each confined to alone: a thread
/// confined to a set the other engine's thread is also confined to, where the
/// set is smaller than what the process may use.
fn shared_confinement(a: &Engine, b: &Engine) -> Vec<(String, String, BTreeSet<usize>)> {
    let own = cpu_list(
        std::fs::read_to_string("/proc/self/status")
            .unwrap()
            .lines()
            .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
            .unwrap(),
    );
    let (ta, tb) = (search_thread_cpus(a.pid()), search_thread_cpus(b.pid()));
    assert!(
        !ta.is_empty() && !tb.is_empty(),
        "search threads named search-N"
    );
    let mut clashes = Vec::new();
    for (na, ca) in &ta {
        for (nb, cb) in &tb {
            let confined = ca.len() < own.len() && cb.len() < own.len();
            if confined && !ca.is_disjoint(cb) {
                clashes.push((na.clone(), nb.clone(), ca & cb));
            }
        }
    }
    clashes
}

fn stop(mut e: Engine) {
    e.send("stop");
    e.bestmove();
    e.send("quit");
    e.wait_exit();
}

#[test]
fn two_engines_in_one_match_are_not_confined_to_a_shared_core() {
    let usable = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (a, b) = (searching(1, None), searching(usable.min(2), None));
    let clashes = shared_confinement(&a, &b);
    assert!(clashes.is_empty(), "confined to the same CPUs: {clashes:?}");
    // Nothing is confined at all: each search thread may use every CPU the
    // test process may (one NUMA node, as on the machines that run the tests).
    for e in [&a, &b] {
        for (name, cpus) in search_thread_cpus(e.pid()) {
            assert!(cpus.len() >= usable.min(2), "{name} confined to {cpus:?}");
        }
    }
    stop(a);
    stop(b);
}

#[test]
fn pinning_to_cores_is_there_when_asked_for_and_then_the_engines_collide() {
    let usable = std::thread::available_parallelism().map_or(1, |n| n.get());
    if usable < 2 {
        eprintln!("SKIPPED: one CPU, pinning cannot be told from placement by the OS");
        return;
    }
    let (a, b) = (searching(1, Some("cores")), searching(1, Some("cores")));
    let ta = search_thread_cpus(a.pid());
    assert_eq!(ta.len(), 1);
    assert_eq!(ta[0].1.len(), 1, "pinned to one CPU: {ta:?}");
    assert!(
        !shared_confinement(&a, &b).is_empty(),
        "both main threads on the first CPU"
    );
    stop(a);
    // Back to the default between searches: the threads are free again.
    let mut b = b;
    b.send("stop");
    b.bestmove();
    b.send("setoption name Thread Binding value auto");
    b.sync();
    b.send("go infinite");
    b.expect_prefix("info depth");
    let tb = search_thread_cpus(b.pid());
    assert!(tb.iter().all(|(_, c)| c.len() >= 2), "{tb:?}");
    stop(b);
}
