//! The HTTP routes and the WebSocket of `chariot serve`:
//!
//!   GET /            the page (and, with a valid `?token=`, its cookie)
//!   GET /app.js, /app.css
//!   GET /api/state   the state every browser sees, as JSON
//!   GET /ws          the WebSocket: the state as it changes, and commands
//!
//! Every request passes `guard` first (Host, Origin, token). Browsers watch;
//! one of them steers: the first to claim the seat (or to send a command
//! while it is free), or the one that shows the steering token it was given.

use super::annotation;
use super::assets;
use super::checks::{
    self, ClientMessage, RateLimit, MAX_CONNECTIONS, MAX_MESSAGES_PER_SECOND, MAX_MESSAGE_BYTES,
    TOKEN_COOKIE,
};
use super::play::PlaySettings;
use super::session::{Command, SessionHandle};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde_json::json;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio::sync::mpsc;

/// A WebSocket message beyond this closes the connection (those between
/// `MAX_MESSAGE_BYTES` and this are refused with a message).
const HARD_MESSAGE_LIMIT: usize = 64 * 1024;

/// What every route shares.
pub struct App {
    pub session: SessionHandle,
    pub listen: IpAddr,
    /// The token every request must carry, when one is required.
    pub token: Option<String>,
    steering: Mutex<Steering>,
    connections: AtomicUsize,
    next_id: AtomicU64,
}

impl App {
    pub fn new(session: SessionHandle, listen: IpAddr, token: Option<String>) -> App {
        App {
            session,
            listen,
            token,
            steering: Mutex::new(Steering::default()),
            connections: AtomicUsize::new(0),
            next_id: AtomicU64::new(1),
        }
    }

    fn steering(&self) -> std::sync::MutexGuard<'_, Steering> {
        // A panic elsewhere while holding it leaves plain data behind.
        self.steering.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Who steers, and how to tell each connection that its role changed.
#[derive(Default)]
struct Steering {
    holder: Option<u64>,
    token: String,
    notify: HashMap<u64, mpsc::UnboundedSender<String>>,
}

impl Steering {
    /// Gives the seat to `id`: when it is free or already `id`'s, or when
    /// `token` is the steering token. Returns the steering token.
    fn claim(&mut self, id: u64, token: Option<&str>) -> Result<String, String> {
        let shows_token =
            !self.token.is_empty() && token.is_some_and(|t| checks::same_secret(t, &self.token));
        if self.holder == Some(id) {
            return Ok(self.token.clone());
        }
        if !shows_token && self.holder.is_some() {
            return Err("another browser steers this analysis: this one watches".into());
        }
        if let Some(old) = self.holder.replace(id) {
            if let Some(tx) = self.notify.get(&old) {
                let _ = tx.send(role_message(
                    false,
                    None,
                    "another browser took the steering",
                ));
            }
        }
        if !shows_token {
            self.token = checks::new_token()?;
        }
        Ok(self.token.clone())
    }

    fn leave(&mut self, id: u64) {
        self.notify.remove(&id);
        if self.holder == Some(id) {
            self.holder = None;
        }
    }
}

fn role_message(steering: bool, token: Option<&str>, why: &str) -> String {
    json!({
        "type": "role",
        "role": if steering { "steer" } else { "watch" },
        "token": token,
        "message": why,
    })
    .to_string()
}

fn error_message(command: &str, why: &str) -> String {
    json!({"type": "error", "command": command, "message": why}).to_string()
}

pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/app.js", get(script))
        .route("/app.css", get(style))
        .route("/api/state", get(state))
        .route("/ws", get(socket))
        .fallback(not_found)
        .with_state(app)
}

fn refuse(status: StatusCode, why: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        format!("{why}\n"),
    )
        .into_response()
}

fn header_text(headers: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// Why a request is refused.
type Refusal = (StatusCode, String);

fn refused((status, why): Refusal) -> Response {
    refuse(status, why)
}

/// Host, Origin and token; `Ok(true)` when the token came in the query
/// (the page then sets its cookie).
fn guard(app: &App, headers: &HeaderMap, uri: &Uri) -> Result<bool, Refusal> {
    let host = header_text(headers, header::HOST);
    checks::host_allowed(host, app.listen, app.token.is_some())
        .map_err(|why| (StatusCode::FORBIDDEN, why))?;
    checks::origin_allowed(header_text(headers, header::ORIGIN), host)
        .map_err(|why| (StatusCode::FORBIDDEN, why))?;
    let Some(secret) = &app.token else {
        return Ok(false);
    };
    let query = uri.query();
    let given = checks::token_of(
        query,
        header_text(headers, header::AUTHORIZATION),
        header_text(headers, header::COOKIE),
    );
    match given {
        Some(t) if checks::same_secret(t, secret) => {
            Ok(checks::token_of(query, None, None).is_some())
        }
        Some(_) => Err((
            StatusCode::UNAUTHORIZED,
            "wrong token: open the address `chariot serve` printed at start (.../?token=...)"
                .into(),
        )),
        None => Err((
            StatusCode::UNAUTHORIZED,
            "this server needs its token: open the address `chariot serve` printed at start (.../?token=...)"
                .into(),
        )),
    }
}

/// Headers of every file served: no caching, no framing by other sites,
/// scripts and connections only to this server.
fn file(content_type: &'static str, body: &'static str) -> Response {
    let mut r = ([(header::CONTENT_TYPE, content_type)], body).into_response();
    let h = r.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
        ),
    );
    r
}

async fn page(State(app): State<Arc<App>>, headers: HeaderMap, uri: Uri) -> Response {
    let token_in_query = match guard(&app, &headers, &uri) {
        Ok(q) => q,
        Err(r) => return refused(r),
    };
    let mut r = file("text/html; charset=utf-8", assets::INDEX_HTML);
    if let (true, Some(t)) = (token_in_query, &app.token) {
        let cookie = format!("{TOKEN_COOKIE}={t}; Path=/; HttpOnly; SameSite=Strict");
        if let Ok(v) = HeaderValue::from_str(&cookie) {
            r.headers_mut().insert(header::SET_COOKIE, v);
        }
    }
    r
}

async fn script(State(app): State<Arc<App>>, headers: HeaderMap, uri: Uri) -> Response {
    match guard(&app, &headers, &uri) {
        Ok(_) => file("text/javascript; charset=utf-8", assets::APP_JS),
        Err(r) => refused(r),
    }
}

async fn style(State(app): State<Arc<App>>, headers: HeaderMap, uri: Uri) -> Response {
    match guard(&app, &headers, &uri) {
        Ok(_) => file("text/css; charset=utf-8", assets::APP_CSS),
        Err(r) => refused(r),
    }
}

async fn state(State(app): State<Arc<App>>, headers: HeaderMap, uri: Uri) -> Response {
    match guard(&app, &headers, &uri) {
        // How many browsers are connected, beside the state: a script that
        // measures what watching costs checks that they were there.
        Ok(_) => (
            [
                (header::CONTENT_TYPE, "application/json".to_string()),
                (header::CACHE_CONTROL, "no-store".to_string()),
                (
                    header::HeaderName::from_static("x-browsers"),
                    app.connections.load(Ordering::SeqCst).to_string(),
                ),
            ],
            app.session.current().to_string(),
        )
            .into_response(),
        Err(r) => refused(r),
    }
}

async fn not_found(State(app): State<Arc<App>>, headers: HeaderMap, uri: Uri) -> Response {
    match guard(&app, &headers, &uri) {
        Ok(_) => refuse(StatusCode::NOT_FOUND, format!("no page {}", uri.path())),
        Err(r) => refused(r),
    }
}

/// Counts a connection while it lives.
struct Connected(Arc<App>);

impl Drop for Connected {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::SeqCst);
    }
}

async fn socket(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    uri: Uri,
    upgrade: WebSocketUpgrade,
) -> Response {
    if let Err(r) = guard(&app, &headers, &uri) {
        return refused(r);
    }
    if app.connections.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
        app.connections.fetch_sub(1, Ordering::SeqCst);
        return refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("too many browsers connected (at most {MAX_CONNECTIONS})"),
        );
    }
    let connected = Connected(app.clone());
    upgrade
        .max_message_size(HARD_MESSAGE_LIMIT)
        .max_frame_size(HARD_MESSAGE_LIMIT)
        .on_upgrade(move |ws| async move {
            client(app, ws).await;
            drop(connected);
        })
}

/// One browser: the state as it changes, its role, and its commands.
async fn client(app: Arc<App>, mut ws: WebSocket) {
    let id = app.next_id.fetch_add(1, Ordering::SeqCst);
    let (notify, mut notes) = mpsc::unbounded_channel();
    app.steering().notify.insert(id, notify);
    let mut state = app.session.watch();
    let mut rate = RateLimit::default();
    let hello = json!({
        "type": "hello",
        "role": "watch",
        "max_message_bytes": MAX_MESSAGE_BYTES,
        "max_messages_per_second": MAX_MESSAGES_PER_SECOND,
    })
    .to_string();
    let first = state.borrow_and_update().to_string();
    if send(&mut ws, hello).await && send(&mut ws, first).await {
        loop {
            tokio::select! {
                changed = state.changed() => {
                    if changed.is_err() {
                        break;
                    }
                    let text = state.borrow_and_update().to_string();
                    if !send(&mut ws, text).await {
                        break;
                    }
                }
                Some(note) = notes.recv() => {
                    if !send(&mut ws, note).await {
                        break;
                    }
                }
                message = ws.recv() => {
                    let replies = match message {
                        None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                        Some(Ok(Message::Text(text))) => on_text(&app, id, &mut rate, text.as_str()).await,
                        Some(Ok(Message::Binary(_))) => {
                            vec![error_message("", "binary messages are not understood: send JSON text")]
                        }
                        Some(Ok(_)) => Vec::new(),
                    };
                    let mut open = true;
                    for r in replies {
                        open &= send(&mut ws, r).await;
                    }
                    if !open {
                        break;
                    }
                }
            }
        }
    }
    app.steering().leave(id);
}

async fn send(ws: &mut WebSocket, text: String) -> bool {
    ws.send(Message::Text(text.into())).await.is_ok()
}

/// One text message from a browser; the answers to send back.
async fn on_text(app: &App, id: u64, rate: &mut RateLimit, text: &str) -> Vec<String> {
    if !rate.allow(Instant::now()) {
        return vec![error_message(
            "",
            &format!(
                "too many messages: at most {MAX_MESSAGES_PER_SECOND} a second (this one was ignored; wait {} ms)",
                rate.wait().as_millis().max(1)
            ),
        )];
    }
    let message = match checks::client_message(text) {
        Ok(m) => m,
        Err(why) => return vec![error_message("", &why)],
    };
    let (name, command) = match message {
        ClientMessage::Claim { token } => {
            let claimed = app.steering().claim(id, token.as_deref());
            return vec![match claimed {
                Ok(t) => role_message(true, Some(&t), "this browser steers"),
                Err(why) => role_message(false, None, &why),
            }];
        }
        ClientMessage::Position { fen, moves } => (
            "position",
            Command::Position {
                fen: Some(fen),
                moves,
            },
        ),
        ClientMessage::Move { mv } => ("move", Command::Move(mv)),
        ClientMessage::Undo => ("undo", Command::Undo),
        ClientMessage::Pgn { pgn } => ("pgn", Command::Pgn(pgn)),
        ClientMessage::Go => ("go", Command::Go),
        ClientMessage::Stop => ("stop", Command::Stop),
        ClientMessage::Multipv { k } => ("multipv", Command::MultiPv(k)),
        ClientMessage::Goto { ply } => ("goto", Command::Goto(ply)),
        ClientMessage::Play {
            side,
            level,
            movetime_ms,
        } => match PlaySettings::new(&side, level, movetime_ms) {
            Ok(p) => ("play", Command::Play(p)),
            Err(why) => return vec![error_message("play", &why)],
        },
        ClientMessage::Analyse => ("analyse", Command::Analyse),
        ClientMessage::Annotate { movetime_ms } => match annotation::movetime(movetime_ms) {
            Ok(ms) => ("annotate", Command::Annotate { movetime_ms: ms }),
            Err(why) => return vec![error_message("annotate", &why)],
        },
        ClientMessage::Cancel => ("cancel", Command::Cancel),
    };
    let mut replies = Vec::new();
    // A command while the seat is free claims it; otherwise only the
    // steering browser's commands count.
    {
        let mut steering = app.steering();
        if steering.holder != Some(id) {
            match steering.claim(id, None) {
                Ok(t) => replies.push(role_message(true, Some(&t), "this browser steers")),
                Err(why) => return vec![error_message(name, &why)],
            }
        }
    }
    replies.push(match app.session.ask(command).await {
        Ok(()) => json!({"type": "done", "command": name}).to_string(),
        Err(why) => error_message(name, &why),
    });
    replies
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seat_goes_to_the_first_or_to_the_token() {
        let mut s = Steering::default();
        let t1 = s.claim(1, None).unwrap();
        assert!(s.claim(2, None).is_err());
        assert!(s.claim(2, Some("wrong")).is_err());
        assert_eq!(s.claim(1, None).unwrap(), t1);
        // The token moves the seat; the first browser is told.
        let (tx, mut rx) = mpsc::unbounded_channel();
        s.notify.insert(1, tx);
        assert_eq!(s.claim(2, Some(&t1)).unwrap(), t1);
        assert!(rx.try_recv().unwrap().contains("\"watch\""));
        assert!(s.claim(1, None).is_err());
        // A seat left free goes to the next to claim, with a new token.
        s.leave(2);
        let t3 = s.claim(3, None).unwrap();
        assert_ne!(t3, t1);
        assert!(s.claim(1, Some(&t1)).is_err());
    }
}
