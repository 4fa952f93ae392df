//! `.obk` opening books (BHGUI, VinXiangQi): a small book made here with
//! SQLite, played from through the binary, looked up mirrored and colour
//! flipped, with a move stored bytes swapped, refused when it is no book, and
//! converted to Chariot's format.

mod common;
mod protocol_harness;

use chariot::book::obk::{bh_key, encode};
use chariot::book::{Book, BookMove};
use chariot::limits::Level;
use chariot_core::Position;
use protocol_harness::{chariot, Engine};
use rusqlite::{params, Connection};
use std::path::{Path, PathBuf};

/// One row: the position (start + moves), the move, vscore, win, draw, lost,
/// vvalid, and whether the move's bytes are stored the other way round.
struct Row {
    moves: &'static str,
    mv: &'static str,
    score: i32,
    wdl: (u32, u32, u32),
    valid: i32,
    swapped: bool,
}

const fn row(moves: &'static str, mv: &'static str, score: i32, wdl: (u32, u32, u32)) -> Row {
    Row {
        moves,
        mv,
        score,
        wdl,
        valid: 1,
        swapped: false,
    }
}

fn after(moves: &str) -> Position {
    let mut pos = Position::startpos();
    for m in moves.split_whitespace() {
        let m = pos.parse_move(m).unwrap();
        pos.make_move(m);
    }
    pos
}

/// The book's rows: at the start h2e2 (the best score) and b2e2, and a
/// disabled c3c4 with a higher score; h9g7 after h2e2; h0g2 after h2e2 h9g7
/// with its bytes swapped; after g3g4 only b9c7, which is h9g7 after c3c4
/// seen in the mirror.
fn rows() -> Vec<Row> {
    vec![
        row("", "h2e2", 40, (10, 5, 2)),
        row("", "b2e2", 20, (3, 1, 1)),
        Row {
            valid: 0,
            ..row("", "c3c4", 90, (50, 0, 0))
        },
        row("h2e2", "h9g7", 10, (4, 4, 4)),
        Row {
            swapped: true,
            ..row("h2e2 h9g7", "h0g2", 15, (2, 0, 0))
        },
        row("g3g4", "b9c7", 5, (1, 1, 0)),
    ]
}

/// Writes the rows as a `.obk` book with table `table`. Keys from 2^63 up
/// are stored as a REAL of the same bits, as the GUIs' books do.
fn write_obk(path: &Path, table: &str, rows: &[Row]) -> usize {
    let _ = std::fs::remove_file(path);
    let db = Connection::open(path).unwrap();
    db.execute_batch(&format!(
        "CREATE TABLE {table} (id INTEGER PRIMARY KEY AUTOINCREMENT, vkey INTEGER, \
         vmove INTEGER, vscore INTEGER, vwin INTEGER, vdraw INTEGER, vlost INTEGER, \
         vvalid INTEGER, vmemo BLOB, vindex INTEGER); \
         CREATE INDEX idxkey ON {table}(vkey);"
    ))
    .unwrap();
    let mut reals = 0;
    for r in rows {
        let pos = after(r.moves);
        let key = bh_key(&pos);
        let mut vmove = encode(pos.parse_move(r.mv).unwrap());
        if r.swapped {
            vmove = vmove.swap_bytes();
        }
        let sql = format!(
            "INSERT INTO {table} (vkey, vmove, vscore, vwin, vdraw, vlost, vvalid, vmemo, vindex) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
        );
        let (w, d, l) = r.wdl;
        let plies = r.moves.split_whitespace().count() as i64 + 1;
        let memo = "note".as_bytes();
        if key >> 63 == 1 {
            reals += 1;
            let k = f64::from_bits(key);
            db.execute(
                &sql,
                params![k, vmove, r.score, w, d, l, r.valid, memo, plies],
            )
        } else {
            let k = key as i64;
            db.execute(
                &sql,
                params![k, vmove, r.score, w, d, l, r.valid, memo, plies],
            )
        }
        .unwrap();
    }
    reals
}

fn dir() -> PathBuf {
    common::scratch_dir("chariot-obk")
}

fn moves_of(book: &Book, pos: &Position) -> Vec<(String, u16, u32)> {
    let mut v: Vec<_> = book
        .moves(pos)
        .iter()
        .map(|m| (m.mv.to_string(), m.games, m.points))
        .collect();
    v.sort();
    v
}

#[test]
fn the_engine_plays_from_an_obk_book() {
    let book = dir().join("small.obk");
    let reals = write_obk(&book, "bhobk", &rows());
    assert!(reals > 0, "some key should be stored as a REAL");

    // UCCI: bookfiles takes the .obk as it takes Chariot's books.
    let mut e = Engine::with("ucci");
    e.send(&format!("setoption bookfiles {}", book.display()));
    e.send("position startpos");
    e.send("go depth 8");
    let lines = e.read_until("bestmove", |l| l.starts_with("bestmove"));
    // h2e2 has the highest vscore of the valid moves (c3c4 is disabled).
    assert_eq!(lines.last().unwrap(), "bestmove h2e2", "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info message book move h2e2 (17 games, 74%)")),
        "{lines:?}"
    );
    e.send("banmoves h2e2");
    e.send("go depth 8");
    assert_eq!(e.bestmove(), "bestmove b2e2");
    e.send("position startpos moves h2e2");
    e.send("go depth 8");
    assert_eq!(e.bestmove(), "bestmove h9g7");
    // The move stored with its bytes swapped.
    e.send("position startpos moves h2e2 h9g7");
    e.send("go depth 8");
    assert_eq!(e.bestmove(), "bestmove h0g2");
    // Only the mirror image g3g4 is in the book: its b9c7 is h9g7 here.
    e.send("position startpos moves c3c4");
    e.send("go depth 8");
    assert_eq!(e.bestmove(), "bestmove h9g7");

    // UCI: Book File, with OwnBook on.
    let mut e = Engine::with("uci");
    e.send(&format!(
        "setoption name Book File value {}",
        book.display()
    ));
    e.send("setoption name OwnBook value true");
    e.send("position startpos moves h2e2");
    e.send("go depth 8");
    assert_eq!(e.bestmove(), "bestmove h9g7");
}

#[test]
fn lookups_mirror_flip_colours_and_decode_both_byte_orders() {
    let path = dir().join("lookups.obk");
    write_obk(&path, "bhobk", &rows());
    let book = Book::load(&path).unwrap();
    // Six rows, one disabled.
    assert_eq!(book.len(), 5);
    let start = Position::startpos();
    assert_eq!(
        moves_of(&book, &start),
        vec![("b2e2".into(), 5, 7), ("h2e2".into(), 17, 25)]
    );
    let pick = book.pick(&start, &[], Level::None, 0.0).unwrap();
    assert_eq!(
        pick,
        BookMove {
            mv: start.parse_move("h2e2").unwrap(),
            games: 17,
            points: 25,
            score: Some(40),
        }
    );
    // Swapped bytes.
    let pos = after("h2e2 h9g7");
    assert_eq!(moves_of(&book, &pos), vec![("h0g2".into(), 2, 4)]);
    // Mirrored: stored under g3g4's key only.
    let pos = after("c3c4");
    assert_eq!(moves_of(&book, &pos), vec![("h9g7".into(), 2, 3)]);
    // Colour flipped: this position, turned round with the colours
    // swapped, is the one after h2e2 (Black's cannon on e7, Red to move);
    // its book move is that position's h9g7 turned round: h0g2.
    let flipped =
        Position::from_fen("rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
            .unwrap();
    assert_eq!(flipped.color_flipped().key(), after("h2e2").key());
    assert_eq!(moves_of(&book, &flipped), vec![("h0g2".into(), 12, 12)]);
    // Not in the book in any view.
    assert!(book.moves(&after("c3c4 c6c5")).is_empty());

    // The PF variant's table name.
    let pf = dir().join("small.pfbook");
    write_obk(&pf, "pfBook", &rows());
    let pf_book = Book::load(&pf).unwrap();
    assert_eq!(moves_of(&pf_book, &start), moves_of(&book, &start));
}

#[test]
fn files_that_are_no_obk_book_are_refused_and_left_as_they_were() {
    let d = dir();
    let text = d.join("junk.obk");
    std::fs::write(&text, "this is not a database\n").unwrap();
    let mut header_only = b"SQLite format 3\0".to_vec();
    header_only.extend(std::iter::repeat_n(0xa5u8, 2000));
    let damaged = d.join("damaged.book");
    std::fs::write(&damaged, &header_only).unwrap();
    let other = d.join("other.obk");
    let _ = std::fs::remove_file(&other);
    Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE games (id INTEGER, moves TEXT);")
        .unwrap();
    let no_columns = d.join("columns.obk");
    let _ = std::fs::remove_file(&no_columns);
    Connection::open(&no_columns)
        .unwrap()
        .execute_batch("CREATE TABLE bhobk (id INTEGER, vkey INTEGER);")
        .unwrap();
    let before: Vec<Vec<u8>> = [&text, &damaged, &other, &no_columns]
        .iter()
        .map(|p| std::fs::read(p).unwrap())
        .collect();

    for (path, why) in [
        (&text, "not a readable .obk book"),
        (&damaged, "not a readable .obk book"),
        (&other, "no table bhobk or pfBook"),
        (&no_columns, "not a readable .obk book"),
    ] {
        let e = Book::load(path).unwrap_err();
        assert!(
            e.contains(&path.display().to_string()) && e.contains(why),
            "{e}"
        );
    }

    // Through the engine: each is named and left out; the good book plays.
    let good = d.join("good.obk");
    write_obk(&good, "bhobk", &rows());
    let mut e = Engine::with("ucci");
    e.send(&format!(
        "setoption bookfiles {};{};{};{}",
        text.display(),
        damaged.display(),
        other.display(),
        good.display()
    ));
    for bad in [&text, &damaged, &other] {
        let refusal = e.expect_prefix("info message book not used");
        assert!(refusal.contains(&bad.display().to_string()), "{refusal}");
    }
    e.send("position startpos moves h2e2");
    e.send("go depth 8");
    assert_eq!(e.bestmove(), "bestmove h9g7");
    // Only bad files: no book, the search answers.
    e.send(&format!("setoption bookfiles {}", text.display()));
    e.expect_prefix("info message book not used");
    e.send("go depth 2");
    let lines = e.read_until("bestmove", |l| l.starts_with("bestmove"));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 2")),
        "{lines:?}"
    );

    // Opened read-only: every file is as it was, and no journal was left.
    let after: Vec<Vec<u8>> = [&text, &damaged, &other, &no_columns]
        .iter()
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    assert_eq!(before, after);
    for p in [&text, &damaged, &other, &no_columns, &good] {
        for tail in ["-journal", "-wal", "-shm"] {
            let side = PathBuf::from(format!("{}{tail}", p.display()));
            assert!(!side.exists(), "{}", side.display());
        }
    }
}

#[test]
fn chariot_book_converts_an_obk_book_with_the_same_moves() {
    let d = dir();
    let obk = d.join("convert.obk");
    write_obk(&obk, "bhobk", &rows());
    let out = d.join("converted.book");
    let c3c4 = after("c3c4").fen();
    let (ok, stdout, err) = chariot(&[
        "book",
        obk.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--fen",
        &c3c4,
    ]);
    assert!(ok, "{err}");
    assert!(stdout.contains("1 .obk books"), "{stdout}");
    let original = Book::load(&obk).unwrap();
    let converted = Book::load(&out).unwrap();
    assert!(!converted.entries().is_empty());
    for moves in ["", "h2e2", "h2e2 h9g7", "c3c4", "b2e2", "g3g4"] {
        let pos = after(moves);
        assert_eq!(
            moves_of(&converted, &pos),
            moves_of(&original, &pos),
            "after '{moves}'"
        );
    }
    // Mirror images are stored too: after b2e2 (the image of h2e2) b9c7.
    assert_eq!(
        moves_of(&converted, &after("b2e2")),
        vec![("b9c7".into(), 12, 12)]
    );
    // The converted book plays like the original.
    let mut e = Engine::with("ucci");
    e.send(&format!("setoption bookfiles {}", out.display()));
    e.send("position startpos moves h2e2 h9g7");
    e.send("go depth 8");
    assert_eq!(e.bestmove(), "bestmove h0g2");

    // A ply limit of 1 keeps only the start position's moves.
    let (ok, _, err) = chariot(&[
        "book",
        obk.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--max-ply",
        "1",
    ]);
    assert!(ok, "{err}");
    let shallow = Book::load(&out).unwrap();
    assert_eq!(moves_of(&shallow, &Position::startpos()).len(), 2);
    assert!(shallow.moves(&after("h2e2")).is_empty());

    // A file that is no book stops the conversion with its name.
    let junk = d.join("junk-convert.obk");
    std::fs::write(&junk, "nothing").unwrap();
    let (ok, _, err) = chariot(&["book", junk.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(!ok && err.contains("junk-convert.obk"), "{err}");
}
