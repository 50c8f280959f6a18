//! Turning a Breach Protocol plan (cells to pick) into inputs: a click at the centre of each cell,
//! or, as the safer alternative, keyboard navigation (arrow keys from the highlighted cell, then
//! Enter).
//!
//! Click points are frame pixels, the same pixels the reader measured, so they are right at any
//! resolution and display scale; the runner adds the frame's screen origin. The keyboard route
//! starts on the top-left cell, where the game's cursor stands when the breach opens, and moves
//! only along the row or column the rules allow next, so every step is a legal cursor move.

use crate::frame::Point;
use crate::input::Action;

use super::read::BreachScreen;

/// The click that picks each cell of `path`, frame-relative.
pub fn clicks(path: &[(usize, usize)], screen: &BreachScreen) -> Vec<Action> {
    path.iter().map(|&(r, c)| Action::Click(screen.cells[r][c].centre())).collect()
}

/// A point off the matrix, half a cell left of its middle row: where the pointer rests after a
/// click, so that nothing is hovered.
pub fn rest(screen: &BreachScreen) -> Action {
    let first = &screen.cells[screen.cells.len() / 2][0];
    Action::Move(Point::new((first.x - first.width / 2.0).max(0.0) as i32, first.centre().y))
}

/// The keys that pick each cell of `path`, one group per pick, starting from `start`.
pub fn keys(path: &[(usize, usize)], start: (usize, usize)) -> Vec<Vec<Action>> {
    let mut at = start;
    path.iter()
        .map(|&(r, c)| {
            let mut group = Vec::new();
            let (vertical, horizontal) =
                (if r > at.0 { "Down" } else { "Up" }, if c > at.1 { "Right" } else { "Left" });
            group.extend((0..r.abs_diff(at.0)).map(|_| Action::Key(vertical.into())));
            group.extend((0..c.abs_diff(at.1)).map(|_| Action::Key(horizontal.into())));
            group.push(Action::Key("Return".into()));
            at = (r, c);
            group
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(group: &[Action]) -> Vec<String> {
        group.iter().map(|a| a.to_string().replace("key ", "")).collect()
    }

    #[test]
    fn keys_walk_the_row_then_the_column_and_press_enter() {
        let groups = keys(&[(0, 2), (3, 2), (3, 0)], (0, 0));
        assert_eq!(names(&groups[0]), ["Right", "Right", "Return"]);
        assert_eq!(names(&groups[1]), ["Down", "Down", "Down", "Return"]);
        assert_eq!(names(&groups[2]), ["Left", "Left", "Return"]);
    }

    #[test]
    fn picking_the_highlighted_cell_is_just_enter() {
        assert_eq!(names(&keys(&[(0, 0)], (0, 0))[0]), ["Return"]);
    }
}
