//! The SPSA trajectory as a PNG: one small chart per parameter, its value
//! over the iterations within its range. The font is compiled in (DejaVu
//! Sans from the `dejavu` crate), so a machine without fonts draws it too.

use crate::spsa::SpsaParam;
use plotters::prelude::*;
use std::path::Path;
use std::sync::Once;

/// Charts per row of the picture, and the size of one.
const COLUMNS: usize = 4;
const CHART: (u32, u32) = (360, 220);

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

/// Draws `rows` (iteration, values in the order of `params`) to `path`.
pub fn trajectories(
    path: &Path,
    params: &[SpsaParam],
    rows: &[(u64, Vec<f64>)],
) -> Result<(), String> {
    register_font()?;
    let err = |e: &dyn std::fmt::Display| format!("cannot draw {}: {e}", path.display());
    let columns = params.len().clamp(1, COLUMNS);
    let grid_rows = params.len().div_ceil(columns);
    let size = (CHART.0 * columns as u32, CHART.1 * grid_rows as u32);
    let root = BitMapBackend::new(path, size).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let last = rows.last().map_or(1, |r| r.0.max(1));
    for (i, (area, p)) in root
        .split_evenly((grid_rows, columns))
        .iter()
        .zip(params)
        .enumerate()
    {
        let (lo, hi) = if p.max > p.min {
            (p.min, p.max)
        } else {
            (p.min - 1.0, p.max + 1.0)
        };
        let mut chart = ChartBuilder::on(area)
            .caption(&p.name, ("sans-serif", 15))
            .margin(6)
            .x_label_area_size(22)
            .y_label_area_size(40)
            .build_cartesian_2d(0f64..last as f64, lo..hi)
            .map_err(|e| err(&e))?;
        chart
            .configure_mesh()
            .x_labels(4)
            .y_labels(5)
            .label_style(("sans-serif", 11))
            .draw()
            .map_err(|e| err(&e))?;
        chart
            .draw_series(LineSeries::new(
                [(0.0, p.start), (last as f64, p.start)],
                &RGBColor(170, 170, 170),
            ))
            .map_err(|e| err(&e))?;
        chart
            .draw_series(LineSeries::new(
                rows.iter()
                    .filter_map(|(it, v)| v.get(i).map(|&x| (*it as f64, x))),
                &BLUE,
            ))
            .map_err(|e| err(&e))?;
    }
    root.present().map_err(|e| err(&e))
}
