//! A deliberately simple and optionally misbehaving engine for the match
//! runner's tests. It speaks UCCI or UCI, plays a legal move chosen from the
//! position's key (captures first, so games end quickly), and can be told to
//! go wrong after some moves:
//!
//!   --proto ucci|uci|both|none   which handshake it answers (default both)
//!   --mode good|illegal|kingcapture|crash|hang|slow|resign|draw|nomove
//!   --after N        behave for the first N moves it plays, then misbehave
//!   --count N        misbehave at most N times (default: every move after)
//!   --delay MS       how long `slow` waits before moving (ignoring `stop`)
//!   --score S        print `info depth 1 score S` before each move (and a
//!                    `depth 2` line without a score after it)
//!   --usemillisec    advertise the UCCI usemillisec option
//!   --spins A,B      advertise spin options A and B (for SPSA runs)
//!   --reject-unknown answer `setoption` of an option it does not advertise
//!                    with `info string No such option: NAME`, as Pikafish does
//!   --seed N         varies the move choice
//!   --record FILE    append every command received to FILE
//!   --script-fen FEN --script "m1 m2 ..."
//!                    replay a fixed game: play the script's move for the
//!                    position received (found by its FEN and the moves since)

use chariot_core::Position;
use std::io::{BufRead, Write};

struct Opts {
    proto: String,
    mode: String,
    after: u32,
    count: u32,
    delay_ms: u64,
    score: Option<i32>,
    usemillisec: bool,
    spins: Vec<String>,
    reject_unknown: bool,
    seed: u64,
    record: Option<String>,
    script: Option<Script>,
}

/// A fixed game to replay: the board and side before each ply, and the moves.
struct Script {
    boards: Vec<String>,
    moves: Vec<String>,
}

fn board_and_side(fen: &str) -> String {
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

impl Script {
    fn new(fen: &str, moves: &str) -> Option<Script> {
        let mut pos = Position::from_fen(fen).ok()?;
        let mut boards = Vec::new();
        let moves: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
        for m in &moves {
            boards.push(board_and_side(&pos.fen()));
            let mv = pos.parse_move(m).ok()?;
            pos.make_move(mv);
        }
        Some(Script { boards, moves })
    }

    /// The script's move after `since` played from the position `fen`.
    fn next(&self, fen: &str, since: &[&str]) -> Option<String> {
        let board = board_and_side(fen);
        (0..self.boards.len()).find_map(|p| {
            let fits = self.boards[p] == board
                && self.moves.len() > p + since.len()
                && self.moves[p..p + since.len()]
                    .iter()
                    .zip(since)
                    .all(|(a, b)| a == b);
            fits.then(|| self.moves[p + since.len()].clone())
        })
    }
}

fn parse_opts() -> Opts {
    let mut o = Opts {
        proto: "both".into(),
        mode: "good".into(),
        after: 0,
        count: u32::MAX,
        delay_ms: 0,
        score: None,
        usemillisec: false,
        spins: Vec::new(),
        reject_unknown: false,
        seed: 0,
        record: None,
        script: None,
    };
    let mut script_fen = String::new();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let val = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--proto" => o.proto = val,
            "--mode" => o.mode = val,
            "--after" => o.after = val.parse().unwrap_or(0),
            "--count" => o.count = val.parse().unwrap_or(u32::MAX),
            "--delay" => o.delay_ms = val.parse().unwrap_or(0),
            "--score" => o.score = val.parse().ok(),
            "--seed" => o.seed = val.parse().unwrap_or(0),
            "--record" => o.record = Some(val),
            "--spins" => o.spins = val.split(',').map(str::to_string).collect(),
            "--script-fen" => script_fen = val,
            "--script" => o.script = Script::new(&script_fen, &val),
            "--usemillisec" => {
                o.usemillisec = true;
                i += 1;
                continue;
            }
            "--reject-unknown" => {
                o.reject_unknown = true;
                i += 1;
                continue;
            }
            _ => {}
        }
        i += 2;
    }
    o
}

/// Sets up the position of a `position` command; None if it cannot be read.
fn read_position(words: &[&str]) -> Option<Position> {
    let moves_at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let mut pos = match words.get(1) {
        Some(&"startpos") => Position::startpos(),
        Some(&"fen") => Position::from_fen(&words[2..moves_at].join(" ")).ok()?,
        _ => return None,
    };
    for m in words.iter().skip(moves_at + 1) {
        let mv = pos.parse_move(m).ok()?;
        pos.make_move(mv);
    }
    Some(pos)
}

fn choose(pos: &Position, seed: u64) -> Option<String> {
    let caps = pos.legal_captures();
    let all = pos.legal_moves();
    let list = if caps.is_empty() { &all } else { &caps };
    if list.is_empty() {
        return None;
    }
    let k = (pos.key() ^ seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)) as usize;
    Some(list.as_slice()[k % list.len()].to_string())
}

/// A well-formed move the rules forbid: one that leaves the own king attacked
/// when `king` and such a move exists, else a piece moving as it cannot.
fn illegal(pos: &Position, king: bool) -> String {
    use chariot_core::Move;
    use chariot_core::Square;
    for from in 0..90u8 {
        for to in 0..90u8 {
            let m = Move::new(Square(from), Square(to));
            if from == to || pos.is_legal(m) {
                continue;
            }
            let pseudo = pos.is_pseudo_legal(m);
            if king == pseudo && pseudo {
                return m.to_string();
            }
            if !king && !pseudo {
                let p = pos.piece_on(Square(from));
                if !p.is_none() && p.color() == pos.side_to_move() {
                    return m.to_string();
                }
            }
        }
    }
    "a0a9".to_string()
}

fn main() {
    let o = parse_opts();
    let out = std::io::stdout();
    let say = |s: &str| {
        let mut l = out.lock();
        let _ = writeln!(l, "{s}");
        let _ = l.flush();
    };
    let mut record = o.record.as_ref().and_then(|f| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(f)
            .ok()
    });
    let mut pos = Position::startpos();
    let mut played = 0u32;
    let mut scripted: Option<String> = None;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if let Some(f) = record.as_mut() {
            // One write per line: several engines may append to one file.
            let _ = f.write_all(format!("{line}\n").as_bytes());
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("ucci") if o.proto == "ucci" || o.proto == "both" => {
                say("id name FakeEngine");
                if o.usemillisec {
                    say("option usemillisec type check default false");
                }
                for name in &o.spins {
                    say(&format!("option {name} type spin min 0 max 1000 default 0"));
                }
                say("ucciok");
            }
            Some("uci") if o.proto == "uci" || o.proto == "both" => {
                say("id name FakeEngine");
                say("option name Hash type spin default 16 min 1 max 1024");
                for name in &o.spins {
                    say(&format!(
                        "option name {name} type spin default 0 min 0 max 1000"
                    ));
                }
                say("uciok");
            }
            Some("isready") => say("readyok"),
            Some("setoption") if o.reject_unknown => {
                // UCI: `setoption name NAME value V`; UCCI: `setoption NAME V`.
                let name = if words.get(1) == Some(&"name") {
                    let end = words
                        .iter()
                        .position(|w| *w == "value")
                        .unwrap_or(words.len());
                    words[2..end].join(" ")
                } else {
                    words.get(1).unwrap_or(&"").to_string()
                };
                let known = ["Hash", "usemillisec"]
                    .iter()
                    .map(|s| s.to_string())
                    .chain(o.spins.iter().cloned())
                    .any(|k| k.eq_ignore_ascii_case(&name));
                if !known {
                    say(&format!("info string No such option: {name}"));
                }
            }
            Some("position") => {
                if let Some(p) = read_position(&words) {
                    pos = p;
                }
                if let Some(s) = &o.script {
                    let moves_at = words
                        .iter()
                        .position(|w| *w == "moves")
                        .unwrap_or(words.len());
                    let fen = match words.get(1) {
                        Some(&"fen") => words[2..moves_at].join(" "),
                        _ => chariot_core::START_FEN.to_string(),
                    };
                    let since: Vec<&str> = words.iter().skip(moves_at + 1).copied().collect();
                    scripted = s.next(&fen, &since);
                }
            }
            Some("go") => {
                let misbehave = played >= o.after && played - o.after < o.count && o.mode != "good";
                played += 1;
                if let Some(s) = o.score {
                    say(&format!("info depth 1 score {s} pv"));
                    // A deeper line without a score, as a search reports
                    // the move it is on.
                    say("info depth 2 currmove a0a1 currmovenumber 1");
                }
                let Some(mv) = scripted.clone().or_else(|| choose(&pos, o.seed)) else {
                    say("nobestmove");
                    continue;
                };
                if !misbehave {
                    say(&format!("bestmove {mv}"));
                    continue;
                }
                match o.mode.as_str() {
                    "illegal" => say(&format!("bestmove {}", illegal(&pos, false))),
                    "kingcapture" => say(&format!("bestmove {}", illegal(&pos, true))),
                    "crash" => std::process::exit(3),
                    "hang" => loop {
                        std::thread::sleep(std::time::Duration::from_secs(60));
                    },
                    "slow" => {
                        std::thread::sleep(std::time::Duration::from_millis(o.delay_ms));
                        say(&format!("bestmove {mv}"));
                    }
                    "resign" => say(&format!("bestmove {mv} resign")),
                    "draw" => say(&format!("bestmove {mv} draw")),
                    "nomove" => say("nobestmove"),
                    _ => say(&format!("bestmove {mv}")),
                }
            }
            Some("quit") | Some("bye") => break,
            _ => {}
        }
    }
}
