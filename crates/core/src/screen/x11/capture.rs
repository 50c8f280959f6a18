//! Capturing a window on an X display as the user sees it: the pixels are read from the root window
//! where the window lies, so whatever covers it is captured too, and every layout works alike (one
//! screen, several RandR monitors, a Xinerama desktop). Only the part inside the root can be read
//! (the server refuses a read that crosses its edge): a window partly off the screen is captured
//! at its full size with the hidden part blank (transparent black), and the frame says which parts
//! a monitor shows; so are the parts windows stacked above it hide. A window wholly off every
//! monitor is `OffScreen`.

use x11rb::connection::Connection;
use x11rb::protocol::xproto::{ConnectionExt, ImageFormat, ImageOrder, Window};

use std::time::{Duration, Instant};

use super::Display;
use crate::frame::{Area, Frame, Point};
use crate::screen::ScreenError;
use crate::screen::desktop::Desktop;

/// How long a capture waits for an empty frame over the game to be taken down.
const DYING_PATIENCE: Duration = Duration::from_secs(3);

impl Display {
    /// Where `window` lies on the root window, and its size; `WindowGone` when it has gone.
    pub fn window_area(&self, window: Window) -> Result<Area, ScreenError> {
        let conn = &self.conn;
        let gone = |_| ScreenError::WindowGone;
        let geometry = conn.get_geometry(window).map_err(super::x11)?.reply().map_err(gone)?;
        let at = conn.translate_coordinates(window, self.root, 0, 0).map_err(super::x11)?.reply().map_err(gone)?;
        Ok(Area::new(at.dst_x.into(), at.dst_y.into(), geometry.width.into(), geometry.height.into()))
    }

    /// Captures `window` from the root window as the user sees it: the parts no monitor shows,
    /// and the parts other windows above it hide (a panel, a menu, another program), are blank and
    /// not `shown`. An empty frame over it (a closed program's, which a busy window manager has yet
    /// to take down) is waited for a moment before the capture, not taken for part of the game.
    pub fn capture_window(&self, window: Window) -> Result<Frame, ScreenError> {
        let started = Instant::now();
        loop {
            let area = self.window_area(window)?;
            let above = self.above(window).unwrap_or_default();
            let dying = above.iter().any(|a| a.dying && a.area.is_some_and(|d| !d.intersect(&area).is_empty()));
            if !dying || started.elapsed() >= DYING_PATIENCE {
                let covers: Vec<Area> = above.iter().filter(|a| !a.dying).filter_map(|a| a.area).collect();
                return self.capture_area(area, &self.desktop()?, &covers);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Captures `area` (root coordinates) from the root window: a frame of the area's size whose
    /// parts no monitor shows, or one of `covers` hides, are blank.
    pub fn capture_area(&self, area: Area, desktop: &Desktop, covers: &[Area]) -> Result<Frame, ScreenError> {
        if !desktop.meets(area) {
            return Err(ScreenError::OffScreen { detail: "no monitor shows any of it".into() });
        }
        let shown = desktop.shown_parts(area, 1.0, covers);
        let readable = area.intersect(&self.root_area());
        let mut image = image::RgbaImage::new(area.width, area.height);
        if !readable.is_empty() {
            let pixels = self.root_pixels(readable).map_err(|e| {
                ScreenError::Capture(format!(
                    "the X server gave no pixels for the {}x{} area at ({}, {}): {e}",
                    readable.width, readable.height, readable.x, readable.y
                ))
            })?;
            let (dx, dy) = ((readable.x - area.x) as i64, (readable.y - area.y) as i64);
            image::imageops::replace(&mut image, &pixels, dx, dy);
        }
        if let Some(parts) = &shown {
            for (x, y, pixel) in image.enumerate_pixels_mut() {
                if !parts.iter().any(|a| a.contains(Point::new(x as i32, y as i32))) {
                    *pixel = image::Rgba([0, 0, 0, 0]);
                }
            }
        }
        Ok(Frame { image, origin: Point::new(area.x, area.y), scale: 1.0, shown })
    }

    /// The root window's pixels in `area`, which lies inside the root.
    fn root_pixels(&self, area: Area) -> Result<image::RgbaImage, String> {
        let conn = &self.conn;
        let (w, h) = (area.width.min(u16::MAX as u32) as u16, area.height.min(u16::MAX as u32) as u16);
        let reply = conn
            .get_image(ImageFormat::Z_PIXMAP, self.root, area.x as i16, area.y as i16, w, h, !0)
            .map_err(|e| e.to_string())?
            .reply()
            .map_err(|e| e.to_string())?;
        let bytes_per_pixel = reply.data.len() / (w as usize * h as usize).max(1);
        if bytes_per_pixel != 4 || conn.setup().image_byte_order != ImageOrder::LSB_FIRST {
            return Err(format!(
                "unsupported pixel format ({bytes_per_pixel} bytes per pixel, depth {}); a 24-bit TrueColor display is needed",
                reply.depth
            ));
        }
        let rgba: Vec<u8> = reply.data.chunks_exact(4).flat_map(|p| [p[2], p[1], p[0], 255]).collect();
        image::RgbaImage::from_raw(w.into(), h.into(), rgba).ok_or_else(|| "the image has the wrong size".to_string())
    }
}
