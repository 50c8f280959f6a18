//! A whole monitor as the game's screen, through xcap, for games that run full screen (Cyberpunk
//! 2077's Breach Protocol): `--monitor N` captures monitor N (0 the first) and every action must lie
//! on it. Which window has the keyboard focus cannot be told for a monitor, so it is not checked.

use super::{Screen, ScreenError};
use crate::frame::{Frame, Point};

/// A monitor, captured whole.
pub struct MonitorScreen {
    monitor: xcap::Monitor,
    index: usize,
}

impl MonitorScreen {
    /// Monitor `index` (0 the first, in xcap's order); the error says how many there are.
    pub fn open(index: usize) -> Result<MonitorScreen, ScreenError> {
        let all = xcap::Monitor::all().map_err(|e| ScreenError::NoDisplay(e.to_string()))?;
        let count = all.len();
        let monitor = all.into_iter().nth(index).ok_or(ScreenError::NoMonitor { index, count })?;
        Ok(MonitorScreen { monitor, index })
    }
}

impl Screen for MonitorScreen {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        let image = self.monitor.capture_image().map_err(|e| ScreenError::Capture(e.to_string()))?;
        let at = (self.monitor.x().unwrap_or(0), self.monitor.y().unwrap_or(0));
        Ok(Frame { image, origin: Point::new(at.0, at.1) })
    }

    fn describe(&self) -> String {
        let name = self.monitor.name().unwrap_or_default();
        match (self.monitor.width(), self.monitor.height()) {
            (Ok(w), Ok(h)) => format!("monitor {} ({name}) {w}x{h}", self.index),
            _ => format!("monitor {} ({name})", self.index),
        }
    }
}
