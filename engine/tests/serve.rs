//! `chariot serve` over real HTTP and WebSocket: the binary is started on an
//! ephemeral port of 127.0.0.1 (one thread, a small table) and driven as a
//! browser would drive it.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::Message;

/// Long enough for a loaded machine; a passing run takes far less.
const PATIENCE: Duration = Duration::from_secs(60);

/// A running `chariot serve`, stopped when dropped.
struct Server {
    child: Child,
    /// `127.0.0.1:PORT`
    authority: String,
    token: Option<String>,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chariot"))
            .args(["serve", "--port", "0", "--threads", "1", "--hash", "16"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("chariot starts");
        let mut first = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut first)
            .expect("chariot serve prints its address");
        let url = first
            .trim()
            .strip_prefix("chariot serve: http://")
            .unwrap_or_else(|| panic!("unexpected first line: {first}"));
        let (authority, rest) = url.split_once('/').expect("a URL");
        let token = rest.strip_prefix("?token=").map(str::to_string);
        Server {
            child,
            authority: authority.to_string(),
            token,
        }
    }

    /// A GET request with extra header lines; the status and the response.
    fn get(&self, path: &str, headers: &[(&str, &str)]) -> (u16, String) {
        let mut s = TcpStream::connect(&self.authority).expect("connect");
        s.set_read_timeout(Some(PATIENCE)).unwrap();
        let mut req = format!("GET {path} HTTP/1.1\r\nConnection: close\r\n");
        if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
            req.push_str(&format!("Host: {}\r\n", self.authority));
        }
        for (k, v) in headers {
            req.push_str(&format!("{k}: {v}\r\n"));
        }
        req.push_str("\r\n");
        s.write_all(req.as_bytes()).unwrap();
        let mut response = String::new();
        s.read_to_string(&mut response).unwrap();
        let status = response
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or_else(|| panic!("no status in {response}"));
        (status, response)
    }

    async fn connect(&self) -> Browser {
        self.connect_with(&self.ws_url(), None)
            .await
            .expect("the WebSocket opens")
    }

    fn ws_url(&self) -> String {
        match &self.token {
            Some(t) => format!("ws://{}/ws?token={t}", self.authority),
            None => format!("ws://{}/ws", self.authority),
        }
    }

    async fn connect_with(&self, url: &str, origin: Option<&str>) -> Result<Browser, String> {
        let mut request = url.into_client_request().unwrap();
        if let Some(o) = origin {
            request
                .headers_mut()
                .insert("Origin", HeaderValue::from_str(o).unwrap());
        }
        let (ws, _) = tokio_tungstenite::connect_async(request)
            .await
            .map_err(|e| e.to_string())?;
        let mut b = Browser { ws };
        let hello = b.next().await;
        assert_eq!(hello["type"], "hello", "{hello}");
        assert_eq!(hello["max_message_bytes"], 8192);
        assert_eq!(hello["max_messages_per_second"], 20);
        Ok(b)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

struct Browser {
    ws: Ws,
}

impl Browser {
    async fn send(&mut self, v: Value) {
        self.send_text(v.to_string()).await;
    }

    async fn send_text(&mut self, text: String) {
        self.ws.send(Message::text(text)).await.expect("send");
    }

    /// The next JSON message.
    async fn next(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("a message in time")
                .expect("the connection is open")
                .expect("a message");
            if let Message::Text(t) = m {
                return serde_json::from_str(t.as_str()).expect("JSON");
            }
        }
    }

    /// Messages until one matches; that one.
    async fn until(&mut self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        let give_up = tokio::time::Instant::now() + PATIENCE;
        loop {
            let v = tokio::time::timeout_at(give_up, self.next())
                .await
                .unwrap_or_else(|_| panic!("no {what} in time"));
            if pred(&v) {
                return v;
            }
        }
    }

    async fn state(&mut self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        self.until(what, |v| v["type"] == "state" && pred(v)).await
    }

    /// Sends a command and returns its answer (`done` or `error`).
    async fn command(&mut self, v: Value) -> Value {
        self.send(v).await;
        self.until("an answer", |v| v["type"] == "done" || v["type"] == "error")
            .await
    }

    async fn claim(&mut self, token: Option<&str>) -> Value {
        self.send(json!({"type": "claim", "token": token})).await;
        self.until("a role", |v| v["type"] == "role").await
    }
}

fn depth(state: &Value) -> u64 {
    state["lines"][0]["depth"].as_u64().unwrap_or(0)
}

#[test]
fn the_page_and_the_state_are_served_to_this_machine_only() {
    let server = Server::start(&[]);
    assert!(server.token.is_none(), "no token on 127.0.0.1");
    let (status, page) = server.get("/", &[]);
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("<svg id=\"board\""), "{page}");
    assert!(page.contains("content-security-policy"), "{page}");
    let (status, js) = server.get("/app.js", &[]);
    assert_eq!(status, 200);
    assert!(js.contains("WebSocket"));
    assert_eq!(server.get("/app.css", &[]).0, 200);
    let (status, state) = server.get("/api/state", &[]);
    assert_eq!(status, 200);
    let body = state.split("\r\n\r\n").nth(1).unwrap();
    let v: Value = serde_json::from_str(body).unwrap();
    assert_eq!(v["fen"], chariot_core::START_FEN);
    assert_eq!(v["legal"].as_array().unwrap().len(), 44);
    assert_eq!(server.get("/nothing-here", &[]).0, 404);
    assert_eq!(server.get("/../../etc/passwd", &[]).0, 404);
    // DNS rebinding: a name of another site pointed at 127.0.0.1.
    let (status, why) = server.get("/", &[("Host", "evil.example:8080")]);
    assert_eq!(status, 403);
    assert!(why.contains("is not this machine"), "{why}");
    let port = server.authority.rsplit(':').next().unwrap();
    assert_eq!(
        server.get("/", &[("Host", &format!("localhost:{port}"))]).0,
        200
    );
}

#[tokio::test(flavor = "current_thread")]
async fn lines_arrive_deepen_and_come_at_most_every_250_ms() {
    let server = Server::start(&[]);
    let mut b = server.connect().await;
    let first = b.state("lines", |s| depth(s) >= 2).await;
    assert_eq!(first["analysing"], true);
    let line = &first["lines"][0];
    assert_eq!(
        line["pv"].as_array().unwrap().len(),
        line["pv_chinese"].as_array().unwrap().len()
    );
    assert_eq!(
        line["wdl"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_u64().unwrap())
            .sum::<u64>(),
        1000
    );
    assert!(line["text"].as_str().unwrap().starts_with(['+', '-', '#']));
    let d = depth(&first);
    let deeper = b.state("deeper lines", |s| depth(s) > d).await;
    assert!(deeper["nodes"].as_u64() > first["nodes"].as_u64());
    assert!(deeper["nps"].as_u64().unwrap() > 0);
    // With no command sent, publications are at least 250 ms apart (by the
    // server's clock, which the messages carry).
    let mut last = deeper["at_ms"].as_u64().unwrap();
    for _ in 0..6 {
        let s = b.state("a state", |_| true).await;
        let at = s["at_ms"].as_u64().unwrap();
        assert!(at >= last + 250, "published {} ms apart", at - last);
        last = at;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn moves_take_backs_and_positions_and_bad_input_changes_nothing() {
    let server = Server::start(&[]);
    let mut b = server.connect().await;
    let role = b.claim(None).await;
    assert_eq!(role["role"], "steer");
    assert_eq!(
        b.command(json!({"type": "move", "move": "h2e2"})).await["type"],
        "done"
    );
    let s = b
        .state("the move", |s| s["moves"].as_array().unwrap().len() == 1)
        .await;
    assert_eq!(s["moves"][0]["chinese"], "炮二平五");
    assert_eq!(s["moves"][0]["iccs"], "h2e2");
    assert_eq!(s["side"], "black");
    let fen = s["fen"].clone();
    // Refusals, each with its reason; the game stays as it was.
    let bad = [
        (json!({"type": "move", "move": "h9h0"}), "move refused"),
        (json!({"type": "move", "move": "z9z9"}), "move refused"),
        (json!({"type": "move", "move": "车九进十"}), "move refused"),
        (
            json!({"type": "position", "fen": "rnbakabnr/9/9 w"}),
            "FEN refused",
        ),
        (
            json!({"type": "position", "fen": "startpos", "moves": ["h2e2", "h2e3"]}),
            "move 2 of the list",
        ),
        (
            json!({"type": "pgn", "pgn": "1. H2-E2 H2-E2"}),
            "PGN refused",
        ),
        (json!({"type": "multipv", "k": 0}), "from 1 to 5"),
        (json!({"type": "launch"}), "not understood"),
        (json!({"type": "move"}), "not understood"),
    ];
    for (message, why) in bad {
        let answer = b.command(message.clone()).await;
        assert_eq!(answer["type"], "error", "{message}: {answer}");
        assert!(
            answer["message"].as_str().unwrap().contains(why),
            "{message}: {answer}"
        );
    }
    b.send_text("not JSON at all".into()).await;
    let answer = b.until("an error", |v| v["type"] == "error").await;
    assert!(answer["message"]
        .as_str()
        .unwrap()
        .contains("not understood"));
    let (_, state) = server.get("/api/state", &[]);
    let now: Value = serde_json::from_str(state.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    assert_eq!(now["fen"], fen);
    assert_eq!(now["moves"].as_array().unwrap().len(), 1);
    // Chinese notation in, a take-back, a PGN, a FEN with moves.
    assert_eq!(
        b.command(json!({"type": "move", "move": "马８进７"})).await["type"],
        "done"
    );
    b.state("two moves", |s| s["moves"][1]["iccs"] == "h9g7")
        .await;
    assert_eq!(b.command(json!({"type": "undo"})).await["type"], "done");
    let s = b
        .state("one move", |s| s["moves"].as_array().unwrap().len() == 1)
        .await;
    assert_eq!(s["fen"], fen);
    let pgn = "[Event \"t\"]\n\n1. 炮二平五 马８进７ 2. H0-G2 *\n";
    assert_eq!(
        b.command(json!({"type": "pgn", "pgn": pgn})).await["type"],
        "done"
    );
    let s = b
        .state("the PGN", |s| s["moves"].as_array().unwrap().len() == 3)
        .await;
    assert_eq!(s["moves"][2]["chinese"], "马二进三");
    assert!(
        s["pgn"]
            .as_str()
            .unwrap()
            .contains("1. H2-E2 H9-G7 2. H0-G2"),
        "{s}"
    );
    let fen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
    let answer = b
        .command(json!({"type": "position", "fen": fen, "moves": ["e1d1"]}))
        .await;
    assert_eq!(answer["type"], "done", "{answer}");
    let s = b.state("the FEN", |s| s["start_fen"] == fen).await;
    assert_eq!(s["side"], "black");
    assert_eq!(s["moves"][0]["chinese"], "车五平六");
    assert_eq!(b.command(json!({"type": "undo"})).await["type"], "done");
    let answer = b.command(json!({"type": "undo"})).await;
    assert!(answer["message"]
        .as_str()
        .unwrap()
        .contains("no move to take back"));
}

#[tokio::test(flavor = "current_thread")]
async fn stop_go_and_multipv() {
    let server = Server::start(&[]);
    let mut b = server.connect().await;
    b.claim(None).await;
    assert_eq!(b.command(json!({"type": "stop"})).await["type"], "done");
    let s = b.state("stopped", |s| s["analysing"] == false).await;
    assert_eq!(s["lines"].as_array().unwrap().len(), 0);
    assert_eq!(
        b.command(json!({"type": "multipv", "k": 3})).await["type"],
        "done"
    );
    b.state("MultiPV 3", |s| s["multipv"] == 3).await;
    assert_eq!(b.command(json!({"type": "go"})).await["type"], "done");
    let s = b
        .state("three lines", |s| {
            s["analysing"] == true && s["lines"].as_array().unwrap().len() == 3
        })
        .await;
    let numbers: Vec<u64> = s["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["multipv"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 2, 3]);
    let firsts: std::collections::HashSet<&str> = s["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["pv"][0].as_str().unwrap())
        .collect();
    assert_eq!(firsts.len(), 3, "three different first moves: {s}");
    let answer = b.command(json!({"type": "multipv", "k": 6})).await;
    assert!(answer["message"].as_str().unwrap().contains("from 1 to 5"));
    let s = b.state("a state", |_| true).await;
    assert_eq!(s["multipv"], 3);
    assert_eq!(
        b.command(json!({"type": "multipv", "k": 1})).await["type"],
        "done"
    );
    let s = b
        .state("one line", |s| s["multipv"] == 1 && depth(s) > 0)
        .await;
    assert_eq!(s["lines"].as_array().unwrap().len(), 1);
}

#[tokio::test(flavor = "current_thread")]
async fn a_second_browser_watches_and_steers_only_with_the_token() {
    let server = Server::start(&[]);
    let mut a = server.connect().await;
    let role = a.claim(None).await;
    assert_eq!(role["role"], "steer");
    let token = role["token"].as_str().unwrap().to_string();
    let mut b = server.connect().await;
    let role = b.claim(None).await;
    assert_eq!(role["role"], "watch");
    assert!(role["message"]
        .as_str()
        .unwrap()
        .contains("another browser steers"));
    let answer = b.command(json!({"type": "move", "move": "h2e2"})).await;
    assert_eq!(answer["type"], "error");
    assert!(answer["message"]
        .as_str()
        .unwrap()
        .contains("another browser steers"));
    let answer = b.command(json!({"type": "stop"})).await;
    assert_eq!(answer["type"], "error");
    // The steering browser's move reaches the watcher.
    assert_eq!(
        a.command(json!({"type": "move", "move": "b2e2"})).await["type"],
        "done"
    );
    let s = b
        .state("the move", |s| s["moves"].as_array().unwrap().len() == 1)
        .await;
    assert_eq!(s["moves"][0]["iccs"], "b2e2");
    assert_eq!(s["analysing"], true);
    assert_eq!(
        b.claim(Some("0123456789abcdef0123456789abcdef")).await["role"],
        "watch"
    );
    // The token moves the seat (a browser reloaded elsewhere, say).
    assert_eq!(b.claim(Some(&token)).await["role"], "steer");
    let note = a.until("a role", |v| v["type"] == "role").await;
    assert_eq!(note["role"], "watch");
    assert_eq!(a.command(json!({"type": "undo"})).await["type"], "error");
    assert_eq!(b.command(json!({"type": "undo"})).await["type"], "done");
}

#[tokio::test(flavor = "current_thread")]
async fn a_reconnecting_browser_finds_the_current_lines_at_once() {
    let server = Server::start(&[]);
    let mut a = server.connect().await;
    a.claim(None).await;
    assert_eq!(
        a.command(json!({"type": "move", "move": "h2e2"})).await["type"],
        "done"
    );
    let seen = a
        .state("lines", |s| {
            depth(s) >= 3 && s["moves"].as_array().unwrap().len() == 1
        })
        .await;
    a.ws.close(None).await.unwrap();
    drop(a);
    // The analysis goes on without any browser (after 3 s the search
    // reports its counters every second, whatever its depth).
    tokio::time::sleep(Duration::from_millis(4500)).await;
    let mut b = server.connect().await;
    let s = b.next().await;
    assert_eq!(s["type"], "state", "the state comes right after hello");
    assert_eq!(s["moves"][0]["iccs"], "h2e2");
    assert_eq!(s["analysing"], true);
    assert!(depth(&s) >= depth(&seen), "{s}");
    assert!(s["nodes"].as_u64() > seen["nodes"].as_u64());
    // The seat was left free: the new browser may steer.
    assert_eq!(b.claim(None).await["role"], "steer");
}

#[tokio::test(flavor = "current_thread")]
async fn oversized_and_too_frequent_messages_are_refused() {
    let server = Server::start(&[]);
    let mut b = server.connect().await;
    b.claim(None).await;
    let big = json!({"type": "pgn", "pgn": "x".repeat(9000)}).to_string();
    b.send_text(big).await;
    let answer = b.until("an error", |v| v["type"] == "error").await;
    assert!(
        answer["message"].as_str().unwrap().contains("at most 8192"),
        "{answer}"
    );
    // Still connected, nothing changed.
    assert_eq!(
        b.command(json!({"type": "move", "move": "h2e2"})).await["type"],
        "done"
    );
    tokio::time::sleep(Duration::from_millis(1100)).await;
    for _ in 0..60 {
        b.send(json!({"type": "claim"})).await;
    }
    let mut roles = 0;
    let mut refused = 0;
    while roles + refused < 60 {
        let v = b
            .until("an answer", |v| v["type"] == "role" || v["type"] == "error")
            .await;
        if v["type"] == "role" {
            roles += 1;
        } else {
            assert!(
                v["message"].as_str().unwrap().contains("too many messages"),
                "{v}"
            );
            refused += 1;
        }
    }
    assert!(refused >= 10, "{roles} answered, {refused} refused");
    assert!(roles >= 20, "{roles} answered, {refused} refused");
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(b.claim(None).await["role"], "steer");
    let s = b.state("a state", |_| true).await;
    assert_eq!(s["moves"].as_array().unwrap().len(), 1);
    // Beyond 64 KiB the connection is closed.
    let _ =
        b.ws.send(Message::text(
            json!({"type": "pgn", "pgn": "x".repeat(70_000)}).to_string(),
        ))
        .await;
    let end = tokio::time::timeout(PATIENCE, async {
        loop {
            match b.ws.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(end.is_ok(), "the connection was closed");
    // The server lives on.
    assert_eq!(server.get("/api/state", &[]).0, 200);
}

#[tokio::test(flavor = "current_thread")]
async fn the_token_is_asked_for_and_pages_of_other_sites_are_refused() {
    let server = Server::start(&["--require-token"]);
    let token = server.token.clone().expect("a token is printed");
    assert_eq!(token.len(), 32);
    let (status, why) = server.get("/", &[]);
    assert_eq!(status, 401);
    assert!(why.contains("needs its token"), "{why}");
    let (status, why) = server.get("/?token=0123456789abcdef0123456789abcdef", &[]);
    assert_eq!(status, 401);
    assert!(why.contains("wrong token"), "{why}");
    assert_eq!(server.get("/api/state", &[]).0, 401);
    let (status, page) = server.get(&format!("/?token={token}"), &[]);
    assert_eq!(status, 200);
    assert!(
        page.contains(&format!("set-cookie: chariot_token={token}")),
        "{page}"
    );
    let cookie = format!("chariot_token={token}");
    assert_eq!(server.get("/app.js", &[("Cookie", &cookie)]).0, 200);
    let bearer = format!("Bearer {token}");
    assert_eq!(
        server.get("/api/state", &[("Authorization", &bearer)]).0,
        200
    );
    // The WebSocket too.
    let plain = format!("ws://{}/ws", server.authority);
    let refused = server
        .connect_with(&plain, None)
        .await
        .err()
        .expect("refused");
    assert!(refused.contains("401"), "{refused}");
    let mut b = server.connect().await;
    assert_eq!(b.claim(None).await["role"], "steer");
    // A page of another site may not open the WebSocket.
    let err = server
        .connect_with(&server.ws_url(), Some("http://evil.example"))
        .await
        .err()
        .expect("refused");
    assert!(err.contains("403"), "{err}");
    let own = format!("http://{}", server.authority);
    assert!(server
        .connect_with(&server.ws_url(), Some(&own))
        .await
        .is_ok());
}

fn moves_of(state: &Value) -> usize {
    state["moves"].as_array().unwrap().len()
}

#[tokio::test(flavor = "current_thread")]
async fn the_engine_answers_at_the_chosen_level_and_waits_for_the_person() {
    let server = Server::start(&[]);
    let mut b = server.connect().await;
    b.claim(None).await;
    // Bad settings are refused with their reason.
    for (message, why) in [
        (json!({"type": "play", "side": "green"}), "red or black"),
        (
            json!({"type": "play", "side": "red", "level": 21}),
            "from 0 to 20",
        ),
        (
            json!({"type": "play", "side": "red", "level": 3, "movetime_ms": 1000}),
            "not both",
        ),
        (
            json!({"type": "play", "side": "red", "movetime_ms": 5}),
            "ms a move",
        ),
    ] {
        let answer = b.command(message.clone()).await;
        assert_eq!(answer["type"], "error", "{message}: {answer}");
        assert!(
            answer["message"].as_str().unwrap().contains(why),
            "{message}: {answer}"
        );
    }
    let level = 4;
    let answer = b
        .command(json!({"type": "play", "side": "red", "level": level}))
        .await;
    assert_eq!(answer["type"], "done", "{answer}");
    let s = b.state("play mode", |s| s["mode"] == "play").await;
    assert_eq!(s["play"]["human"], "red");
    assert_eq!(s["play"]["level"], level);
    assert_eq!(s["play"]["thinking"], false);
    assert_eq!(s["analysing"], false, "no analysis of the person's turn");
    // The person plays Red: Black's pieces are not theirs.
    let answer = b.command(json!({"type": "move", "move": "h9g7"})).await;
    assert!(
        answer["message"].as_str().unwrap().contains("move refused"),
        "{answer}"
    );
    assert_eq!(
        b.command(json!({"type": "move", "move": "h2e2"})).await["type"],
        "done"
    );
    let s = b.state("the engine's answer", |s| moves_of(s) == 2).await;
    let reply = s["moves"][1]["iccs"].as_str().unwrap().to_string();
    let after_h2e2 = {
        let mut p = chariot_core::Position::startpos();
        let m = p.parse_move("h2e2").unwrap();
        p.make_move(m);
        p
    };
    assert!(
        after_h2e2.parse_move(&reply).is_ok(),
        "{reply} is a legal move"
    );
    let last = &s["play"]["last"];
    assert_eq!(last["iccs"], reply.as_str());
    assert_eq!(last["level"], level);
    let cap = chariot::strength::handicap(level as u8).unwrap().nodes;
    assert!(
        last["nodes"].as_u64().unwrap() <= cap,
        "level {level} searched {} nodes, over its {cap}",
        last["nodes"]
    );
    assert_eq!(s["side"], "red");
    assert_eq!(s["play"]["thinking"], false);
    // A take-back goes back to the person's turn: both moves.
    assert_eq!(b.command(json!({"type": "undo"})).await["type"], "done");
    let s = b.state("the take-back", |s| moves_of(s) == 0).await;
    assert_eq!(s["side"], "red");
    // Playing Black from here: the engine moves first, at full strength
    // for the time asked; while it thinks the person may not move, neither
    // Black's pieces nor Red's.
    let answer = b
        .command(json!({"type": "play", "side": "black", "movetime_ms": 2000}))
        .await;
    assert_eq!(answer["type"], "done", "{answer}");
    for mv in ["h9g7", "h2e2"] {
        let answer = b.command(json!({"type": "move", "move": mv})).await;
        assert_eq!(answer["type"], "error", "{answer}");
        assert!(
            answer["message"]
                .as_str()
                .unwrap()
                .contains("not your move"),
            "{answer}"
        );
    }
    let s = b
        .state("the engine's first move", |s| moves_of(s) == 1)
        .await;
    assert_eq!(s["play"]["movetime_ms"], 2000);
    assert_eq!(s["play"]["last"]["level"], 20);
    assert_eq!(s["side"], "black");
    // Back to analysis: the lines come again.
    assert_eq!(b.command(json!({"type": "analyse"})).await["type"], "done");
    b.state("analysis", |s| s["mode"] == "analyse" && depth(s) > 0)
        .await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_mate_ends_the_game_with_its_result() {
    let server = Server::start(&[]);
    let mut b = server.connect().await;
    b.claim(None).await;
    // Red's rook mates on the ninth rank (e1e9).
    let fen = "3k5/9/3P5/9/9/9/9/9/4R4/4K4 w - - 0 1";
    assert_eq!(
        b.command(json!({"type": "position", "fen": fen})).await["type"],
        "done"
    );
    assert_eq!(
        b.command(json!({"type": "play", "side": "red", "level": 20}))
            .await["type"],
        "done"
    );
    assert_eq!(
        b.command(json!({"type": "move", "move": "e1e9"})).await["type"],
        "done"
    );
    let s = b.state("the mate", |s| moves_of(s) == 1).await;
    assert_eq!(s["result"]["score"], "1-0", "{s}");
    assert_eq!(s["result"]["reason"], "mate");
    assert!(s["status"].as_str().unwrap().contains("Red wins"), "{s}");
    assert_eq!(s["play"]["thinking"], false);
    assert_eq!(s["legal"].as_array().unwrap().len(), 0);
    assert!(s["pgn"].as_str().unwrap().contains("1-0"), "{s}");
    let answer = b.command(json!({"type": "move", "move": "d9d8"})).await;
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("the game is over"),
        "{answer}"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn annotate_reports_progress_marks_the_blunder_and_analysis_resumes() {
    let server = Server::start(&[]);
    let mut b = server.connect().await;
    b.claim(None).await;
    // Red's rook walks onto the a-file, where Black's rook takes it.
    let fen = "r2k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
    let answer = b
        .command(json!({"type": "position", "fen": fen, "moves": ["e1a1", "a9a1", "e0f0"]}))
        .await;
    assert_eq!(answer["type"], "done", "{answer}");
    let answer = b
        .command(json!({"type": "annotate", "movetime_ms": 10}))
        .await;
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("ms a position"),
        "{answer}"
    );
    assert_eq!(
        b.command(json!({"type": "annotate", "movetime_ms": 400}))
            .await["type"],
        "done"
    );
    let s = b
        .state("progress", |s| {
            s["annotating"]["done"].as_u64().is_some_and(|d| d >= 1)
        })
        .await;
    assert_eq!(s["annotating"]["total"], 4);
    assert_eq!(s["analysing"], false);
    let s = b.state("the end", |s| s["annotating"].is_null()).await;
    assert_eq!(s["moves"][0]["mark"], "??", "{}", s["moves"]);
    let better = &s["moves"][0]["better"];
    assert!(better["pv"][0].as_str().is_some(), "{}", s["moves"]);
    assert_ne!(better["pv"][0], "e1a1");
    for (i, score) in s["scores"].as_array().unwrap().iter().enumerate() {
        assert!(score["cp"].is_i64(), "position {i} has a score: {s}");
    }
    // After e1a1 Black is winning.
    assert!(s["scores"][1]["cp"].as_i64().unwrap() < -300, "{s}");
    assert!(s["pgn"].as_str().unwrap().contains("E1-A1??"), "{s}");
    // The analysis resumes.
    b.state("analysis again", |s| s["analysing"] == true && depth(s) > 0)
        .await;
}

#[tokio::test(flavor = "current_thread")]
async fn an_annotation_can_be_cancelled() {
    let server = Server::start(&[]);
    let mut b = server.connect().await;
    b.claim(None).await;
    let moves = [
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9",
    ];
    let answer = b
        .command(json!({"type": "position", "fen": "startpos", "moves": moves}))
        .await;
    assert_eq!(answer["type"], "done", "{answer}");
    assert_eq!(
        b.command(json!({"type": "annotate", "movetime_ms": 3000}))
            .await["type"],
        "done"
    );
    b.state("the annotation", |s| s["annotating"]["total"] == 9)
        .await;
    // Commands wait for the annotation.
    let answer = b.command(json!({"type": "move", "move": "c9e7"})).await;
    assert!(
        answer["message"].as_str().unwrap().contains("cancel"),
        "{answer}"
    );
    assert_eq!(b.command(json!({"type": "cancel"})).await["type"], "done");
    let s = b.state("cancelled", |s| s["annotating"].is_null()).await;
    assert!(
        s["annotating"].is_null() && s["moves"].as_array().unwrap().len() == 8,
        "{s}"
    );
    let s = b
        .state("analysis again", |s| s["analysing"] == true && depth(s) > 0)
        .await;
    // Not all positions were annotated: no complete annotation in the PGN.
    assert!(!s["pgn"].as_str().unwrap().contains("{"), "{s}");
    let answer = b.command(json!({"type": "cancel"})).await;
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("no annotation"),
        "{answer}"
    );
    // The board goes to any ply of the game, which stays whole.
    assert_eq!(
        b.command(json!({"type": "goto", "ply": 3})).await["type"],
        "done"
    );
    let s = b.state("ply 3", |s| s["ply"] == 3).await;
    assert_eq!(s["side"], "black");
    assert_eq!(moves_of(&s), 8);
    let answer = b.command(json!({"type": "goto", "ply": 9})).await;
    assert!(
        answer["message"].as_str().unwrap().contains("has 8 moves"),
        "{answer}"
    );
}
