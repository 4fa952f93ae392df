//! `chariot serve`: a live analysis board in the browser. The engine analyses
//! one game's current position without end, plays against a person, or
//! annotates the game; browsers watch (and one of them steers: moves,
//! take-backs, positions, MultiPV, play, annotate) over a WebSocket. See
//! docs/web.md.
//!
//! - `args`: the command line;
//! - `checks`: every check of network input (game input, message size and
//!   rate, Host/Origin, the token);
//! - `session`: the engine's work on the game, on its own thread;
//! - `game`: the game on the board, its scores and marks, its result;
//! - `play`: the settings of a game against the engine;
//! - `annotation`: the annotator of `chariot analyse` run from the page;
//! - `routes`: HTTP and the WebSocket, who steers;
//! - `assets`: the page (HTML, CSS, JS), built into the binary.

pub mod annotation;
mod args;
mod assets;
pub mod checks;
pub mod game;
pub mod play;
mod routes;
pub mod session;

pub use args::{ServeArgs, USAGE};

use session::EngineSetup;
use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;

/// Runs the server until the process is stopped.
pub fn run(args: &ServeArgs) -> Result<(), String> {
    let token = if args.token_required() {
        Some(checks::new_token()?)
    } else {
        None
    };
    // One thread serves every browser: the cores are the search's.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the web server: {e}"))?;
    runtime.block_on(async {
        let wanted = SocketAddr::new(args.listen, args.port);
        let listener = tokio::net::TcpListener::bind(wanted)
            .await
            .map_err(|e| format!("cannot listen on {wanted}: {e}"))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {wanted}: {e}"))?;
        let session = session::start(&EngineSetup {
            threads: args.threads,
            hash_mb: args.hash_mb,
            multipv: args.multipv,
        })?;
        announce(addr, token.as_deref(), args);
        let app = Arc::new(routes::App::new(session, args.listen, token));
        axum::serve(listener, routes::router(app))
            .await
            .map_err(|e| format!("the web server stopped: {e}"))
    })
}

/// The address to open, first on its own line (scripts read it).
fn announce(addr: SocketAddr, token: Option<&str>, args: &ServeArgs) {
    let query = token.map(|t| format!("?token={t}")).unwrap_or_default();
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "chariot serve: http://{addr}/{query}");
    if addr.ip().is_unspecified() {
        let _ = writeln!(
            out,
            "chariot serve: (put this machine's name or address in place of {})",
            addr.ip()
        );
    }
    if token.is_some() {
        let _ = writeln!(
            out,
            "chariot serve: whoever has this address with its token can watch and steer; requests without it are refused"
        );
    }
    let _ = writeln!(
        out,
        "chariot serve: analysing with {} threads, {} MB of table, MultiPV {}; Ctrl-C stops it",
        args.threads, args.hash_mb, args.multipv
    );
    let _ = out.flush();
}
