//! Tetris on the command line: its options for each command and what they do. `play` runs the
//! real-time loop in quadrapassel's window (or a dry run that draws the planned placement),
//! `calibrate` learns the rotation table by playing (with `--learn`, a new program live), `read`
//! reads a capture into the case-file form; `bench` and `tune` (simulated games) are in
//! `cli_sim.rs`.

use std::path::PathBuf;

use anyhow::{Context, bail};

use super::Tetris;
use super::live::config::LiveConfig;
use super::live::play::{self, Outcome};
use super::live::{annotate, locate, read};
use crate::files::{save_png, write_atomic};
use crate::frame::Frame;
use crate::game::Game;
use crate::input::live::LiveInput;
use crate::invocation::Invocation;
use crate::screen::{Screen, open_window};

/// Options of `play tetris`.
#[derive(clap::Args)]
pub struct TetrisPlay {
    #[command(flatten)]
    pub view: crate::commands::ViewArgs,
    /// Stop, successfully, after this many cleared lines (a top-out before is a failure).
    #[arg(long)]
    pub lines: Option<u32>,
    /// Stop, successfully, after this many pieces placed (a top-out before is a failure).
    #[arg(long)]
    pub pieces: Option<u32>,
    /// Click the game's start button first (quadrapassel's first game must start so).
    #[arg(long)]
    pub new_game: bool,
    /// Play the 2021 contest from its first piece on its own page (--profile tetris-contest-page),
    /// to a plan for its known pieces; --out FILE writes the record played. Prints `score=N
    /// pieces=M` last.
    #[arg(long, conflicts_with_all = ["lines", "new_game", "dry_run", "from"])]
    pub contest: bool,
    /// With --contest: follow this record (the contest's format, as `solve tetris --contest`
    /// writes it) instead of planning alongside the game.
    #[arg(long, requires = "contest")]
    pub record: Option<PathBuf>,
    /// With --contest: the beam width of the planner that runs alongside the game (and plans again
    /// when the board on screen differs from the plan).
    #[arg(long, requires = "contest", default_value_t = 1000)]
    pub beam: usize,
}

/// Options of `calibrate tetris`.
#[derive(clap::Args)]
pub struct TetrisCalibrate {
    #[command(flatten)]
    pub profile: crate::commands::ProfileArg,
    /// Click the game's start button first.
    #[arg(long, conflicts_with = "from")]
    pub new_game: bool,
    /// Replace a rotation table already in the profile (with --from: the profile file).
    #[arg(long)]
    pub force: bool,
    /// Learn a new program's look from this screenshot, blind, into a proposal profile
    /// (--profile NAME, written as config/NAME.toml).
    #[arg(long)]
    pub from: Option<PathBuf>,
    /// With --from: the screenshot's true board (a case file); refuse unless the learned profile
    /// reads the screenshot back exactly so.
    #[arg(long, requires = "from")]
    pub board: Option<PathBuf>,
    /// Learn a new program from its live window (--title) while a game runs: the look, the keys by
    /// trying them (held down 25, 50 or 100 ms when taps do not find them all, for a program
    /// that looks at its keys once a frame), how close together presses of one key may come (bursts at
    /// gaps from 4 to 160 ms), the rotation table by playing; its gravity and key lag are timed and
    /// noted. Pieces done with are put where the stack ends lowest. A program showing no falling
    /// piece is started first (a click in the window's middle, then on a start button seen, then
    /// Return, then Space). Written as config/NAME.toml (--profile NAME), never over a file
    /// without --force.
    #[arg(long, conflicts_with_all = ["from", "board", "new_game"], requires = "title")]
    pub learn: bool,
    /// With --learn: the program's window title, or a part of it.
    #[arg(long, requires = "learn")]
    pub title: Option<String>,
}

/// Options of `bench tetris`: simulated games with uniformly random pieces.
#[derive(clap::Args, Clone, Debug)]
pub struct TetrisBench {
    /// Games to play.
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Piece cap per game.
    #[arg(long, default_value_t = 100_000)]
    pub pieces: u64,
    /// Seed of the random pieces.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Weights: ours, dellacherie, ga, bcts, or a TOML file.
    #[arg(long, default_value = "ours")]
    pub weights: String,
    /// 1 lets the bot see the next piece.
    #[arg(long, default_value_t = 0)]
    pub preview: u8,
    /// Board height.
    #[arg(long, default_value_t = 20)]
    pub height: usize,
    /// Also consider tucks and spins (slower).
    #[arg(long)]
    pub tucks: bool,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Plan the 2021 contest's known sequence instead (--beam, --pieces, --threads and --weights as
    /// name=value overrides apply); prints the score against the budget as key=value lines.
    #[arg(long)]
    pub contest: bool,
    /// With --contest: the beam width (the budget) [default: the planner's].
    #[arg(long)]
    pub beam: Option<usize>,
    /// With --contest: which landings a piece may take (see `solve tetris --moves`).
    #[arg(long, value_enum, default_value_t = MovesArg::Any)]
    pub moves: MovesArg,
    /// With --contest: at most this many rushed pieces in a row (see `solve tetris --most-rushed`).
    #[arg(long)]
    pub most_rushed: Option<u8>,
    /// With --contest: plan for live play on the page this profile times (see `solve tetris --live`).
    #[arg(long, num_args = 0..=1, default_missing_value = LIVE_PROFILE, value_name = "PROFILE")]
    pub live: Option<String>,
}

/// Options of `solve tetris`: the 2021 contest planner.
#[derive(clap::Args)]
pub struct TetrisSolve {
    /// Plan a record for the 2021 contest's 10,000 known pieces; prints `score=N pieces=M` last.
    #[arg(long)]
    pub contest: bool,
    /// Where to write the record (refused if it exists, unless --force).
    #[arg(long, requires = "contest")]
    pub out: Option<PathBuf>,
    /// Overwrite --out.
    #[arg(long)]
    pub force: bool,
    /// Beam width, the budget [default: 4000, about 7 minutes on 2 shared cores].
    #[arg(long)]
    pub beam: Option<usize>,
    /// Plan only the first N pieces [default: 9999].
    #[arg(long)]
    pub pieces: Option<u32>,
    /// Stop planning after this many seconds (the record is then shorter, and says so).
    #[arg(long)]
    pub time_limit: Option<f64>,
    /// Which landings a piece may take: any (tucks and spins too), or drop (turn and shift near
    /// the top, then drop: what the contest page's gravity cannot break).
    #[arg(long, value_enum, default_value_t = MovesArg::Any)]
    pub moves: MovesArg,
    /// At most this many rushed pieces in a row: pieces the contest page's gravity leaves no time
    /// to wait for (a tick would lock them where they come in, or take them a row down from where
    /// their landing is out of reach). A record for the page: at its fastest gravity only a few fit
    /// between two ticks (its profile says how many: [contest] most_rushed) [default: no limit].
    #[arg(long)]
    pub most_rushed: Option<u8>,
    /// Plan for live play on the contest page: the rushed pieces in a row the page's gravity
    /// allows at each piece's speed with the profile's margin ([contest] of PROFILE, by default
    /// tetris-contest-page), so that no piece has to beat a tick by a few milliseconds.
    #[arg(long, num_args = 0..=1, default_missing_value = LIVE_PROFILE, value_name = "PROFILE")]
    pub live: Option<String>,
}

/// The profile `--live` takes the page's timing from when it names none.
pub const LIVE_PROFILE: &str = "tetris-contest-page";

/// Options of `tune tetris`: the cross-entropy method over simulated games (on a lower board with a
/// piece cap, so games end). The defaults are the run that gave our built-in weights.
#[derive(clap::Args, Clone, Debug)]
pub struct TetrisTune {
    /// Where to write the weights (refused if it exists, unless --force).
    #[arg(long)]
    pub out: PathBuf,
    #[arg(long, default_value_t = 15)]
    pub generations: usize,
    /// Weight vectors tried per generation (the best fifth shape the next one).
    #[arg(long, default_value_t = 24)]
    pub population: usize,
    /// Games each weight vector plays per generation.
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Piece cap per game.
    #[arg(long, default_value_t = 60_000)]
    pub pieces: u64,
    /// Board height of the tuning games (lower is harder).
    #[arg(long, default_value_t = 12)]
    pub height: usize,
    #[arg(long, default_value_t = 31)]
    pub seed: u64,
    /// Starting weights: ours, dellacherie, ga, bcts or a file.
    #[arg(long, default_value = "bcts")]
    pub start: String,
    /// Initial standard deviation of each weight.
    #[arg(long, default_value_t = 3.0)]
    pub sigma: f64,
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Overwrite --out if it exists.
    #[arg(long)]
    pub force: bool,
}

/// `--moves`: which landings the contest planner may choose.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesArg {
    /// Any place a record can reach, tucks and spins included.
    Any,
    /// Only places reached by turning and shifting within the top three rows, then dropping:
    /// what the contest page's gravity cannot break (for `play tetris --contest --record`).
    Drop,
}

impl MovesArg {
    pub fn moves(self) -> super::contest::Moves {
        match self {
            MovesArg::Any => super::contest::Moves::Any,
            MovesArg::Drop => super::contest::Moves::Drop { margin: super::contest::DROP_MARGIN },
        }
    }
}

/// What `read tetris` does with a decoded frame: the cell pitch and the `[board]` table (also the
/// fuzz target's way in). A learned profile (`[look]`) reads with what it learned; another, when
/// its own well is not in the frame, reads blind (`learn`), and an error then gives both reasons.
pub fn read_frame(frame: &Frame, config: &LiveConfig) -> anyhow::Result<(f64, String)> {
    if let Some(look) = &config.look {
        let seen = super::learn::read::read(frame, Some(look))?;
        return Ok((seen.well.pitch, seen.board_toml()));
    }
    let by_profile = locate::locate(frame, &config.vision)
        .and_then(|layout| Ok((layout.pitch, board_toml(&read::read(frame, &layout, config.vision.empty_max)?))));
    by_profile.or_else(|profile_error| match super::learn::read::read(frame, None) {
        Ok(seen) => Ok((seen.well.pitch, seen.board_toml())),
        Err(blind) => bail!("{profile_error:#}; read blind (no profile): {blind:#}"),
    })
}

pub(super) fn load_config(cx: &Invocation, profile: &crate::commands::ProfileArg) -> anyhow::Result<LiveConfig> {
    LiveConfig::from_profile(&profile.load(cx, Tetris::DEFAULT_PROFILE, Tetris::NAME)?)
}

/// The `[board]` table of a case file for a reading.
pub fn board_toml(reading: &read::Reading) -> String {
    super::case::board_toml(&reading.board_rows(), reading.piece.as_ref().map(|(p, _)| *p), reading.next)
}

/// `gamebot play tetris`: Ok(true) when the asked number of lines was cleared.
pub(super) fn play(cx: &mut Invocation, args: &TetrisPlay) -> anyhow::Result<bool> {
    let config = load_config(cx, &args.view.profile)?;
    if args.view.dry() {
        let frame = match &args.view.from {
            Some(path) => crate::screen::load_png(path)?,
            None => open_window(&config.window, "start quadrapassel first, or use --from shot.png")?.capture()?,
        };
        let out = args.view.out.clone().unwrap_or_else(|| PathBuf::from("tetris-dry-run.png"));
        let plan = annotate::dry_run(&frame, &config)?;
        cx.line(&plan.text);
        save_png(&plan.image, &out, args.view.force)?;
        cx.line(format!("wrote {}", out.display()));
        return Ok(true);
    }
    let mut window = open_window(&config.window, "start the game first")?;
    if let Some(note) = window.several() {
        cx.note(note);
    }
    let mut input = LiveInput::open()?;
    let options = play::Options { lines: args.lines, pieces: args.pieces, new_game: args.new_game, learn: false };
    let summary = play::run(&mut window, &mut input, &config, &options, &mut |l: &str| cx.note(l))?;
    cx.line(summary.report());
    match summary.outcome {
        Outcome::Reached => Ok(true),
        Outcome::ToppedOut => {
            let asked = match (args.lines, args.pieces) {
                (Some(n), _) => format!("{n} lines"),
                (None, Some(n)) => format!("{n} pieces"),
                (None, None) => "-".into(),
            };
            cx.note(format!(
                "error: topped out after {} lines and {} pieces (asked for {asked})",
                summary.lines, summary.pieces
            ));
            Ok(false)
        }
    }
}

/// The line in the profile after which `calibrate tetris` writes the rotation table.
const TABLE_MARK: &str = "# --- rotation table";

/// The profile's text with everything from the table mark on replaced by `table`.
pub fn with_table(profile: &str, table: &str) -> String {
    let keep = profile.find(TABLE_MARK).map_or(profile, |at| &profile[..at]);
    format!("{}\n\n{TABLE_MARK} (written by gamebot calibrate tetris) ---\n\n{table}", keep.trim_end())
}

/// `gamebot calibrate tetris`: plays with an empty rotation table until every press is learnt (or
/// the game ends), then writes the table into the profile file. A table already there is replaced
/// only with `--force`.
pub(super) fn calibrate(cx: &mut Invocation, args: &TetrisCalibrate) -> anyhow::Result<bool> {
    let profile = args.profile.load(cx, Tetris::DEFAULT_PROFILE, Tetris::NAME)?;
    let config = LiveConfig::from_profile(&profile)?;
    let path = if profile.source.exists() {
        profile.source.clone()
    } else {
        cx.config_dir.join(format!("{}.toml", profile.name))
    };
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("{}: the profile file to write the table into", path.display()))?;
    anyhow::ensure!(
        args.force || !text.contains(TABLE_MARK),
        "{} already holds a rotation table; add --force to learn a new one and replace it",
        path.display()
    );
    let mut window = open_window(&config.window, "start the game first")?;
    let mut input = LiveInput::open()?;
    let options = play::Options { lines: None, pieces: None, new_game: args.new_game, learn: true };
    let summary = play::run(&mut window, &mut input, &config, &options, &mut |l: &str| cx.note(l))?;
    let missing = summary.turns.missing();
    cx.line(summary.report());
    anyhow::ensure!(
        missing == 0,
        "the game ended with {missing} presses still unknown; nothing written (start a new game and run again)"
    );
    write_atomic(&path, with_table(&text, &summary.turns.to_toml()).as_bytes(), true)?;
    cx.line(format!("wrote the rotation table into {}", path.display()));
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_replaces_only_what_follows_the_mark() {
        let first = with_table("name = \"q\"\n# keep me\n", "[[rotation]]\ndx = 1\n");
        assert!(first.starts_with("name = \"q\"\n# keep me\n\n# --- rotation table"), "{first}");
        let second = with_table(&first, "[[rotation]]\ndx = 2\n");
        assert!(second.contains("# keep me") && second.contains("dx = 2") && !second.contains("dx = 1"), "{second}");
        assert_eq!(second.matches(TABLE_MARK).count(), 1);
    }
}
