//! A whole monitor as the game's screen, for games that run full screen (Cyberpunk 2077's Breach
//! Protocol): `--monitor N` captures monitor N (0 the first, in `screen::desktop`'s order, which
//! `describe` and the error for a wrong N list) and every action must lie on it. On Linux it is read
//! from the root window where the monitor lies (any RandR or Xinerama layout); elsewhere through
//! xcap, whose capture has the monitor's pixels (its scale per desktop unit is taken from it).
//! Which window has the keyboard focus cannot be told for a monitor, so it is not checked.

use super::desktop::{Desktop, Monitor};
use super::{Screen, ScreenError};
use crate::frame::{Frame, Point};

/// A monitor, captured whole.
pub struct MonitorScreen {
    monitor: Monitor,
    index: usize,
    #[cfg(target_os = "linux")]
    display: super::x11::Display,
}

impl MonitorScreen {
    /// Monitor `index` (0 the first); the error lists the monitors there are.
    pub fn open(index: usize) -> Result<MonitorScreen, ScreenError> {
        super::desktop::declare_dpi_awareness();
        #[cfg(target_os = "linux")]
        let display = super::x11::Display::open()?;
        #[cfg(target_os = "linux")]
        let desktop = display.desktop()?;
        #[cfg(not(target_os = "linux"))]
        let desktop = Desktop::current()?;
        let Some(monitor) = desktop.monitors.get(index).cloned() else {
            return Err(ScreenError::NoMonitor { index, monitors: desktop.describe() });
        };
        Ok(MonitorScreen {
            monitor,
            index,
            #[cfg(target_os = "linux")]
            display,
        })
    }

    /// The monitor captured.
    pub fn monitor(&self) -> &Monitor {
        &self.monitor
    }

    #[cfg(target_os = "linux")]
    fn grab(&self) -> Result<Frame, ScreenError> {
        let desktop = Desktop { monitors: vec![self.monitor.clone()] };
        self.display.capture_area(self.monitor.area, &desktop, &[])
    }

    #[cfg(not(target_os = "linux"))]
    fn grab(&self) -> Result<Frame, ScreenError> {
        let a = self.monitor.area;
        let all = xcap::Monitor::all().map_err(|e| ScreenError::NoDisplay(e.to_string()))?;
        let same = |m: &&xcap::Monitor| {
            (m.x().ok(), m.y().ok(), m.width().ok(), m.height().ok())
                == (Some(a.x), Some(a.y), Some(a.width), Some(a.height))
        };
        let Some(monitor) = all.iter().find(same) else {
            return Err(ScreenError::Capture(format!(
                "monitor {} ({}) is no longer there",
                self.index, self.monitor.name
            )));
        };
        let image = monitor
            .capture_image()
            .map_err(|e| ScreenError::Capture(format!("monitor {} ({}): {e}", self.index, self.monitor.name)))?;
        let scale = if a.width > 0 { image.width() as f64 / a.width as f64 } else { 1.0 };
        Ok(Frame { image, origin: Point::new(a.x, a.y), scale, shown: None })
    }
}

impl Screen for MonitorScreen {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        self.grab()
    }

    fn describe(&self) -> String {
        let a = self.monitor.area;
        format!("monitor {} ({}) {}x{} at ({}, {})", self.index, self.monitor.name, a.width, a.height, a.x, a.y)
    }

    /// Every point must lie on this monitor (desktop units).
    fn check_target(&self, _frame: &Frame, points: &[Point]) -> Result<(), ScreenError> {
        match points.iter().find(|&&q| !self.monitor.area.contains(q)) {
            Some(q) => Err(ScreenError::OffScreen {
                detail: format!("the point ({}, {}) is not on monitor {}", q.x, q.y, self.index),
            }),
            None => Ok(()),
        }
    }
}
