//! The list of games, on top of everything: one folder each, and the one line at the bottom that
//! names them. Everything that runs over the games is generated from that line: the `GameKind`
//! the case walker, the tests, the fuzz targets and the benchmarks iterate over, and one
//! subcommand per game under every command of the command line.
//!
//! The contract a game implements is `crate::game` (below the games); how to add a game is
//! `docs/architecture.md`.

pub mod breach;
pub mod collapse;
pub mod flood;
pub mod mines;
pub mod pegs;
pub mod tetris;

use std::path::Path;

use crate::case::{CaseFile, Passed};
use crate::frame::Frame;
use crate::game::{Benchmark, Benchmarks, Cases, Command, Game, ReadsBoard, SelfCheck};
use crate::invocation::Invocation;
use crate::profile::Profile;
use crate::vision::grid::Grid;

pub use breach::Breach;
pub use collapse::Collapse;
pub use flood::Flood;
pub use mines::Mines;
pub use pegs::Pegs;
pub use tetris::Tetris;

/// The embedded default `gamebot demo` runs: the real sgt-flood, won live.
pub use flood::demo;

/// One command's subcommand enum, a variant per game, and its dispatch.
macro_rules! command {
    ($enum:ident, $name:literal, $args:ident, $($game:ident),*) => {
        #[derive(clap::Subcommand)]
        pub enum $enum {
            $(
                #[command(about = <$game as Game>::ABOUT)]
                $game(<$game as Game>::$args),
            )*
        }

        impl $enum {
            pub fn run(self, cx: &mut Invocation) -> anyhow::Result<bool> {
                match self {
                    $($enum::$game(args) => Command::<$game>::run(args, cx, $name),)*
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

            /// `ReadsBoard::read_board` of this game.
            pub fn read_board(self, frame: &Frame, profile: &Profile) -> anyhow::Result<String> {
                match self {
                    $(GameKind::$game => <$game as ReadsBoard>::read_board(frame, profile),)*
                }
            }

            /// `ReadsBoard::read_at` of this game.
            pub fn read_at(self, frame: &Frame, profile: &Profile, grid: &Grid) -> anyhow::Result<String> {
                match self {
                    $(GameKind::$game => <$game as ReadsBoard>::read_at(frame, profile, grid),)*
                }
            }

            /// `Cases::check_case` of this game.
            pub fn check_case(
                self,
                case: &CaseFile,
                frame: &Frame,
                profile: &Profile,
                layout: Option<&Grid>,
            ) -> Result<Passed, String> {
                match self {
                    $(GameKind::$game => <$game as Cases>::check_case(case, frame, profile, layout),)*
                }
            }

            /// `SelfCheck::check_random` of this game.
            pub fn check_random(self, seed: u64) -> Result<String, String> {
                match self {
                    $(GameKind::$game => <$game as SelfCheck>::check_random(seed),)*
                }
            }

            /// `SelfCheck::parse_text` of this game.
            pub fn parse_text(self, text: &str) -> anyhow::Result<()> {
                match self {
                    $(GameKind::$game => <$game as SelfCheck>::parse_text(text),)*
                }
            }

            /// `SelfCheck::text_seeds` of this game.
            pub fn text_seeds(self) -> Vec<String> {
                match self {
                    $(GameKind::$game => <$game as SelfCheck>::text_seeds(),)*
                }
            }

            /// `Benchmarks::benchmarks` of this game.
            pub fn benchmarks(self, root: &Path) -> Vec<Benchmark> {
                match self {
                    $(GameKind::$game => <$game as Benchmarks>::benchmarks(root),)*
                }
            }
        }

        /// `gamebot read <game> shot.png`: the same for every game.
        #[derive(clap::Subcommand)]
        pub enum ReadCommand {
            $(
                #[command(about = <$game as Game>::ABOUT)]
                $game(crate::commands::ReadArgs),
            )*
        }

        impl ReadCommand {
            pub fn run(self, cx: &mut Invocation) -> anyhow::Result<bool> {
                match self {
                    $(ReadCommand::$game(args) => crate::commands::read::<$game>(cx, &args),)*
                }
            }
        }

        command!(PlayCommand, "play", Play, $($game),*);
        command!(CalibrateCommand, "calibrate", Calibrate, $($game),*);
        command!(SolveCommand, "solve", Solve, $($game),*);
        command!(BenchCommand, "bench", Bench, $($game),*);
        command!(TuneCommand, "tune", Tune, $($game),*);
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

// The one list of games.
games!(Flood, Pegs, Breach, Collapse, Tetris, Mines);
