//! The evaluation graph of an analysed game: Red's score by ply, clamped to
//! ±10 pawns, as a PNG. The font is compiled in (DejaVu Sans from the
//! `dejavu` crate), so no system font is needed.

use super::annotate::PositionReport;
use chariot_core::pgn::PgnGame;
use chariot_core::Color;
use plotters::prelude::*;
use std::path::Path;
use std::sync::Once;

/// Scores beyond this many centipawns are drawn at the edge.
const CLAMP: i32 = 1000;

fn register_font() -> Result<(), String> {
    static ONCE: Once = Once::new();
    let mut result = Ok(());
    ONCE.call_once(|| {
        result = plotters::style::register_font(
            "sans-serif",
            FontStyle::Normal,
            dejavu::sans::regular(),
        )
        .map_err(|_| "the compiled-in font cannot be read".to_string());
    });
    result
}

/// Red's score after each ply (ply 0: the start), in pawns.
pub fn red_scores(game: &PgnGame, reports: &[PositionReport]) -> Vec<(f64, f64)> {
    let mut pos = game.start();
    let mut points = Vec::with_capacity(reports.len());
    for (ply, r) in reports.iter().enumerate() {
        let red = if pos.side_to_move() == Color::Red {
            r.score
        } else {
            -r.score
        };
        points.push((ply as f64, red.clamp(-CLAMP, CLAMP) as f64 / 100.0));
        if let Some(&m) = game.moves.get(ply) {
            pos.make_move(m);
        }
    }
    points
}

pub fn evaluation_graph(
    path: &Path,
    game: &PgnGame,
    reports: &[PositionReport],
) -> Result<(), String> {
    register_font()?;
    let err = |e: &dyn std::fmt::Display| format!("cannot draw {}: {e}", path.display());
    let points = red_scores(game, reports);
    let root = BitMapBackend::new(path, (1000, 420)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let title = format!(
        "{} - {}  {}",
        game.tag("Red").unwrap_or("Red"),
        game.tag("Black").unwrap_or("Black"),
        game.result.as_deref().unwrap_or("")
    );
    let plies = (points.len().max(2) - 1) as f64;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(32)
        .y_label_area_size(48)
        .build_cartesian_2d(0f64..plies, -(CLAMP as f64 / 100.0)..(CLAMP as f64 / 100.0))
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("ply")
        .y_desc("Red's score (pawns)")
        .label_style(("sans-serif", 12))
        .draw()
        .map_err(|e| err(&e))?;
    chart
        .draw_series(LineSeries::new(
            [(0.0, 0.0), (plies, 0.0)],
            &RGBColor(160, 160, 160),
        ))
        .map_err(|e| err(&e))?;
    chart
        .draw_series(
            AreaSeries::new(points.iter().copied(), 0.0, RGBColor(240, 190, 190))
                .border_style(RGBColor(200, 40, 40)),
        )
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))
}
