//! A whole game in one file, through gamebot-core's contract: "Lamps", a row of lamps drawn as
//! squares, lit (white) or dark (black); a click puts one out; the game is won when all are dark.
//!
//! It implements `Game` (name, profile, commands: none of its own here) and `TurnBased` (find the
//! row, read each lamp, plan, the rules, the click of a move), then plays a simulated window of it
//! with the one play loop (`runner::play`), which captures, reads, plans, clicks through the guard
//! and checks the screen after every move, as it does with a real program.
//!
//! `cargo run --example tiny_game -p gamebot-core`

use std::cell::RefCell;
use std::fmt;
use std::path::Path;
use std::rc::Rc;

use anyhow::{bail, ensure};
use gamebot_core::budget::Budget;
use gamebot_core::case::{CaseFile, Passed};
use gamebot_core::frame::{Frame, Point};
use gamebot_core::game::{Benchmark, Benchmarks, Cases, Game, Plan, Reading, SelfCheck, TurnBased, Unavailable};
use gamebot_core::input::{Action, InputDevice, InputError};
use gamebot_core::profile::Profile;
use gamebot_core::runner::{PlayOptions, play};
use gamebot_core::screen::{Screen, ScreenError};
use gamebot_core::vision::grid::Grid;

/// A lamp's square, in pixels.
const CELL: u32 = 20;

/// The row of lamps: true for a lit one.
#[derive(Clone, Debug, PartialEq)]
struct Lamps(Vec<bool>);

impl fmt::Display for Lamps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row: String = self.0.iter().map(|&lit| if lit { '1' } else { '0' }).collect();
        write!(f, "{row}")
    }
}

struct LampsGame;

impl Game for LampsGame {
    const NAME: &'static str = "lamps";
    const ABOUT: &'static str = "put out a row of lamps";
    const DEFAULT_PROFILE: &'static str = "lamps";
    type Play = Unavailable;
    type Calibrate = Unavailable;
    type Solve = Unavailable;
    type Bench = Unavailable;
    type Tune = Unavailable;
}

impl Cases for LampsGame {
    fn check_case(_: &CaseFile, _: &Frame, _: &Profile, _: Option<&Grid>) -> Result<Passed, String> {
        Err("lamps has no cases".into())
    }
}

impl SelfCheck for LampsGame {
    fn check_random(seed: u64) -> Result<String, String> {
        let lamps = Lamps((0..8).map(|i| (seed >> i) & 1 == 1).collect());
        let plan = Self::solve(&lamps, &(), Budget::default()).map_err(|e| e.to_string())?;
        let end = plan.moves.iter().fold(lamps.clone(), |b, m| Self::predict(&b, m, &()));
        if Self::is_won(&end, &()) {
            Ok(format!("{lamps} put out in {}", plan.moves.len()))
        } else {
            Err(format!("{end}"))
        }
    }
    fn parse_text(text: &str) -> anyhow::Result<()> {
        ensure!(text.trim().chars().all(|c| c == '0' || c == '1'), "a row of 0 and 1");
        Ok(())
    }
    fn text_seeds() -> Vec<String> {
        vec!["0110".into()]
    }
}

impl Benchmarks for LampsGame {
    fn benchmarks(_root: &Path) -> Vec<Benchmark> {
        Vec::new()
    }
}

impl TurnBased for LampsGame {
    type Board = Lamps;
    /// The lamp to click, from 0.
    type Move = usize;
    /// How many lamps the row holds.
    type Layout = usize;
    type Config = ();

    fn config(_profile: &Profile) -> anyhow::Result<()> {
        Ok(())
    }
    fn locate(frame: &Frame, _config: &()) -> anyhow::Result<usize> {
        ensure!(frame.height() == CELL && frame.width().is_multiple_of(CELL), "no row of {CELL} px squares");
        Ok((frame.width() / CELL) as usize)
    }
    fn layout_fits(layout: &usize, frame: &Frame) -> bool {
        frame.width() == *layout as u32 * CELL
    }
    fn read(frame: &Frame, layout: &usize, _config: &()) -> anyhow::Result<Reading<Lamps>> {
        let mut lamps = Vec::new();
        for i in 0..*layout as u32 {
            let [r, g, b] = frame.rgb(i * CELL + CELL / 2, CELL / 2);
            lamps.push(match (r, g, b) {
                (255, 255, 255) => true,
                (0, 0, 0) => false,
                other => bail!("lamp {i}: neither lit nor dark: {other:?}"),
            });
        }
        Ok(Reading { board: Lamps(lamps), confidence: 1.0 })
    }
    fn solve(board: &Lamps, _config: &(), _budget: Budget) -> anyhow::Result<Plan<usize>> {
        // Each lit lamp needs its own click, and one is enough: proven the fewest.
        let moves = board.0.iter().enumerate().filter(|(_, lit)| **lit).map(|(i, _)| i).collect();
        Ok(Plan { moves, proven_optimal: true })
    }
    fn predict(board: &Lamps, mv: &usize, _config: &()) -> Lamps {
        let mut next = board.clone();
        next.0[*mv] = false;
        next
    }
    fn matches(read: &Lamps, predicted: &Lamps) -> bool {
        read == predicted
    }
    fn is_won(board: &Lamps, _config: &()) -> bool {
        board.0.iter().all(|lit| !lit)
    }
    fn actions(mv: &usize, _board: &Lamps, _layout: &usize, _config: &()) -> anyhow::Result<Vec<Action>> {
        Ok(vec![Action::Click(Point::new((*mv as u32 * CELL + CELL / 2) as i32, (CELL / 2) as i32))])
    }
    fn board_toml(board: &Lamps) -> String {
        format!("lamps = \"{board}\"\n")
    }
    fn describe(_frame: &Frame, layout: &usize, _board: &Lamps) -> Vec<String> {
        vec![format!("{layout} lamps")]
    }
    fn annotate(frame: &Frame, _layout: &usize, _board: &Lamps, _plan: &[usize]) -> image::RgbaImage {
        frame.image.clone()
    }
}

/// A simulated window of the game: drawn on every capture, and put out where it is clicked.
struct Window {
    lamps: Lamps,
    pointer: Point,
}

struct SimScreen(Rc<RefCell<Window>>);
struct SimInput(Rc<RefCell<Window>>);

impl Screen for SimScreen {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        let lamps = &self.0.borrow().lamps;
        let image = image::RgbaImage::from_fn(lamps.0.len() as u32 * CELL, CELL, |x, _| {
            if lamps.0[(x / CELL) as usize] { image::Rgba([255, 255, 255, 255]) } else { image::Rgba([0, 0, 0, 255]) }
        });
        Ok(Frame::from_image(image))
    }
    fn describe(&self) -> String {
        "a simulated row of lamps".into()
    }
}

impl InputDevice for SimInput {
    fn perform(&mut self, action: &Action) -> Result<(), InputError> {
        let mut window = self.0.borrow_mut();
        match action {
            Action::Click(p) => {
                window.pointer = *p;
                let i = (p.x as u32 / CELL) as usize;
                window.lamps.0[i] = false;
            }
            // The bot moves the pointer off the board before it reads (`input::park`).
            Action::Move(p) => window.pointer = *p,
            _ => {}
        }
        Ok(())
    }
    fn pointer(&mut self) -> Option<Point> {
        Some(self.0.borrow().pointer)
    }
    fn escape_down(&mut self) -> bool {
        false
    }
}

fn main() -> anyhow::Result<()> {
    let window = Rc::new(RefCell::new(Window {
        lamps: Lamps(vec![true, false, true, true, false, true]),
        pointer: Point::new(0, 0),
    }));
    let profile: Profile = toml::from_str("name = \"lamps\"\ngame = \"lamps\"\n[window]\ntitle = \"Lamps\"\n")?;
    let (mut screen, mut input) = (SimScreen(Rc::clone(&window)), SimInput(Rc::clone(&window)));
    let played =
        play::<LampsGame>(&mut screen, &mut input, &profile, None, &PlayOptions::default(), &mut |line: &str| {
            println!("{line}")
        });
    println!("{}: {} moves; the window shows {}", played.ending, played.summary.moves, window.borrow().lamps);
    ensure!(played.ending.won() && LampsGame::is_won(&window.borrow().lamps, &()), "the lamps are not all out");
    Ok(())
}
