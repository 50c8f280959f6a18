//! The monitors of an X display: RandR 1.5's monitors (what desktops configure with xrandr, and
//! what `xrandr --setmonitor` adds), or Xinerama's screens when they list more (a Xinerama server of
//! several screens, where RandR sees only the first), or the root window alone. X11 input counts
//! root pixels, so every monitor's scale is 1 (see `screen::desktop`).
//!
//! Xinerama screens are separate screens: the pointer stays on one and passes to another only
//! where their edges meet. Where screens overlap (Xvfb lays every screen at the origin), a part
//! only a later screen shows is out of the pointer's reach, so such a screen is left out: a game
//! there is "not fully on the screen" rather than clicked where the pointer cannot go.

use x11rb::connection::RequestConnection;
use x11rb::protocol::randr::ConnectionExt as _;
use x11rb::protocol::xinerama::ConnectionExt as _;
use x11rb::protocol::xproto::ConnectionExt as _;

use super::Display;
use crate::frame::Area;
use crate::screen::ScreenError;
use crate::screen::desktop::{Desktop, Monitor};

impl Display {
    /// The root window's current size (the setup's figure is stale after a RandR resize).
    pub fn root_area(&self) -> Area {
        match self.conn.get_geometry(self.root).ok().and_then(|c| c.reply().ok()) {
            Some(g) => Area::new(0, 0, g.width.into(), g.height.into()),
            None => Area::new(0, 0, self.screen_size.0.into(), self.screen_size.1.into()),
        }
    }

    /// The display's monitors, as `screen::desktop` describes them.
    pub fn desktop(&self) -> Result<Desktop, ScreenError> {
        let randr = self.randr_monitors();
        let xinerama = self.xinerama_screens();
        let mut monitors = if xinerama.len() > randr.len() { xinerama } else { randr };
        if monitors.is_empty() {
            monitors.push(Monitor { name: "screen".into(), area: self.root_area(), scale: 1.0, primary: true });
        }
        Ok(Desktop { monitors })
    }

    fn randr_monitors(&self) -> Vec<Monitor> {
        let conn = &self.conn;
        let has = conn.extension_information(x11rb::protocol::randr::X11_EXTENSION_NAME).ok().flatten().is_some();
        let version = has
            .then(|| conn.randr_query_version(1, 5).ok()?.reply().ok())
            .flatten()
            .is_some_and(|v| (v.major_version, v.minor_version) >= (1, 5));
        if !version {
            return Vec::new();
        }
        let Some(reply) = conn.randr_get_monitors(self.root, true).ok().and_then(|c| c.reply().ok()) else {
            return Vec::new();
        };
        reply
            .monitors
            .iter()
            .filter(|m| m.width > 0 && m.height > 0)
            .map(|m| Monitor {
                name: self.atom_name(m.name).unwrap_or_else(|| "monitor".into()),
                area: Area::new(m.x.into(), m.y.into(), m.width.into(), m.height.into()),
                scale: 1.0,
                primary: m.primary,
            })
            .collect()
    }

    fn xinerama_screens(&self) -> Vec<Monitor> {
        let conn = &self.conn;
        let has = conn.extension_information(x11rb::protocol::xinerama::X11_EXTENSION_NAME).ok().flatten().is_some();
        let active = has && conn.xinerama_is_active().ok().and_then(|c| c.reply().ok()).is_some_and(|r| r.state != 0);
        if !active {
            return Vec::new();
        }
        let Some(reply) = conn.xinerama_query_screens().ok().and_then(|c| c.reply().ok()) else { return Vec::new() };
        let mut kept: Vec<Monitor> = Vec::new();
        for (i, s) in reply.screen_info.iter().enumerate().filter(|(_, s)| s.width > 0 && s.height > 0) {
            let area = Area::new(s.x_org.into(), s.y_org.into(), s.width.into(), s.height.into());
            if kept.iter().all(|m| m.area.intersect(&area).is_empty()) {
                kept.push(Monitor { name: format!("xinerama-{i}"), area, scale: 1.0, primary: i == 0 });
            }
        }
        kept
    }

    fn atom_name(&self, atom: u32) -> Option<String> {
        let reply = self.conn.get_atom_name(atom).ok()?.reply().ok()?;
        Some(String::from_utf8_lossy(&reply.name).into_owned())
    }
}
