//! Building a book from games: every position up to a ply limit with the move
//! played from it, scored for the side that played it, stored under the
//! position and under its mirror image; moves seen in fewer games than the
//! minimum are left out.

use super::{Book, Entry};
use chariot_core::moves::Move;
use chariot_core::pgn::PgnGame;
use chariot_core::position::Position;
use chariot_core::Color;

/// Which moves a book keeps.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct BuildLimits {
    /// Plies from each game's start.
    pub max_ply: usize,
    /// A move needs this many games (after merging mirror images).
    pub min_games: u32,
}

/// The position with files a..i reversed.
pub fn mirror(pos: &Position) -> Position {
    let fen = pos.fen();
    let (board, rest) = fen.split_once(' ').expect("a FEN has fields");
    let flipped: Vec<String> = board
        .split('/')
        .map(|rank| rank.chars().rev().collect())
        .collect();
    Position::from_fen(&format!("{} {rest}", flipped.join("/")))
        .expect("a mirror image is a position")
}

/// A move of the mirror image.
pub fn mirror_move(pos_mirrored: &Position, m: Move) -> Option<Move> {
    let text: String = m
        .to_string()
        .chars()
        .map(|c| {
            if c.is_ascii_lowercase() {
                (b'a' + (b'i' - c as u8)) as char
            } else {
                c
            }
        })
        .collect();
    pos_mirrored.parse_move(&text).ok()
}

/// Half points of the game for the side that moved, from Red's.
fn points_for(red_half_points: u32, mover: Color) -> u32 {
    match mover {
        Color::Red => red_half_points,
        Color::Black => 2 - red_half_points,
    }
}

/// The book of these games. Games without a result are left out.
pub fn build(games: &[PgnGame], limits: BuildLimits) -> Book {
    let mut raw = Vec::new();
    for g in games {
        let Some(red_points) = g.red_half_points() else {
            continue;
        };
        let mut pos = g.start();
        for &m in g.moves.iter().take(limits.max_ply) {
            let points = points_for(red_points, pos.side_to_move());
            raw.push(Entry {
                key: pos.key(),
                mv: m,
                games: 1,
                points,
            });
            let image = mirror(&pos);
            if let Some(mm) = mirror_move(&image, m) {
                raw.push(Entry {
                    key: image.key(),
                    mv: mm,
                    games: 1,
                    points,
                });
            }
            pos.make_move(m);
        }
    }
    // A symmetric position holds each move twice over (itself and its
    // image): its counts are then those of the move and its image together.
    let book = Book::from_entries(raw);
    Book::from_entries(
        book.entries
            .into_iter()
            .filter(|e| e.games as u32 >= limits.min_games),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::BookMove;
    use crate::limits::Level;
    use chariot_core::pgn::read_games;

    const GAMES: &str = "[Result \"1-0\"]\n\n1. H2-E2 H9-G7 2. H0-G2 1-0\n\n\
                         [Result \"0-1\"]\n\n1. H2-E2 B9-C7 0-1\n\n\
                         [Result \"1/2-1/2\"]\n\n1. B2-E2 H9-G7 1/2-1/2\n\n\
                         [Result \"*\"]\n\n1. C3-C4 *\n";

    fn mv(pos: &Position, m: &str) -> Move {
        pos.parse_move(m).unwrap()
    }

    #[test]
    fn mirror_images_merge_and_the_limits_hold() {
        let games = read_games(GAMES).unwrap();
        let book = build(
            &games,
            BuildLimits {
                max_ply: 2,
                min_games: 1,
            },
        );
        let start = Position::startpos();
        let moves = book.moves(&start);
        let h2e2 = moves.iter().find(|m| m.mv == mv(&start, "h2e2")).unwrap();
        let b2e2 = moves.iter().find(|m| m.mv == mv(&start, "b2e2")).unwrap();
        // h2e2 twice and b2e2 once, each also counted as the other's image.
        // Points: a win (2), a loss (0) and a draw (1).
        assert_eq!((h2e2.games, h2e2.points), (3, 3));
        assert_eq!(
            h2e2,
            &BookMove {
                mv: h2e2.mv,
                ..*b2e2
            }
        );
        assert!(
            moves.iter().all(|m| m.mv != mv(&start, "c3c4")),
            "a game without a result"
        );
        // The third ply (h0g2) is past max_ply.
        let mut pos = start.clone();
        pos.make_move(mv(&pos, "h2e2"));
        pos.make_move(mv(&pos, "h9g7"));
        assert!(book.moves(&pos).is_empty());
        let strict = build(
            &games,
            BuildLimits {
                max_ply: 2,
                min_games: 3,
            },
        );
        assert!(strict.moves(&start).iter().all(|m| m.games >= 3));
    }

    #[test]
    fn picks_follow_randomness_and_never_a_banned_move_and_files_round_trip() {
        let games = read_games(GAMES).unwrap();
        let book = build(
            &games,
            BuildLimits {
                max_ply: 4,
                min_games: 1,
            },
        );
        let start = Position::startpos();
        let mut after = start.clone();
        after.make_move(mv(&start, "h2e2"));
        // Black against the central cannon: h9g7 (won by Red, 0 points) and b9c7 (won, 2).
        let best = book.pick(&after, &[], Level::None, 0.0).unwrap();
        assert_eq!(best.mv, mv(&after, "b9c7"));
        assert_eq!(
            book.pick(&after, &[best.mv], Level::None, 0.0).unwrap().mv,
            mv(&after, "h9g7")
        );
        let rolls: Vec<Move> = (0..10)
            .map(|i| {
                book.pick(&after, &[], Level::Large, i as f64 / 10.0)
                    .unwrap()
                    .mv
            })
            .collect();
        assert!(
            rolls.contains(&mv(&after, "b9c7")) && rolls.contains(&mv(&after, "h9g7")),
            "{rolls:?}"
        );
        let all = book.moves(&after).iter().map(|m| m.mv).collect::<Vec<_>>();
        assert_eq!(book.pick(&after, &all, Level::Medium, 0.5), None);

        let path = std::env::temp_dir().join(format!("chariot-book-{}.book", std::process::id()));
        book.save(&path).unwrap();
        assert_eq!(Book::load(&path).unwrap(), book);
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
        assert!(Book::load(&path).unwrap_err().contains("entries need"));
        std::fs::write(&path, b"not a book at all").unwrap();
        assert!(Book::load(&path)
            .unwrap_err()
            .contains("not a Chariot book"));
        let _ = std::fs::remove_file(&path);
    }
}
