//! Starting a game for the live calibration (issue 37: "start a game where the program needs a
//! click or a key"). A program just opened often shows a start screen, a menu over the well or an
//! idle well, and no piece falls until the player starts. When no falling piece shows within a
//! few seconds, the usual ways are tried one after the other, each watched a few seconds for a
//! piece that shows and then falls by itself (a key that only moved a piece into view, in a
//! program whose keys act before its Play button is pressed, started nothing): a click in the middle of the window (where start buttons and "click to play"
//! pages put them, and what gives a page's canvas the keyboard), then a click on each control seen
//! in the window (`start_control`: a box of one colour with text on it, clear of the well and the
//! boxes showing pieces, as a "Start Game" button above the well), then Return, then Space; then Tab,
//! which gives the keyboard to the window's first control (a Play button below the well, in a
//! page or a toolkit's window), and Return and Space again, which press a focused button. Every
//! one goes through the guard (inside the window, the failsafe asked). What started the game is
//! said, and a key that started it alone is written into the profile as the key that starts a new
//! game. Some programs draw their first piece before their game runs (under a Start button): a
//! piece shows, but no key moves it and it does not fall. Once the keys have been tried on it in
//! vain, the same ways are tried (`start_shown`), and the game is taken for running only when its
//! piece falls by itself.

use std::time::Duration;

use anyhow::bail;

use super::super::live::eyes::{LearnedWell, seen};
use super::super::live::play::capture_until;
use super::boxes::Rect;
use super::{look, start_control};
use crate::frame::{Frame, Point};
use crate::input::guard::Guard;
use crate::input::{Action, InputDevice};
use crate::profile::GuardSettings;
use crate::screen::Screen;

/// Keys tried after the click, in turn; again after `FOCUS_KEY`.
const START_KEYS: [&str; 2] = ["Return", "space"];
/// Controls seen in the window clicked, at most, the likeliest start button first.
const CONTROLS: usize = 3;
/// The key that moves the keyboard's focus to a window's first control.
const FOCUS_KEY: &str = "Tab";

/// How a game came to be running.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Started {
    /// A piece was falling already.
    Already,
    /// A click in the window's middle started it.
    ByClick,
    /// This key started it.
    ByKey(String),
    /// This key started it once Tab had given the keyboard to a control (a start button).
    ByFocusedKey(String),
    /// A click on a control seen in the window (a start button, `start_control`), at this point.
    ByControl(Point),
}

/// True when a frame shows a well with a falling piece.
fn has_piece(frame: &Frame) -> bool {
    look::learn(frame).is_ok_and(|l| l.seen.falling.is_some())
}

/// The first frame with a falling piece, watched for `first` and then, one way of starting after
/// another, for `after_each`; and what started the game. An error says every way tried.
pub fn begin(
    screen: &mut dyn Screen,
    input: &mut dyn InputDevice,
    first: Duration,
    after_each: Duration,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<(Frame, Started)> {
    let frame = capture_until(screen, first, has_piece)?;
    if has_piece(&frame) {
        return Ok((frame, Started::Already));
    }
    progress(&format!("no falling piece in {} s: starting a game", first.as_secs()));
    let mut watch = |screen: &mut dyn Screen| falls_by_itself(screen, after_each);
    if let Some(begun) = by_usual_ways(screen, input, &frame, &[], &mut watch, progress)? {
        return Ok(begun);
    }
    let [first_key, second_key] = START_KEYS;
    bail!(
        "no tetris well with a falling piece in the window, in {} s nor after a click in its middle, {first_key} or \
         {second_key}, nor {first_key} or {second_key} after {FOCUS_KEY}: start a game first",
        first.as_secs(),
    )
}

/// The falling piece's cells in a frame.
fn piece_cells(frame: &Frame) -> Option<Vec<(i32, i32)>> {
    look::learn(frame).ok()?.seen.falling.map(|f| f.cells)
}

/// Watches, after a way of starting, for a piece to show and then to fall by itself (or another
/// to show), each for up to `wait`, no key pressed: a game running is one whose gravity moves its
/// piece. A piece a start key moved into view (a program whose Space moves its hidden piece a row
/// before its Play button is pressed) is no game started. The frame showing it moved, if it did.
fn falls_by_itself(screen: &mut dyn Screen, wait: Duration) -> anyhow::Result<Option<Frame>> {
    let Some(first) = piece_cells(&capture_until(screen, wait, has_piece)?) else {
        return Ok(None);
    };
    moved_from(screen, wait, Some(&first), piece_cells)
}

/// The first frame within `wait` whose falling piece (`cells_of`) shows other cells than `from`
/// (or shows at all, with `from` None); None when none did.
fn moved_from(
    screen: &mut dyn Screen,
    wait: Duration,
    from: Option<&Vec<(i32, i32)>>,
    cells_of: impl Fn(&Frame) -> Option<Vec<(i32, i32)>>,
) -> anyhow::Result<Option<Frame>> {
    let moved = |f: &Frame| cells_of(f).is_some_and(|now| Some(&now) != from);
    let frame = capture_until(screen, wait, moved)?;
    Ok(moved(&frame).then_some(frame))
}

/// Starts the game of a program that shows a piece in its well before its game runs (its first
/// piece drawn under a Start button): no key moved that piece and it did not fall. The usual ways
/// are tried as by `begin`, each watched for `after_each` for the piece to fall by itself (or
/// another to show): a game running is one whose gravity moves its piece. An error says so.
pub fn start_shown(
    screen: &mut dyn Screen,
    input: &mut dyn InputDevice,
    well: &LearnedWell,
    after_each: Duration,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<(Frame, Started)> {
    let frame = screen.capture()?;
    let shown = seen(&frame, well).falling.map(|f| f.cells);
    // The well and the boxes showing pieces are no controls.
    let w = &well.well;
    let bottom_right = w.point(w.rows - 1, w.cols - 1, 1.0, 1.0);
    let mut avoid =
        vec![(w.x0.max(0.0) as u32, w.y0.max(0.0) as u32, bottom_right.0 as u32 + 1, bottom_right.1 as u32 + 1)];
    avoid.extend(w.boxes.iter().copied().filter(|&b| !super::boxes::pieces_in(&frame, w, b).is_empty()));
    let mut watch = |screen: &mut dyn Screen| {
        moved_from(screen, after_each, shown.as_ref(), |f| seen(f, well).falling.map(|now| now.cells))
    };
    match by_usual_ways(screen, input, &frame, &avoid, &mut watch, progress)? {
        Some(begun) => Ok(begun),
        None => bail!(
            "the piece shown in the well never fell nor moved by any key, nor after a click in the window's middle or \
             on a control seen, Return or space, nor after {FOCUS_KEY}: start a game first"
        ),
    }
}

/// Tries the usual ways of starting a game one after the other (a click in the window's middle,
/// a click on each of the first `CONTROLS` controls seen clear of `avoid`, the start keys, then the
/// start keys after `FOCUS_KEY`), each followed by `watch`, which says (with the frame) when the
/// game runs.
fn by_usual_ways(
    screen: &mut dyn Screen,
    input: &mut dyn InputDevice,
    frame: &Frame,
    avoid: &[Rect],
    watch: &mut dyn FnMut(&mut dyn Screen) -> anyhow::Result<Option<Frame>>,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<Option<(Frame, Started)>> {
    let mut guard = Guard::new(input, &GuardSettings::default());
    let middle = Point::new(frame.width() as i32 / 2, frame.height() as i32 / 2);
    progress("starting a game by a click in the window's middle");
    guard.perform(&Action::Click(middle), frame, &*screen)?;
    if let Some(frame) = watch(screen)? {
        return Ok(Some((frame, Started::ByClick)));
    }
    for control in start_control::controls(frame, avoid).into_iter().take(CONTROLS) {
        let at = control.centre();
        progress(&format!(
            "the game still not running: clicking the control seen at ({}, {}) ({} line(s) of text on it)",
            at.x, at.y, control.lines
        ));
        guard.perform(&Action::Click(at), frame, &*screen)?;
        if let Some(frame) = watch(screen)? {
            return Ok(Some((frame, Started::ByControl(at))));
        }
    }
    for focused in [false, true] {
        if focused {
            progress(&format!("the game still not running: {FOCUS_KEY} to give a start button the keyboard"));
            guard.key(FOCUS_KEY, &*screen)?;
        }
        for key in START_KEYS {
            let on = if focused { format!(" on the control {FOCUS_KEY} reached") } else { String::new() };
            progress(&format!("the game still not running: starting it by {key}{on}"));
            guard.key(key, &*screen)?;
            if let Some(frame) = watch(screen)? {
                let key = key.to_string();
                return Ok(Some((frame, if focused { Started::ByFocusedKey(key) } else { Started::ByKey(key) })));
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::super::super::live::config::Keys;
    use super::super::super::live::eyes::learned_well;
    use super::super::super::live::sim_window::{SimTetris, Starter};
    use super::*;

    fn sim(waiting: Option<Starter>) -> SimTetris {
        let sim = SimTetris::new(4, &[], &Keys::default());
        sim.state().waiting = waiting;
        // A game running falls a row at every look.
        sim.state().gravity = Some((0, 1));
        sim
    }

    fn begun(sim: &SimTetris) -> anyhow::Result<Started> {
        let quick = Duration::from_millis(200);
        begin(&mut sim.clone(), &mut sim.clone(), quick, quick, &mut |_: &str| {}).map(|(frame, how)| {
            assert!(has_piece(&frame), "the frame returned shows the falling piece");
            how
        })
    }

    /// A game waiting for Space is started by it (after a click and Return did nothing); one
    /// waiting for a click by the click; one running is left alone (no key, no click).
    #[test]
    fn a_game_waiting_to_start_is_started_by_the_way_it_takes() {
        let by_space = sim(Some(Starter::Key("space".into())));
        assert_eq!(begun(&by_space).unwrap(), Started::ByKey("space".into()));
        assert_eq!(by_space.state().received, ["Return", "space"]);
        let by_click = sim(Some(Starter::Click));
        assert_eq!(begun(&by_click).unwrap(), Started::ByClick);
        assert!(by_click.state().received.is_empty(), "no key after the click started it");
        let running = sim(None);
        assert_eq!(begun(&running).unwrap(), Started::Already);
        assert!(running.state().received.is_empty());
    }

    /// A game that no usual way starts is an error naming what was tried.
    #[test]
    fn a_game_no_usual_way_starts_is_an_error_naming_each_way() {
        let stuck = sim(Some(Starter::Key("F2".into())));
        let error = begun(&stuck).unwrap_err().to_string();
        assert!(
            error.contains("a click in its middle, Return or space, nor Return or space after Tab: start a game first"),
            "{error}"
        );
        assert_eq!(stuck.state().received, ["Return", "space", "Tab", "Return", "space"]);
    }

    /// A game started by a button the click missed (a Play button below the well) is started by
    /// Tab, which gives the button the keyboard, and Return, which presses it.
    #[test]
    fn a_game_started_by_a_button_the_click_missed_is_started_by_tab_and_return() {
        let by_button = sim(Some(Starter::Button));
        assert_eq!(begun(&by_button).unwrap(), Started::ByFocusedKey("Return".into()));
        assert_eq!(by_button.state().received, ["Return", "space", "Tab", "Return"]);
    }

    /// A program whose keys act before its game runs (its Play button unpressed), its piece never
    /// falling: Space, its hard drop, brings a piece into view. That is no game started: the piece
    /// does not fall by itself. Tab and Return, pressing the button, start it. Without the rule
    /// Space was taken for the start, and the calibration went on with a game not running.
    #[test]
    fn a_piece_a_start_key_moves_into_view_is_no_game_started_until_it_falls_by_itself() {
        let keyed = sim(Some(Starter::Button));
        keyed.state().keys_while_waiting = true;
        assert_eq!(begun(&keyed).unwrap(), Started::ByFocusedKey("Return".into()));
        assert_eq!(keyed.state().received, ["Return", "space", "Tab", "Return"]);
        assert!(keyed.state().waiting.is_none(), "the game runs");
    }

    /// blackwright/tetris draws its first piece under its Start Game button before its game runs:
    /// `begin` takes it for a running game, and no key moves it. `start_shown` tries the usual
    /// ways and takes the game for running only once its piece falls by itself: not after the
    /// click (the piece still shows, unmoved), but after Tab and Return press the button.
    #[test]
    fn a_piece_shown_before_its_game_runs_is_started_and_seen_falling() {
        let shown = sim(Some(Starter::Button));
        shown.state().shows_waiting_piece = true;
        shown.state().gravity = Some((0, 1));
        assert_eq!(begun(&shown).unwrap(), Started::Already, "a piece shows: begin alone takes it for a game");
        let frame = shown.clone().capture().unwrap();
        let well = learned_well(&frame, &look::learn(&frame).unwrap().settings).unwrap();
        let quick = Duration::from_millis(200);
        let (_, how) = start_shown(&mut shown.clone(), &mut shown.clone(), &well, quick, &mut |_: &str| {}).unwrap();
        assert_eq!(how, Started::ByFocusedKey("Return".into()));
        assert!(shown.state().waiting.is_none(), "the game runs");
    }

    /// A game started only by a click on its start button, drawn beside the well away from the
    /// window's middle (no key reaches it): the button is found by sight and clicked, with no
    /// start key pressed. Without the rule every way fails ("start a game first").
    #[test]
    fn a_game_started_by_a_button_drawn_beside_the_well_is_started_by_a_click_on_it() {
        let by_drawn = sim(Some(Starter::DrawnButton));
        assert!(matches!(begun(&by_drawn).unwrap(), Started::ByControl(_)));
        assert!(by_drawn.state().received.is_empty(), "no key pressed: {:?}", by_drawn.state().received);
        // The same button over a piece shown before the game runs (the piece is no control).
        let shown = sim(Some(Starter::DrawnButton));
        shown.state().shows_waiting_piece = true;
        shown.state().gravity = Some((0, 1));
        let frame = shown.clone().capture().unwrap();
        let well = learned_well(&frame, &look::learn(&frame).unwrap().settings).unwrap();
        let quick = Duration::from_millis(200);
        let (_, how) = start_shown(&mut shown.clone(), &mut shown.clone(), &well, quick, &mut |_: &str| {}).unwrap();
        assert!(matches!(how, Started::ByControl(_)), "{how:?}");
    }
}
