//! Drawing on frames for people to look at: outlines, filled boxes and numbers in a tiny built-in
//! font, used by `--dry-run` and `calibrate` to show what the bot saw and what it plans.

use image::{Rgba, RgbaImage};

use crate::frame::Rect;

/// 3x5 pixel glyphs for the digits 0-9, one row per 3-bit number (high bit = left pixel).
const DIGITS: [[u8; 5]; 10] = [
    [7, 5, 5, 5, 7],
    [2, 6, 2, 2, 7],
    [7, 1, 7, 4, 7],
    [7, 1, 7, 1, 7],
    [5, 5, 7, 1, 1],
    [7, 4, 7, 1, 7],
    [7, 4, 7, 5, 7],
    [7, 1, 1, 1, 1],
    [7, 5, 7, 5, 7],
    [7, 5, 7, 1, 7],
];

pub const BLACK: Rgba<u8> = Rgba([0, 0, 0, 255]);
pub const WHITE: Rgba<u8> = Rgba([255, 255, 255, 255]);

fn put(image: &mut RgbaImage, x: i64, y: i64, colour: Rgba<u8>) {
    if x >= 0 && y >= 0 && (x as u32) < image.width() && (y as u32) < image.height() {
        image.put_pixel(x as u32, y as u32, colour);
    }
}

/// Fills `rect` (clipped to the image).
pub fn fill(image: &mut RgbaImage, rect: Rect, colour: Rgba<u8>) {
    let (x0, y0) = (rect.x.round() as i64, rect.y.round() as i64);
    let (x1, y1) = ((rect.x + rect.width).round() as i64, (rect.y + rect.height).round() as i64);
    for y in y0..y1 {
        for x in x0..x1 {
            put(image, x, y, colour);
        }
    }
}

/// Draws the outline of `rect`, `thickness` pixels wide, inside its edges.
pub fn outline(image: &mut RgbaImage, rect: Rect, thickness: u32, colour: Rgba<u8>) {
    let t = thickness as f64;
    let edges = [
        Rect { height: t, ..rect },
        Rect { y: rect.y + rect.height - t, height: t, ..rect },
        Rect { width: t, ..rect },
        Rect { x: rect.x + rect.width - t, width: t, ..rect },
    ];
    edges.into_iter().for_each(|edge| fill(image, edge, colour));
}

/// Draws a straight line `thickness` pixels wide from (x0, y0) to (x1, y1).
pub fn line(image: &mut RgbaImage, (x0, y0): (f64, f64), (x1, y1): (f64, f64), thickness: u32, colour: Rgba<u8>) {
    let steps = (x1 - x0).abs().max((y1 - y0).abs()).ceil().max(1.0) as usize;
    let half = thickness as f64 / 2.0;
    for i in 0..=steps {
        let t = i as f64 / steps as f64;
        let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
        fill(image, Rect { x: x - half, y: y - half, width: thickness as f64, height: thickness as f64 }, colour);
    }
}

/// Draws a number with its top-left at (x, y), each font pixel `scale` pixels wide; returns the
/// width drawn.
pub fn number(image: &mut RgbaImage, x: i64, y: i64, value: usize, scale: u32, colour: Rgba<u8>) -> i64 {
    let s = scale as i64;
    let text = value.to_string();
    for (k, ch) in text.bytes().enumerate() {
        let glyph = DIGITS[(ch - b'0') as usize];
        for (row, bits) in glyph.iter().enumerate() {
            for col in 0..3 {
                if bits & (4 >> col) != 0 {
                    let (px, py) = (x + (k as i64 * 4 + col) * s, y + row as i64 * s);
                    fill(image, Rect { x: px as f64, y: py as f64, width: s as f64, height: s as f64 }, colour);
                }
            }
        }
    }
    text.len() as i64 * 4 * s - s
}

/// The size in pixels of `value` drawn at `scale`.
pub fn number_size(value: usize, scale: u32) -> (u32, u32) {
    let digits = value.to_string().len() as u32;
    (digits * 4 * scale - scale, 5 * scale)
}

/// Draws a number centred on (cx, cy) on a white box with a black border, readable on any colour.
pub fn label(image: &mut RgbaImage, cx: i64, cy: i64, value: usize, scale: u32) {
    let (w, h) = number_size(value, scale);
    let pad = scale as f64;
    let (x, y) = (cx as f64 - w as f64 / 2.0, cy as f64 - h as f64 / 2.0);
    let back = Rect {
        x: x - pad - 1.0,
        y: y - pad - 1.0,
        width: w as f64 + 2.0 * pad + 2.0,
        height: h as f64 + 2.0 * pad + 2.0,
    };
    fill(image, back, WHITE);
    outline(image, back, 1, BLACK);
    number(image, x.round() as i64, y.round() as i64, value, scale, BLACK);
}

/// A copy of `image` widened by `extra` pixels of white on the right, for a side panel.
pub fn with_panel(image: &RgbaImage, extra: u32) -> RgbaImage {
    let mut out = RgbaImage::from_pixel(image.width() + extra, image.height().max(1), WHITE);
    image::imageops::replace(&mut out, image, 0, 0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_drawn_where_asked() {
        let mut image = RgbaImage::from_pixel(20, 10, WHITE);
        let width = number(&mut image, 1, 1, 17, 1, BLACK);
        assert_eq!(width, 7);
        // "1" has its middle column set in the top row; "7" its whole top row.
        assert_eq!(image.get_pixel(2, 1), &BLACK);
        assert_eq!(image.get_pixel(1, 1), &WHITE);
        assert_eq!(image.get_pixel(5, 1), &BLACK);
        assert_eq!(image.get_pixel(7, 1), &BLACK);
        assert_eq!(number_size(17, 2), (14, 10));
    }

    #[test]
    fn outline_leaves_the_inside_untouched() {
        let mut image = RgbaImage::from_pixel(10, 10, WHITE);
        outline(&mut image, Rect { x: 1.0, y: 1.0, width: 8.0, height: 8.0 }, 1, BLACK);
        assert_eq!(image.get_pixel(1, 1), &BLACK);
        assert_eq!(image.get_pixel(8, 5), &BLACK);
        assert_eq!(image.get_pixel(5, 5), &WHITE);
        assert_eq!(image.get_pixel(0, 0), &WHITE);
    }
}
