//! A live game window on every platform, through xcap: found by its title among the open windows
//! (the topmost match, the one the user sees, by the window system's own stacking; when several match, `several` says which was taken
//! and how to choose another). How it is captured, where it is and what covers it
//! (its `Screen`) is `window_screen.rs`.

use super::SysWindow;
use super::native::Native;
use super::{ScreenError, WindowMatch};

/// A live window found by title.
pub struct LiveWindow {
    pub(super) window: SysWindow,
    pub(super) id: u32,
    pub(super) title: String,
    pub(super) native: Native,
    /// The titles of the other windows that match too, topmost first.
    also: Vec<String>,
    wanted: WindowMatch,
}

fn listing<E: std::fmt::Display>(e: E) -> ScreenError {
    ScreenError::NoDisplay(e.to_string())
}

/// Every open window's title, topmost first.
pub fn titles() -> Result<Vec<String>, ScreenError> {
    Ok(SysWindow::all().map_err(listing)?.iter().filter_map(|w| w.title().ok()).collect())
}

impl LiveWindow {
    /// Finds the topmost window `wanted` names (on X11 by the server's own stacking, elsewhere by
    /// the system's order of windows); the error lists the windows that are open.
    pub fn find(wanted: &WindowMatch) -> Result<LiveWindow, ScreenError> {
        let windows = SysWindow::all().map_err(listing)?;
        let mut matches = Vec::new();
        let mut others = Vec::new();
        for window in windows {
            let Ok(title) = window.title() else { continue };
            if wanted.matches(&title) {
                if let Ok(id) = window.id() {
                    matches.push((window, id, title));
                }
            } else if !title.is_empty() {
                others.push(format!("\"{title}\""));
            }
        }
        let native = Native::open();
        let ids: Vec<u32> = matches.iter().map(|(_, id, _)| *id).collect();
        if let Some(rank) = native.stacking(&ids) {
            // Topmost first; a stable sort keeps the listing's order among equals.
            let mut ranked: Vec<_> = matches.into_iter().zip(rank).collect();
            ranked.sort_by_key(|(_, r)| std::cmp::Reverse(*r));
            matches = ranked.into_iter().map(|(m, _)| m).collect();
        }
        let mut matches = matches.into_iter();
        let Some((window, id, title)) = matches.next() else {
            return Err(ScreenError::WindowNotFound { title: wanted.title.clone(), others });
        };
        let also = matches.map(|(_, _, t)| t).collect();
        Ok(LiveWindow { window, id, title, native, also, wanted: wanted.clone() })
    }

    /// When other windows match too: a note naming the one taken (the topmost), the others, and
    /// how to choose another.
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
