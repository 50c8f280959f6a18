//! The `gamebot` command line: parses arguments and hands over to `gamebot::commands`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};

use gamebot::budget::Budget;
use gamebot::cases;
use gamebot::commands::{Dirs, breach, collapse, demo, flood, pegs, play, tetris, tetris_play};
use gamebot::games::flood::Flood;
use gamebot::games::pegs::Pegs;
use gamebot::games::GameKind;

/// Options of `bench tetris` (None = not given; other games reject them).
#[derive(clap::Args)]
struct TetrisBenchOpts {
    /// Tetris: games to play [default: 10].
    #[arg(long)]
    games: Option<usize>,
    /// Tetris: piece cap per game [default: 100000].
    #[arg(long)]
    pieces: Option<u64>,
    /// Tetris: seed of the random pieces [default: 1].
    #[arg(long)]
    seed: Option<u64>,
    /// Tetris: weights: ours, dellacherie, ga, bcts, or a TOML file [default: ours].
    #[arg(long)]
    weights: Option<String>,
    /// Tetris: 1 lets the bot see the next piece [default: 0].
    #[arg(long)]
    preview: Option<u8>,
    /// Tetris: board height [default: 20].
    #[arg(long)]
    height: Option<usize>,
    /// Tetris: also consider tucks and spins (slower).
    #[arg(long)]
    tucks: bool,
    /// Tetris and Flood: worker threads [default: 2].
    #[arg(long)]
    threads: Option<usize>,
}

impl TetrisBenchOpts {
    /// Whether an option other than --threads (which bench flood shares) was given.
    fn any_but_threads(&self) -> bool {
        self.games.is_some()
            || self.pieces.is_some()
            || self.seed.is_some()
            || self.weights.is_some()
            || self.preview.is_some()
            || self.height.is_some()
            || self.tucks
    }

    fn any_given(&self) -> bool {
        self.games.is_some() || self.pieces.is_some() || self.seed.is_some() || self.weights.is_some()
            || self.preview.is_some() || self.height.is_some() || self.tucks || self.threads.is_some()
    }

    fn into_args(self) -> tetris::BenchArgs {
        tetris::BenchArgs {
            games: self.games.unwrap_or(10),
            pieces: self.pieces.unwrap_or(100_000),
            seed: self.seed.unwrap_or(1),
            weights: self.weights.unwrap_or_else(|| "ours".into()),
            preview: self.preview.unwrap_or(0),
            height: self.height.unwrap_or(20),
            tucks: self.tucks,
            threads: self.threads.unwrap_or(2),
        }
    }
}

/// gamebot plays screen games by itself: it finds the game's window, reads the board, solves it
/// and clicks, checking the screen after every move. Press Esc or move the mouse to stop it.
#[derive(Parser)]
#[command(version, about, long_about = None)]
struct Cli {
    /// Folder of profiles (built-in copies are used for missing ones).
    #[arg(long, global = true, default_value = "config")]
    config_dir: PathBuf,
    /// Folder where `calibrate` saves layouts and `play` looks for them.
    #[arg(long, global = true, default_value = "calibration")]
    calibration_dir: PathBuf,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game in its open window until it is won (Esc or a mouse movement stops the bot).
    Play {
        game: GameKind,
        /// Profile name (config/<name>.toml) or path; the game's default when omitted.
        #[arg(long)]
        profile: Option<String>,
        /// Read and plan only, touch nothing; writes an annotated PNG of the board and the plan.
        #[arg(long)]
        dry_run: bool,
        /// Read this screenshot instead of the live window (implies --dry-run).
        #[arg(long)]
        from: Option<PathBuf>,
        /// Where the dry run writes its picture [default: <game>-dry-run.png].
        #[arg(long)]
        out: Option<PathBuf>,
        /// Stop, unsuccessfully, after this many moves (the game's limit).
        #[arg(long)]
        limit: Option<usize>,
        /// Solver time budget in milliseconds.
        #[arg(long, default_value_t = 10_000)]
        budget_ms: u64,
        /// Overwrite the dry run's picture if it exists.
        #[arg(long)]
        force: bool,
        /// Tetris: stop, successfully, after this many cleared lines (a top-out before is a failure).
        #[arg(long)]
        lines: Option<u32>,
        /// Tetris: click the game's start button first (quadrapassel's first game must start so).
        #[arg(long)]
        new_game: bool,
    },
    /// Find the board in the live window (or a screenshot), show it, and save the layout. Tetris:
    /// learn quadrapassel's rotation table by playing, and write it into the profile.
    Calibrate {
        game: GameKind,
        /// Tetris: click the game's start button first.
        #[arg(long)]
        new_game: bool,
        #[arg(long)]
        profile: Option<String>,
        /// Calibrate from this screenshot instead of the live window.
        #[arg(long)]
        from: Option<PathBuf>,
        /// Where to draw what was found [default: calibration/<profile>.png].
        #[arg(long)]
        out: Option<PathBuf>,
        /// Replace an existing calibration.
        #[arg(long)]
        force: bool,
    },
    /// Read a screenshot and print the board in the [board] form of a case file.
    Read {
        game: GameKind,
        png: PathBuf,
        #[arg(long)]
        profile: Option<String>,
    },
    /// Solve a board: a case file, or its rows on standard input ("-" or nothing). Flood: rows of
    /// colour digits. Pegs: rows of o (peg), . (hole) and # (no hole).
    Solve {
        game: GameKind,
        input: Option<PathBuf>,
        /// Solver time budget in milliseconds.
        #[arg(long, default_value_t = 10_000)]
        budget_ms: u64,
        /// Pegs: the square the last peg must end on, as row,col from 0 (default: anywhere).
        #[arg(long)]
        at: Option<String>,
        /// Pegs: find the fewest moves (a chain of jumps by one peg is one move) and prove it.
        #[arg(long)]
        fewest: bool,
    },
    /// Replay cases (case files, or folders searched for *.toml) and check every answer.
    Replay {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Benchmark a solver. Flood: on a file of boards (one square board per line, 0-9 then a-f),
    /// on --threads threads, printing boards=, total_moves=, proven_optimal=, seconds=, threads=
    /// and peak_mb= last. Pegs, collapse: their headline
    /// figures. Breach: random 7x7 puzzles, and read + solve at 4K of the screenshots in a folder.
    /// Tetris: simulated games with uniformly random pieces, progress on stderr, and last on stdout
    /// `games= mean_lines= min_lines= topouts= pieces_per_second=` (the --games .. --tucks options
    /// are for tetris only; --threads is for tetris and flood).
    Bench {
        game: GameKind,
        /// Flood: the file of boards. Breach: a folder of screenshots (e.g. ../shared/corpus/breach).
        boards: Option<PathBuf>,
        /// Solver time budget per board in milliseconds.
        #[arg(long, default_value_t = 10_000)]
        budget_ms: u64,
        /// Flood: where the flood starts on every board: top-left (default), centre, or ROW,COL.
        #[arg(long)]
        start: Option<gamebot::games::flood::bench::Start>,
        #[command(flatten)]
        tetris: TetrisBenchOpts,
    },
    /// Tune a game's evaluator. Tetris: the cross-entropy method over simulated games (on a lower
    /// board with a piece cap, so games end), writing the final weights to --out as TOML, usable with
    /// `bench tetris --weights FILE`. The defaults are the run that gave our built-in weights.
    Tune {
        game: GameKind,
        /// Where to write the weights (refused if it exists, unless --force).
        #[arg(long)]
        out: PathBuf,
        #[arg(long, default_value_t = 15)]
        generations: usize,
        /// Weight vectors tried per generation (the best fifth shape the next one).
        #[arg(long, default_value_t = 24)]
        population: usize,
        /// Games each weight vector plays per generation.
        #[arg(long, default_value_t = 10)]
        games: usize,
        /// Piece cap per game.
        #[arg(long, default_value_t = 60_000)]
        pieces: u64,
        /// Board height of the tuning games (lower is harder).
        #[arg(long, default_value_t = 12)]
        height: usize,
        #[arg(long, default_value_t = 31)]
        seed: u64,
        /// Starting weights: ours, dellacherie, ga, bcts or a file.
        #[arg(long, default_value = "bcts")]
        start: String,
        /// Initial standard deviation of each weight.
        #[arg(long, default_value_t = 3.0)]
        sigma: f64,
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Overwrite --out if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Start the real sgt-flood (and a virtual display if there is none) and win one game.
    Demo {
        /// An sgt-flood game ID to play instead of a freshly generated board.
        #[arg(long)]
        id: Option<String>,
        /// sgt-flood parameters for the generated board.
        #[arg(long, default_value = "14x14c6m0")]
        params: String,
        /// Folder for the before/after pictures [default: gamebot-demo-<time>].
        #[arg(long)]
        out: Option<PathBuf>,
        /// Play on this X display instead of $DISPLAY or a new virtual one.
        #[arg(long)]
        display: Option<String>,
    },
}

fn not_yet(game: GameKind) -> anyhow::Error {
    anyhow::anyhow!("{game} is not supported yet by this version of gamebot (flood, pegs, breach and tetris are played; collapse can be read, solved and benchmarked but not yet played)")
}

fn budget(ms: u64) -> Budget {
    Budget { max_time: Duration::from_millis(ms), ..Budget::default() }
}

fn run(cli: Cli) -> anyhow::Result<bool> {
    let dirs = Dirs { config: cli.config_dir, calibration: cli.calibration_dir };
    let profile_for = |game: GameKind, profile: Option<String>| profile.unwrap_or_else(|| game.default_profile().to_string());
    match cli.command {
        Command::Play { game, profile, dry_run, from, out, lines, new_game, force, .. } if game == GameKind::Tetris => {
            let args = tetris_play::TetrisPlayArgs { profile: profile_for(game, profile), dry_run, from, out, lines, new_game, force };
            tetris_play::play(&dirs, &args)
        }
        Command::Play { game, lines, new_game, .. } if lines.is_some() || new_game => {
            Err(anyhow::anyhow!("--lines and --new-game are options of play tetris, not of play {game}"))
        }
        Command::Play { game, profile, dry_run, from, out, limit, budget_ms, force, .. } => {
            let args = play::PlayArgs { profile: profile_for(game, profile), dry_run, from, out, limit, budget: budget(budget_ms), force };
            match game {
                GameKind::Flood => play::play::<Flood>(&dirs, &args),
                GameKind::Pegs => play::play::<Pegs>(&dirs, &args),
                GameKind::Breach => breach::play(&dirs, &args),
                other => Err(not_yet(other)),
            }
        }
        Command::Calibrate { game: GameKind::Tetris, profile, new_game, force, .. } => {
            tetris_play::calibrate(&dirs, &profile.unwrap_or_else(|| GameKind::Tetris.default_profile().to_string()), new_game, force)
        }
        Command::Calibrate { game, profile, from, out, force, .. } => {
            let (profile, from, out) = (profile_for(game, profile), from.as_deref(), out.as_deref());
            match game {
                GameKind::Flood => play::calibrate::<Flood>(&dirs, &profile, from, out, force),
                GameKind::Pegs => play::calibrate::<Pegs>(&dirs, &profile, from, out, force),
                other => Err(not_yet(other)),
            }
            .map(|_| true)
        }
        Command::Read { game, png, profile } => {
            let profile = profile_for(game, profile);
            match game {
                GameKind::Flood => play::read_png::<Flood>(&dirs, &profile, &png),
                GameKind::Pegs => play::read_png::<Pegs>(&dirs, &profile, &png),
                GameKind::Collapse => collapse::read_png(&png),
                GameKind::Breach => breach::read_png(&png),
                GameKind::Tetris => tetris_play::read_png(&dirs, &profile, &png),
            }
            .map(|_| true)
        }
        Command::Solve { game, input, budget_ms, at, fewest } => match game {
            GameKind::Flood => flood::solve_board(input.as_deref(), budget(budget_ms)).map(|_| true),
            GameKind::Pegs => {
                let at = at.as_deref().map(pegs::parse_square).transpose()?;
                pegs::solve_board(input.as_deref(), at, fewest, budget(budget_ms))
            }
            GameKind::Collapse => {
                let input = input.ok_or_else(|| anyhow::anyhow!("solve collapse needs a case file"))?;
                collapse::solve_case(&input).map(|_| true)
            }
            GameKind::Breach => {
                let input = input.ok_or_else(|| anyhow::anyhow!("solve breach needs a case file"))?;
                breach::solve_case(&input, budget(budget_ms)).map(|_| true)
            }
            other => Err(not_yet(other)),
        },
        Command::Replay { paths } => {
            let (_, failed) = cases::replay(&paths, &dirs.config, &mut |line| println!("{line}"));
            Ok(failed == 0)
        }
        Command::Bench { game: GameKind::Flood, tetris: opts, .. } if opts.any_but_threads() => {
            Err(anyhow::anyhow!("--games, --pieces, --seed, --weights, --preview, --height and --tucks are options of bench tetris, not of bench flood"))
        }
        Command::Bench { game, start: Some(_), .. } if game != GameKind::Flood => Err(anyhow::anyhow!("--start is an option of bench flood, not of bench {game}")),
        Command::Bench { game, tetris: opts, .. } if game != GameKind::Tetris && game != GameKind::Flood && opts.any_given() => {
            Err(anyhow::anyhow!("--games, --pieces, --seed, --weights, --preview, --height, --tucks and --threads are options of bench tetris, not of bench {game}"))
        }
        Command::Bench { game, boards, budget_ms, start, tetris: opts } => match game {
            GameKind::Tetris => {
                if let Some(path) = boards {
                    anyhow::bail!("bench tetris plays simulated games and takes no file (got {})", path.display());
                }
                tetris::bench(&opts.into_args())
            }
            GameKind::Flood => {
                let boards = boards.ok_or_else(|| anyhow::anyhow!("bench flood needs a file of boards, e.g. ../shared/corpus/flood-pc19/tiles.txt"))?;
                flood::bench(&boards, budget(budget_ms), opts.threads.unwrap_or(2), start.unwrap_or_default()).map(|_| true)
            }
            GameKind::Pegs => pegs::bench().map(|_| true),
            GameKind::Breach => breach::bench(boards.as_deref()).map(|_| true),
            GameKind::Collapse => {
                for (key, value) in gamebot::games::collapse::solve::bench_report() {
                    println!("{key}={value}");
                }
                Ok(true)
            }
        },
        Command::Tune { game, out, generations, population, games, pieces, height, seed, start, sigma, threads, force } => match game {
            GameKind::Tetris => {
                tetris::tune(&tetris::TuneArgs { out, generations, population, games, pieces, height, seed, start, sigma, threads, force })
            }
            other => Err(anyhow::anyhow!("tune is for tetris only, not {other}")),
        },
        Command::Demo { id, params, out, display } => demo::run(&demo::DemoArgs { id, params, out, display }),
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
