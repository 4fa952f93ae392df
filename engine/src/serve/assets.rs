//! The page, built into the binary: no file of the machine is read to serve
//! it, and it needs no network beyond this server (no fonts or scripts from
//! elsewhere).

pub const INDEX_HTML: &str = include_str!("assets/index.html");
pub const APP_JS: &str = include_str!("assets/app.js");
pub const APP_CSS: &str = include_str!("assets/app.css");
