//! PGN with ICCS moves, as `chariot-league` and most Xiangqi tools write it:
//! the pieces every writer shares (move and tag text, move text in lines),
//! and reading games back: tags (`FEN` gives the start, else the opening
//! array), then the moves as `H2-E2` or `h2e2`, or in Chinese notation
//! (`炮二平五`, see `notation`), with move numbers, comments
//! (`{...}`, `;` to the line's end; the first after a move is kept as its
//! note), variations (`(...)`, skipped), NAGs (`$1`) and the result. Every
//! move is checked against the position; an error names the game and the
//! move. A match runner's note (`{+0.22/17 0.336s}`) reads back with
//! `engine_note`.

use crate::error::ParseFenError;
use crate::moves::Move;
use crate::position::{Position, START_FEN};
use std::fmt;

/// One game: its tags in file order, the start position and the moves.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub start_fen: String,
    pub moves: Vec<Move>,
    /// `notes[i]` is the text of the comment that followed `moves[i]`, if
    /// any (shorter than `moves`, or empty, for a game built by hand).
    pub notes: Vec<Option<String>>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`), if the game had one.
    pub result: Option<String>,
}

impl PgnGame {
    /// A tag's value, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The start position (the `FEN` tag was checked when the game was read).
    pub fn start(&self) -> Position {
        Position::from_fen(&self.start_fen).expect("checked when read")
    }

    /// The comment that followed the move of this ply (from 0), if any.
    pub fn note(&self, ply: usize) -> Option<&str> {
        self.notes.get(ply)?.as_deref()
    }

    /// Red's half points (2 a win, 1 a draw, 0 a loss); None for a game
    /// without a result (`*`, or none).
    pub fn red_half_points(&self) -> Option<u32> {
        match self.result.as_deref()? {
            "1-0" => Some(2),
            "1/2-1/2" => Some(1),
            "0-1" => Some(0),
            _ => None,
        }
    }
}

/// Why a PGN text could not be read.
#[derive(Clone, Debug, PartialEq)]
pub enum PgnError {
    /// The `FEN` tag of game `game` (from 1) is not a position.
    Fen { game: usize, error: ParseFenError },
    /// A move of game `game` that is not legal or not ICCS.
    Move {
        game: usize,
        ply: usize,
        text: String,
        reason: String,
    },
    /// A tag line that does not read as `[Name "value"]`.
    Tag { game: usize, line: String },
    /// Nothing that looks like a game.
    Empty,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::Fen { game, error } => write!(f, "game {game}: bad FEN tag: {error}"),
            PgnError::Move {
                game,
                ply,
                text,
                reason,
            } => write!(f, "game {game}, ply {ply}: move '{text}': {reason}"),
            PgnError::Tag { game, line } => write!(f, "game {game}: bad tag line '{line}'"),
            PgnError::Empty => write!(f, "no game found"),
        }
    }
}

impl std::error::Error for PgnError {}

/// A move as PGN files write ICCS: `h2e2` becomes `H2-E2`.
pub fn iccs_text(mv: &str) -> String {
    let up = mv.to_ascii_uppercase();
    if up.len() == 4 {
        format!("{}-{}", &up[..2], &up[2..])
    } else {
        up
    }
}

/// A tag value with `\` and `"` escaped.
pub fn quote(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Move text words in lines of at most 79 characters, each ending in `\n`.
pub fn wrap_words(words: &[String]) -> String {
    let mut text = String::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    text.push_str(&line);
    text.push('\n');
    text
}

/// Where a ply stands in a game's move text: its move number and whose move
/// it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    pub number: u32,
    pub red: bool,
}

impl MoveNumber {
    /// The label PGN writes before the move: `12.` for Red, `12...` for Black
    /// (written before Black's move only where the text starts with it).
    pub fn label(&self) -> String {
        if self.red {
            format!("{}.", self.number)
        } else {
            format!("{}...", self.number)
        }
    }
}

/// The move numbers of a game from `start_fen`, ply by ply: the count starts
/// at the FEN's move number (1 if it has none) and goes up after Black moves.
pub fn move_numbers(start_fen: &str) -> impl Iterator<Item = MoveNumber> {
    let mut fields = start_fen.split_whitespace().skip(1);
    let black_first = fields.next() == Some("b");
    // After the side come castling, en passant, the halfmove clock and the number.
    let first: u32 = fields
        .nth(3)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
        .max(1);
    (0u32..).map(move |ply| MoveNumber {
        number: first + (ply + black_first as u32) / 2,
        red: (ply % 2 == 0) != black_first,
    })
}

/// A score in a match runner's move note, from the mover's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoteScore {
    /// Centipawns (the note gives pawns: `+0.22` is 22).
    Centipawns(i32),
    /// Mate in this many moves (`+M5` is 5; `-M5`, being mated, is -5).
    Mate(i32),
}

/// What a move's note says of the engine's search: `{+0.22/17 0.336s}` as
/// cutechess and chariot-league write it, the score in pawns (or `+M5`)
/// over the depth, then the time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineNote {
    pub score: NoteScore,
    pub depth: Option<u32>,
}

/// The score and depth of a move's note; None when it holds no score (a
/// time alone, or a comment of another kind).
pub fn engine_note(text: &str) -> Option<EngineNote> {
    let word = text.split_whitespace().next()?;
    let (value, depth) = match word.split_once('/') {
        Some((v, d)) => (v, Some(d.parse().ok()?)),
        None => (word, None),
    };
    let (negative, magnitude) = match value.as_bytes().first()? {
        b'+' => (false, &value[1..]),
        b'-' => (true, &value[1..]),
        _ => return None,
    };
    let signed = |v: i32| if negative { -v } else { v };
    let score = if let Some(moves) = magnitude.strip_prefix('M') {
        NoteScore::Mate(signed(moves.parse().ok()?))
    } else {
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        let (whole, fraction) = match magnitude.split_once('.') {
            Some((w, f)) => (w, Some(f)),
            None => (magnitude, None),
        };
        if !digits(whole) || fraction.is_some_and(|f| !digits(f)) {
            return None;
        }
        let pawns: f64 = magnitude.parse().ok()?;
        NoteScore::Centipawns(signed((pawns * 100.0).round() as i32))
    };
    Some(EngineNote { score, depth })
}

/// Every game of a PGN text.
pub fn read_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = Vec::new();
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut movetext = String::new();
    let finish =
        |tags: &mut Vec<(String, String)>, movetext: &mut String, games: &mut Vec<PgnGame>| {
            if tags.is_empty() && movetext.trim().is_empty() {
                return Ok(());
            }
            let game = parse_game(
                std::mem::take(tags),
                &std::mem::take(movetext),
                games.len() + 1,
            )?;
            games.push(game);
            Ok(())
        };
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') && !movetext.trim().is_empty() {
            finish(&mut tags, &mut movetext, &mut games)?;
        }
        if t.starts_with('[') {
            let tag = parse_tag(t).ok_or_else(|| PgnError::Tag {
                game: games.len() + 1,
                line: t.chars().take(80).collect(),
            })?;
            tags.push(tag);
        } else if !t.starts_with('%') {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    finish(&mut tags, &mut movetext, &mut games)?;
    if games.is_empty() {
        return Err(PgnError::Empty);
    }
    Ok(games)
}

/// `[Name "value"]`, with `\"` and `\\` escapes.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.extend(chars.next());
        } else {
            value.push(c);
        }
    }
    Some((name.to_string(), value))
}

fn parse_game(
    tags: Vec<(String, String)>,
    movetext: &str,
    game: usize,
) -> Result<PgnGame, PgnError> {
    let start_fen = tags
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("FEN"))
        .map_or(START_FEN.to_string(), |(_, v)| v.clone());
    let mut pos = Position::from_fen(&start_fen).map_err(|error| PgnError::Fen { game, error })?;
    let mut moves = Vec::new();
    let mut notes: Vec<Option<String>> = Vec::new();
    let mut result = None;
    for token in tokens(movetext) {
        let token = match token {
            Token::Word(word) => word,
            // The first comment after a move is its note.
            Token::Comment(text) => {
                if let Some(note @ None) = notes.last_mut() {
                    *note = Some(text);
                }
                continue;
            }
        };
        if matches!(token.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
            result = Some(token);
            continue;
        }
        // Move numbers (`12.`, `12...`), NAGs, and annotation marks.
        let word = token.trim_end_matches(['!', '?']);
        if word.is_empty()
            || word.starts_with('$')
            || word.chars().all(|c| c.is_ascii_digit() || c == '.')
        {
            continue;
        }
        let word = match word.find('.') {
            Some(i) if word[..i].chars().all(|c| c.is_ascii_digit()) => {
                word[i..].trim_start_matches('.')
            }
            _ => word,
        };
        if word.is_empty() {
            continue;
        }
        let read = if word.is_ascii() {
            let iccs: String = word
                .chars()
                .filter(|&c| c != '-')
                .collect::<String>()
                .to_ascii_lowercase();
            pos.parse_move(&iccs).map_err(|e| e.to_string())
        } else {
            crate::notation::parse_chinese(&pos, word).map_err(|e| e.to_string())
        };
        let mv = read.map_err(|reason| PgnError::Move {
            game,
            ply: moves.len() + 1,
            text: word.to_string(),
            reason,
        })?;
        pos.make_move(mv);
        moves.push(mv);
        notes.push(None);
    }
    Ok(PgnGame {
        tags,
        start_fen,
        moves,
        notes,
        result,
    })
}

/// A piece of move text: a word, or a comment outside the variations.
enum Token {
    Word(String),
    Comment(String),
}

/// The move text's words and comments, without variations.
fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut depth = 0usize;
    let mut chars = text.chars();
    let flush = |word: &mut String, out: &mut Vec<Token>| {
        if !word.is_empty() {
            out.push(Token::Word(std::mem::take(word)));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' | ';' => {
                flush(&mut word, &mut out);
                let end = if c == '{' { '}' } else { '\n' };
                let comment: String = chars.by_ref().take_while(|&d| d != end).collect();
                if depth == 0 {
                    out.push(Token::Comment(comment.trim().to_string()));
                }
            }
            '(' => {
                flush(&mut word, &mut out);
                depth += 1;
            }
            ')' => {
                word.clear();
                depth = depth.saturating_sub(1);
            }
            c if c.is_whitespace() => {
                if depth == 0 {
                    flush(&mut word, &mut out);
                } else {
                    word.clear();
                }
            }
            c => word.push(c),
        }
    }
    if depth == 0 {
        flush(&mut word, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = r#"[Game "Chinese Chess"]
[Event "Test \"quoted\""]
[Red "A"]
[Black "B"]
[Result "1-0"]
[Format "ICCS"]

1. H2-E2 {a comment} H9-G7 2. h0g2 (2. B0-C2 B9-C7) i9h9 $1 3. I0-H0? ; to the end
B9-C7 1-0

[Game "Chinese Chess"]
[FEN "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"]

1. E1-E8 *
"#;

    #[test]
    fn move_numbers_follow_the_start_and_go_up_after_black() {
        let labels =
            |fen: &str| -> Vec<String> { move_numbers(fen).take(4).map(|n| n.label()).collect() };
        assert_eq!(labels(START_FEN), ["1.", "1...", "2.", "2..."]);
        let black = "4k4/9/9/9/9/9/9/9/9/4K4 b - - 3 17";
        assert_eq!(labels(black), ["17...", "18.", "18...", "19."]);
        // No move number in the FEN, or 0: the count starts at 1.
        assert_eq!(labels("4k4/9/9/9/9/9/9/9/9/4K4 b")[0], "1...");
        assert_eq!(labels("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 0")[1], "1...");
    }

    #[test]
    fn games_are_read_with_their_tags_moves_and_results() {
        let games = read_games(GAME).unwrap();
        assert_eq!(games.len(), 2);
        let g = &games[0];
        assert_eq!(g.tag("event"), Some("Test \"quoted\""));
        assert_eq!(g.start_fen, START_FEN);
        let moves: Vec<String> = g.moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]);
        assert_eq!(g.result.as_deref(), Some("1-0"));
        assert_eq!(games[1].moves.len(), 1);
        assert_eq!(games[1].result.as_deref(), Some("*"));
        assert_eq!(
            games[1].start().fen(),
            "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"
        );
    }

    #[test]
    fn the_first_comment_after_a_move_is_its_note() {
        let g = &read_games(GAME).unwrap()[0];
        // h2e2 {a comment}, nothing after h9g7, the variation's moves skipped,
        // and `;` to the line's end after i0h0.
        assert_eq!(g.notes.len(), g.moves.len());
        assert_eq!(g.note(0), Some("a comment"));
        assert_eq!(g.note(1), None);
        assert_eq!(g.note(3), None);
        assert_eq!(g.note(4), Some("to the end"));
        assert_eq!(g.note(6), None);
        let two = read_games("{before} 1. h2e2 {first} {second} h9g7 (h9g7 {inside}) *").unwrap();
        assert_eq!(two[0].notes, [Some("first".to_string()), None]);
    }

    #[test]
    fn engine_notes_give_the_movers_score_and_depth() {
        let cp = |v| Some(NoteScore::Centipawns(v));
        let read = |t: &str| engine_note(t).map(|n| (Some(n.score), n.depth));
        assert_eq!(read("+0.22/17 0.336s"), Some((cp(22), Some(17))));
        assert_eq!(read("-1.05/9 1.2s"), Some((cp(-105), Some(9))));
        assert_eq!(read("+288.99/94 0.354s"), Some((cp(28899), Some(94))));
        assert_eq!(read("-0.00/20 0.1s"), Some((cp(0), Some(20))));
        assert_eq!(read("+3/5"), Some((cp(300), Some(5))));
        assert_eq!(
            read("+M16/44 0.359s"),
            Some((Some(NoteScore::Mate(16)), Some(44)))
        );
        assert_eq!(
            read("-M1/245 0.008s"),
            Some((Some(NoteScore::Mate(-1)), Some(245)))
        );
        assert_eq!(read("+0.40 0.5s"), Some((cp(40), None)));
        for none in [
            "0.336s",
            "",
            "a comment",
            "+x/3",
            "+0.2/x 1s",
            "+.5/3",
            "+1./3",
            "M5/3",
        ] {
            assert_eq!(engine_note(none), None, "{none:?}");
        }
    }

    #[test]
    fn a_result_gives_reds_half_points_and_no_result_none() {
        let mut g = read_games(GAME).unwrap().remove(0);
        for (token, points) in [
            (Some("1-0"), Some(2)),
            (Some("1/2-1/2"), Some(1)),
            (Some("0-1"), Some(0)),
            (Some("*"), None),
            (None, None),
        ] {
            g.result = token.map(str::to_string);
            assert_eq!(g.red_half_points(), points, "{token:?}");
        }
    }

    #[test]
    fn chinese_moves_are_read_like_iccs() {
        let games = read_games("1. 炮二平五 马８进７ 2. 马二进三 {c} 车９平８ *").unwrap();
        let moves: Vec<String> = games[0].moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["h2e2", "h9g7", "h0g2", "i9h9"]);
        let err = read_games("1. 炮二平五 马８进７ 2. 炮五进四 炮８进９ *").unwrap_err();
        match err {
            PgnError::Move { ply, text, .. } => assert_eq!((ply, text.as_str()), (4, "炮８进９")),
            e => panic!("{e}"),
        }
    }

    #[test]
    fn bad_games_name_the_game_the_ply_and_the_move() {
        let illegal = GAME.replace("i9h9", "i9i5");
        match read_games(&illegal).unwrap_err() {
            PgnError::Move {
                game, ply, text, ..
            } => {
                assert_eq!((game, ply, text.as_str()), (1, 4, "i9i5"))
            }
            e => panic!("{e}"),
        }
        let bad_fen = GAME.replace("3k5/9/9/9/9/9/9/9/4R4/4K4", "4k4/9");
        assert!(matches!(
            read_games(&bad_fen),
            Err(PgnError::Fen { game: 2, .. })
        ));
        assert!(matches!(
            read_games("[Event broken\n1. h2e2"),
            Err(PgnError::Tag { .. })
        ));
        assert_eq!(read_games("\n\n"), Err(PgnError::Empty));
        assert!(read_games("1. xx-yy")
            .unwrap_err()
            .to_string()
            .contains("move 'xx-yy'"));
    }
}
