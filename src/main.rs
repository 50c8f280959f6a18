//! The `gamebot` command line: parses arguments, hands each command to its game, and prints what
//! the library reports (results on standard output, progress on standard error).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

use gamebot::games::{BenchCommand, CalibrateCommand, PlayCommand, ReadCommand, SolveCommand, TuneCommand};
use gamebot::invocation::{Invocation, Report};

/// gamebot plays screen games by itself: it finds the game's window, reads the board, solves it
/// and clicks, checking the screen after every move. Press Esc or move the mouse to stop it.
#[derive(Parser)]
#[command(version, about, long_about = None)]
struct Cli {
    /// Folder of profiles (built-in copies are used for missing ones).
    #[arg(long, global = true, default_value = "config")]
    config_dir: PathBuf,
    /// Folder where `calibrate` saves layouts, and `play` and `replay` look for them.
    #[arg(long, global = true, default_value = "calibration")]
    calibration_dir: PathBuf,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game in its open window until it is won (Esc or a mouse movement stops the bot).
    #[command(subcommand)]
    Play(PlayCommand),
    /// Find the board in the live window (or a screenshot), show it, and save the layout; or learn
    /// a program never seen into a new profile (--learn, --from). Tetris: learn a live program's
    /// look, keys and rotations by playing (--learn), or quadrapassel's rotation table.
    #[command(subcommand)]
    Calibrate(CalibrateCommand),
    /// Read a screenshot and print the board in the [board] form of a case file.
    #[command(subcommand)]
    Read(ReadCommand),
    /// Solve a board given as a case file (or, for flood and pegs, as rows on standard input).
    #[command(subcommand)]
    Solve(SolveCommand),
    /// Replay cases (case files, or folders searched for *.toml) and check every answer.
    Replay {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Benchmark a game's solver (and reader); figures as key=value lines.
    #[command(subcommand)]
    Bench(BenchCommand),
    /// Tune a game's evaluator (tetris: the cross-entropy method over simulated games).
    #[command(subcommand)]
    Tune(TuneCommand),
    /// Start the real sgt-flood (and, on Linux, a virtual display if there is none) and win one game.
    Demo(gamebot::games::demo::DemoArgs),
}

/// Results to standard output, progress to standard error: a progress bar on a terminal, plain
/// `progress=.. done=.. total=..` lines (every tenth of the way) otherwise.
struct Console {
    terminal: bool,
    bar: Option<(String, ProgressBar)>,
}

impl Console {
    fn new() -> Console {
        Console { terminal: std::io::stderr().is_terminal(), bar: None }
    }
}

impl Report for Console {
    fn line(&mut self, text: &str) {
        match &self.bar {
            Some((_, bar)) => bar.suspend(|| print_line(text)),
            None => print_line(text),
        }
    }

    fn note(&mut self, text: &str) {
        match &self.bar {
            Some((_, bar)) => bar.println(text),
            None => eprintln!("{text}"),
        }
    }

    fn progress(&mut self, task: &str, done: u64, total: u64) {
        if !self.terminal {
            let tenth = (total / 10).max(1);
            if done.is_multiple_of(tenth) || done == total {
                eprintln!("progress={task} done={done} total={total}");
            }
            return;
        }
        if self.bar.as_ref().is_none_or(|(name, _)| name != task) {
            let bar = ProgressBar::new(total);
            let style = ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} {elapsed_precise} (eta {eta})");
            if let Ok(style) = style {
                bar.set_style(style.progress_chars("=> "));
            }
            bar.set_message(task.to_string());
            self.bar = Some((task.to_string(), bar));
        }
        if let Some((_, bar)) = &self.bar {
            bar.set_length(total);
            bar.set_position(done);
            if done >= total {
                bar.finish_and_clear();
                self.bar = None;
            }
        }
    }
}

/// A result line on standard output. A reader that went away (`gamebot read ... | head`) ends the
/// program quietly with the status a shell gives a process ended by SIGPIPE (141), instead of a
/// panic on the broken pipe.
fn print_line(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(out, "{text}")
        && e.kind() == std::io::ErrorKind::BrokenPipe
    {
        std::process::exit(141);
    }
}

/// True when two folder arguments name one folder (as given, or once resolved when both exist).
fn same_folder(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

fn run(cli: Cli) -> anyhow::Result<bool> {
    anyhow::ensure!(
        !same_folder(&cli.config_dir, &cli.calibration_dir),
        "--config-dir and --calibration-dir are one folder ({}): a profile and the calibration saved for it \
         would be the same file; give them different folders",
        cli.config_dir.display()
    );
    let mut console = Console::new();
    let mut cx = Invocation { config_dir: cli.config_dir, calibration_dir: cli.calibration_dir, report: &mut console };
    match cli.command {
        Command::Play(command) => command.run(&mut cx),
        Command::Calibrate(command) => command.run(&mut cx),
        Command::Read(command) => command.run(&mut cx),
        Command::Solve(command) => command.run(&mut cx),
        Command::Bench(command) => command.run(&mut cx),
        Command::Tune(command) => command.run(&mut cx),
        Command::Replay { paths } => {
            let (config, calibration) = (cx.config_dir.clone(), cx.calibration_dir.clone());
            let dirs = gamebot::replay::Dirs { config: &config, calibration: &calibration };
            let mut lines = Vec::new();
            let (_, failed) = gamebot::replay::replay_with_progress(
                &paths,
                dirs,
                &mut |line| lines.push(line.to_string()),
                &mut |done, total| cx.progress("cases", done, total),
            );
            lines.iter().for_each(|line| cx.line(line));
            Ok(failed == 0)
        }
        Command::Demo(args) => gamebot::games::demo::run(&mut cx, &args),
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
