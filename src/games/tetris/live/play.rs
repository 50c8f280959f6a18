//! The real-time loop: wait for a new piece at the top of the well, read the stack and the preview,
//! let the engine choose a placement (with the preview), steer the piece there and hard-drop it,
//! then check that the stack the screen shows next is the one the rules predicted. The goal (lines,
//! pieces) is reached only once the last lock has shown so.
//!
//! Lines are counted by the rules from the placements made; every new piece's stack is compared
//! with the prediction. A difference that the last piece landing somewhere else explains (a key
//! lost, gravity quicker than the keys on a busy machine) counts as a lost piece; any other counts
//! as a misread. Either way the screen is then taken as the truth.
//! No new piece within the profile's timeout means the game is over: a top-out. With the environment
//! variable GAMEBOT_DEBUG set, every frame read while waiting for a piece is reported as progress.

use std::time::{Duration, Instant};

use anyhow::Context;

use super::super::eval::Weights;
use super::super::placements::Placement;
use super::super::search::Planner;
use super::super::{Board, Piece};
use super::config::LiveConfig;
use super::driver::{Goal, Hands, Pace, Steering, loose_cells, steer};
use super::eyes::Eyes;
use super::read::{Grid, falling_piece, rows_without};
use super::shape::Cells;
use super::start::{preview_box, start_button};
use super::turns::Turns;
use crate::input::guard::Guard;
use crate::input::{Action, InputDevice};
use crate::screen::Screen;

pub struct Options {
    /// Stop, successfully, once this many lines are cleared.
    pub lines: Option<u32>,
    /// Stop, successfully, once this many pieces have been placed.
    pub pieces: Option<u32>,
    /// Click the game's start button first.
    pub new_game: bool,
    /// Calibration: start from an empty rotation table and stop once every press is known.
    pub learn: bool,
}

/// How a live game ended (the survival game and the contest alike).
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The goal (lines, pieces, the contest's last piece) was reached.
    Reached,
    /// The game ended first.
    ToppedOut,
}

#[derive(Debug)]
pub struct Summary {
    pub outcome: Outcome,
    pub lines: u32,
    pub pieces: u32,
    pub misreads: u32,
    /// Pieces that did not reach their planned place (the game's gravity won, or a key was lost).
    pub lost: u32,
    pub corrections: u32,
    /// Pieces placed by one unwatched burst of keys (`burst.rs`).
    pub bursts: u32,
    pub read_ms: Vec<f64>,
    /// For each piece placed, the time from the frame it was first seen in to its drop key.
    pub place_ms: Vec<f64>,
    pub seconds: f64,
    pub turns: Turns,
}

/// The median, the 90th percentile and the worst of `ms` (0 when empty).
fn spread(ms: &[f64]) -> (f64, f64, f64) {
    let mut ms = ms.to_vec();
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms.get(((ms.len() as f64 * q) as usize).min(ms.len().saturating_sub(1))).copied().unwrap_or(0.0);
    (at(0.5), at(0.9), ms.last().copied().unwrap_or(0.0))
}

impl Summary {
    pub fn report(&self) -> String {
        let (median, _, worst) = spread(&self.read_ms);
        let (place, place_p90, _) = spread(&self.place_ms);
        format!(
            "# rotation table: the profile's, with what was learnt on screen\n{}lines={} pieces={} misreads={} lost={} corrections={} bursts={} seconds={:.1} read_ms_median={median:.3} read_ms_worst={worst:.3} place_ms_median={place:.0} place_ms_p90={place_p90:.0} outcome={:?}",
            self.turns.to_toml(),
            self.lines,
            self.pieces,
            self.misreads,
            self.lost,
            self.corrections,
            self.bursts,
            self.seconds,
            self.outcome
        )
    }
}

/// How far down (rows from the top) a new piece may be seen: soft drops push a piece that starts
/// above the well into view, and the game's own gravity moves it on meanwhile.
const NEAR_TOP: i32 = 8;

/// A stack unlike the prediction is believed once the falling piece has fallen this many rows
/// over it unchanged (or it held still for `mismatch_ms`).
const STILL_ROWS: i32 = 3;

/// A new piece at the top, with the stack under it.
struct Spawned {
    /// When the frame it was taken from was captured.
    seen: Instant,
    settled: Grid,
    piece: Piece,
    cells: Cells,
    next: Option<Piece>,
}

fn settled_of(grid: &Grid, piece: &[(i32, i32)]) -> Grid {
    let mut out = *grid;
    for &(r, c) in piece {
        out[r as usize][c as usize] = false;
    }
    out
}

/// Waits for a new piece at the top (pushed into view with a soft drop if it starts above) whose
/// stack is `expected`, or whose stack holds still for several frames (then it is taken as it
/// is); with no expectation (the first piece), a piece anywhere will do. None when no piece comes:
/// the game is over.
///
/// `before` is the stack the last piece was placed on and where that piece was seen: a lock always
/// changes the stack, so over it the piece on screen is still the last one, its keys not taken yet
/// (a burst's keys reach the game later than its next frame is captured) or the game not drawn
/// since (a busy machine). It is taken for a new piece (its drop lost) only once it has moved and
/// the profile's `mismatch_ms` has passed.
fn wait_spawn(
    hands: &mut Hands<'_, '_>,
    eyes: &Eyes,
    expected: Option<&Grid>,
    before: Option<(&Grid, &Cells)>,
    read_ms: &mut Vec<f64>,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<Option<Spawned>> {
    let config = hands.config;
    // A program that draws only at its steps shows a push, and a lock, only at a later step: a
    // push waits for the step, and a stack unlike the prediction for three.
    let step = config.timing.drawn_every().unwrap_or_default();
    let (push_gap, mismatch) =
        (step.max(Duration::from_millis(80)), (step * 3).max(Duration::from_millis(config.timing.mismatch_ms)));
    // With no stack predicted (the first piece, or after a lost one) there is no lock to wait
    // for: the stack is taken once it held over one drawing in which the piece fell a row.
    // Waiting three steps let the piece fall three rows before it was steered; turned one press
    // a drawing, a piece already low (the first of a calibration's learning play, over the
    // pieces its key trials put aside) then reached the stack before it was placed.
    let still_rows = if expected.is_none() && !step.is_zero() { 1 } else { STILL_ROWS };
    let started = Instant::now();
    let mut pushed = Instant::now() - Duration::from_secs(1);
    let mut nudged = false;
    let mut last: Option<Grid> = None;
    // When the stack was first seen as it is, and the falling piece's top row then.
    let (mut since, mut top_then) = (Instant::now(), 0);
    while started.elapsed() < Duration::from_millis(config.timing.piece_timeout_ms) {
        let seen = Instant::now();
        let frame = hands.screen.capture()?;
        let t = Instant::now();
        let grid = eyes.grid(&frame);
        read_ms.push(t.elapsed().as_secs_f64() * 1e3);
        // Cells found covered by the program's own drawing (here or while the last piece was steered).
        eyes.take_notes().iter().for_each(|note| progress(note));
        if std::env::var_os("GAMEBOT_DEBUG").is_some() {
            match &grid {
                Ok(g) => {
                    progress(&format!("wait_spawn: piece {:?}\n{}", falling_piece(g), rows_without(g, &[]).join("\n")))
                }
                Err(e) => progress(&format!("wait_spawn: {e}")),
            }
        }
        // A new piece can start above the well: drawn in part (one to three cells loose in the
        // top two rows), or not at all where the game draws it only once it moves and its
        // gravity has stopped (hona9/tetris past its level 12: nothing loose for half the wait,
        // the stack as predicted). A soft drop brings it into view; the unseen piece gets one.
        if let (Ok(grid), Some(expected)) = (&grid, expected) {
            let loose = loose_cells(grid, expected);
            let in_part =
                (1..4).contains(&loose.len()) && loose.iter().all(|c| c.0 <= 1) && pushed.elapsed() > push_gap;
            let unseen = loose.is_empty()
                && !nudged
                && started.elapsed() > Duration::from_millis(config.timing.piece_timeout_ms / 2);
            if in_part || unseen {
                let key = config.keys.soft_drop.clone();
                hands.keys(&key, 1)?;
                pushed = Instant::now();
                nudged |= unseen;
            }
        }
        if let Ok(grid) = grid
            && let Some((piece, cells)) = falling_piece(&grid)
            && (expected.is_none() || cells.iter().all(|c| c.0 <= NEAR_TOP))
        {
            let settled = settled_of(&grid, &cells);
            let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
            if last != Some(settled) {
                (last, since, top_then) = (Some(settled), Instant::now(), top);
            }
            // A full row is still to be cleared (the game shows the next piece before its
            // clearing animation); a stack unlike the prediction, or with none (the first piece, or
            // after a lost one), is taken once it holds still: a clearing animation can look clean.
            // It holds still for long enough, or while the game let the piece fall a few rows (a
            // fast gravity lands pieces quicker than the wait).
            let full_row = settled.iter().any(|row| row.iter().all(|&c| c));
            let not_dropped = before
                .is_some_and(|(stack, seen)| *stack == settled && (*seen == cells || started.elapsed() < mismatch));
            let still = since.elapsed() >= mismatch || top - top_then >= still_rows;
            if !full_row && !not_dropped && (expected.is_some_and(|e| *e == settled) || still) {
                let next = eyes.next(&frame)?;
                return Ok(Some(Spawned { seen, settled, piece, cells, next }));
            }
        }
        std::thread::sleep(Duration::from_millis(config.timing.poll_ms));
    }
    Ok(None)
}

fn board_of(settled: &Grid) -> anyhow::Result<Board> {
    Board::from_rows(&rows_without(settled, &[]), 20)
}

/// The place `piece` reached from `before` that makes `settled`, when there is one: the piece
/// landed there, and the screen was read right.
fn landed_elsewhere(before: &Board, piece: Piece, settled: &Grid) -> Option<Placement> {
    let mut places = Vec::new();
    super::super::placements::all_placements(before, piece, &mut places);
    places.into_iter().find(|p| p.apply(before).is_some_and(|(after, _)| grid_of(&after) == *settled))
}

/// How many columns right of its planned place (`last`) a piece landed in the planned shape; None
/// when it did not land in that shape.
fn columns_off(landed: Option<&Placement>, last: Option<&(Board, Placement)>) -> Option<i32> {
    let (landed, (_, planned)) = landed.zip(last)?;
    (landed.rotation().cells == planned.rotation().cells).then(|| i32::from(landed.x) - i32::from(planned.x))
}

/// A placement as a progress line shows it: its shape's rows and its left column.
fn where_placed(place: &Placement) -> String {
    format!("{:?} at column {}", super::shape::to_rows(&place.rotation().cells), place.x)
}

fn grid_of(board: &Board) -> Grid {
    let mut grid = [[false; 10]; 20];
    for (r, row) in board.to_rows().iter().enumerate().take(20) {
        for (c, ch) in row.chars().enumerate().take(10) {
            grid[r][c] = ch == '#';
        }
    }
    grid
}

/// Captures until `ready` holds for a frame or `patience` runs out; returns the last frame (the
/// survival game's start and the contest's).
pub fn capture_until(
    window: &mut dyn Screen,
    patience: Duration,
    ready: impl Fn(&crate::frame::Frame) -> bool,
) -> anyhow::Result<crate::frame::Frame> {
    let started = Instant::now();
    loop {
        let frame = window.capture()?;
        if ready(&frame) || started.elapsed() > patience {
            return Ok(frame);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Starts a new game where asked (a click on the program's start button), then finds the well.
fn start(
    window: &mut dyn Screen,
    guard: &mut Guard,
    config: &LiveConfig,
    options: &Options,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<Eyes> {
    // A window just opened may not be drawn yet: wait (within the timeout) for what is needed.
    let patience = Duration::from_millis(config.timing.piece_timeout_ms);
    let first =
        capture_until(window, patience, |f| !options.new_game || preview_box(f, config.vision.black_max).is_some())?;
    if options.new_game {
        // While a game runs the button shows "pause" instead: play on in that game.
        // A click the guard stops (the user, the window, a cover) ends play; no button, plays on.
        let clicked = start_button(&first, preview_box(&first, config.vision.black_max))
            .map(|at| guard.perform(&Action::Click(at), &first, &*window));
        match clicked {
            Ok(Ok(())) => std::thread::sleep(Duration::from_millis(300)),
            Ok(Err(stop)) => return Err(stop.into()),
            Err(e) => progress(&format!("not starting a new game ({e}); playing the game on screen")),
        }
    }
    // A game that animates its start (the contest page fills and empties the well) shows no well
    // for a moment: wait for one.
    let first = capture_until(window, patience, |f| Eyes::find(f, config).is_ok())?;
    Eyes::find(&first, config).with_context(|| format!("finding the well in {}'s window", config.name))
}

/// The well looked for again in a new frame: `Some` when it is found elsewhere than `eyes` saw it
/// (a page that reflows moves it: a score beside it that widens), `None` when it is where it was
/// or not found (a game-over screen).
fn found_again(window: &mut dyn Screen, eyes: &Eyes, config: &LiveConfig) -> Option<Eyes> {
    let frame = window.capture().ok()?;
    let now = Eyes::find(&frame, config).ok()?;
    (now.place() != eyes.place()).then_some(now)
}

/// Counts a stack unlike the prediction: a piece landed elsewhere (`last`: the board and placement
/// the prediction was made from), or else a misread. The place it landed at, when it landed elsewhere.
fn judge_stack(
    summary: &mut Summary,
    expected: Option<&Grid>,
    last: Option<&(Board, Placement)>,
    settled: &Grid,
    progress: &mut dyn FnMut(&str),
) -> Option<Placement> {
    let expected = expected.filter(|&e| e != settled)?;
    if let Some((before, planned)) = last
        && let Some(landed) = landed_elsewhere(before, planned.piece, settled)
    {
        summary.lost += 1;
        progress(&format!(
            "lost piece {} ({}): it landed as {}, planned as {}",
            summary.pieces,
            planned.piece.letter(),
            where_placed(&landed),
            where_placed(planned)
        ));
        Some(landed)
    } else {
        summary.misreads += 1;
        progress(&format!(
            "misread: the stack shows\n{}\nbut the rules predicted\n{}",
            rows_without(settled, &[]).join("\n"),
            rows_without(expected, &[]).join("\n")
        ));
        None
    }
}

/// Pieces played with no press learned, every shape seen, after which the table is taken as
/// complete: the program brings its pieces in so that the presses still unknown are never needed.
const LEARNT_AFTER: u32 = 40;

/// True once the rotation table is learnt: every press known, or every shape seen and no press
/// learned over the last `LEARNT_AFTER` pieces. `grown_at`: the table's size and the pieces placed
/// when it last grew.
fn learnt(turns: &Turns, grown_at: &mut (usize, u32), pieces: u32) -> bool {
    if turns.len() > grown_at.0 {
        *grown_at = (turns.len(), pieces);
    }
    turns.missing() == 0 || (turns.unseen() == 0 && pieces >= grown_at.1 + LEARNT_AFTER)
}

/// Plays until `options.lines` lines are cleared or the game is over, in `window` (a live window or a
/// simulated one), with every key and click through the guard. Progress lines go to `progress`.
pub fn run(
    window: &mut dyn Screen,
    input: &mut dyn InputDevice,
    config: &LiveConfig,
    options: &Options,
    progress: &mut dyn FnMut(&str),
) -> anyhow::Result<Summary> {
    let started = Instant::now();
    let mut guard = Guard::new(input, &config.guard);
    guard.set_key_hold(Duration::from_millis(config.timing.key_hold_ms));
    let mut turns = if options.learn { Turns::default() } else { Turns::from_config(&config.rotation)? };
    let mut eyes = start(window, &mut guard, config, options, progress)?;
    let (mut planner, weights) = (Planner::new(false), Weights::default());
    let mut summary = Summary {
        outcome: Outcome::ToppedOut,
        lines: 0,
        pieces: 0,
        misreads: 0,
        lost: 0,
        corrections: 0,
        bursts: 0,
        read_ms: Vec::new(),
        place_ms: Vec::new(),
        seconds: 0.0,
        turns: Turns::default(),
    };
    // Learning: the pieces placed when the table last grew.
    let mut grown_at = (0usize, 0u32);
    let mut expected: Option<Grid> = None;
    // The board and piece the prediction was made from, to tell a piece landed elsewhere from a misread.
    let mut last: Option<(Board, Placement)> = None;
    // The first-sight entry the last piece's burst relied on, judged by the next stack.
    let mut relied: Option<super::sight::Used> = None;
    // The stack the last piece was placed on, and where that piece was seen.
    let mut before: Option<(Grid, Cells)> = None;
    // The lines the last piece's placement was counted for, and when its keys were sent.
    let (mut credited, mut keyed) = (0, Instant::now());
    let mut pace = Pace::default();
    loop {
        if options.learn && learnt(&turns, &mut grown_at, summary.pieces) {
            summary.outcome = Outcome::Reached;
            break;
        }
        let mut hands = Hands { screen: &mut *window, guard: &mut guard, config, pace: &mut pace };
        let Some(spawned) = wait_spawn(
            &mut hands,
            &eyes,
            expected.as_ref(),
            before.as_ref().map(|(g, c)| (g, c)),
            &mut summary.read_ms,
            progress,
        )?
        else {
            // No new piece for the whole wait: the game is over, unless the page moved its well.
            let Some(moved) = found_again(window, &eyes, config) else { break };
            progress("no new piece where the well was: the well has moved, found again");
            eyes = moved;
            (expected, last, before, relied, credited) = (None, None, None, None, 0);
            continue;
        };
        let landed = judge_stack(&mut summary, expected.as_ref(), last.as_ref(), &spawned.settled, progress);
        if let Some(used) = relied.take() {
            turns.sight.judge(&used, expected == Some(spawned.settled), columns_off(landed.as_ref(), last.as_ref()));
        }
        let board = board_of(&spawned.settled)?;
        // The last piece's drop was lost (it is this piece, over the same stack): its lines were not
        // made.
        if before.as_ref().is_some_and(|(stack, _)| *stack == spawned.settled) {
            summary.lines -= std::mem::take(&mut credited);
            progress(&format!(
                "a {} over the stack the last piece was placed on, {:.0} ms after the last keys: its drop was lost",
                spawned.piece.letter(),
                spawned.seen.duration_since(keyed).as_secs_f64() * 1e3
            ));
        }
        // The goal is reached once the last piece's lock shows on screen (the program counts its
        // lines by then; a drop key just sent may not have reached it yet).
        if options.lines.is_some_and(|n| summary.lines >= n) || options.pieces.is_some_and(|n| summary.pieces >= n) {
            summary.outcome = Outcome::Reached;
            break;
        }
        before = Some((spawned.settled, spawned.cells.clone()));
        let Some(choice) = planner.choose(&board, spawned.piece, spawned.next, &weights) else { break };
        let (after, placed) = choice.placement.apply(&board).context("the chosen placement does not fit")?;
        let target = choice.placement.rotation().cells.to_vec();
        summary.pieces += 1;
        let goal = Goal { piece: spawned.piece, spawn: &spawned.cells, target: &target, x: choice.placement.x as i32 };
        let steering = steer(&mut hands, &eyes, &spawned.settled, &goal, &mut turns);
        keyed = Instant::now();
        match steering {
            Ok(steered) => {
                summary.place_ms.push(spawned.seen.elapsed().as_secs_f64() * 1e3);
                summary.corrections += steered.corrections;
                summary.bursts += u32::from(steered.burst);
                relied = steered.used;
                if (summary.lines + placed.lines) / 10 > summary.lines / 10 {
                    let lines = summary.lines + placed.lines;
                    progress(&format!(
                        "{lines} lines, {} pieces, {:.0} s",
                        summary.pieces,
                        started.elapsed().as_secs_f64()
                    ));
                }
                summary.lines += placed.lines;
                credited = placed.lines;
                expected = Some(grid_of(&after));
                last = Some((board, choice.placement));
            }
            // The guard stopped a key (the user, the window, the keyboard focus): play ends here,
            // never blind.
            Err(Steering::Stopped(halt)) => return Err(halt.into()),
            Err(Steering::Lost(e)) => {
                // Lost: the piece went elsewhere. Count it and take the next stack as it comes.
                summary.lost += 1;
                progress(&format!("lost piece {} ({}): {e:#}", summary.pieces, spawned.piece.letter()));
                credited = 0;
                expected = None;
                last = None;
            }
        }
    }
    summary.seconds = started.elapsed().as_secs_f64();
    summary.turns = turns;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_landed_elsewhere_is_told_from_a_misread() {
        let before = Board::new(20).unwrap();
        let mut landed = [[false; 10]; 20];
        for (r, c) in [(18, 7), (18, 8), (19, 7), (19, 8)] {
            landed[r][c] = true;
        }
        let place = landed_elsewhere(&before, Piece::O, &landed).expect("an O landed at columns 7-8");
        assert_eq!(where_placed(&place), r###"["##", "##"] at column 7"###);
        let mut misread = landed;
        misread[19][0] = true;
        assert!(landed_elsewhere(&before, Piece::O, &misread).is_none());
        assert!(landed_elsewhere(&before, Piece::I, &landed).is_none());
    }
}
