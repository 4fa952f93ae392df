//! Where the search threads run.
//!
//! By default nowhere in particular: the operating system places them. Pinning
//! thread `i` to core `i` looks harmless until two engines run on one machine
//! (a match at two games at a time, a GUI with two engines, two analyses):
//! then both main threads sit on core 0 while another core idles. So pinning
//! to cores is a choice the user makes (`cores`), never the default.
//!
//! On a machine with several NUMA nodes a search that needs more cores than
//! one node has is bound to nodes, not cores (`auto`, the default): each
//! thread may run on any CPU of its node, so the OS still balances within the
//! node, and the threads are spread over the nodes in proportion to their
//! CPUs instead of drifting to wherever the scheduler first put them. A search
//! that fits in one node is left unbound: the OS keeps it together.
//!
//! Only CPUs the process may use count (`taskset`, cgroups, a batch system):
//! a process confined to one node is never bound.

use std::path::Path;

/// How search threads are placed (the option `Thread Binding` / `threadbinding`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Placement {
    /// Bound to NUMA nodes when the threads need more than one node's CPUs;
    /// otherwise placed by the operating system.
    #[default]
    Auto,
    /// Never bound: the operating system places every thread.
    None,
    /// Thread `i` pinned to the `i`-th usable CPU (when there are no more
    /// threads than CPUs): for a machine given over to one engine.
    Cores,
}

impl Placement {
    pub const NAMES: &'static [&'static str] = &["auto", "none", "cores"];

    pub fn parse(s: &str) -> Option<Placement> {
        match s.to_ascii_lowercase().as_str() {
            "auto" => Some(Placement::Auto),
            "none" => Some(Placement::None),
            "cores" => Some(Placement::Cores),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Placement::Auto => "auto",
            Placement::None => "none",
            Placement::Cores => "cores",
        }
    }
}

/// The usable CPUs of the machine, grouped by NUMA node (empty nodes left out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Topology {
    pub nodes: Vec<Vec<usize>>,
}

impl Topology {
    /// The machine's topology as the OS reports it, limited to the CPUs this
    /// process may use. Where no node information exists (other systems, a
    /// kernel without NUMA), all usable CPUs form one node.
    pub fn of_this_machine() -> Topology {
        let usable = usable_cpus();
        Topology::read(Path::new("/sys/devices/system/node"), &usable)
    }

    /// Reads `node*/cpulist` under `node_dir` (Linux's sysfs layout) and keeps
    /// the CPUs in `usable`. Unreadable or malformed files count as no node
    /// information.
    pub fn read(node_dir: &Path, usable: &[usize]) -> Topology {
        let mut found: Vec<(usize, Vec<usize>)> = Vec::new();
        if let Ok(entries) = std::fs::read_dir(node_dir) {
            for entry in entries.flatten() {
                let name = entry.file_name();
                let Some(index) = name
                    .to_str()
                    .and_then(|n| n.strip_prefix("node"))
                    .and_then(|i| i.parse::<usize>().ok())
                else {
                    continue;
                };
                let Ok(text) = std::fs::read_to_string(entry.path().join("cpulist")) else {
                    continue;
                };
                let Some(cpus) = parse_cpu_list(&text) else {
                    continue;
                };
                found.push((index, cpus));
            }
        }
        found.sort();
        let mut nodes: Vec<Vec<usize>> = found
            .into_iter()
            .map(|(_, cpus)| cpus.into_iter().filter(|c| usable.contains(c)).collect())
            .filter(|cpus: &Vec<usize>| !cpus.is_empty())
            .collect();
        // CPUs the node files do not name (or no node files at all) still run
        // threads: they make a node of their own.
        let named: Vec<usize> = nodes.iter().flatten().copied().collect();
        let rest: Vec<usize> = usable
            .iter()
            .copied()
            .filter(|c| !named.contains(c))
            .collect();
        if !rest.is_empty() {
            nodes.push(rest);
        }
        Topology { nodes }
    }

    pub fn cpus(&self) -> impl Iterator<Item = usize> + '_ {
        self.nodes.iter().flatten().copied()
    }
}

/// The CPUs this process may run on (all the machine's when that is unknown).
pub fn usable_cpus() -> Vec<usize> {
    let from_status = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
                .and_then(parse_cpu_list)
        });
    from_status.unwrap_or_else(|| {
        let n = std::thread::available_parallelism().map_or(1, |n| n.get());
        (0..n).collect()
    })
}

/// Parses Linux's CPU list format (`0-3,8,10-11`); None when malformed.
pub fn parse_cpu_list(text: &str) -> Option<Vec<usize>> {
    let text = text.trim();
    let mut cpus = Vec::new();
    if text.is_empty() {
        return Some(cpus);
    }
    for part in text.split(',') {
        let part = part.trim();
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (a.parse::<usize>().ok()?, b.parse::<usize>().ok()?);
                // Real lists name at most a few thousand CPUs; a wild range is
                // a damaged file, not a reason to allocate without bound.
                if a > b || b - a > 1 << 16 {
                    return None;
                }
                cpus.extend(a..=b);
            }
            None => cpus.push(part.parse().ok()?),
        }
    }
    cpus.sort_unstable();
    cpus.dedup();
    Some(cpus)
}

/// The CPUs each of `threads` threads is bound to (None: not bound).
pub fn plan(placement: Placement, threads: usize, topology: &Topology) -> Vec<Option<Vec<usize>>> {
    match placement {
        Placement::None => vec![None; threads],
        Placement::Cores => {
            let cpus: Vec<usize> = topology.cpus().collect();
            if threads > cpus.len() {
                // More threads than CPUs: pinning would stack them; let the OS share.
                vec![None; threads]
            } else {
                cpus.iter().take(threads).map(|&c| Some(vec![c])).collect()
            }
        }
        Placement::Auto => {
            let largest = topology.nodes.iter().map(Vec::len).max().unwrap_or(0);
            if topology.nodes.len() < 2 || threads <= largest {
                return vec![None; threads];
            }
            // Each thread goes to the node with the fewest threads for its
            // CPUs so far (the first such node on a tie): the nodes fill in
            // proportion to their size, and thread 0 lands on the first.
            let mut load = vec![0usize; topology.nodes.len()];
            (0..threads)
                .map(|_| {
                    let node = (0..load.len())
                        .min_by(|&a, &b| {
                            // load[a]/size[a] < load[b]/size[b], without division.
                            (load[a] * topology.nodes[b].len())
                                .cmp(&(load[b] * topology.nodes[a].len()))
                                .then(a.cmp(&b))
                        })
                        .expect("at least two nodes");
                    load[node] += 1;
                    Some(topology.nodes[node].clone())
                })
                .collect()
        }
    }
}

/// Confines the calling thread to `cpus`. False when the OS refused (a CPU
/// not in the process's set, or a system without affinity).
pub fn bind_current_thread(cpus: &[usize]) -> bool {
    imp::bind(cpus)
}

#[cfg(target_os = "linux")]
mod imp {
    pub fn bind(cpus: &[usize]) -> bool {
        // SAFETY: cpu_set_t is plain bits, valid when zeroed.
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        let capacity = 8 * std::mem::size_of::<libc::cpu_set_t>();
        for &c in cpus {
            if c >= capacity {
                return false;
            }
            // SAFETY: c is below the set's capacity, checked above.
            unsafe { libc::CPU_SET(c, &mut set) };
        }
        // SAFETY: pid 0 is the calling thread; the set is initialised and its
        // size is the one passed.
        unsafe { libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0 }
    }
}

#[cfg(not(target_os = "linux"))]
mod imp {
    pub fn bind(cpus: &[usize]) -> bool {
        // Elsewhere one core is what the portable crate offers.
        match cpus {
            [c] => core_affinity::set_for_current(core_affinity::CoreId { id: *c }),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fake sysfs node directory with the given cpulist files.
    fn fake_nodes(lists: &[(&str, &str)]) -> tempdir::Dir {
        let dir = tempdir::Dir::new();
        for (name, list) in lists {
            let node = dir.path().join(name);
            std::fs::create_dir(&node).unwrap();
            std::fs::write(node.join("cpulist"), format!("{list}\n")).unwrap();
        }
        // Files beside the nodes that sysfs also has are not nodes.
        std::fs::write(dir.path().join("possible"), "0-1\n").unwrap();
        dir
    }

    mod tempdir {
        use std::path::{Path, PathBuf};
        use std::sync::atomic::{AtomicUsize, Ordering};

        pub struct Dir(PathBuf);
        impl Dir {
            pub fn new() -> Dir {
                static N: AtomicUsize = AtomicUsize::new(0);
                let p = std::env::temp_dir().join(format!(
                    "chariot-topology-{}-{}",
                    std::process::id(),
                    N.fetch_add(1, Ordering::SeqCst)
                ));
                let _ = std::fs::remove_dir_all(&p);
                std::fs::create_dir_all(&p).unwrap();
                Dir(p)
            }
            pub fn path(&self) -> &Path {
                &self.0
            }
        }
        impl Drop for Dir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    fn all(n: usize) -> Vec<usize> {
        (0..n).collect()
    }

    #[test]
    fn cpu_lists_parse_as_linux_writes_them() {
        assert_eq!(
            parse_cpu_list("0-3,8,10-11\n"),
            Some(vec![0, 1, 2, 3, 8, 10, 11])
        );
        assert_eq!(parse_cpu_list("5"), Some(vec![5]));
        assert_eq!(parse_cpu_list(""), Some(vec![]));
        assert_eq!(parse_cpu_list("3-1"), None);
        assert_eq!(parse_cpu_list("0-x"), None);
        assert_eq!(parse_cpu_list("0-99999999999"), None);
    }

    #[test]
    fn nodes_are_read_in_order_and_limited_to_usable_cpus() {
        let dir = fake_nodes(&[("node1", "4-7"), ("node0", "0-3"), ("node2", "")]);
        let t = Topology::read(dir.path(), &all(8));
        assert_eq!(t.nodes, vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]]);
        // A process confined (taskset) to CPUs of one node sees one node.
        let t = Topology::read(dir.path(), &[1, 2]);
        assert_eq!(t.nodes, vec![vec![1, 2]]);
        // A damaged file counts as no information; its CPUs still run threads.
        let dir = fake_nodes(&[("node0", "0-3"), ("node1", "garbage")]);
        let t = Topology::read(dir.path(), &all(8));
        assert_eq!(t.nodes, vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]]);
    }

    #[test]
    fn without_node_files_all_usable_cpus_are_one_node() {
        let t = Topology::read(Path::new("/no/such/dir"), &[0, 2, 3]);
        assert_eq!(t.nodes, vec![vec![0, 2, 3]]);
    }

    #[test]
    fn by_default_nothing_is_bound_on_one_node() {
        let t = Topology {
            nodes: vec![all(2)],
        };
        for threads in [1, 2, 3, 64] {
            assert!(plan(Placement::Auto, threads, &t)
                .iter()
                .all(Option::is_none));
            assert!(plan(Placement::None, threads, &t)
                .iter()
                .all(Option::is_none));
        }
    }

    #[test]
    fn two_nodes_bind_only_when_one_is_not_enough() {
        let dir = fake_nodes(&[("node0", "0-3"), ("node1", "4-7")]);
        let t = Topology::read(dir.path(), &all(8));
        assert!(plan(Placement::Auto, 4, &t).iter().all(Option::is_none));
        let p = plan(Placement::Auto, 6, &t);
        let on = |node: &[usize]| p.iter().filter(|c| c.as_deref() == Some(node)).count();
        assert_eq!((on(&[0, 1, 2, 3]), on(&[4, 5, 6, 7])), (3, 3));
        assert_eq!(p[0].as_deref(), Some(&[0, 1, 2, 3][..]));
        // Nodes of unequal size fill in proportion: 8 and 4 CPUs, 12 threads.
        let t = Topology {
            nodes: vec![all(8), (8..12).collect()],
        };
        let p = plan(Placement::Auto, 12, &t);
        assert_eq!(
            p.iter().filter(|c| c.as_ref().unwrap().len() == 8).count(),
            8
        );
        // None means none, whatever the machine.
        assert!(plan(Placement::None, 6, &t).iter().all(Option::is_none));
    }

    #[test]
    fn pinning_to_cores_is_one_cpu_a_thread_and_only_when_they_fit() {
        let t = Topology {
            nodes: vec![vec![2, 3], vec![6, 7]],
        };
        let p = plan(Placement::Cores, 3, &t);
        assert_eq!(p, vec![Some(vec![2]), Some(vec![3]), Some(vec![6])]);
        assert!(plan(Placement::Cores, 5, &t).iter().all(Option::is_none));
    }

    #[test]
    fn option_names_round_trip() {
        for name in Placement::NAMES {
            assert_eq!(Placement::parse(name).unwrap().name(), *name);
        }
        assert_eq!(Placement::parse("CORES"), Some(Placement::Cores));
        assert_eq!(Placement::parse("numa"), None);
    }
}
