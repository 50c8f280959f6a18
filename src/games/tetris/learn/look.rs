//! The `[look]` section of a learned Tetris profile, and learning it from one screenshot.
//!
//! What one screenshot can teach: the well's size in cells, its background colour, an empty
//! cell's look (against which every cell is judged later, so a stack reaching the top rows still
//! reads), whether a ghost, previews and a hold box were seen, each box's role (at a game's start a
//! box showing a piece is a preview and a blank one the hold box: nothing is held yet; one showing
//! text is neither), and the colours the program gave
//! the pieces it showed (for a person to check; pieces are always told by shape). Keys, rotations
//! and timing need the live window.

use std::collections::BTreeMap;

use anyhow::Context;

use super::read::{self, Seen};
pub use super::settings::{BoxRole, LookSettings};
use crate::frame::Frame;
use crate::vision::colour::to_hex;

/// What a calibration from one screenshot found: the section to write, and the frame's reading.
pub struct Learned {
    pub settings: LookSettings,
    pub seen: Seen,
}

/// Learns the `[look]` from one screenshot, blind.
pub fn learn(frame: &Frame) -> anyhow::Result<Learned> {
    let seen = read::read(frame, None)?;
    let mut colours = BTreeMap::new();
    if let Some(f) = &seen.falling {
        let (r, c) = f.cells[0];
        colours.insert(f.piece.letter().to_string(), to_hex(seen.looks[r as usize][c as usize].middle()));
    }
    let settings = LookSettings {
        cols: seen.well.cols,
        rows: seen.well.rows,
        background: to_hex(seen.well.empty),
        empty_cell: seen.empty.0.iter().map(|p| to_hex(p.map(|v| v.round().clamp(0.0, 255.0) as u8))).collect(),
        ghost: seen.falling.as_ref().is_some_and(|f| !f.ghost.is_empty()),
        previews: seen.boxes.next.len(),
        hold: false,
        colours,
        boxes: seen.well.boxes.iter().filter_map(|&rect| role_of(frame, &seen.well, rect)).collect(),
    };
    // With roles learned, the previews are the pieces the boxes taken for previews show.
    let previews = if settings.boxes.is_empty() {
        settings.previews
    } else {
        super::boxes::read_known(frame, &seen.well, &settings.box_roles()).next.len()
    };
    // With roles learned, the hold box is the box learned as one: the blind reading's hold (the
    // first box left of the well showing a piece) is a preview there, and counted once.
    let hold = if settings.boxes.is_empty() {
        seen.boxes.hold.is_some()
    } else {
        settings.boxes.iter().any(|b| b.role == "hold")
    };
    let settings = LookSettings { hold, previews, ..settings };
    Ok(Learned { settings, seen })
}

/// A box's role at a game's start: showing a piece, a preview; showing nothing at all, the hold
/// box; showing something that is no piece (text: controls, scores, a logo), none. The open page
/// beside the well (running to the window's edge, `boxes::page_beside`) is no hold box when
/// blank: a program draws its hold in a box, and a page of the well's colour with no preview on it
/// is only the page (a program with no preview at all).
fn role_of(frame: &Frame, well: &super::well::Well, rect: super::boxes::Rect) -> Option<BoxRole> {
    let open_page = super::boxes::runs_to_right_edge(frame, rect);
    let role = if !super::boxes::pieces_in(frame, well, rect).is_empty() {
        "preview"
    } else if !open_page && super::boxes::blank(frame, well, rect) {
        "hold"
    } else {
        return None;
    };
    Some(BoxRole { area: super::boxes::in_cells(well, rect), role: role.into() })
}

/// A proposal profile's text for a program learned from a screenshot.
pub fn profile_text(name: &str, title: &str, from: &str, settings: &LookSettings) -> anyhow::Result<String> {
    let look = toml::to_string(&BTreeMap::from([("look", settings)])).context("writing [look]")?;
    let quote = |s: &str| toml::Value::String(s.to_string()).to_string();
    let from_line = from.replace('\n', " ");
    Ok(format!(
        "# Learned by `gamebot calibrate tetris --from {from_line}`: a proposal until a game confirms it.\n\
         # The keys below are the usual ones, not learned (a screenshot cannot show them): check them.\n\
         name = {}\ngame = \"tetris\"\ndescription = {}\n\n\
         [window]\ntitle = {}\nexact = false\n\n\
         [learned]\nfrom = {}\nconfirmed = []\n\n\
         [keys]\nleft = \"Left\"\nright = \"Right\"\nrotate = \"Up\"\nsoft_drop = \"Down\"\nhard_drop = \"space\"\n\n{look}",
        quote(name),
        quote(&format!("learned from {from}")),
        quote(title),
        quote(from),
    ))
}
