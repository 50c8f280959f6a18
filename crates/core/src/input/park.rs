//! The pointer kept off what the bot reads. Toolkits draw the widget under the pointer otherwise
//! (a Tk button in its lighter "active" colour, a page's `:hover`), so a capture taken with the
//! pointer left on the board shows one square as it is not: a peg under it looked like a hole.
//! Before the live window is captured to be read, a pointer lying on the window is moved to the
//! window's own bottom-left corner, a few pixels in: inside the game's window (the bot acts nowhere
//! else), away from any board a reader takes (a board drawn up to the window's edge is refused as
//! cut off), and away from the right edge where pages show their scroll bars when hovered. Where
//! another window covers that corner (a desktop's panel over a tall window's bottom), the top-left
//! corner, then the bottom-right and top-right ones; where every corner is covered the pointer is
//! left where it is. A pointer elsewhere on the desktop is left where it is: it hovers nothing of
//! the game.

use super::Action;
use super::guard::{Guard, Halt};
use crate::frame::{Frame, Point};
use crate::screen::{Screen, ScreenError};

/// How far in from the window's left and bottom edges the pointer rests, in frame pixels.
const INSET: i32 = 2;

/// Where the pointer may rest while the window is read: the window's corners, `INSET` pixels in,
/// in the order tried: bottom-left, top-left, bottom-right, top-right.
fn rest_points(window: &Frame) -> [Point; 4] {
    let (w, h) = (window.width() as i32, window.height() as i32);
    let (left, right) = (INSET.min(w - 1).max(0), (w - 1 - INSET).max(0));
    let (top, bottom) = (INSET.min(h - 1).max(0), (h - 1 - INSET).max(0));
    [Point::new(left, bottom), Point::new(left, top), Point::new(right, bottom), Point::new(right, top)]
}

/// Moves the pointer to the first of `rest_points` that `window` (the latest capture of the game's
/// window) shows and no other window covers, when it lies on the window elsewhere, through the
/// guard (the failsafe and the window's checks as for any action). True when it moved: the window
/// is to be captured again before it is read. Nothing is done where the device cannot tell the
/// pointer's place, or no rest point is open.
pub fn park(guard: &mut Guard, window: &Frame, screen: &dyn Screen) -> Result<bool, Halt> {
    let Some(pointer) = guard.pointer() else { return Ok(false) };
    if !window.desktop_area().contains(pointer) {
        return Ok(false);
    }
    // A corner another window covers, or off the screen, is passed over; any other error is the
    // guard's to report when it moves the pointer.
    let open = |p: &Point| {
        window.shows(*p)
            && !matches!(
                screen.check_target(window, &[window.to_desktop(*p)]),
                Err(ScreenError::Covered { .. } | ScreenError::OffScreen { .. })
            )
    };
    let Some(rest) = rest_points(window).into_iter().find(open) else { return Ok(false) };
    if pointer == window.to_desktop(rest) {
        return Ok(false);
    }
    guard.perform(&Action::Move(rest), window, screen)?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::recorder::Recorder;
    use crate::profile::GuardSettings;

    struct Still(Frame);

    impl Screen for Still {
        fn capture(&mut self) -> Result<Frame, ScreenError> {
            Ok(self.0.clone())
        }
        fn describe(&self) -> String {
            "a still window".into()
        }
    }

    fn window() -> Frame {
        Frame::at(image::RgbaImage::new(100, 80), Point::new(10, 20))
    }

    #[test]
    fn a_pointer_on_the_window_rests_in_its_bottom_left_corner_and_one_elsewhere_stays() {
        let frame = window();
        let screen = Still(frame.clone());
        let mut on = Recorder::new(Point::new(60, 50));
        let moved = park(&mut Guard::new(&mut on, &GuardSettings::default()), &frame, &screen).unwrap();
        assert!(moved);
        assert_eq!(on.performed, vec![Action::Move(Point::new(12, 97))]);
        for at in [Point::new(5, 50), Point::new(60, 100), Point::new(12, 97)] {
            let mut off = Recorder::new(at);
            let moved = park(&mut Guard::new(&mut off, &GuardSettings::default()), &frame, &screen).unwrap();
            assert!(!moved && off.performed.is_empty(), "{at:?}");
        }
    }

    /// A window whose lowest `panel` rows (desktop y from `from`) another window covers, as a
    /// desktop's panel covers a window taller than the room above it.
    struct UnderPanel(Frame, i32);

    impl Screen for UnderPanel {
        fn capture(&mut self) -> Result<Frame, ScreenError> {
            Ok(self.0.clone())
        }
        fn describe(&self) -> String {
            "a window under a panel".into()
        }
        fn check_target(&self, _frame: &Frame, points: &[Point]) -> Result<(), ScreenError> {
            match points.iter().any(|p| p.y >= self.1) {
                true => Err(ScreenError::Covered { by: "the panel of jwm".into(), by_the_game: false }),
                false => Ok(()),
            }
        }
    }

    #[test]
    fn a_pointer_rests_in_the_top_left_corner_when_a_panel_covers_the_bottom_and_stays_when_all_are_covered() {
        let frame = window();
        let mut on = Recorder::new(Point::new(60, 50));
        let screen = UnderPanel(frame.clone(), 90);
        let moved = park(&mut Guard::new(&mut on, &GuardSettings::default()), &frame, &screen).unwrap();
        assert!(moved);
        assert_eq!(on.performed, vec![Action::Move(Point::new(12, 22))]);
        let mut stays = Recorder::new(Point::new(60, 50));
        let all_covered = UnderPanel(frame.clone(), 0);
        let moved = park(&mut Guard::new(&mut stays, &GuardSettings::default()), &frame, &all_covered).unwrap();
        assert!(!moved && stays.performed.is_empty());
    }
}
