//! The game's own verdict at the end of a level: it writes "You collected supplies for X out of Y
//! days. You survive." (green) or "... You die." (red) over the building. Which one is on screen is
//! told by the message's colour over the building, outside the player's room (the '@' is red too).

use super::config::CollapseConfig;
use crate::frame::Frame;
use crate::vision::grid::Grid;

/// What the game said at the end of a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Survive,
    Die,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Verdict::Survive => "survive",
            Verdict::Die => "die",
        })
    }
}

/// The verdict written over the building in `frame`, if one is; `player` is the player's room.
pub fn verdict(frame: &Frame, grid: &Grid, config: &CollapseConfig, player: (usize, usize)) -> Option<Verdict> {
    let own = grid.cell_rect(player.0, player.1);
    let inside = |x: u32, y: u32, r: &crate::frame::Rect| {
        let (x, y) = (x as f64, y as f64);
        x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height
    };
    let count = |colour: [u8; 3]| {
        let mut n = 0;
        for (x, y, p) in frame.image.enumerate_pixels() {
            let rgb = [p.0[0], p.0[1], p.0[2]];
            if rgb == colour && inside(x, y, &grid.rect) && !inside(x, y, &own) {
                n += 1;
            }
        }
        n
    };
    let least = config.levels.message_pixels;
    if count(config.colours.survive) >= least {
        Some(Verdict::Survive)
    } else if count(config.colours.die) >= least {
        Some(Verdict::Die)
    } else {
        None
    }
}
