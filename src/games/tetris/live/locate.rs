//! Finding the well and the preview in a frame, at any window size.
//!
//! The well's empty cells are drawn in one dark colour range (quadrapassel: pure black; the contest
//! page: its dark green background, seen through the canvas), given by the profile's `black_max`.
//! The well is the tallest region of that colour that does not touch the frame's edge (a region
//! that does is the window's own background, around everything); its empty top rows span its full
//! width, since pieces spawn in the middle. Its width is 10 cells, so the column pitch is width / 10.
//! When the region is 20 cells tall (the gaps between drawn cells connect it down to the floor),
//! the row pitch is its height / 20: cells need not be square. Otherwise rows are as tall as
//! columns are wide. The preview is either the profile's rectangle in well cells, or the largest
//! roughly square region of the well's colour right of the well. Nothing about the window's size
//! or position is assumed. A region of the well's colour wider than the well found that runs into
//! the picture's edge (not all four) is the well cut off by a window too small: refused, naming the edge.

use anyhow::{bail, ensure};

use super::config::Vision;
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
    /// Column pitch (a cell's width) in pixels.
    pub pitch: f64,
    /// Row pitch (a cell's height) in pixels.
    pub row_pitch: f64,
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
        let y = self.y0 + (row as f64 + fy) * self.row_pitch;
        (x as u32, y as u32)
    }
}

fn black_mask(frame: &Frame, black_max: u8) -> Vec<bool> {
    frame.image.pixels().map(|p| p.0[0] <= black_max && p.0[1] <= black_max && p.0[2] <= black_max).collect()
}

/// Finds the well and the preview.
pub fn locate(frame: &Frame, vision: &Vision) -> anyhow::Result<Layout> {
    let (width, height) = (frame.width(), frame.height());
    let inside = |c: &Component| c.x0 > 0 && c.y0 > 0 && c.x1 < width && c.y1 < height;
    let regions: Vec<Component> = components(&black_mask(frame, vision.black_max), width as usize)
        .into_iter()
        .filter(|c| c.width() >= 40 && c.height() >= 20)
        .collect();
    let Some(well) = regions.iter().filter(|c| inside(c)).max_by_key(|c| (c.height(), c.width())) else {
        if let Some(edge) = cut_well(&regions, 0, (width, height)) {
            bail!(
                "the well is cut off by the window's {edge} edge: the only regions of the well's colour run into it; make the window larger so that the whole well shows"
            );
        }
        bail!(
            "no tetris well in this {width}x{height} image: no region of the well's colour (every channel at most {}) at least 40x20 pixels inside the image",
            vision.black_max
        );
    };
    if let Some(edge) = cut_well(&regions, well.width(), (width, height)) {
        bail!(
            "the well is cut off by the window's {edge} edge: a region of the well's colour wider than the well found ({}x{} at ({}, {})) runs into it; make the window larger so that the whole well shows",
            well.width(),
            well.height(),
            well.x0,
            well.y0
        );
    }
    let pitch = well.width() as f64 / COLUMNS as f64;
    let row_pitch =
        if well.height() as f64 >= (ROWS as f64 - 0.5) * pitch { well.height() as f64 / ROWS as f64 } else { pitch };
    let bottom = well.y0 as f64 + row_pitch * ROWS as f64;
    ensure!(
        bottom <= height as f64 + 1.0,
        "the tallest region of the well's colour ({}x{} at ({}, {})) is not a 10x20 well: 20 cells of {row_pitch:.1} px would end below the image",
        well.width(),
        well.height(),
        well.x0,
        well.y0
    );
    ensure!(pitch >= 6.0, "the well found is too small to read ({pitch:.1} px per cell)");
    let (x0, y0) = (well.x0 as f64, well.y0 as f64);
    let preview = match vision.preview {
        Some([a, b, c, d]) => {
            let at = |v: f64, max: u32| (v.max(0.0) as u32).min(max);
            let (px0, py0) = (at(x0 + a * pitch, width), at(y0 + b * row_pitch, height));
            let (px1, py1) = (at(x0 + c * pitch, width), at(y0 + d * row_pitch, height));
            (px1 > px0 && py1 > py0).then_some((px0, py0, px1, py1))
        }
        None => regions
            .iter()
            .filter(|c| {
                c.x0 >= well.x1 && c.width() as f64 >= 2.0 * pitch && c.width().abs_diff(c.height()) * 4 <= c.width()
            })
            .max_by_key(|c| c.area)
            .map(|c| (c.x0, c.y0, c.x1, c.y1)),
    };
    Ok(Layout { x0, y0, pitch, row_pitch, preview, frame_size: (width, height) })
}

/// The edge of the picture that cuts the well off, when a region of the well's colour wider than
/// `wider_than` px (the well found, if any) runs into one to three of the picture's edges: the
/// well itself, cut by a window too small for it (what is left inside, the preview box, is no
/// well). A region that runs into all four is the page's own background around everything (a page
/// drawn in the well's colour).
fn cut_well(regions: &[Component], wider_than: u32, (width, height): (u32, u32)) -> Option<&'static str> {
    regions.iter().filter(|c| c.width() > wider_than).find_map(|c| {
        let touched = [(c.y0 == 0, "top"), (c.y1 >= height, "bottom"), (c.x0 == 0, "left"), (c.x1 >= width, "right")];
        let count = touched.iter().filter(|(t, _)| *t).count();
        (1..=3).contains(&count).then(|| touched.iter().find(|(t, _)| *t).map(|(_, e)| *e)).flatten()
    })
}

#[cfg(test)]
mod tests {
    use image::imageops::crop_imm;

    use super::*;

    fn quadrapassel() -> Frame {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/tetris/q595-six.png");
        crate::screen::load_png(&path).expect("the fixture's picture")
    }

    fn cut(frame: &Frame, (x, y, w, h): (u32, u32, u32, u32)) -> Frame {
        Frame::from_image(crop_imm(&frame.image, x, y, w, h).to_image())
    }

    /// quadrapassel's window cut through its well at the bottom (what is left inside the picture
    /// of the well's colour is the preview box), at the top and at the right: each is refused
    /// naming the edge, never read as a well elsewhere.
    #[test]
    fn a_well_cut_off_by_the_picture_is_refused_naming_the_edge() {
        let frame = quadrapassel();
        let (w, h) = (frame.width(), frame.height());
        let whole = locate(&frame, &Vision::default()).expect("the whole window's well");
        let well_bottom = (whole.y0 + whole.row_pitch * ROWS as f64) as u32;
        let middle_x = (whole.x0 + whole.pitch * 5.0) as u32;
        let middle_y = (whole.y0 + whole.row_pitch * 10.0) as u32;
        for (name, part, edge) in [
            ("bottom", (0, 0, w, well_bottom - 3 * whole.row_pitch as u32), "bottom"),
            ("top", (0, middle_y, w, h - middle_y), "top"),
            ("right", (0, 0, middle_x, h), "right"),
        ] {
            let error = locate(&cut(&frame, part), &Vision::default()).expect_err(name).to_string();
            assert!(error.contains(&format!("cut off by the window's {edge} edge")), "{name}: {error}");
        }
    }
}
