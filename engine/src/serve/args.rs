//! The command line of `chariot serve`.

use super::session::MAX_MULTIPV;
use std::net::{IpAddr, Ipv4Addr};

pub const USAGE: &str = "usage: chariot serve [--port P] [--listen ADDR] [--threads T] [--hash MB]
                     [--multipv K] [--require-token]
  An analysis board in the browser: open the address it prints. It listens
  on 127.0.0.1 (port 8080; 0 picks a free one); --listen ADDR (e.g. 0.0.0.0)
  opens it to other machines and then asks for the token it prints, as
  --require-token does on 127.0.0.1. Default: every core, 256 MB of table,
  one line (MultiPV 1 to 5). See docs/web.md.";

/// What `chariot serve` was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub struct ServeArgs {
    pub listen: IpAddr,
    pub port: u16,
    pub threads: usize,
    pub hash_mb: usize,
    pub multipv: usize,
    /// Ask for the token even on a loopback address.
    pub require_token: bool,
}

impl ServeArgs {
    pub fn parse(args: &[String]) -> Result<ServeArgs, String> {
        let mut a = ServeArgs {
            listen: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            hash_mb: 256,
            multipv: 1,
            require_token: false,
        };
        let mut it = args.iter();
        let number = |flag: &str, v: Option<&String>, min: u64, max: u64| -> Result<u64, String> {
            let v = v.ok_or_else(|| format!("{flag} needs a value"))?;
            v.parse::<u64>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| format!("{flag}: '{v}' is not a number from {min} to {max}"))
        };
        while let Some(arg) = it.next() {
            match arg.as_str() {
                "--port" => a.port = number(arg, it.next(), 0, 65535)? as u16,
                "--listen" => {
                    let v = it.next().ok_or("--listen needs an address")?;
                    a.listen = v
                        .trim_matches(|c| c == '[' || c == ']')
                        .parse()
                        .map_err(|_| format!("--listen: '{v}' is not an IP address"))?;
                }
                "--threads" => {
                    a.threads =
                        number(arg, it.next(), 1, crate::protocol::command::MAX_THREADS)? as usize
                }
                "--hash" => a.hash_mb = number(arg, it.next(), 1, 65536)? as usize,
                "--multipv" => a.multipv = number(arg, it.next(), 1, MAX_MULTIPV as u64)? as usize,
                "--require-token" => a.require_token = true,
                other => return Err(format!("unknown argument '{other}'\n{USAGE}")),
            }
        }
        Ok(a)
    }

    /// Does every request need the token? Beyond loopback always.
    pub fn token_required(&self) -> bool {
        self.require_token || !self.listen.is_loopback()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(words: &[&str]) -> Result<ServeArgs, String> {
        ServeArgs::parse(&words.iter().map(|w| w.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn defaults_are_local_and_overridable() {
        let a = parse(&[]).unwrap();
        assert_eq!(a.listen.to_string(), "127.0.0.1");
        assert_eq!(a.port, 8080);
        assert!(!a.token_required());
        let a = parse(&[
            "--port",
            "0",
            "--threads",
            "2",
            "--hash",
            "16",
            "--multipv",
            "3",
        ])
        .unwrap();
        assert_eq!((a.port, a.threads, a.hash_mb, a.multipv), (0, 2, 16, 3));
        assert!(parse(&["--listen", "0.0.0.0"]).unwrap().token_required());
        assert!(parse(&["--listen", "[::1]"]).unwrap().listen.is_loopback());
        assert!(parse(&["--require-token"]).unwrap().token_required());
    }

    #[test]
    fn bad_arguments_say_why() {
        assert!(parse(&["--port", "70000"]).unwrap_err().contains("70000"));
        assert!(parse(&["--multipv", "6"]).unwrap_err().contains("1 to 5"));
        assert!(parse(&["--listen", "example.com"]).is_err());
        assert!(parse(&["--threads"]).is_err());
        assert!(parse(&["--what"]).unwrap_err().contains("usage"));
    }
}
