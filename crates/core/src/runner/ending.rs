//! Why play ended: one enum for every end, the good ones (won, in any of the ways a game shows
//! it; lost) and the stops (the user took over, the window went, moved or was covered, the screen
//! kept disagreeing with the rules, a limit, a failure). The loop returns it through its steps
//! (`Result<_, Ending>` inside, `Played::ending` outside) and decides by matching on it; the
//! command line prints it in one place, its `Display` being the line a user reads.

use crate::input::InputError;
use crate::input::failsafe::Stop;
use crate::input::guard::Halt;
use crate::screen::ScreenError;

/// Why a game in the play loop ended.
#[derive(Debug, thiserror::Error)]
pub enum Ending {
    /// Won by the rules and confirmed on screen.
    #[error("won")]
    Won,
    /// Won by the rules; the window went away right after the winning move (a game that exits at
    /// its end): that move counts as made, unconfirmed.
    #[error("won (the window closed after the winning move)")]
    WonWindowClosed,
    /// Won by the rules; after the winning move the board no longer read at all (a dialog over it,
    /// a recoloured last piece): that move counts as made, unconfirmed.
    #[error("won (the game then showed its own end display)")]
    WonEndDisplay,
    /// The board shows the game lost.
    #[error("lost")]
    Lost,
    /// The board was won or lost before the first move: no game to play, and never a win for 0
    /// moves (it may be an old window under the one the user meant).
    #[error(
        "the game in this window is already {}: start a new game (or name the window to play with --window)",
        if *.won { "won" } else { "lost" }
    )]
    AlreadyOver { won: bool },
    /// Esc, or the user's mouse.
    #[error(transparent)]
    User(Stop),
    /// The window: gone, minimised, moved before an input, covered, off the screen.
    #[error(transparent)]
    Window(ScreenError),
    #[error("stopped: the keyboard focus is on {0}, not the game; click the game's window and run again")]
    Focus(String),
    #[error(transparent)]
    Input(InputError),
    /// An input the guard refused (outside the window, or a press that would not land on it).
    #[error("{0}")]
    Refused(String),
    #[error("stopped: the game window keeps moving or changing size ({0} times)")]
    KeptMoving(u32),
    #[error("the move limit ({0}) is reached and the board is not won")]
    MoveLimit(usize),
    #[error("stopped: the screen kept disagreeing with the rules after {0} moves; is the game responding?")]
    KeptDisagreeing(usize),
    #[error("stopped: plans keep ending without a win")]
    PlansEndWithoutWin,
    #[error("the solver found no move on this board:\n{0}")]
    NoMove(String),
    /// Anything else that ends play: a board that does not read, a solver's error, a proposed
    /// profile that play refuted, a profile that does not load.
    #[error("{0:#}")]
    Failed(anyhow::Error),
}

impl Ending {
    /// Won, in any of the ways a game shows it.
    pub fn won(&self) -> bool {
        matches!(self, Ending::Won | Ending::WonWindowClosed | Ending::WonEndDisplay)
    }

    /// An end by the rules (won or lost), not a stop.
    pub fn by_the_rules(&self) -> bool {
        self.won() || matches!(self, Ending::Lost)
    }
}

impl From<Halt> for Ending {
    fn from(halt: Halt) -> Ending {
        match halt {
            Halt::User(stop) => Ending::User(stop),
            Halt::Window(e) => Ending::Window(e),
            Halt::Device(e) => Ending::Input(e),
            Halt::Focus(other) => Ending::Focus(other),
            Halt::Refused(why) => Ending::Refused(why),
        }
    }
}

impl From<ScreenError> for Ending {
    fn from(e: ScreenError) -> Ending {
        Ending::Window(e)
    }
}

impl From<anyhow::Error> for Ending {
    fn from(e: anyhow::Error) -> Ending {
        Ending::Failed(e)
    }
}
