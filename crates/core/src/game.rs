//! The contract every game implements, below the games and above the shared layers: `Game` (what the
//! command line, `replay`, the tests, the fuzz targets and the benchmarks ask of a game), `Command`
//! (one command's options and what running them does), and the capability a turn-based game adds,
//! `TurnBased` (its pure parts, which the one play loop in `runner` drives).
//!
//! The list of games is elsewhere (`games/mod.rs`, on top); nothing here names a game. A new game
//! implements `Game` (the compiler names every item it still lacks), and `TurnBased` when it is
//! played turn by turn.

use std::fmt;
use std::path::{Path, PathBuf};

use anyhow::Context as _;

use crate::budget::Budget;
use crate::case::{CaseFile, Passed};
use crate::frame::Frame;
use crate::input::Action;
use crate::invocation::Invocation;
use crate::profile::Profile;
use crate::vision::grid::Grid;

/// A game, as the command line, `replay` and the test suite see it: its name, its default profile
/// and its commands (in its `mod.rs`), with its case check, its self-check and its benchmarks as
/// traits of their own, each implemented in the file that holds that work.
pub trait Game: Cases + SelfCheck + Benchmarks + Sized + 'static {
    /// The game's name, as in case files and on the command line.
    const NAME: &'static str;
    /// One line for `--help`.
    const ABOUT: &'static str;
    /// The profile used when none is named.
    const DEFAULT_PROFILE: &'static str;

    /// `gamebot play <game>`: Ok(true) when the game was won (or the asked goal reached).
    type Play: Command<Self>;
    /// `gamebot calibrate <game>` (`Unavailable` where a game needs none).
    type Calibrate: Command<Self>;
    /// `gamebot solve <game>`.
    type Solve: Command<Self>;
    /// `gamebot bench <game>`: figures as `key=value` lines.
    type Bench: Command<Self>;
    /// `gamebot tune <game>` (`Unavailable` where a game has no tunable evaluator).
    type Tune: Command<Self>;

    /// Why the game has no `command` (one of those it leaves `Unavailable`), when there is more to
    /// say than that it has none.
    fn why_unavailable(_command: &str) -> Option<&'static str> {
        None
    }
}

/// A game's case check for `replay` (in its `case.rs`).
pub trait Cases {
    /// Checks one case of this game (docs/cases.md): read, compare, solve, check the answer.
    /// `layout` is the board's place from a saved calibration for this image size
    /// (`--calibration-dir`): a game that reads by a grid reads there first, as `play` does, and
    /// finds the board anew only when that does not read cleanly; the others ignore it.
    fn check_case(case: &CaseFile, frame: &Frame, profile: &Profile, layout: Option<&Grid>) -> Result<Passed, String>;
}

/// What the test suite and the fuzz targets check of every game (in its `check.rs`).
pub trait SelfCheck {
    /// The property every game's solver and case format must keep, from a random position made
    /// from `seed`: the position written as a case file's `[board]` reads back as itself, and the
    /// solver's plan from it (within a small budget) is legal by the rules and does what it claims.
    /// Ok with a short description of what was checked; Err with what broke.
    fn check_random(seed: u64) -> Result<String, String>;

    /// Every text parser of the game (boards on standard input, records), for the fuzz targets:
    /// Ok or a clear error, never a panic.
    fn parse_text(text: &str) -> anyhow::Result<()>;

    /// Texts that `parse_text` accepts, to seed its fuzzing.
    fn text_seeds() -> Vec<String>;
}

/// A game's benchmarks of solving and reading, never capture (in its `benchmarks.rs`), over its
/// own data and the fixtures under `root` (the checkout); run by `cargo bench --bench games`.
pub trait Benchmarks {
    fn benchmarks(root: &Path) -> Vec<Benchmark>;
}

/// One command's options (a clap `Args`) and what running them does for game `G`. The options every
/// turn-based game shares (`commands::PlayArgs`, ...) implement it once for all of them, so a game
/// writes only what is its own.
pub trait Command<G: Game>: clap::Args {
    /// Runs the command; `command` is its name, for messages. Ok(true) on success.
    fn run(self, cx: &mut Invocation, command: &'static str) -> anyhow::Result<bool>;
}

/// A command a game does not have: it takes no options, and running it says so.
#[derive(clap::Args, Clone, Debug)]
pub struct Unavailable {}

impl<G: Game> Command<G> for Unavailable {
    fn run(self, _cx: &mut Invocation, command: &'static str) -> anyhow::Result<bool> {
        match G::why_unavailable(command) {
            Some(why) => anyhow::bail!("{command} is not available for {}: {why}", G::NAME),
            None => anyhow::bail!("{command} is not available for {}", G::NAME),
        }
    }
}

/// A benchmark of one game: a name, how many samples to take (fewer for slow work), and the work
/// to time, run again for every sample.
pub struct Benchmark {
    pub name: String,
    pub samples: usize,
    pub run: Box<dyn FnMut()>,
}

impl Benchmark {
    pub fn new(name: impl Into<String>, run: impl FnMut() + 'static) -> Benchmark {
        Benchmark { name: name.into(), samples: 20, run: Box::new(run) }
    }

    /// Takes `samples` samples (at least 10, criterion's least).
    pub fn samples(mut self, samples: usize) -> Benchmark {
        self.samples = samples.max(10);
        self
    }
}

/// The smallest and the largest PNG screenshots in `dir` (by pixels), which reader benchmarks time:
/// none when the folder cannot be read.
pub fn smallest_and_largest_pngs(dir: &Path) -> Vec<PathBuf> {
    let mut shots: Vec<(u64, PathBuf)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .filter_map(|p| image::image_dimensions(&p).ok().map(|(w, h)| (u64::from(w) * u64::from(h), p)))
        .collect();
    shots.sort();
    let ends = [shots.first(), shots.last()];
    let mut paths: Vec<PathBuf> = ends.into_iter().flatten().map(|(_, p)| p.clone()).collect();
    paths.dedup();
    paths
}

/// A board as read from the screen, with how sure the reader is (0..1).
#[derive(Clone, Debug)]
pub struct Reading<B> {
    pub board: B,
    pub confidence: f32,
}

/// A solver's answer: the moves, and whether they are proven to be the fewest possible.
#[derive(Clone, Debug)]
pub struct Plan<M> {
    pub moves: Vec<M>,
    pub proven_optimal: bool,
}

/// A turn-based game, as the play loop sees it. Every method is pure: no screen, no input.
pub trait TurnBased: Game {
    type Board: Clone + fmt::Display;
    type Move: Clone + fmt::Display;
    /// Where the board is in a frame (plain data, savable as a calibration).
    type Layout: Clone;
    /// The game's own section of its profile.
    type Config: Clone;

    /// The game's section of a profile.
    fn config(profile: &Profile) -> anyhow::Result<Self::Config>;
    /// Finds the board in a frame.
    fn locate(frame: &Frame, config: &Self::Config) -> anyhow::Result<Self::Layout>;
    /// True when a layout found earlier can still be used on this frame.
    fn layout_fits(layout: &Self::Layout, frame: &Frame) -> bool;
    /// Reads the board with a known layout.
    fn read(frame: &Frame, layout: &Self::Layout, config: &Self::Config) -> anyhow::Result<Reading<Self::Board>>;
    /// Plans from `board` by the rules the profile's section gives (`config`: a program may play
    /// by other rules than the game's classic ones); an error says why there is no plan (e.g.
    /// proven unsolvable).
    fn solve(board: &Self::Board, config: &Self::Config, budget: Budget) -> anyhow::Result<Plan<Self::Move>>;
    /// What the rules (as `config` gives them) say the board becomes after `mv`.
    fn predict(board: &Self::Board, mv: &Self::Move, config: &Self::Config) -> Self::Board;
    /// True when a board read from the screen is the board the rules predicted.
    fn matches(read: &Self::Board, predicted: &Self::Board) -> bool;
    /// True when the board shows the game won by the rules `config` gives.
    fn is_won(board: &Self::Board, config: &Self::Config) -> bool;
    /// True when the board shows the game lost (a mine hit): the loop stops and reports a loss.
    fn is_lost(_board: &Self::Board) -> bool {
        false
    }
    /// Keeps in `config`, for the rest of one game, what a board read shows that later screens
    /// may not (the total of mines a counter showed at the start, before a timer ran beside it or
    /// flags changed it): the play loop calls it after every reading, and reads on with the
    /// config it leaves. Default: nothing kept.
    fn keep_from(_board: &Self::Board, _config: &mut Self::Config) {}
    /// True when `mv` cannot lose the game (a Minesweeper cell the numbers prove safe). After such a
    /// move, a board the loop can no longer find at all (the game's own end display over it: a
    /// dialog, the page dimmed) is a won game, though the rules could not tell it was won (the
    /// total of mines unknown). False by default.
    fn cannot_lose(_mv: &Self::Move) -> bool {
        false
    }
    /// After a move that can lose (`cannot_lose` false) whose board the screen does not show as
    /// `predicted`: the board the game ended lost with and why the screen shows a loss, when it
    /// does (a Minesweeper page showing its mines in a look the profile never saw, where covered
    /// cells were). None (the default) leaves it a mismatch.
    fn shows_loss(
        _frame: &Frame,
        _layout: &Self::Layout,
        _config: &Self::Config,
        _predicted: &Self::Board,
        _mv: &Self::Move,
    ) -> Option<(Self::Board, String)> {
        None
    }
    /// After a move whose board the screen does not show as `predicted` (it does not read, or
    /// reads otherwise): learns into `config`, for the rest of the game, a look the profile lacks
    /// that the move uncovered, when the rules allow that look only one meaning (the opened 0s of
    /// an area a Minesweeper click opened, where the calibration shot showed none). A line for
    /// people saying what was learned; None (the default) when nothing was, and `config` is left
    /// as it was.
    fn learn_by_play(
        _frame: &Frame,
        _layout: &Self::Layout,
        _config: &mut Self::Config,
        _predicted: &Self::Board,
    ) -> Option<String> {
        None
    }
    /// After a move that cannot lose, whose board no longer reads where it was nor is found
    /// anywhere (what the loop takes for the game's own end display): why the board is still
    /// there, naming a cell, when the rest of it reads as the rules allow and only cells the move
    /// uncovered read as no look the profile has (a Minesweeper number in a look never learned).
    /// The loop then stops with that error instead of counting the game won. None (the default):
    /// the board is gone.
    fn unread_in_place(
        _frame: &Frame,
        _layout: &Self::Layout,
        _config: &Self::Config,
        _predicted: &Self::Board,
    ) -> Option<String> {
        None
    }
    /// True when a move's outcome is only partly known before the game shows it (hidden
    /// information: the numbers a Minesweeper click uncovers). The loop then reads the board after
    /// every confirmed move and plans again from what it shows, and a plan's end is no mismatch.
    const HIDDEN: bool = false;
    /// The inputs that make `mv` on `board`, frame-relative.
    fn actions(
        mv: &Self::Move,
        board: &Self::Board,
        layout: &Self::Layout,
        config: &Self::Config,
    ) -> anyhow::Result<Vec<Action>>;
    /// True when `frame`, captured after a move, shows what the rules predicted. By default the
    /// board is read again and compared; a game whose screen cannot be read whole mid-game checks
    /// what it can.
    fn confirm(frame: &Frame, layout: &Self::Layout, config: &Self::Config, predicted: &Self::Board) -> bool {
        Self::read(frame, layout, config).is_ok_and(|reading| Self::matches(&reading.board, predicted))
    }
    /// True when the game shows the result of play once it ends and the profile says how to read
    /// it (`read_end`): the loop then captures the screen once more after the last move.
    fn reads_end(_config: &Self::Config) -> bool {
        false
    }
    /// What the game's own end display says, read from a frame captured once it has settled after
    /// the last move, with the layout read before it: a line for the summary (None: nothing read).
    fn read_end(_frame: &Frame, _layout: &Self::Layout, _config: &Self::Config) -> Option<String> {
        None
    }
    /// The layout a saved calibration describes, for games whose layout is a grid.
    fn from_calibration(_grid: Grid) -> Option<Self::Layout> {
        None
    }
    /// The grid to save as a calibration, for games whose layout is a grid.
    fn to_calibration(_layout: &Self::Layout) -> Option<Grid> {
        None
    }
    /// Where the board lies in a frame: the part of the window the play loop watches for a move
    /// to show (a clock or an animation elsewhere does not hold it up). None: the whole frame.
    fn region(_layout: &Self::Layout) -> Option<crate::frame::Rect> {
        None
    }
    /// The ways of entering a move the profile's section allows, by name (what its `[input] style`
    /// holds), the profile's own first, each with the section set to it: when the first move of a
    /// game changes nothing, the play loop tries the others. Empty: only the profile's own.
    fn input_styles(_config: &Self::Config) -> Vec<(&'static str, Self::Config)> {
        Vec::new()
    }
    /// Where a board read differs from the board the rules predicted, in words, for people.
    fn difference(read: &Self::Board, predicted: &Self::Board) -> String {
        format!("the screen shows\n{read}\nthe rules predicted\n{predicted}")
    }
    /// The body of a case file's `[board]` table for this board (TOML lines).
    fn board_toml(board: &Self::Board) -> String;
    /// Lines describing what was seen besides the board (colours, counts), for `calibrate`.
    fn describe(frame: &Frame, layout: &Self::Layout, board: &Self::Board) -> Vec<String>;
    /// The plan in words, for people.
    fn describe_plan(moves: &[Self::Move]) -> String {
        moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
    }
    /// The reading and the plan drawn over the frame, for people.
    fn annotate(frame: &Frame, layout: &Self::Layout, board: &Self::Board, plan: &[Self::Move]) -> image::RgbaImage;
}

/// Finds and reads the board in a screenshot with a profile, and gives it as the body of a case
/// file's `[board]` table: what `gamebot read` prints, and the fuzz targets' way in. Every
/// turn-based game has it through its `TurnBased` parts; another game implements it itself.
pub trait ReadsBoard {
    fn read_board(frame: &Frame, profile: &Profile) -> anyhow::Result<String>;
    /// The same, read where a saved calibration's grid says the board is, as `play` reads with one
    /// (an error for a game that saves no layout).
    fn read_at(frame: &Frame, profile: &Profile, grid: &Grid) -> anyhow::Result<String>;
}

impl<G: TurnBased> ReadsBoard for G {
    fn read_board(frame: &Frame, profile: &Profile) -> anyhow::Result<String> {
        let config = G::config(profile)?;
        Ok(G::board_toml(&find_and_read::<G>(frame, &config, None)?.board))
    }

    fn read_at(frame: &Frame, profile: &Profile, grid: &Grid) -> anyhow::Result<String> {
        let config = G::config(profile)?;
        let Some(layout) = G::from_calibration(grid.clone()) else { anyhow::bail!("{} saves no layout", G::NAME) };
        anyhow::ensure!(G::layout_fits(&layout, frame), "the saved layout does not fit this frame");
        Ok(G::board_toml(&G::read(frame, &layout, &config)?.board))
    }
}

/// A board found and read: the layout it was read with, and whether that layout was found anew.
pub struct Found<G: TurnBased> {
    pub layout: G::Layout,
    pub board: G::Board,
    pub located: bool,
}

/// Reads the board with `known` while it fits the frame and reads cleanly, else finds the board
/// anew and reads it there: the one way every command and the play loop read a turn-based game.
pub fn find_and_read<G: TurnBased>(
    frame: &Frame,
    config: &G::Config,
    known: Option<&G::Layout>,
) -> anyhow::Result<Found<G>> {
    if let Some(layout) = known.filter(|l| G::layout_fits(l, frame))
        && let Ok(reading) = G::read(frame, layout, config)
    {
        return Ok(Found { layout: layout.clone(), board: reading.board, located: false });
    }
    let layout = G::locate(frame, config).context("cannot find the board")?;
    let reading = G::read(frame, &layout, config).context("cannot read the board")?;
    Ok(Found { layout, board: reading.board, located: true })
}

/// The line that announces a plan, in `play` and in its dry run alike.
pub fn plan_line<M>(plan: &Plan<M>, millis: f64, described: &str) -> String {
    format!(
        "plan: {} moves ({}), solved in {millis:.1} ms: {described}",
        plan.moves.len(),
        if plan.proven_optimal { "proven optimal" } else { "not proven optimal" },
    )
}
