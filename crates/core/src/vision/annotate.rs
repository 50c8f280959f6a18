//! Drawing on frames for people to look at: outlines, filled boxes, lines and numbers, used by
//! `--dry-run` and `calibrate` to show what the bot saw and what it plans. Shapes and text are drawn
//! with imageproc; numbers use DejaVu Sans, shipped in `assets/fonts/` with its licence.

use std::sync::OnceLock;

use ab_glyph::{FontRef, PxScale};
use image::{Rgba, RgbaImage};
use imageproc::drawing::{draw_filled_rect_mut, draw_polygon_mut, draw_text_mut, text_size};
use imageproc::point::Point;
use imageproc::rect::Rect as PixelRect;

use crate::frame::Rect;

pub const BLACK: Rgba<u8> = Rgba([0, 0, 0, 255]);
pub const WHITE: Rgba<u8> = Rgba([255, 255, 255, 255]);

/// The font numbers are drawn in.
fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| {
        FontRef::try_from_slice(include_bytes!("../../assets/fonts/DejaVuSans.ttf"))
            .expect("the font shipped in assets/fonts is a valid TrueType font")
    })
}

/// The text height of a number drawn at `scale` (scale 1 is about 7 pixels tall).
fn px(scale: u32) -> PxScale {
    PxScale::from(9.0 * scale.max(1) as f32)
}

/// `rect` rounded to whole pixels, or None when it is empty.
fn pixels(rect: Rect) -> Option<PixelRect> {
    let (x0, y0) = (rect.x.round() as i32, rect.y.round() as i32);
    let (x1, y1) = ((rect.x + rect.width).round() as i32, (rect.y + rect.height).round() as i32);
    (x1 > x0 && y1 > y0).then(|| PixelRect::at(x0, y0).of_size((x1 - x0) as u32, (y1 - y0) as u32))
}

/// Fills `rect` (clipped to the image).
pub fn fill(image: &mut RgbaImage, rect: Rect, colour: Rgba<u8>) {
    if let Some(r) = pixels(rect) {
        draw_filled_rect_mut(image, r, colour);
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

/// Draws a straight line `thickness` pixels wide from (x0, y0) to (x1, y1), as a filled quad.
pub fn line(image: &mut RgbaImage, (x0, y0): (f64, f64), (x1, y1): (f64, f64), thickness: u32, colour: Rgba<u8>) {
    let (dx, dy) = (x1 - x0, y1 - y0);
    let length = (dx * dx + dy * dy).sqrt();
    let half = thickness.max(1) as f64 / 2.0;
    if length < 1.0 {
        fill(image, Rect { x: x0 - half, y: y0 - half, width: 2.0 * half, height: 2.0 * half }, colour);
        return;
    }
    let (nx, ny) = (-dy / length * half, dx / length * half);
    let corner = |x: f64, y: f64| Point::new(x.round() as i32, y.round() as i32);
    let quad = [corner(x0 + nx, y0 + ny), corner(x1 + nx, y1 + ny), corner(x1 - nx, y1 - ny), corner(x0 - nx, y0 - ny)];
    if quad[0] == quad[3] || quad[1] == quad[2] {
        // Too thin to be a quad: a row of squares along the line.
        let steps = length.ceil() as usize;
        for i in 0..=steps {
            let t = i as f64 / steps as f64;
            fill(
                image,
                Rect { x: x0 + dx * t - half, y: y0 + dy * t - half, width: 2.0 * half, height: 2.0 * half },
                colour,
            );
        }
    } else {
        draw_polygon_mut(image, &quad, colour);
    }
}

/// Draws a number with its top-left at (x, y), `scale` times the base size; returns the width drawn.
pub fn number(image: &mut RgbaImage, x: i64, y: i64, value: usize, scale: u32, colour: Rgba<u8>) -> i64 {
    let text = value.to_string();
    draw_text_mut(image, colour, x as i32, y as i32, px(scale), font(), &text);
    number_size(value, scale).0 as i64
}

/// The size in pixels of `value` drawn at `scale`.
pub fn number_size(value: usize, scale: u32) -> (u32, u32) {
    text_size(px(scale), font(), &value.to_string())
}

/// Draws a number centred on (cx, cy) on a white box with a black border, readable on any colour.
pub fn label(image: &mut RgbaImage, cx: i64, cy: i64, value: usize, scale: u32) {
    let (w, h) = number_size(value, scale);
    let pad = scale as f64 + 1.0;
    let (x, y) = (cx as f64 - w as f64 / 2.0, cy as f64 - h as f64 / 2.0);
    let back = Rect { x: x - pad, y: y - pad, width: w as f64 + 2.0 * pad, height: h as f64 + 2.0 * pad };
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

    fn inked(image: &RgbaImage) -> Vec<(u32, u32)> {
        image.enumerate_pixels().filter(|(_, _, p)| **p != WHITE).map(|(x, y, _)| (x, y)).collect()
    }

    #[test]
    fn a_number_is_drawn_inside_its_measured_box() {
        let mut image = RgbaImage::from_pixel(80, 40, WHITE);
        let width = number(&mut image, 10, 5, 17, 2, BLACK);
        let (w, h) = number_size(17, 2);
        assert_eq!(width, w as i64);
        assert!(h >= 10 && w >= 10, "{w}x{h}");
        let ink = inked(&image);
        assert!(ink.len() > 20, "the digits leave ink");
        assert!(ink.iter().all(|&(x, y)| (9..=10 + w + 1).contains(&x) && (4..=5 + h + 1).contains(&y)), "{ink:?}");
    }

    #[test]
    fn a_larger_scale_draws_a_larger_number() {
        let (small, big) = (number_size(42, 1), number_size(42, 3));
        assert!(big.0 > 2 * small.0 && big.1 > 2 * small.1, "{small:?} {big:?}");
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

    #[test]
    fn a_thick_line_covers_its_path_and_not_far_beside_it() {
        let mut image = RgbaImage::from_pixel(40, 40, WHITE);
        line(&mut image, (5.0, 20.0), (35.0, 20.0), 4, BLACK);
        assert_eq!(image.get_pixel(20, 20), &BLACK);
        assert_eq!(image.get_pixel(20, 19), &BLACK);
        assert_eq!(image.get_pixel(20, 26), &WHITE);
        line(&mut image, (3.0, 3.0), (3.0, 3.0), 2, BLACK);
        assert_eq!(image.get_pixel(3, 3), &BLACK);
    }
}
