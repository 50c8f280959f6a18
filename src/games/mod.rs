//! The games gamebot can play, one folder each, the capabilities a game implements, and the one
//! list of games.
//!
//! A game has the commands of `Game` (play, calibrate, read, solve, bench, tune, and its case check
//! for `replay`), each with its own clap `Args`, so an option that does not apply to a game is a
//! command-line error. The play loops are capabilities of their own: a turn-based game implements
//! `runner::TurnBased` (its pure parts: locate, read, solve, predict, the inputs of a move) and
//! plays through the one turn-based loop; Tetris, played in real time, has its loop in
//! `tetris/live/` over the same `Screen` and the same input guard.
//!
//! Adding a game touches exactly:
//! 1. its folder `src/games/<game>/` (board and rules, reader, solver, actions, its config struct,
//!    `case.rs` for `replay`, `cli.rs` with its `Game` impl and options, its benchmark);
//! 2. its profile `config/<profile>.toml` (and one line in `profile.rs`'s built-in list);
//! 3. its fixtures folder `fixtures/<game>/`;
//! 4. one `mod` line and one name in the `games!` list at the bottom of this file.
//!
//! The compiler then names every command the new game still lacks.

pub mod breach;
pub mod case;
pub mod collapse;
pub mod flood;
pub mod pegs;
pub mod tetris;

use anyhow::bail;

use crate::env::Env;
use crate::frame::Frame;
use crate::profile::Profile;
use crate::vision::grid::Grid;
use case::{CaseFile, Passed};

pub use breach::Breach;
pub use collapse::Collapse;
pub use flood::Flood;
pub use pegs::Pegs;
pub use tetris::Tetris;

/// A game, as the command line sees it: its name, its default profile, and its commands, each with
/// its own options.
pub trait Game {
    /// The game's name, as in case files and on the command line.
    const NAME: &'static str;
    /// One line for `--help`.
    const ABOUT: &'static str;
    /// The profile used when none is named.
    const DEFAULT_PROFILE: &'static str;

    type Play: clap::Args;
    type Calibrate: clap::Args;
    type Read: clap::Args;
    type Solve: clap::Args;
    type Bench: clap::Args;
    type Tune: clap::Args;

    /// `gamebot play <game>`: Ok(true) when the game was won (or the asked goal reached).
    fn play(env: &mut Env, args: Self::Play) -> anyhow::Result<bool>;
    /// `gamebot calibrate <game>`.
    fn calibrate(env: &mut Env, args: Self::Calibrate) -> anyhow::Result<bool>;
    /// `gamebot read <game> shot.png`: the `[board]` of a case file.
    fn read(env: &mut Env, args: Self::Read) -> anyhow::Result<bool>;
    /// `gamebot solve <game>`.
    fn solve(env: &mut Env, args: Self::Solve) -> anyhow::Result<bool>;
    /// `gamebot bench <game>`: figures as `key=value` lines.
    fn bench(env: &mut Env, args: Self::Bench) -> anyhow::Result<bool>;
    /// `gamebot tune <game>`: only games with a tunable evaluator have it.
    fn tune(_env: &mut Env, _args: Self::Tune) -> anyhow::Result<bool> {
        bail!("tune is not available for {}", Self::NAME)
    }
    /// Checks one case of this game (`spec/CASES.md`): read, compare, solve, check the answer.
    /// `layout` is the board's place from a saved calibration for this image size
    /// (`--calibration-dir`): a game that reads by a grid reads there first, as `play` does, and
    /// finds the board anew only when that does not read cleanly; the others ignore it.
    fn check_case(case: &CaseFile, frame: &Frame, profile: &Profile, layout: Option<&Grid>) -> Result<Passed, String>;
}

/// One command's subcommand enum, a variant per game, and its dispatch.
macro_rules! command {
    ($enum:ident, $method:ident, $args:ident, $($game:ident),*) => {
        #[derive(clap::Subcommand)]
        pub enum $enum {
            $(
                #[command(about = <$game as Game>::ABOUT)]
                $game(<$game as Game>::$args),
            )*
        }

        impl $enum {
            pub fn run(self, env: &mut Env) -> anyhow::Result<bool> {
                match self {
                    $($enum::$game(args) => <$game as Game>::$method(env, args),)*
                }
            }
        }
    };
}

/// Everything generated from the list of games.
macro_rules! games {
    ($($game:ident),* $(,)?) => {
        /// The games gamebot knows.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum GameKind {
            $($game,)*
        }

        impl GameKind {
            pub const ALL: &'static [GameKind] = &[$(GameKind::$game,)*];

            pub fn name(self) -> &'static str {
                match self {
                    $(GameKind::$game => <$game as Game>::NAME,)*
                }
            }

            pub fn default_profile(self) -> &'static str {
                match self {
                    $(GameKind::$game => <$game as Game>::DEFAULT_PROFILE,)*
                }
            }

            pub fn check_case(
                self,
                case: &CaseFile,
                frame: &Frame,
                profile: &Profile,
                layout: Option<&Grid>,
            ) -> Result<Passed, String> {
                match self {
                    $(GameKind::$game => <$game as Game>::check_case(case, frame, profile, layout),)*
                }
            }
        }

        command!(PlayCommand, play, Play, $($game),*);
        command!(CalibrateCommand, calibrate, Calibrate, $($game),*);
        command!(ReadCommand, read, Read, $($game),*);
        command!(SolveCommand, solve, Solve, $($game),*);
        command!(BenchCommand, bench, Bench, $($game),*);
        command!(TuneCommand, tune, Tune, $($game),*);
    };
}

impl GameKind {
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.iter().copied().find(|k| k.name() == name)
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Formats text rows as the TOML array `rows = [...]`.
pub fn rows_toml(rows: &[String]) -> String {
    let mut text = String::from("rows = [\n");
    for row in rows {
        text.push_str(&format!("  \"{row}\",\n"));
    }
    text.push(']');
    text
}

// The one list of games.
games!(Flood, Pegs, Breach, Collapse, Tetris);
