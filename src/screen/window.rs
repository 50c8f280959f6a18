//! A live game window on every platform, through xcap: found by its title among the open windows
//! (the topmost match, the one the user sees; when several match, `several` says which was taken
//! and how to choose another), captured with its position on the screen as the
//! frame's origin. A window that has closed is `WindowGone`, a minimised one says so (both asked only
//! when a capture fails). Whether the game has the keyboard focus comes from the platform's own API
//! (`focus.rs`).

use super::focus::FocusProbe;
use super::{Screen, ScreenError, WindowMatch};
use crate::frame::{Frame, Point};

/// A live window found by title.
pub struct LiveWindow {
    window: xcap::Window,
    id: u32,
    title: String,
    focus: FocusProbe,
    /// The titles of the other windows that match too, topmost first.
    also: Vec<String>,
    wanted: WindowMatch,
}

fn listing<E: std::fmt::Display>(e: E) -> ScreenError {
    ScreenError::NoDisplay(e.to_string())
}

/// Every open window's title, topmost first.
pub fn titles() -> Result<Vec<String>, ScreenError> {
    Ok(xcap::Window::all().map_err(listing)?.iter().filter_map(|w| w.title().ok()).collect())
}

impl LiveWindow {
    /// Finds the topmost window `wanted` names; the error lists the windows that are open.
    pub fn find(wanted: &WindowMatch) -> Result<LiveWindow, ScreenError> {
        let windows = xcap::Window::all().map_err(listing)?;
        let mut found: Option<LiveWindow> = None;
        let mut others = Vec::new();
        for window in windows {
            let Ok(title) = window.title() else { continue };
            if wanted.matches(&title) {
                match &mut found {
                    Some(first) => first.also.push(title),
                    None => {
                        if let Ok(id) = window.id() {
                            let focus = FocusProbe::open();
                            let wanted = wanted.clone();
                            found = Some(LiveWindow { window, id, title, focus, also: Vec::new(), wanted });
                        }
                    }
                }
            } else if !title.is_empty() {
                others.push(format!("\"{title}\""));
            }
        }
        found.ok_or(ScreenError::WindowNotFound { title: wanted.title.clone(), others })
    }

    /// When more than one window matched: which one is played in, the others, and how to choose.
    pub fn several(&self) -> Option<String> {
        several(&self.wanted, &self.title, &self.also)
    }

    /// The platform's id of the window (the X window on Linux).
    pub fn id(&self) -> u32 {
        self.id
    }

    pub fn title(&self) -> &str {
        &self.title
    }

    /// True while the window is still open.
    fn still_open(&self) -> bool {
        xcap::Window::all().is_ok_and(|all| all.iter().any(|w| w.id().is_ok_and(|id| id == self.id)))
    }
}

/// The note for a choice among several matching windows: `chosen` (the topmost) and `also`.
fn several(wanted: &WindowMatch, chosen: &str, also: &[String]) -> Option<String> {
    if also.is_empty() {
        return None;
    }
    let others: Vec<String> = also.iter().map(|t| format!("\"{t}\"")).collect();
    Some(format!(
        "{} windows match \"{}\": playing in the topmost, \"{chosen}\" (also {}); to play in another, bring it to the front or name it with --window \"more of its title\"",
        also.len() + 1,
        wanted.title,
        others.join(", ")
    ))
}

impl Screen for LiveWindow {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        let at = self.window.x().and_then(|x| Ok((x, self.window.y()?)));
        let image = self.window.capture_image();
        match (at, image) {
            (Ok((x, y)), Ok(image)) if image.width() > 0 && image.height() > 0 => {
                Ok(Frame { image, origin: Point::new(x, y) })
            }
            // Why there is no picture is asked only when there is none: not on every capture.
            _ if !self.still_open() => Err(ScreenError::WindowGone),
            _ if self.window.is_minimized().unwrap_or(false) => Err(ScreenError::Minimised),
            (_, Err(e)) => Err(ScreenError::Capture(e.to_string())),
            _ => Err(ScreenError::WindowGone),
        }
    }

    fn describe(&self) -> String {
        match (self.window.x(), self.window.y(), self.window.width(), self.window.height()) {
            (Ok(x), Ok(y), Ok(w), Ok(h)) => format!("window \"{}\" {w}x{h} at ({x}, {y})", self.title),
            _ => format!("window \"{}\"", self.title),
        }
    }

    fn focus_elsewhere(&self) -> Option<String> {
        self.focus.elsewhere(&self.window, self.id)
    }

    /// Asks the window system afresh: the window must still be open, not minimised, where and as
    /// large as `frame` says, and no window above it may hold any of `points` (on Linux from the X
    /// server's stacking of top-level windows; elsewhere from xcap's listing, topmost first).
    fn check_target(&self, frame: &Frame, points: &[Point]) -> Result<(), ScreenError> {
        let all = xcap::Window::all().map_err(|e| ScreenError::Capture(e.to_string()))?;
        let Some(at) = all.iter().position(|w| w.id().is_ok_and(|id| id == self.id)) else {
            return Err(ScreenError::WindowGone);
        };
        let ours = &all[at];
        if ours.is_minimized().unwrap_or(false) {
            return Err(ScreenError::Minimised);
        }
        let place = |w: &xcap::Window| Some((w.x().ok()?, w.y().ok()?, w.width().ok()?, w.height().ok()?));
        let Some((x, y, width, height)) = place(ours) else { return Err(ScreenError::WindowGone) };
        if (x, y, width, height) != (frame.origin.x, frame.origin.y, frame.width(), frame.height()) {
            return Err(ScreenError::Moved);
        }
        if let Some(cover) = self.focus.covering(self.id, points) {
            return cover.map_or(Ok(()), |by| Err(ScreenError::Covered { by }));
        }
        for above in &all[..at] {
            if above.is_minimized().unwrap_or(false) {
                continue;
            }
            let Some((ax, ay, aw, ah)) = place(above) else { continue };
            let inside = |p: &Point| p.x >= ax && p.y >= ay && p.x < ax + aw as i32 && p.y < ay + ah as i32;
            if points.iter().any(inside) {
                return Err(ScreenError::Covered { by: above.title().unwrap_or_default() });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_matches_a_window_that_contains_it_unless_the_profile_asks_for_the_exact_one() {
        let page = WindowMatch { title: "腾讯极客挑战赛".into(), exact: false };
        assert!(page.matches("腾讯极客挑战赛 - Chromium"), "a browser adds its name");
        assert!(page.matches("腾讯极客挑战赛"), "an --app window has the page's own title");
        assert!(!page.matches("Chromium"));
        let exact = WindowMatch { exact: true, ..page };
        assert!(exact.matches("腾讯极客挑战赛") && !exact.matches("腾讯极客挑战赛 - Chromium"));
        let parsed: WindowMatch = toml::from_str("title = \"Flood\"").expect("a window table");
        assert!(!parsed.exact, "contains is the default");
    }

    #[test]
    fn several_matches_say_which_was_taken_and_how_to_choose() {
        let wanted = WindowMatch { title: "Game".into(), exact: false };
        assert_eq!(several(&wanted, "Game - Chromium", &[]), None, "one match needs no note");
        let note = several(&wanted, "Game - Chromium", &["Game - Firefox".into()]).expect("a note");
        assert!(note.starts_with("2 windows match \"Game\": playing in the topmost, \"Game - Chromium\""), "{note}");
        assert!(note.contains("\"Game - Firefox\"") && note.contains("--window"), "{note}");
    }
}
