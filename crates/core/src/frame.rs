//! A captured frame: RGBA pixels plus where they sit on the screen.
//!
//! Everything downstream of the screen sees only this, so live play and replay of PNG files run
//! the same code. Layouts and actions use frame-relative pixel coordinates. Where a frame sits on
//! the desktop is its `origin` (in desktop units, the unit the platform's input takes) and its
//! `scale` (capture pixels per desktop unit); `Frame::to_desktop` is the one mapping from a pixel
//! the bot sees to the point where it acts (`screen::desktop` explains the units per platform).
//! A window partly off the screen is captured at its full size with the hidden part blank, and
//! `shown` says which parts of it a monitor shows: only there can the bot read or act.

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

    /// Whether the rectangle lies wholly inside a `width` x `height` picture.
    pub fn inside(&self, width: u32, height: u32) -> bool {
        self.x >= 0.0 && self.y >= 0.0 && self.x + self.width <= width as f64 && self.y + self.height <= height as f64
    }
}

/// A rectangle of whole pixels or desktop units (frame-relative unless stated).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    pub x: i32,
    pub y: i32,
    pub width: u32,
    pub height: u32,
}

impl Area {
    pub fn new(x: i32, y: i32, width: u32, height: u32) -> Area {
        Area { x, y, width, height }
    }

    /// One past the right and bottom edges (i64: no overflow at the edges of i32).
    fn ends(&self) -> (i64, i64) {
        (self.x as i64 + self.width as i64, self.y as i64 + self.height as i64)
    }

    pub fn contains(&self, p: Point) -> bool {
        let (right, bottom) = self.ends();
        p.x >= self.x && p.y >= self.y && (p.x as i64) < right && (p.y as i64) < bottom
    }

    pub fn is_empty(&self) -> bool {
        self.width == 0 || self.height == 0
    }

    /// True when `other` is this area where a window was seen: the same origin, and a size within
    /// a unit either way (a scaled capture rounds its size).
    pub fn same_place(&self, other: &Area) -> bool {
        let near = |a: u32, b: u32| a.abs_diff(b) <= 1;
        (self.x, self.y) == (other.x, other.y) && near(self.width, other.width) && near(self.height, other.height)
    }

    /// The part of `self` inside `other` (empty when they do not meet).
    pub fn intersect(&self, other: &Area) -> Area {
        let (x0, y0) = (self.x.max(other.x), self.y.max(other.y));
        let (r0, b0) = self.ends();
        let (r1, b1) = other.ends();
        let (right, bottom) = (r0.min(r1), b0.min(b1));
        if right <= x0 as i64 || bottom <= y0 as i64 {
            return Area::new(x0, y0, 0, 0);
        }
        Area::new(x0, y0, (right - x0 as i64) as u32, (bottom - y0 as i64) as u32)
    }

    /// The parts of `self` outside `other`: up to four areas (above, below, left, right of it).
    pub fn minus(&self, other: &Area) -> Vec<Area> {
        let cut = self.intersect(other);
        if cut.is_empty() {
            return vec![*self];
        }
        let (right, bottom) = self.ends();
        let (cut_right, cut_bottom) = cut.ends();
        let pieces = [
            Area::new(self.x, self.y, self.width, (cut.y - self.y) as u32),
            Area::new(self.x, cut_bottom as i32, self.width, (bottom - cut_bottom) as u32),
            Area::new(self.x, cut.y, (cut.x - self.x) as u32, cut.height),
            Area::new(cut_right as i32, cut.y, (right - cut_right) as u32, cut.height),
        ];
        pieces.into_iter().filter(|a| !a.is_empty()).collect()
    }

    /// True when the union of `parts` covers every pixel of `self`.
    pub fn covered_by(&self, parts: &[Area]) -> bool {
        if self.is_empty() {
            return true;
        }
        // Cut `self` along every edge of the parts that crosses it; each piece is then either
        // wholly inside a part or wholly outside all of them.
        let (right, bottom) = self.ends();
        let mut xs = vec![self.x as i64, right];
        let mut ys = vec![self.y as i64, bottom];
        for part in parts.iter().map(|p| p.intersect(self)).filter(|p| !p.is_empty()) {
            let (r, b) = part.ends();
            xs.extend([part.x as i64, r]);
            ys.extend([part.y as i64, b]);
        }
        xs.sort_unstable();
        xs.dedup();
        ys.sort_unstable();
        ys.dedup();
        xs.windows(2).all(|x| {
            ys.windows(2).all(|y| {
                let probe = Point::new(x[0] as i32, y[0] as i32);
                parts.iter().any(|part| part.contains(probe))
            })
        })
    }
}

/// One capture of a window, a monitor or a PNG file.
#[derive(Clone, Debug)]
pub struct Frame {
    pub image: RgbaImage,
    /// Where pixel (0, 0) is on the desktop, in desktop units; (0, 0) for files.
    pub origin: Point,
    /// Capture pixels per desktop unit: 1 for files, on Linux (X11) and on Windows (gamebot is
    /// per-monitor DPI aware there), the display's backing scale on macOS (2 on a Retina display).
    pub scale: f64,
    /// The parts of the frame a monitor shows (frame pixels); None when all of it shows.
    pub shown: Option<Vec<Area>>,
}

impl Frame {
    pub fn from_image(image: RgbaImage) -> Frame {
        Frame::at(image, Point::new(0, 0))
    }

    /// A frame whose pixels are desktop units, wholly shown, with pixel (0, 0) at `origin`.
    pub fn at(image: RgbaImage, origin: Point) -> Frame {
        Frame { image, origin, scale: 1.0, shown: None }
    }

    /// The desktop point (desktop units, the unit of the platform's input) of frame pixel `p`: the
    /// one mapping every action takes from what the bot sees to where it acts. A unit covers
    /// `scale` pixels; the point is the unit that holds the pixel's centre, so the input lands on
    /// the pixel or less than `scale` pixels left of and above it, never outside the frame.
    pub fn to_desktop(&self, p: Point) -> Point {
        let unit = |v: i32, at: i32| at + ((v as f64 + 0.5) / self.scale).floor() as i32;
        Point::new(unit(p.x, self.origin.x), unit(p.y, self.origin.y))
    }

    /// Where the frame lies on the desktop, in desktop units (its origin, its size over its scale).
    pub fn desktop_area(&self) -> Area {
        let size = |pixels: u32| (f64::from(pixels) / self.scale).round() as u32;
        Area::new(self.origin.x, self.origin.y, size(self.width()), size(self.height()))
    }

    /// The frame pixel a desktop point lands on (the inverse of `to_desktop`, for checks).
    pub fn from_desktop(&self, q: Point) -> Point {
        let pixel = |v: i32, at: i32| ((v - at) as f64 * self.scale).floor() as i32;
        Point::new(pixel(q.x, self.origin.x), pixel(q.y, self.origin.y))
    }

    /// True when frame pixel `p` lies in the frame and a monitor shows it.
    pub fn shows(&self, p: Point) -> bool {
        self.contains(p) && self.shown.as_ref().is_none_or(|parts| parts.iter().any(|a| a.contains(p)))
    }

    /// True when every pixel of `area` (frame pixels) lies in the frame and shows.
    pub fn shows_area(&self, area: Area) -> bool {
        let whole = Area::new(0, 0, self.width(), self.height());
        area.intersect(&whole) == area && self.shown.as_ref().is_none_or(|parts| area.covered_by(parts))
    }

    /// True when the whole frame shows (a window wholly on the monitors, a monitor, a file).
    pub fn fully_shown(&self) -> bool {
        self.shows_area(Area::new(0, 0, self.width(), self.height()))
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
