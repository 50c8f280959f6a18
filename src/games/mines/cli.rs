//! Minesweeper on the command line: its options for each command and what they do. Play is the
//! shared turn-based command with the total of mines added (the screen does not show it in the
//! board); calibrate is the shared one, and learns a new program's profile (`learn`) when asked;
//! read is the shared one; solve (a board as text or a case) and bench (the simulation) are its own.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;

use super::Mines;
use super::bench::{self, PRESETS, Setup};
use super::board::{Board, FirstClick};
use super::solve::{Decision, decide};
use crate::case::input_rows;
use crate::commands::{self, BudgetArg, CalibrateArgs, PlayArgs};
use crate::game::{Command, Game};
use crate::invocation::Invocation;

/// Options of `play mines`.
#[derive(clap::Args)]
pub struct MinesPlay {
    #[command(flatten)]
    pub common: PlayArgs,
    /// The total of mines (e.g. 99 on an expert board); the solver uses it in the end game. Without
    /// it (and without one in the profile) the solver assumes the usual density.
    #[arg(long)]
    pub mines: Option<u32>,
}

impl Command<Mines> for MinesPlay {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        let mut profile = self.common.view.profile.load(cx, Mines::DEFAULT_PROFILE, Mines::NAME)?;
        if let Some(mines) = self.mines {
            let rules = profile
                .game_settings
                .entry("rules")
                .or_insert_with(|| toml::Value::Table(toml::Table::new()))
                .as_table_mut()
                .context("the profile's [rules] is not a table")?;
            rules.insert("mines".into(), toml::Value::Integer(mines as i64));
        }
        commands::play_with::<Mines>(cx, &self.common, profile, None)
    }
}

/// Options of `calibrate mines`.
///
/// For a program gamebot knows (sgt-mines), this finds the board and saves its layout. For any
/// other Minesweeper, name a new profile (or pass --learn): the profile is learned from one
/// screenshot (--from) or the live window (--title) with no known board: the grid of cells (square
/// or stretched, gaps or none, a frame or none, anywhere in the window), the looks of covered and
/// opened cells, of flags, mines and the mine that was hit, and the numbers by their shape (as well
/// as their colour), so that a number the screenshot does not show still reads. The screenshot
/// should show a game in progress: some cells opened, with numbers, some covered. With --board (the
/// screenshot's true board, a case TOML) every look is learned from it instead, and checked.
#[derive(clap::Args)]
pub struct MinesCalibrate {
    #[command(flatten)]
    pub common: CalibrateArgs,
}

impl Command<Mines> for MinesCalibrate {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        if self.common.learns(cx) {
            return learn(cx, &self.common);
        }
        commands::calibrate::<Mines>(cx, &self.common)
    }
}

/// `gamebot calibrate mines --from shot.png --profile NAME [--board case.toml]`: learns a new
/// profile (`mines::learn`), saves it, and draws what was read.
fn learn(cx: &mut Invocation, args: &CalibrateArgs) -> anyhow::Result<bool> {
    let out = commands::learned_picture_path(cx, args, Mines::NAME)?;
    let (frame, shot) = commands::learning_frame(args)?;
    let truth = match &args.board {
        Some(path) => {
            let case = crate::case::load(path)?;
            Some(super::case::board_of(&case).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?)
        }
        None => None,
    };
    let learnt = super::learn::learn(&frame, truth.as_ref())
        .with_context(|| format!("{shot}: cannot learn a Minesweeper profile from it"))?;
    learnt.notes.iter().for_each(|note| cx.line(note.clone()));
    let path = commands::save_learned_profile(cx, args, Mines::NAME, &shot, &learnt.config)?;
    cx.line(format!("saved the profile to {}", path.display()));
    match &truth {
        Some(_) => cx.line("the board as the new profile reads it (it matches the given board):"),
        None => cx.line("PROPOSED reading (no --board given): check it against the screenshot and the picture"),
    }
    cx.line(learnt.board.to_string());
    let picture = <Mines as crate::game::TurnBased>::annotate(&frame, &learnt.grid, &learnt.board, &[]);
    crate::files::save_png(&picture, &out, args.force)?;
    cx.line(format!("what was learned is drawn in {}", out.display()));
    Ok(true)
}

/// Options of `solve mines`.
#[derive(clap::Args)]
pub struct MinesSolve {
    /// A case file, or "-" (or nothing) for rows of # (covered), F (flag), . or 1-8 (opened) on
    /// standard input.
    pub input: Option<PathBuf>,
    /// The total of mines [default: the case's [board] mines, else unknown].
    #[arg(long)]
    pub mines: Option<u32>,
    /// What the first click does.
    #[arg(long, value_enum, default_value_t = FirstClick::OpensArea)]
    pub first_click: FirstClick,
    #[command(flatten)]
    pub budget: BudgetArg,
}

impl Command<Mines> for MinesSolve {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        let (board, source) = match self.input.as_deref() {
            Some(path) if path.as_os_str() != "-" => {
                let case = crate::case::load(path)?;
                let board = super::case::board_of(&case).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
                (board, path.display().to_string())
            }
            _ => {
                let (rows, source) = input_rows(None)?;
                (
                    Board::from_rows(&rows)
                        .with_context(|| format!("{source}: expected rows of #, F, ., 1-8 and *"))?,
                    source,
                )
            }
        };
        let mut board = match self.mines {
            Some(m) => board.with_mines(Some(m)).with_context(|| source.clone())?,
            None => board,
        };
        board.first_click = self.first_click;
        let started = Instant::now();
        let decision = decide(&board, self.budget.budget()).with_context(|| format!("{source}: no move"))?;
        let ms = started.elapsed().as_secs_f64() * 1e3;
        let at = |i: usize| format!("{},{}", i / board.cols, i % board.cols);
        match decision {
            Decision::Open(cells) => {
                let listed: Vec<String> = cells.iter().map(|&i| at(i)).collect();
                cx.line(format!("open (certain): {}", listed.join(" ")));
            }
            Decision::Guess { cell, safety } => {
                cx.line(format!("guess: {} ({:.1}% safe; no cell is certain)", at(cell), safety * 100.0))
            }
            Decision::Done => cx.line("nothing left to open"),
        }
        cx.line(format!("decided in {ms:.2} ms"));
        Ok(true)
    }
}

/// A board size by name.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Preset {
    /// 9x9, 10 mines.
    Beginner,
    /// 16x16, 40 mines.
    Intermediate,
    /// 30x16, 99 mines.
    Expert,
}

/// Options of `bench mines`.
#[derive(clap::Args)]
pub struct MinesBench {
    /// Games to simulate.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// The board size.
    #[arg(long, value_enum, default_value_t = Preset::Expert)]
    pub preset: Preset,
    /// What the first click does: opens an area (sgt-mines) or is only safe (the classic game).
    #[arg(long, value_enum, default_value_t = FirstClick::OpensArea)]
    pub first_click: FirstClick,
    /// The games' seed (game i of seed s is the same game whatever the threads).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Search nodes each decision may use.
    #[arg(long, default_value_t = 2_000_000)]
    pub nodes: u64,
    /// The first click, as row,col from 0 [default: the solver's choice for the rule].
    #[arg(long, value_parser = parse_cell)]
    pub first: Option<(usize, usize)>,
    /// Write each game's outcome to this file, one line per game in game order: 1 won, 0 lost, -
    /// an error (to compare two versions on the same games with `--against`).
    #[arg(long)]
    pub outcomes: Option<PathBuf>,
    /// Compare game by game with the outcomes of an earlier run of the same games (a file written
    /// by `--outcomes`): prints the games only this run won, only that one won, and the sign test's z.
    #[arg(long)]
    pub against: Option<PathBuf>,
    /// Instead: play the boards of these sgt-mines game IDs (one per line, as `sgt-mines --generate`
    /// writes them) from the cell each opens first.
    #[arg(long, conflicts_with_all = ["games", "preset", "first_click", "seed", "first", "outcomes", "against"])]
    pub ids: Option<PathBuf>,
}

impl Command<Mines> for MinesBench {
    fn run(self, cx: &mut Invocation, _command: &'static str) -> anyhow::Result<bool> {
        if let Some(path) = &self.ids {
            let text = crate::files::read_text(path, 64 << 20)?;
            let ids = text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
                .map(|(n, l)| super::sgt_id::parse(l).with_context(|| format!("{}: line {}", path.display(), n + 1)))
                .collect::<anyhow::Result<Vec<_>>>()?;
            let (totals, lost) = bench::run_ids(&ids, self.nodes);
            lost.iter().for_each(|l| cx.note(l));
            report(cx, &totals, &format!("ids={}", path.display()));
            return Ok(totals.errors == 0);
        }
        let (name, rows, cols, mines) = PRESETS[self.preset as usize];
        if let Some((r, c)) = self.first
            && (r >= rows || c >= cols)
        {
            anyhow::bail!("--first {r},{c} is not a cell of the {cols}x{rows} board");
        }
        let setup = Setup {
            rows,
            cols,
            mines,
            rule: self.first_click,
            games: self.games,
            seed: self.seed,
            threads: self.threads,
            nodes: self.nodes,
            first: self.first.map(|(r, c)| r * cols + c),
        };
        let rule = match self.first_click {
            FirstClick::OpensArea => "opens-area",
            FirstClick::Safe => "safe",
            FirstClick::Unsafe => "unsafe",
        };
        // The earlier outcomes are read first, so that a wrong file fails before the games are played.
        let against = match &self.against {
            Some(path) => {
                let text = crate::files::read_text(path, 64 << 20)?;
                let old: Vec<Option<bool>> = text.lines().map(|l| (l != "-").then_some(l == "1")).collect();
                anyhow::ensure!(
                    old.len() == self.games,
                    "{} holds {} games, not {}",
                    path.display(),
                    old.len(),
                    self.games
                );
                Some(old)
            }
            None => None,
        };
        let done = std::sync::atomic::AtomicUsize::new(0);
        let totals = std::thread::scope(|scope| {
            let running = scope.spawn(|| bench::run(&setup, &done));
            while !running.is_finished() {
                std::thread::sleep(std::time::Duration::from_millis(200));
                cx.progress("games", done.load(std::sync::atomic::Ordering::Relaxed) as u64, setup.games as u64);
            }
            running.join().map_err(|_| anyhow::anyhow!("the simulation failed"))
        })?;
        let (r, c) = self.first.unwrap_or_else(|| {
            let i = super::solve::first_click(rows, cols, self.first_click);
            (i / cols, i % cols)
        });
        report(
            cx,
            &totals,
            &format!("preset={name} rows={rows} cols={cols} mines={mines} first_click={rule} first={r},{c}"),
        );
        if let Some(path) = &self.outcomes {
            let text: String = totals.outcomes.iter().map(|o| outcome_line(*o)).collect();
            std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
        }
        if let Some(old) = &against {
            let p = bench::paired(&totals.outcomes, old);
            cx.line(format!("paired_won_only_here={}", p.new_only));
            cx.line(format!("paired_won_only_there={}", p.old_only));
            cx.line(format!("paired_z={:.2}", p.z));
        }
        Ok(totals.errors == 0)
    }
}

/// A game's outcome as a line of `--outcomes`.
fn outcome_line(outcome: Option<bool>) -> &'static str {
    match outcome {
        Some(true) => "1\n",
        Some(false) => "0\n",
        None => "-\n",
    }
}

/// The figures of a run, as key=value lines.
fn report(cx: &mut Invocation, t: &bench::Totals, what: &str) {
    cx.line(what.replace(' ', "\n"));
    cx.line(format!("games={}", t.games));
    cx.line(format!("won={}", t.won));
    cx.line(format!("win_rate={:.4}", t.win_rate()));
    cx.line(format!("win_rate_margin95={:.4}", t.margin()));
    cx.line(format!("guesses_per_game={:.3}", t.guesses as f64 / t.games.max(1) as f64));
    cx.line(format!("decisions={}", t.decisions.len()));
    cx.line(format!("decision_median_ms={:.3}", t.decision_ms(0.5)));
    cx.line(format!("decision_p99_ms={:.3}", t.decision_ms(0.99)));
    cx.line(format!("decision_max_ms={:.1}", t.decision_ms(1.0)));
    cx.line(format!("guess_median_ms={:.3}", t.guess_ms(0.5)));
    cx.line(format!("guess_p99_ms={:.3}", t.guess_ms(0.99)));
    cx.line(format!("errors={}", t.errors));
    cx.line(format!("wall_s={:.1}", t.wall.as_secs_f64()));
}

/// Parses a cell written `row,col` (from 0).
fn parse_cell(text: &str) -> anyhow::Result<(usize, usize)> {
    let (r, c) = text.split_once(',').context("a cell is written row,col (from 0), e.g. 3,3")?;
    Ok((r.trim().parse().context("bad row")?, c.trim().parse().context("bad column")?))
}
