//! Finding quadrapassel's well and preview box in a frame, at any window size.
//!
//! Both are drawn pure black. The well is the tallest black region (its empty top rows always span
//! its full width, since pieces spawn in the middle); its width is 10 cells, so the cell pitch is
//! width / 10 and the well is 20 pitches tall from its top. The preview is the largest roughly
//! square black region right of the well. Nothing about the window's size or position is assumed.

use anyhow::{bail, ensure};

use crate::frame::Frame;
use crate::vision::regions::{Component, components};

pub const COLUMNS: usize = 10;
pub const ROWS: usize = 20;

/// Where the well and the preview are, in frame pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Top-left corner of the well's top-left cell.
    pub x0: f64,
    pub y0: f64,
    /// Cell pitch in pixels.
    pub pitch: f64,
    /// The preview box, if one is shown: (x0, y0, x1, y1), x1 and y1 exclusive.
    pub preview: Option<(u32, u32, u32, u32)>,
    /// The frame size the layout was found in.
    pub frame_size: (u32, u32),
}

impl Layout {
    /// True when the layout was found in a frame of this size.
    pub fn fits(&self, frame: &Frame) -> bool {
        self.frame_size == (frame.width(), frame.height())
    }

    /// The pixel at fractions (fx, fy) of cell (row, col), row 0 at the top.
    pub fn point(&self, row: usize, col: usize, fx: f64, fy: f64) -> (u32, u32) {
        let x = self.x0 + (col as f64 + fx) * self.pitch;
        let y = self.y0 + (row as f64 + fy) * self.pitch;
        (x as u32, y as u32)
    }
}

fn black_mask(frame: &Frame, black_max: u8) -> Vec<bool> {
    frame.image.pixels().map(|p| p.0[0] <= black_max && p.0[1] <= black_max && p.0[2] <= black_max).collect()
}

/// Finds the well and the preview.
pub fn locate(frame: &Frame, black_max: u8) -> anyhow::Result<Layout> {
    let (width, height) = (frame.width(), frame.height());
    let regions: Vec<Component> = components(&black_mask(frame, black_max), width as usize)
        .into_iter()
        .filter(|c| c.width() >= 40 && c.height() >= 20)
        .collect();
    let Some(well) = regions.iter().max_by_key(|c| (c.height(), c.width())) else {
        bail!("no quadrapassel well in this {width}x{height} image: no black region at least 40x20 pixels");
    };
    let pitch = well.width() as f64 / COLUMNS as f64;
    let bottom = well.y0 as f64 + pitch * ROWS as f64;
    ensure!(
        bottom <= height as f64 + 1.0,
        "the tallest black region ({}x{} at ({}, {})) is not a 10x20 well: 20 cells of {pitch:.1} px would end below the image",
        well.width(),
        well.height(),
        well.x0,
        well.y0
    );
    ensure!(pitch >= 6.0, "the well found is too small to read ({pitch:.1} px per cell)");
    let preview = regions
        .iter()
        .filter(|c| {
            c.x0 >= well.x1 && c.width() as f64 >= 2.0 * pitch && c.width().abs_diff(c.height()) * 4 <= c.width()
        })
        .max_by_key(|c| c.area)
        .map(|c| (c.x0, c.y0, c.x1, c.y1));
    Ok(Layout { x0: well.x0 as f64, y0: well.y0 as f64, pitch, preview, frame_size: (width, height) })
}
