//! The dry run: read a capture, choose the placement the live loop would choose, and draw it over
//! the capture (the falling piece's cells outlined in yellow, its planned resting place in red,
//! the well's cell grid in thin grey), with the plan in words.

use anyhow::Context;
use image::{Rgba, RgbaImage};

use super::super::Board;
use super::super::eval::Weights;
use super::super::search::Planner;
use super::config::LiveConfig;
use super::locate::{COLUMNS, ROWS, locate};
use super::read::read;
use crate::frame::{Frame, Rect};
use crate::vision::annotate::outline;

pub struct DryRun {
    pub image: RgbaImage,
    pub text: String,
}

const GRID: Rgba<u8> = Rgba([90, 90, 90, 255]);
const PIECE: Rgba<u8> = Rgba([255, 220, 0, 255]);
const TARGET: Rgba<u8> = Rgba([255, 40, 40, 255]);

pub fn dry_run(frame: &Frame, config: &LiveConfig) -> anyhow::Result<DryRun> {
    let layout = locate(frame, &config.vision)?;
    let reading = read(frame, &layout, config.vision.empty_max)?;
    let mut image = frame.image.clone();
    let cell = |r: i32, c: i32| Rect {
        x: layout.x0 + c as f64 * layout.pitch,
        y: layout.y0 + r as f64 * layout.row_pitch,
        width: layout.pitch,
        height: layout.row_pitch,
    };
    for r in 0..ROWS as i32 {
        for c in 0..COLUMNS as i32 {
            outline(&mut image, cell(r, c), 1, GRID);
        }
    }
    let mut text = format!(
        "well at ({:.0}, {:.0}), cells of {:.1} px\n{}",
        layout.x0,
        layout.y0,
        layout.pitch,
        reading.board_rows().join("\n")
    );
    let Some((piece, cells)) = &reading.piece else {
        text.push_str("\nno falling piece seen: nothing to plan");
        return Ok(DryRun { image, text });
    };
    for &(r, c) in cells {
        outline(&mut image, cell(r, c), 3, PIECE);
    }
    let board = Board::from_rows(&reading.board_rows(), ROWS).context("the stack read")?;
    let next = reading.next.map_or("none".to_string(), |p| p.letter().to_string());
    match Planner::new(false).choose(&board, *piece, reading.next, &Weights::default()) {
        Some(choice) => {
            for (x, y) in choice.placement.cells() {
                outline(&mut image, cell(ROWS as i32 - 1 - y, x), 3, TARGET);
            }
            text.push_str(&format!(
                "\npiece {} (next {next}): rotation {} with its left edge in column {}",
                piece.letter(),
                choice.placement.rot,
                choice.placement.x
            ));
        }
        None => text.push_str(&format!("\npiece {} (next {next}): every placement tops out", piece.letter())),
    }
    Ok(DryRun { image, text })
}
