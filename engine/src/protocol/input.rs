//! The reader thread: bytes from the GUI, cut into lines, decoded leniently
//! (invalid UTF-8 becomes U+FFFD, CR and tabs are whitespace) and parsed with
//! the protocol the first `ucci` or `uci` chose.

use super::command::{Command, Protocol};
use crossbeam_channel::{Receiver, Sender};
use std::io::{BufRead, BufReader, Read};

/// Lines longer than this are refused rather than held in memory.
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// What the reader sends to the controller.
#[derive(Debug, PartialEq)]
pub enum Input {
    /// The protocol choice (`ucci` or `uci`); its greeting is due.
    Start(Protocol),
    Command(Command),
    /// End of input: the GUI has gone.
    Eof,
}

/// Starts the reader thread; it ends at end of input or when the controller is gone.
pub fn spawn_reader(input: impl Read + Send + 'static) -> Receiver<Input> {
    let (tx, rx) = crossbeam_channel::unbounded();
    std::thread::Builder::new()
        .name("input".to_string())
        .spawn(move || {
            // `stop` must be read at once even with every core searching.
            crate::threads::prefer_short_slice();
            read_all(BufReader::new(input), &tx)
        })
        .expect("the input thread starts");
    rx
}

fn read_all(mut reader: impl BufRead, tx: &Sender<Input>) {
    let mut protocol = None;
    let mut buf = Vec::new();
    loop {
        let message = match read_line(&mut reader, &mut buf) {
            Ok(Line::Text(text)) => match protocol {
                None => match boot_command(&text) {
                    Some(Input::Start(p)) => {
                        protocol = Some(p);
                        Input::Start(p)
                    }
                    Some(other) => other,
                    None => continue,
                },
                Some(p) => Input::Command(parse(p, &text)),
            },
            Ok(Line::TooLong(n)) => Input::Command(Command::Malformed(format!(
                "a line of {n} bytes is longer than the {MAX_LINE_BYTES} the engine reads; ignored"
            ))),
            Ok(Line::End) | Err(_) => {
                let _ = tx.send(Input::Eof);
                return;
            }
        };
        if tx.send(message).is_err() {
            return;
        }
    }
}

/// Before the protocol is chosen only `ucci`, `uci`, `isready` and `quit` count.
fn boot_command(text: &str) -> Option<Input> {
    let first = text.split_whitespace().next()?;
    if first.eq_ignore_ascii_case("ucci") {
        Some(Input::Start(Protocol::Ucci))
    } else if first.eq_ignore_ascii_case("uci") {
        Some(Input::Start(Protocol::Uci))
    } else if first.eq_ignore_ascii_case("isready") {
        Some(Input::Command(Command::IsReady))
    } else if first.eq_ignore_ascii_case("quit") {
        Some(Input::Command(Command::Quit))
    } else {
        None
    }
}

pub fn parse(protocol: Protocol, line: &str) -> Command {
    if let Some(word) = other_protocol_word(protocol, line) {
        return Command::Malformed(format!(
            "{word} ignored: this session speaks {}, the protocol its first command chose",
            name(protocol)
        ));
    }
    super::dialect::dialect(protocol).parse(line)
}

/// The other protocol's name as the first word, as a GUI that probes both
/// sends it (VinXiangQi writes `uci` and `ucci` back to back): the first
/// stays in force, so that one greeting and one form of `setoption` follow.
fn other_protocol_word(protocol: Protocol, line: &str) -> Option<&str> {
    let first = line.split_whitespace().next()?;
    let other = match protocol {
        Protocol::Ucci => Protocol::Uci,
        Protocol::Uci => Protocol::Ucci,
    };
    first.eq_ignore_ascii_case(name(other)).then_some(first)
}

fn name(protocol: Protocol) -> &'static str {
    match protocol {
        Protocol::Ucci => "ucci",
        Protocol::Uci => "uci",
    }
}

#[derive(Debug, PartialEq)]
pub enum Line {
    Text(String),
    /// A line over the limit was skipped; its length in bytes.
    TooLong(usize),
    End,
}

/// Reads one line (up to `\n`), decoding invalid UTF-8 lossily; at most
/// MAX_LINE_BYTES are kept, the rest of a longer line is skipped.
pub fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<Line> {
    buf.clear();
    let mut total = 0usize;
    let mut saw_any = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        saw_any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        total += part.len();
        if buf.len() + part.len() <= MAX_LINE_BYTES {
            buf.extend_from_slice(part);
        }
        let used = done.unwrap_or(chunk.len());
        reader.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !saw_any {
        return Ok(Line::End);
    }
    if total > MAX_LINE_BYTES {
        return Ok(Line::TooLong(total));
    }
    Ok(Line::Text(String::from_utf8_lossy(buf).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<Line> {
        let mut r = std::io::Cursor::new(bytes.to_vec());
        let mut buf = Vec::new();
        let mut v = Vec::new();
        loop {
            let l = read_line(&mut r, &mut buf).unwrap();
            if l == Line::End {
                return v;
            }
            v.push(l);
        }
    }

    #[test]
    fn crlf_junk_and_a_missing_last_newline() {
        let got = lines(b"isready\r\n\xff\xfe go\nquit");
        assert_eq!(
            got,
            vec![
                Line::Text("isready\r".into()),
                Line::Text("\u{fffd}\u{fffd} go".into()),
                Line::Text("quit".into()),
            ]
        );
    }

    #[test]
    fn an_overlong_line_is_skipped_whole() {
        let mut bytes = vec![b'x'; MAX_LINE_BYTES + 10];
        bytes.extend_from_slice(b"\nisready\n");
        let got = lines(&bytes);
        assert_eq!(
            got,
            vec![
                Line::TooLong(MAX_LINE_BYTES + 10),
                Line::Text("isready".into())
            ]
        );
    }

    #[test]
    fn without_a_ctrl_c_handler_the_engine_still_serves() {
        let (tx, interrupts) = crossbeam_channel::bounded::<()>(1);
        drop(tx);
        let mut out = Vec::new();
        crate::protocol::run(
            std::io::Cursor::new(b"ucci\nisready\n".to_vec()),
            &mut out,
            interrupts,
        );
        let text = String::from_utf8(out).unwrap();
        assert!(text.ends_with("ucciok\nreadyok\n"), "{text}");
    }

    #[test]
    fn the_other_protocols_word_is_refused_with_a_message() {
        for (protocol, line) in [(Protocol::Uci, "ucci"), (Protocol::Ucci, " UCI\r")] {
            match parse(protocol, line) {
                Command::Malformed(m) => {
                    assert!(m.contains("ignored") && m.contains("first command"), "{m}")
                }
                other => panic!("{line}: {other:?}"),
            }
        }
        // The session's own word is a repeated greeting request.
        assert_eq!(parse(Protocol::Uci, "uci"), Command::Hello);
        assert_eq!(parse(Protocol::Ucci, "ucci"), Command::Hello);
        assert_eq!(parse(Protocol::Uci, "ucinewgame"), Command::NewGame);
    }

    #[test]
    fn the_first_protocol_word_chooses_the_parser() {
        let rx = spawn_reader(std::io::Cursor::new(b"hello\nuci\nisready\n".to_vec()));
        let got: Vec<Input> = rx.iter().collect();
        assert_eq!(
            got,
            vec![
                Input::Start(Protocol::Uci),
                Input::Command(Command::IsReady),
                Input::Eof
            ]
        );
    }
}
