//! The desktop: its monitors, where each lies and how many capture pixels make one desktop unit on
//! it, and which parts of a window the monitors show. Together with `Frame::to_desktop` (a frame's
//! origin and scale) this is the one way from a pixel the bot sees to the point where it acts.
//!
//! Desktop units are the unit the platform's input takes, so an action's point goes to the input
//! device as it is:
//! - Linux (X11): pixels of the root window. Capture and input agree; `GDK_SCALE` or `Xft.dpi` only
//!   make programs draw larger. Monitors come from RandR 1.5, or Xinerama when it lists more.
//! - Windows: physical pixels. gamebot declares itself per-monitor DPI aware
//!   (`declare_dpi_awareness`, before any capture or input), so window positions, captures and the
//!   pointer all count physical pixels whatever each monitor's scaling (125 %, 150 %, ...).
//!   Monitors left of or above the primary have negative origins.
//! - macOS: points. A capture has the display's backing pixels (2 per point on Retina), so a frame's
//!   scale is its pixels per point; monitors and windows are placed in points, origins may be
//!   negative.

use super::ScreenError;
use crate::frame::{Area, Point};

/// One monitor.
#[derive(Clone, Debug, PartialEq)]
pub struct Monitor {
    pub name: String,
    /// Where it lies, in desktop units.
    pub area: Area,
    /// Capture pixels per desktop unit on it (1 except on a scaled macOS display).
    pub scale: f64,
    pub primary: bool,
}

/// The monitors of the desktop, in the platform's order (`--monitor N` counts in it).
#[derive(Clone, Debug, PartialEq)]
pub struct Desktop {
    pub monitors: Vec<Monitor>,
}

impl Desktop {
    /// The desktop the bot runs on (on Linux, `$DISPLAY`'s).
    pub fn current() -> Result<Desktop, ScreenError> {
        #[cfg(target_os = "linux")]
        {
            super::x11::Display::open()?.desktop()
        }
        #[cfg(not(target_os = "linux"))]
        {
            declare_dpi_awareness();
            let all = xcap::Monitor::all().map_err(|e| ScreenError::NoDisplay(e.to_string()))?;
            let monitors = all
                .iter()
                .filter_map(|m| {
                    let area = Area::new(m.x().ok()?, m.y().ok()?, m.width().ok()?, m.height().ok()?);
                    let name = m.name().unwrap_or_default();
                    Some(Monitor { name, area, scale: input_scale(m), primary: m.is_primary().unwrap_or(false) })
                })
                .collect();
            Ok(Desktop { monitors })
        }
    }

    /// The monitor that holds desktop point `q`, with its index.
    pub fn monitor_at(&self, q: Point) -> Option<(usize, &Monitor)> {
        self.monitors.iter().enumerate().find(|(_, m)| m.area.contains(q))
    }

    /// True when a monitor shows desktop point `q` (the pointer can reach it).
    pub fn shows(&self, q: Point) -> bool {
        self.monitor_at(q).is_some()
    }

    /// The parts of a window at `window` (desktop units) captured at `scale` pixels per unit that
    /// the monitors show and none of `covers` (windows above it, desktop units) hides, in frame
    /// pixels; None when all of it shows.
    pub fn shown_parts(&self, window: Area, scale: f64, covers: &[Area]) -> Option<Vec<Area>> {
        let mut on: Vec<Area> =
            self.monitors.iter().map(|m| m.area.intersect(&window)).filter(|a| !a.is_empty()).collect();
        for cover in covers {
            on = on.iter().flat_map(|a| a.minus(cover)).collect();
        }
        if window.covered_by(&on) {
            return None;
        }
        let pixel = |v: i64| (v as f64 * scale).round() as i64;
        let parts = on
            .iter()
            .map(|a| {
                let (x0, y0) = (pixel(a.x as i64 - window.x as i64), pixel(a.y as i64 - window.y as i64));
                let x1 = pixel(a.x as i64 + a.width as i64 - window.x as i64);
                let y1 = pixel(a.y as i64 + a.height as i64 - window.y as i64);
                Area::new(x0 as i32, y0 as i32, (x1 - x0) as u32, (y1 - y0) as u32)
            })
            .collect();
        Some(parts)
    }

    /// True when some monitor shows some of `window` (desktop units).
    pub fn meets(&self, window: Area) -> bool {
        self.monitors.iter().any(|m| !m.area.intersect(&window).is_empty())
    }

    /// The smallest area holding every monitor (desktop units).
    pub fn bounds(&self) -> Area {
        let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
        for a in self.monitors.iter().map(|m| m.area) {
            x0 = x0.min(a.x as i64);
            y0 = y0.min(a.y as i64);
            x1 = x1.max(a.x as i64 + a.width as i64);
            y1 = y1.max(a.y as i64 + a.height as i64);
        }
        if self.monitors.is_empty() {
            return Area::new(0, 0, 0, 0);
        }
        Area::new(x0 as i32, y0 as i32, (x1 - x0) as u32, (y1 - y0) as u32)
    }

    /// Where a window at `window` (desktop units) leaves the monitors, in words ("its bottom is
    /// below the bottom edge of the screen"), for the message that stops the bot.
    pub fn where_cut(&self, window: Area) -> String {
        let b = self.bounds();
        let mut sides = Vec::new();
        if window.x < b.x {
            sides.push("left");
        }
        if window.y < b.y {
            sides.push("top");
        }
        if window.x as i64 + window.width as i64 > b.x as i64 + b.width as i64 {
            sides.push("right");
        }
        if window.y as i64 + window.height as i64 > b.y as i64 + b.height as i64 {
            sides.push("bottom");
        }
        if sides.is_empty() {
            return "part of it lies between monitors, where no monitor shows it".into();
        }
        let sides = sides.join(" and ");
        if sides.contains(" and ") {
            format!("its {sides} parts are beyond the screen's {sides} edges")
        } else {
            format!("its {sides} part is beyond the {sides} edge of the screen")
        }
    }

    /// A line per monitor, for messages ("0: DP-1 1920x1080 at (0, 0), primary").
    pub fn describe(&self) -> Vec<String> {
        self.monitors
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let a = m.area;
                let scale = if m.scale == 1.0 { String::new() } else { format!(", {} pixels per point", m.scale) };
                let primary = if m.primary { ", primary" } else { "" };
                format!("{i}: {} {}x{} at ({}, {}){scale}{primary}", m.name, a.width, a.height, a.x, a.y)
            })
            .collect()
    }
}

/// Capture pixels per desktop unit on an xcap monitor: its scale factor on macOS (points vs backing
/// pixels), 1 on Windows (physical pixels throughout, once DPI aware).
#[cfg(not(target_os = "linux"))]
fn input_scale(monitor: &xcap::Monitor) -> f64 {
    if cfg!(target_os = "macos") { monitor.scale_factor().map_or(1.0, f64::from).max(0.1) } else { 1.0 }
}

/// Declares the process per-monitor DPI aware (Windows 10 1703 and later), once, before any capture
/// or input: then window positions, captures and the pointer all count physical pixels on every
/// monitor, whatever its scaling. Elsewhere it does nothing. A process already declared aware (by a
/// manifest) keeps its declaration; the call then fails harmlessly.
pub fn declare_dpi_awareness() {
    #[cfg(windows)]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            use windows_sys::Win32::UI::HiDpi::{
                DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2, SetProcessDpiAwarenessContext,
            };
            // SAFETY: a plain Win32 call with a constant the API defines; it touches no memory of ours.
            unsafe {
                SetProcessDpiAwarenessContext(DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn monitor(x: i32, y: i32, w: u32, h: u32, scale: f64) -> Monitor {
        Monitor { name: format!("m{x},{y}"), area: Area::new(x, y, w, h), scale, primary: x == 0 && y == 0 }
    }

    #[test]
    fn a_window_inside_one_monitor_shows_whole() {
        let desktop = Desktop { monitors: vec![monitor(0, 0, 1920, 1080, 1.0)] };
        assert_eq!(desktop.shown_parts(Area::new(100, 100, 400, 300), 1.0, &[]), None);
    }

    #[test]
    fn a_window_across_two_monitors_shows_whole() {
        let desktop = Desktop { monitors: vec![monitor(0, 0, 1920, 1080, 1.0), monitor(-1280, 0, 1280, 1024, 1.0)] };
        assert_eq!(desktop.shown_parts(Area::new(-200, 100, 400, 300), 1.0, &[]), None);
    }

    #[test]
    fn a_window_below_the_screen_shows_its_top_in_frame_pixels() {
        let desktop = Desktop { monitors: vec![monitor(0, 0, 1440, 900, 2.0)] };
        let parts = desktop.shown_parts(Area::new(100, 800, 200, 200), 2.0, &[]).unwrap();
        assert_eq!(parts, vec![Area::new(0, 0, 400, 200)]);
        assert!(desktop.where_cut(Area::new(100, 800, 200, 200)).contains("bottom"));
    }

    #[test]
    fn a_gap_between_monitors_of_different_heights_is_not_shown() {
        let desktop = Desktop { monitors: vec![monitor(0, 0, 1920, 1080, 1.0), monitor(1920, 0, 1280, 720, 1.0)] };
        let window = Area::new(1800, 600, 300, 300);
        let parts = desktop.shown_parts(window, 1.0, &[]).unwrap();
        assert!(!Area::new(0, 0, 300, 300).covered_by(&parts));
        assert!(Area::new(0, 0, 120, 300).covered_by(&parts));
        assert!(desktop.where_cut(window).contains("between monitors"));
    }

    #[test]
    fn a_panel_over_the_bottom_of_a_window_hides_that_part() {
        let desktop = Desktop { monitors: vec![monitor(0, 0, 1280, 1024, 1.0)] };
        let panel = Area::new(0, 999, 1280, 25);
        let parts = desktop.shown_parts(Area::new(300, 700, 300, 350), 1.0, &[panel]).unwrap();
        assert!(Area::new(0, 0, 300, 299).covered_by(&parts));
        assert!(!Area::new(0, 299, 300, 1).covered_by(&parts));
        assert_eq!(desktop.shown_parts(Area::new(300, 100, 300, 350), 1.0, &[panel]), None);
    }
}
