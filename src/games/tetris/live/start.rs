//! Starting a game by clicking quadrapassel's start button (the white "play" or "restart" icon below
//! the preview). The first game must be started this way: quadrapassel 40.2 crashes when a key is
//! pressed before any game exists.

use anyhow::bail;

use crate::frame::{Frame, Point};
use crate::input::Action;
use crate::input::guard::Guard;
use crate::screen::Screen;
use crate::vision::regions::components;

/// Pixels brighter than this in every channel belong to the button's icon.
const ICON_MIN: u8 = 200;

/// The preview box: the largest square black region (found without the well, which is not black
/// before the first game: the game fills it with random blocks while idle).
pub fn preview_box(frame: &Frame, black_max: u8) -> Option<(u32, u32, u32, u32)> {
    let mask: Vec<bool> = frame.image.pixels().map(|p| p.0[..3].iter().all(|&v| v <= black_max)).collect();
    components(&mask, frame.width() as usize)
        .into_iter()
        .filter(|c| c.width() >= 40 && c.width().abs_diff(c.height()) * 4 <= c.width())
        .max_by_key(|c| c.area)
        .map(|c| (c.x0, c.y0, c.x1, c.y1))
}

/// The centre of the start button's icon: the tallest white mark below the preview box, in its columns.
pub fn start_button(frame: &Frame, preview: Option<(u32, u32, u32, u32)>) -> anyhow::Result<Point> {
    let Some((x0, _, x1, y1)) = preview else { bail!("no preview box found, so no start button under it") };
    let bright_in_row = |y: u32| -> Vec<u32> {
        (x0..x1.min(frame.width())).filter(|&x| frame.rgb(x, y).iter().all(|&v| v > ICON_MIN)).collect()
    };
    // Bright blobs, split by blank rows: the icon is the tallest (score digits and a tooltip's
    // text are a line of text each).
    let mut blobs: Vec<(u32, u32, u32, u32)> = Vec::new();
    let mut open = false;
    for y in y1..frame.height() {
        let xs = bright_in_row(y);
        match (xs.is_empty(), open, blobs.last_mut()) {
            (true, _, _) => open = false,
            (false, true, Some(b)) => *b = (b.0.min(xs[0]), b.1, b.2.max(xs[xs.len() - 1]), y),
            (false, _, _) => {
                blobs.push((xs[0], y, xs[xs.len() - 1], y));
                open = true;
            }
        }
    }
    let Some(&(min_x, top, max_x, bottom)) = blobs.iter().max_by_key(|b| b.3 - b.1) else {
        bail!("no start button (a white icon) below the preview box")
    };
    if bottom - top < 16 {
        bail!("no start button below the preview box: the tallest white mark is {} px tall", bottom - top + 1);
    }
    let centre = Point::new(((min_x + max_x) / 2) as i32, ((top + bottom) / 2) as i32);
    // The pause icon (a game is running) is two bars with a gap down the middle; the play and
    // restart icons cross their middle column.
    if (top..=bottom).all(|y| frame.rgb(centre.x as u32, y).iter().any(|&v| v <= ICON_MIN)) {
        bail!("the button under the preview shows pause: a game is already running");
    }
    Ok(centre)
}

/// Clicks the start button, through the guard (inside the window, failsafe).
pub fn click_start(frame: &Frame, black_max: u8, guard: &mut Guard, screen: &dyn Screen) -> anyhow::Result<()> {
    let at = start_button(frame, preview_box(frame, black_max))?;
    Ok(guard.perform(&Action::Click(at), frame, screen)?)
}
