//! A captured frame: RGBA pixels plus where they sit on the screen.
//!
//! Everything downstream of the screen sees only this, so live play and replay of PNG files run
//! the same code. Layouts and actions use frame-relative pixel coordinates; only the input driver
//! adds `origin` to reach screen coordinates.

use image::RgbaImage;

/// A point in pixels. Frame-relative unless a function says otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Point {
    pub x: i32,
    pub y: i32,
}

impl Point {
    pub fn new(x: i32, y: i32) -> Point {
        Point { x, y }
    }

    pub fn offset(self, by: Point) -> Point {
        Point::new(self.x + by.x, self.y + by.y)
    }
}

/// An axis-aligned rectangle in pixels (frame-relative unless stated).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl Rect {
    pub fn contains(&self, p: Point) -> bool {
        let (x, y) = (p.x as f64, p.y as f64);
        x >= self.x && y >= self.y && x < self.x + self.width && y < self.y + self.height
    }

    pub fn centre(&self) -> Point {
        Point::new((self.x + self.width / 2.0).floor() as i32, (self.y + self.height / 2.0).floor() as i32)
    }
}

/// One capture of a window, a monitor or a PNG file.
#[derive(Clone, Debug)]
pub struct Frame {
    pub image: RgbaImage,
    /// Screen position of pixel (0, 0); (0, 0) for files.
    pub origin: Point,
}

impl Frame {
    pub fn from_image(image: RgbaImage) -> Frame {
        Frame { image, origin: Point::new(0, 0) }
    }

    pub fn width(&self) -> u32 {
        self.image.width()
    }

    pub fn height(&self) -> u32 {
        self.image.height()
    }

    /// The RGB value at (x, y); the caller keeps inside the frame.
    #[inline]
    pub fn rgb(&self, x: u32, y: u32) -> [u8; 3] {
        let p = self.image.get_pixel(x, y).0;
        [p[0], p[1], p[2]]
    }

    /// True when `p` (frame-relative) lies inside the frame.
    pub fn contains(&self, p: Point) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as u32) < self.width() && (p.y as u32) < self.height()
    }

    /// A rough count of pixels that differ by more than `tolerance` in any channel: used to
    /// tell whether the screen has settled between two captures.
    pub fn differing_pixels(&self, other: &Frame, tolerance: u8) -> usize {
        if self.image.dimensions() != other.image.dimensions() {
            return usize::MAX;
        }
        self.image
            .pixels()
            .zip(other.image.pixels())
            .filter(|(a, b)| a.0.iter().zip(b.0.iter()).any(|(&p, &q)| p.abs_diff(q) > tolerance))
            .count()
    }

    /// True when the two frames have the same size and the same pixels inside `region` (clipped
    /// to the frame): a board that holds still while a clock elsewhere in the window ticks.
    pub fn same_in(&self, other: &Frame, region: Rect) -> bool {
        if self.image.dimensions() != other.image.dimensions() {
            return false;
        }
        let x0 = region.x.max(0.0).floor() as u32;
        let y0 = region.y.max(0.0).floor() as u32;
        let x1 = ((region.x + region.width).ceil().max(0.0) as u32).min(self.width());
        let y1 = ((region.y + region.height).ceil().max(0.0) as u32).min(self.height());
        (y0..y1).all(|y| (x0..x1).all(|x| self.image.get_pixel(x, y) == other.image.get_pixel(x, y)))
    }
}
