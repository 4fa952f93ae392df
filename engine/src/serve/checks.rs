//! Every check of what comes from the network: the game's input (FEN, moves,
//! PGN), the messages (their size, their rate, their form), and the requests
//! (the Host and Origin headers against DNS rebinding and pages of other
//! sites, the token). Each refusal says why; nothing here panics on input.

use chariot_core::moves::Move;
use chariot_core::notation::parse_chinese;
use chariot_core::pgn::{read_games, PgnGame};
use chariot_core::Position;
use serde::Deserialize;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// The longest message a browser may send, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 8 * 1024;
/// The most messages a browser may send in a second.
pub const MAX_MESSAGES_PER_SECOND: u32 = 20;
/// The longest game the session holds, in plies.
pub const MAX_PLIES: usize = 1000;
/// The most browsers connected at once.
pub const MAX_CONNECTIONS: usize = 16;

/// A FEN, checked.
pub fn fen(text: &str) -> Result<Position, String> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("startpos") {
        return Ok(Position::startpos());
    }
    Position::from_fen(text).map_err(|e| format!("FEN refused: {e}"))
}

/// A move here, in ICCS (`h2e2`, `H2-E2`) or Chinese notation (`炮二平五`),
/// checked for legality.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("empty move".into());
    }
    if t.is_ascii() {
        let iccs: String = t.chars().filter(|&c| c != '-').collect();
        return pos
            .parse_move(&iccs)
            .map_err(|e| format!("move refused: {e}"));
    }
    parse_chinese(pos, t).map_err(|e| format!("move refused: {e}"))
}

/// The first game of a PGN text, checked move by move.
pub fn pgn(text: &str) -> Result<PgnGame, String> {
    let games = read_games(text).map_err(|e| format!("PGN refused: {e}"))?;
    let game = games.into_iter().next().ok_or("PGN refused: no game")?;
    if game.moves.len() > MAX_PLIES {
        return Err(format!(
            "PGN refused: {} plies, a game here has at most {MAX_PLIES}",
            game.moves.len()
        ));
    }
    Ok(game)
}

/// A message from a browser (JSON, `{"type": ...}`).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClientMessage {
    /// Asks to steer; `token` is the steering token a browser got before.
    Claim {
        #[serde(default)]
        token: Option<String>,
    },
    Position {
        fen: String,
        #[serde(default)]
        moves: Vec<String>,
    },
    Move {
        #[serde(rename = "move")]
        mv: String,
    },
    Undo,
    Pgn {
        pgn: String,
    },
    Go,
    Stop,
    Multipv {
        k: usize,
    },
    /// The board at this ply of the game.
    Goto {
        ply: usize,
    },
    /// Play against the engine: `side` is the person's; a level (0-20) or
    /// a time a move.
    Play {
        side: String,
        #[serde(default)]
        level: Option<u32>,
        #[serde(default)]
        movetime_ms: Option<u64>,
    },
    Analyse,
    Annotate {
        #[serde(default)]
        movetime_ms: Option<u64>,
    },
    Cancel,
}

/// Reads a text message; the error is what the browser is told.
pub fn client_message(text: &str) -> Result<ClientMessage, String> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(format!(
            "message refused: {} bytes, at most {MAX_MESSAGE_BYTES}",
            text.len()
        ));
    }
    serde_json::from_str(text).map_err(|e| format!("message not understood: {e}"))
}

/// At most `MAX_MESSAGES_PER_SECOND` messages in any second, as a bucket of
/// that many tokens refilled at that rate.
pub struct RateLimit {
    tokens: f64,
    last: Instant,
}

impl Default for RateLimit {
    fn default() -> Self {
        RateLimit {
            tokens: MAX_MESSAGES_PER_SECOND as f64,
            last: Instant::now(),
        }
    }
}

impl RateLimit {
    /// May one more message come now?
    pub fn allow(&mut self, now: Instant) -> bool {
        let rate = MAX_MESSAGES_PER_SECOND as f64;
        let gained = now.saturating_duration_since(self.last).as_secs_f64() * rate;
        self.tokens = (self.tokens + gained).min(rate);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// How long until the next message may come.
    pub fn wait(&self) -> Duration {
        Duration::from_secs_f64(((1.0 - self.tokens) / MAX_MESSAGES_PER_SECOND as f64).max(0.0))
    }
}

/// A new random secret: 32 hexadecimal digits.
pub fn new_token() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| format!("no random numbers for the token: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Compares secrets in a time that does not depend on where they differ.
pub fn same_secret(given: &str, secret: &str) -> bool {
    let (a, b) = (given.as_bytes(), secret.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The host name of a `Host` header or an origin's authority, without the
/// port, in lower case (`[::1]:8080` gives `::1`).
fn host_name(authority: &str) -> String {
    let a = authority.trim();
    let name = if let Some(rest) = a.strip_prefix('[') {
        rest.split(']').next().unwrap_or("")
    } else {
        match a.rsplit_once(':') {
            Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
            _ => a,
        }
    };
    name.to_ascii_lowercase()
}

/// Is this `Host` header one the server answers? On a loopback address only
/// the names of this machine (`localhost`, loopback addresses): a page of
/// another site whose name was made to point at 127.0.0.1 (DNS rebinding)
/// is refused. Beyond loopback the token guards, and any name may be used.
pub fn host_allowed(
    host: Option<&str>,
    listen: IpAddr,
    token_required: bool,
) -> Result<(), String> {
    let Some(host) = host else {
        return Err("request refused: it has no Host header".into());
    };
    let name = host_name(host);
    let local = name == "localhost"
        || name.ends_with(".localhost")
        || name
            .parse::<IpAddr>()
            .is_ok_and(|ip| ip.is_loopback() || ip == listen);
    if local || token_required {
        Ok(())
    } else {
        Err(format!(
            "request refused: Host '{host}' is not this machine (open http://localhost:PORT/ or http://127.0.0.1:PORT/)"
        ))
    }
}

/// A browser sends `Origin` with WebSocket and script requests: it must be
/// this server's own (`http://HOST` with the request's Host), never the
/// page of another site.
pub fn origin_allowed(origin: Option<&str>, host: Option<&str>) -> Result<(), String> {
    let Some(origin) = origin else {
        return Ok(());
    };
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    match (authority, host) {
        (Some(a), Some(h)) if a.eq_ignore_ascii_case(h) => Ok(()),
        _ => Err(format!(
            "request refused: it comes from a page of another site (Origin '{origin}')"
        )),
    }
}

/// The cookie that carries the token after the first visit.
pub const TOKEN_COOKIE: &str = "chariot_token";

/// The token a request carries: `?token=` in its query, an
/// `Authorization: Bearer` header, or the cookie the page was given.
pub fn token_of<'a>(
    query: Option<&'a str>,
    authorization: Option<&'a str>,
    cookie: Option<&'a str>,
) -> Option<&'a str> {
    let from_query = query.and_then(|q| q.split('&').find_map(|pair| pair.strip_prefix("token=")));
    let from_header = authorization
        .and_then(|a| a.strip_prefix("Bearer "))
        .map(str::trim);
    let from_cookie = cookie.and_then(|c| {
        c.split(';')
            .find_map(|pair| pair.trim().strip_prefix(TOKEN_COOKIE))
            .and_then(|rest| rest.strip_prefix('='))
    });
    from_query.or(from_header).or(from_cookie)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    const LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

    #[test]
    fn only_local_host_names_reach_a_loopback_server() {
        for ok in [
            "localhost:8080",
            "127.0.0.1:8080",
            "[::1]:8080",
            "LOCALHOST",
            "127.0.0.2",
        ] {
            assert!(host_allowed(Some(ok), LOOPBACK, false).is_ok(), "{ok}");
        }
        for bad in ["evil.example:8080", "example.com", "10.0.0.5:8080"] {
            assert!(host_allowed(Some(bad), LOOPBACK, false).is_err(), "{bad}");
        }
        assert!(host_allowed(None, LOOPBACK, false).is_err());
        // With a token any name may be used.
        assert!(host_allowed(Some("workstation.lan:8080"), LOOPBACK, true).is_ok());
    }

    #[test]
    fn origins_of_other_sites_are_refused() {
        assert!(origin_allowed(None, Some("localhost:8080")).is_ok());
        assert!(origin_allowed(Some("http://localhost:8080"), Some("localhost:8080")).is_ok());
        assert!(origin_allowed(Some("http://evil.example"), Some("localhost:8080")).is_err());
        assert!(origin_allowed(Some("http://localhost:9999"), Some("localhost:8080")).is_err());
        assert!(origin_allowed(Some("null"), Some("localhost:8080")).is_err());
    }

    #[test]
    fn tokens_are_random_and_compared_whole() {
        let a = new_token().unwrap();
        assert_eq!(a.len(), 32);
        assert_ne!(a, new_token().unwrap());
        assert!(same_secret(&a, &a.clone()));
        assert!(!same_secret(&a[..31], &a));
        assert!(!same_secret("", &a));
        assert_eq!(token_of(Some("x=1&token=abc"), None, None), Some("abc"));
        assert_eq!(token_of(None, Some("Bearer abc"), None), Some("abc"));
        assert_eq!(
            token_of(None, None, Some("a=b; chariot_token=abc")),
            Some("abc")
        );
        assert_eq!(token_of(None, None, None), None);
    }

    #[test]
    fn the_rate_is_twenty_a_second() {
        let mut r = RateLimit::default();
        let t = Instant::now();
        let allowed = (0..30).filter(|_| r.allow(t)).count();
        assert_eq!(allowed, MAX_MESSAGES_PER_SECOND as usize);
        assert!(r.allow(t + Duration::from_millis(60)));
        assert!(!r.allow(t + Duration::from_millis(60)));
    }

    #[test]
    fn messages_are_read_or_refused_with_a_reason() {
        assert_eq!(
            client_message(r#"{"type":"move","move":"h2e2"}"#),
            Ok(ClientMessage::Move { mv: "h2e2".into() })
        );
        assert_eq!(
            client_message(r#"{"type":"multipv","k":3}"#),
            Ok(ClientMessage::Multipv { k: 3 })
        );
        assert!(client_message(r#"{"type":"launch"}"#).is_err());
        assert!(client_message("not json").is_err());
        let big = format!(r#"{{"type":"pgn","pgn":"{}"}}"#, "x".repeat(9000));
        assert!(client_message(&big).unwrap_err().contains("at most 8192"));
    }

    #[test]
    fn moves_in_either_notation_are_checked() {
        let pos = Position::startpos();
        assert_eq!(parse_move(&pos, "H2-E2").unwrap().to_string(), "h2e2");
        assert_eq!(parse_move(&pos, "炮二平五").unwrap().to_string(), "h2e2");
        assert!(parse_move(&pos, "a0a5").is_err());
        assert!(parse_move(&pos, "").is_err());
        assert!(parse_move(&pos, "车九进十").is_err());
        assert!(fen("rnbakabnr/9/1c5c1").is_err());
        assert!(fen("startpos").is_ok());
        assert!(pgn("").is_err());
    }
}
