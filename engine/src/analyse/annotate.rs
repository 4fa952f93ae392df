//! Writing an analysed game back as PGN: each move with the score after it
//! (Red's view, in pawns, and the depth), a mark when the move lost ground,
//! and the better line as a variation.

use crate::score::{mate_in_plies, DECISIVE_BOUND};
use chariot_core::moves::Move;
use chariot_core::notation::chinese;
use chariot_core::pgn::{iccs_text, move_numbers, quote, wrap_words, PgnGame};
use chariot_core::Position;

/// How the moves are written: ICCS (`H2-E2`) or Chinese (`炮二平五`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    #[default]
    Iccs,
    Chinese,
}

impl Notation {
    /// The `Format` tag a game in this notation carries.
    fn format_tag(self) -> &'static str {
        match self {
            Notation::Iccs => "ICCS",
            Notation::Chinese => "Chinese",
        }
    }

    /// `mv`, played in `pos`, as this notation writes it.
    fn write(self, pos: &Position, mv: Move) -> String {
        match self {
            Notation::Iccs => iccs_text(&mv.to_string()),
            Notation::Chinese => chinese(pos, mv),
        }
    }
}

/// What the search said of one position (scores from its side to move).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PositionReport {
    pub score: i32,
    pub depth: u32,
    pub best: Option<Move>,
    pub pv: Vec<Move>,
}

/// Marks by centipawns lost (a horse is about 100): `??` from 300, `?` from
/// 120, `?!` from 60.
pub fn mark(loss: i32) -> &'static str {
    match loss {
        l if l >= 300 => "??",
        l if l >= 120 => "?",
        l if l >= 60 => "?!",
        _ => "",
    }
}

/// Scores beyond this count as this much when measuring a loss (a mate in 5
/// and a mate in 7 are both won).
const LOSS_CAP: i32 = 2000;

/// Centipawns the move from position `i` lost: the score before it against
/// the score after it, both from the mover's side.
pub fn loss_of_move(reports: &[PositionReport], i: usize) -> i32 {
    let before = reports[i].score.clamp(-LOSS_CAP, LOSS_CAP);
    let after = (-reports[i + 1].score).clamp(-LOSS_CAP, LOSS_CAP);
    (before - after).max(0)
}

/// How the move `m` from position `i` is judged: its mark (empty when it
/// kept its ground) and, when marked and not the search's choice, the
/// better line the search found.
pub fn judge(reports: &[PositionReport], i: usize, m: Move) -> (&'static str, Option<&[Move]>) {
    let mark = mark(loss_of_move(reports, i));
    let here = &reports[i];
    let better = (!mark.is_empty() && here.best.is_some_and(|b| b != m) && !here.pv.is_empty())
        .then_some(here.pv.as_slice());
    (mark, better)
}

/// A score as PGN comments show it: pawns with a sign, `#N` for a mate in
/// N moves (`#-N` when being mated), `+rule`/`-rule` for a game the league's
/// repetition rules decide.
pub fn pawns(score: i32) -> String {
    match mate_in_plies(score) {
        Some(p) if p >= 0 => format!("#{}", (p + 1) / 2),
        Some(p) => format!("#-{}", (-p + 1) / 2),
        None if score >= DECISIVE_BOUND => "+rule".into(),
        None if score <= -DECISIVE_BOUND => "-rule".into(),
        None => format!("{:+.2}", score as f64 / 100.0),
    }
}

/// The game as PGN with the analysis in it; `reports` has one entry per
/// position (the start and after each move).
pub fn annotate(game: &PgnGame, reports: &[PositionReport], annotator: &str) -> String {
    annotate_in(game, reports, annotator, Notation::Iccs)
}

/// [`annotate`], with the moves and the better lines in `notation`.
pub fn annotate_in(
    game: &PgnGame,
    reports: &[PositionReport],
    annotator: &str,
    notation: Notation,
) -> String {
    let mut s = String::new();
    // The tag that says how the moves are written follows the notation.
    for (k, v) in game.tags.iter().filter(|(k, _)| k != "Annotator") {
        let v = if k == "Format" {
            notation.format_tag()
        } else {
            v
        };
        s.push_str(&format!("[{k} \"{}\"]\n", quote(v)));
    }
    if game.tag("Format").is_none() && notation != Notation::Iccs {
        s.push_str(&format!("[Format \"{}\"]\n", notation.format_tag()));
    }
    s.push_str(&format!("[Annotator \"{}\"]\n\n", quote(annotator)));
    let mut pos = game.start();
    let mut words: Vec<String> = Vec::new();
    for ((i, &m), n) in game
        .moves
        .iter()
        .enumerate()
        .zip(move_numbers(&game.start_fen))
    {
        let red = n.red;
        let prefix = if red || i == 0 {
            format!("{} ", n.label())
        } else {
            String::new()
        };
        let (mark, better) = judge(reports, i, m);
        words.push(format!("{prefix}{}{mark}", notation.write(&pos, m)));
        let after = &reports[i + 1];
        let red_view = if red { -after.score } else { after.score };
        words.push(format!("{{{}/{}}}", pawns(red_view), after.depth));
        if let Some(pv) = better {
            let here = &reports[i];
            let red_best = if red { here.score } else { -here.score };
            let mut along = pos.clone();
            let line: Vec<String> = pv
                .iter()
                .take(8)
                .map(|&mv| {
                    let text = notation.write(&along, mv);
                    along.make_move(mv);
                    text
                })
                .collect();
            words.push(format!(
                "({} {} {{{}}})",
                n.label(),
                line.join(" "),
                pawns(red_best)
            ));
        }
        pos.make_move(m);
    }
    words.push(game.result.clone().unwrap_or_else(|| "*".into()));
    s.push_str(&wrap_words(&words));
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;
    use chariot_core::pgn::read_games;

    fn report(score: i32, best: &str, pv: &[&str]) -> PositionReport {
        PositionReport {
            score,
            depth: 10,
            best: Move::parse_text(best).ok(),
            pv: pv.iter().map(|m| Move::parse_text(m).unwrap()).collect(),
        }
    }

    #[test]
    fn marks_grow_with_the_loss() {
        assert_eq!(
            [mark(0), mark(59), mark(60), mark(150), mark(300)],
            ["", "", "?!", "?", "??"]
        );
        assert_eq!(pawns(35), "+0.35");
        assert_eq!(pawns(-120), "-1.20");
        assert_eq!(pawns(MATE - 3), "#2");
        assert_eq!(pawns(-(MATE - 4)), "#-2");
        assert_eq!(pawns(DECISIVE_BOUND + 1), "+rule");
    }

    #[test]
    fn a_losing_move_gets_its_mark_the_scores_and_the_better_line() {
        let game =
            &read_games("[Red \"A\"]\n[Black \"B\"]\n\n1. H2-E2 H9-G7 2. H0-G2 1-0\n").unwrap()[0];
        // Red +0.20; after h2e2 Black to move -0.20 (Red +0.20); Black's h9g7
        // drops to -3.40 for Black where b9c7 kept -0.30; then Red's h0g2.
        let reports = [
            report(20, "h2e2", &["h2e2"]),
            report(-30, "b9c7", &["b9c7", "h0g2"]),
            report(340, "h0g2", &["h0g2"]),
            report(-300, "i9h9", &["i9h9"]),
        ];
        let text = annotate(game, &reports, "Test");
        assert!(text.contains("[Annotator \"Test\"]"), "{text}");
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("1. H2-E2 {+0.30/10}"), "{text}");
        assert!(
            text.contains("H9-G7?? {+3.40/10} (1... B9-C7 H0-G2 {+0.30})"),
            "{text}"
        );
        assert!(flat.contains("2. H0-G2 {+3.00/10}"), "{text}");
        // What it writes reads back as the same game.
        let again = &read_games(&text).unwrap()[0];
        assert_eq!(again.moves, game.moves);
        assert_eq!(again.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn in_chinese_notation_the_moves_and_lines_read_as_players_write_them() {
        let game = &read_games("[Format \"ICCS\"]\n\n1. H2-E2 H9-G7 2. H0-G2 1-0\n").unwrap()[0];
        let reports = [
            report(20, "h2e2", &["h2e2"]),
            report(-30, "b9c7", &["b9c7", "h0g2"]),
            report(340, "h0g2", &["h0g2"]),
            report(-300, "i9h9", &["i9h9"]),
        ];
        let text = annotate_in(game, &reports, "Test", Notation::Chinese);
        assert!(text.contains("[Format \"Chinese\"]"), "{text}");
        assert!(!text.contains("ICCS"), "{text}");
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("1. 炮二平五 {+0.30/10} 马８进７??"), "{text}");
        // The better line is written from its own position: Black's horse,
        // then Red's.
        assert!(flat.contains("(1... 马２进３ 马二进三 {+0.30})"), "{text}");
        // And it reads back as the same game.
        let again = &read_games(&text).unwrap()[0];
        assert_eq!(again.moves, game.moves);
    }
}
