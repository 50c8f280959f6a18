//! Making a move's inputs: through the guard, and for the first move of a game in each input style
//! the profile allows while the board shows no change (`TurnBased::input_styles`): a toolkit that
//! ignores a drag may take a click, and a game without colour buttons takes a click on a cell.

use std::time::Duration;

use super::watch::{Shown, Watched, watch};
use super::{Ending, Progress, settle};
use crate::frame::Frame;
use crate::game::TurnBased;
use crate::input::guard::{Guard, Halt};
use crate::profile::Profile;
use crate::screen::{Screen, ScreenError};

/// How a move's inputs went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inputs {
    /// Every input was made.
    Made,
    /// The window moved or changed size before an input (nothing went astray: the board is to be
    /// found again).
    Relocate,
    /// After at least one input, a window of the game's own came over the board where the next
    /// would go (a click's cascade won the game and it opened its dialog): the rest were not made,
    /// and what the screen shows is judged as after the move.
    CutShort,
}

/// The inputs of `mv` made through the guard.
pub fn make_move<G: TurnBased>(
    guard: &mut Guard,
    screen: &dyn Screen,
    frame: &Frame,
    mv: &G::Move,
    board: &G::Board,
    layout: &G::Layout,
    config: &G::Config,
) -> Result<Inputs, Ending> {
    for (i, action) in G::actions(mv, board, layout, config)?.iter().enumerate() {
        match guard.perform(action, frame, screen) {
            Err(Halt::Window(ScreenError::Moved)) => return Ok(Inputs::Relocate),
            Err(Halt::Window(ScreenError::Covered { by_the_game: true, .. })) if i > 0 => return Ok(Inputs::CutShort),
            result => result?,
        }
    }
    Ok(Inputs::Made)
}

/// What happened when the first move was made in every input style the profile allows: the
/// watched result (none when the window moved before an input, or went away after them all), and
/// the style that showed the prediction when it was not the profile's own.
pub struct FirstMove<C> {
    pub watched: Option<Watched>,
    /// The window went away after every input of the move was made (never before one).
    pub closed_after: bool,
    pub style: Option<(&'static str, C)>,
    pub tried: Vec<&'static str>,
}

/// The first move of a game, in the profile's input style and, while it leaves the board as it
/// was (whatever else it changed on the screen), in each other style the profile allows.
#[allow(clippy::too_many_arguments)]
pub fn first_move<G: TurnBased>(
    screen: &mut dyn Screen,
    guard: &mut Guard,
    profile: &Profile,
    frame: &Frame,
    mv: &G::Move,
    board: &G::Board,
    layout: &G::Layout,
    config: &G::Config,
    predicted: &G::Board,
    progress: &mut dyn Progress,
) -> Result<FirstMove<G::Config>, Ending> {
    let styles = G::input_styles(config);
    let own = styles.first().map(|(name, _)| *name);
    let attempts: Vec<(Option<&'static str>, G::Config)> = match styles.is_empty() {
        true => vec![(None, config.clone())],
        false => styles.into_iter().map(|(name, c)| (Some(name), c)).collect(),
    };
    let count = attempts.len();
    let mut tried = Vec::new();
    let mut before = frame.clone();
    for (i, (name, style_config)) in attempts.into_iter().enumerate() {
        if i > 0 {
            // Only a board the attempts left as it was may be tried again another way.
            let now = settle(screen, profile, guard)?;
            before = now.clone();
            match G::read(&now, layout, config) {
                Ok(reading) if G::matches(&reading.board, board) => {}
                _ => {
                    let watched = Some(Watched { frame: now, shown: Shown::Other });
                    return Ok(FirstMove { watched, closed_after: false, style: None, tried });
                }
            }
            progress.line(&format!(
                "move 1 changed nothing with input style \"{}\": trying \"{}\"",
                tried.last().copied().unwrap_or("?"),
                name.unwrap_or("?")
            ));
        }
        if make_move::<G>(guard, screen, &before, mv, board, layout, &style_config)? == Inputs::Relocate {
            return Ok(FirstMove { watched: None, closed_after: false, style: None, tried });
        }
        let watched = match watch_after_inputs::<G>(screen, guard, profile, &before, layout, &style_config, predicted) {
            Err(Ending::Window(ScreenError::WindowGone)) => {
                return Ok(FirstMove { watched: None, closed_after: true, style: None, tried });
            }
            watched => watched?,
        };
        tried.extend(name);
        // A change that leaves the board as it was (a peg shown selected, a button pressed) is no
        // move either: the next style is tried.
        if !left_as_it_was::<G>(&watched, layout, config, board) || i + 1 == count {
            let style = (watched.shown == Shown::Predicted && name != own).then(|| (name.unwrap_or("?"), style_config));
            return Ok(FirstMove { watched: Some(watched), closed_after: false, style, tried });
        }
    }
    unreachable!("every attempt returns")
}

/// True when a move's inputs left the board as it was, whatever else changed on the screen (a peg
/// shown selected, a button pressed): nothing changed, or the board reads as `board` still.
pub fn left_as_it_was<G: TurnBased>(
    watched: &Watched,
    layout: &G::Layout,
    config: &G::Config,
    board: &G::Board,
) -> bool {
    watched.shown == Shown::Nothing
        || (watched.shown == Shown::Other
            && G::read(&watched.frame, layout, config).is_ok_and(|r| G::matches(&r.board, board)))
}

/// The profile's pause after a move's inputs, then the watch until the board shows the prediction
/// or something else. A window gone here went after every input was made: the caller may take that
/// for a game that exits at its end, which a window gone before an input never is.
pub fn watch_after_inputs<G: TurnBased>(
    screen: &mut dyn Screen,
    guard: &mut Guard,
    profile: &Profile,
    before: &Frame,
    layout: &G::Layout,
    config: &G::Config,
    predicted: &G::Board,
) -> Result<Watched, Ending> {
    pause_after_action(guard, profile)?;
    watch::<G, Ending>(screen, before, layout, config, predicted, &profile.timing, &mut |d| Ok(guard.pause(d)?))
}

/// The profile's pause after an action, if it asks for one.
pub fn pause_after_action(guard: &mut Guard, profile: &Profile) -> Result<(), Halt> {
    if profile.timing.after_action_ms > 0 {
        guard.pause(Duration::from_millis(profile.timing.after_action_ms))?;
    }
    Ok(())
}
