//! The play loop in named steps. A game is a run of rounds (`Game::round`): read the board and
//! plan (`Game::read_and_plan`), then make the plan's moves one at a time (`Game::one_move`: make
//! it and watch the board, `Game::make`, once more when the board stayed as it was; then judge
//! what the screen shows, `Game::judge`) until the game ends or the board must be read again (a
//! mismatch, a window moved, a game of hidden information, a plan run out). What the loop keeps
//! from round to round is `Game`'s state.

use std::time::{Duration, Instant};

use super::inputs::{Inputs, first_move, left_as_it_was, make_move, watch_after_inputs};
use super::watch::{Shown, Watched};
use super::{
    CHECKED_MOVES, Ending, MAX_RELOCATIONS, PlayOptions, Progress, Summary, board_gone, ensure_in_view, explain,
    proposal, read_board, read_end, settle, settle_unhovered, shows_end_display, unreadable,
};
use crate::frame::Frame;
use crate::game::{Plan, TurnBased, plan_line};
use crate::input::guard::Guard;
use crate::profile::Profile;
use crate::screen::{Screen, ScreenError};

/// One game in play: what the loop keeps from move to move and round to round.
pub(super) struct Game<'p, G: TurnBased> {
    profile: &'p Profile,
    options: &'p PlayOptions,
    config: G::Config,
    layout: Option<G::Layout>,
    pub(super) summary: Summary,
    relocations: u32,
    /// The window size on which the profile is a proposal still to be confirmed.
    proposed: Option<(u32, u32)>,
    /// No move made yet: the first tries the profile's other input styles.
    first: bool,
}

/// What one move came to.
enum Step<B> {
    /// The screen showed what the rules predicted: the board now.
    Confirmed(B),
    /// Read the board again and plan anew.
    Replan,
    /// The game is over by the rules, with the board it ends with.
    Over(B, Ending),
}

/// How long the loop waits before reading again a board it could not read (`read_held_still`).
const REREAD_PAUSE_MS: u64 = 300;

/// A board read once the screen held still, and the plan's moves from it.
type Planned<G> = (Frame, <G as TurnBased>::Board, Vec<<G as TurnBased>::Move>);

/// A move made and watched, or why not.
enum Made {
    Watched(Watched, Vec<&'static str>),
    /// The window moved or changed size before an input: nothing went astray.
    Relocate,
    /// The window closed after the winning move.
    Closed,
}

impl<'p, G: TurnBased> Game<'p, G> {
    pub(super) fn new(
        profile: &'p Profile,
        options: &'p PlayOptions,
        layout: Option<G::Layout>,
    ) -> Result<Self, Ending> {
        Ok(Game {
            profile,
            options,
            config: G::config(profile)?,
            layout,
            summary: Summary::default(),
            relocations: 0,
            proposed: None,
            first: true,
        })
    }

    /// One round: reads the board, plans, and makes the plan's moves while the screen confirms them.
    /// Some(board and how it ended) when the game has ended by the rules, None to read and plan
    /// again; a stop is the error.
    pub(super) fn round(
        &mut self,
        screen: &mut dyn Screen,
        guard: &mut Guard,
        progress: &mut dyn Progress,
    ) -> Result<Option<(G::Board, Ending)>, Ending> {
        let (mut frame, mut board, moves) = self.read_and_plan(screen, guard, progress)?;
        if G::is_won(&board, &self.config) {
            return Ok(Some((board, Ending::Won)));
        }
        if G::is_lost(&board) {
            return Ok(Some((board, Ending::Lost)));
        }
        let Some(layout) = self.layout.clone() else { return Err(anyhow::anyhow!("no layout").into()) };
        let mut started = Instant::now();
        for mv in &moves {
            match self.one_move(screen, guard, &mut frame, &board, mv, &layout, progress)? {
                Step::Confirmed(now) => board = now,
                Step::Replan => return Ok(None),
                Step::Over(end, ending) => return Ok(Some((end, ending))),
            }
            let took = started.elapsed();
            self.summary.moves += 1;
            self.summary.move_times.push(took);
            progress.line(&format!("move {}: {mv}  ({:.0} ms)", self.summary.moves, took.as_secs_f64() * 1e3));
            started = Instant::now();
            self.confirm_proposal(&board, progress);
            if G::is_won(&board, &self.config) {
                read_end::<G>(screen, self.profile, &layout, &self.config, &mut self.summary);
                return Ok(Some((board, Ending::Won)));
            }
            if G::HIDDEN {
                // What the move uncovered is on the screen, not in the prediction: read it.
                return Ok(None);
            }
        }
        // The plan ran out without a win: read what is there and plan again.
        progress.line("the plan ended without a win; reading the board again");
        self.summary.mismatches += 1;
        if self.summary.mismatches > self.options.max_mismatches {
            return Err(Ending::PlansEndWithoutWin);
        }
        Ok(None)
    }

    /// Reads the board once the screen holds still and plans from it: the frame, the board and the
    /// plan's moves (none on a board already won or lost).
    fn read_and_plan(
        &mut self,
        screen: &mut dyn Screen,
        guard: &mut Guard,
        progress: &mut dyn Progress,
    ) -> Result<Planned<G>, Ending> {
        let frame = settle_unhovered(screen, self.profile, guard)?;
        if self.first && self.profile.proposed_at(frame.width(), frame.height()) {
            self.proposed = Some((frame.width(), frame.height()));
            progress.line(&format!(
                "the profile {} is a proposal on a {}x{} window: its first {CHECKED_MOVES} moves must all show what the rules predict",
                self.profile.name,
                frame.width(),
                frame.height()
            ));
        }
        let (frame, board) = self.read_held_still(screen, guard, frame, progress)?;
        G::keep_from(&board, &mut self.config);
        if let Some(layout) = &self.layout {
            ensure_in_view::<G>(screen, &frame, layout)?;
        }
        if G::is_won(&board, &self.config) || G::is_lost(&board) {
            return Ok((frame, board, Vec::new()));
        }
        let started = Instant::now();
        let plan = G::solve(&board, &self.config, self.options.budget)?;
        if plan.moves.is_empty() {
            return Err(Ending::NoMove(board.to_string()));
        }
        self.summary.first_plan.get_or_insert((plan.moves.len(), plan.proven_optimal));
        let millis = started.elapsed().as_secs_f64() * 1e3;
        progress.line(&plan_line(&plan, millis, &G::describe_plan(&plan.moves)));
        let Plan { moves, .. } = plan;
        Ok((frame, board, moves))
    }

    /// Reads the board on `frame`, else again on frames captured each time the window has held
    /// still anew, for as long as the profile's settle timeout: a window just opened, raised or
    /// resized may be caught between two paints for longer than the settle's few captures on a
    /// busy machine (a program that lays its window out twice may rest a while in between). A
    /// covered, minimised or closed window is the reason to give, not the reading; a board still
    /// unreadable at the end of that time is an error.
    fn read_held_still(
        &mut self,
        screen: &mut dyn Screen,
        guard: &mut Guard,
        frame: Frame,
        progress: &mut dyn Progress,
    ) -> Result<(Frame, G::Board), Ending> {
        let first = match read_board::<G>(&frame, &mut self.layout, &self.config, progress) {
            Ok(board) => return Ok((frame, board)),
            Err(e) => e,
        };
        explain(screen, &frame)?;
        progress.line(&format!("cannot read the board yet ({first:#}); reading it again once the window holds still"));
        let patience = Duration::from_millis(self.profile.timing.settle_timeout_ms);
        let since = Instant::now();
        loop {
            guard.pause(Duration::from_millis(REREAD_PAUSE_MS).min(patience))?;
            let frame = settle_unhovered(screen, self.profile, guard)?;
            match read_board::<G>(&frame, &mut self.layout, &self.config, progress) {
                Ok(board) => return Ok((frame, board)),
                Err(e) => {
                    explain(screen, &frame)?;
                    if since.elapsed() >= patience {
                        return Err(Ending::Failed(e));
                    }
                }
            }
        }
    }

    /// Makes `mv` and judges what the screen then shows.
    #[allow(clippy::too_many_arguments)]
    fn one_move(
        &mut self,
        screen: &mut dyn Screen,
        guard: &mut Guard,
        frame: &mut Frame,
        board: &G::Board,
        mv: &G::Move,
        layout: &G::Layout,
        progress: &mut dyn Progress,
    ) -> Result<Step<G::Board>, Ending> {
        if self.options.move_limit.is_some_and(|limit| self.summary.moves >= limit) {
            return Err(Ending::MoveLimit(self.summary.moves));
        }
        let predicted = G::predict(board, mv, &self.config);
        let mut made = self.make(screen, guard, frame, board, mv, layout, &predicted, progress)?;
        // A move whose inputs left the board as it was (a click that only put down a selection
        // the game kept from the last jump, or that the game missed) is made once more before
        // the screen is called a mismatch. The first move's input styles are tried instead, and
        // a proposal's moves must each show the rules at once.
        if let Made::Watched(watched, tried) = &made
            && tried.is_empty()
            && self.proposed.is_none()
            && left_as_it_was::<G>(watched, layout, &self.config, board)
        {
            let number = self.summary.moves + 1;
            progress.line(&format!("move {number} ({mv}) left the board as it was; making it once more"));
            let before = watched.frame.clone();
            made = self.make(screen, guard, &before, board, mv, layout, &predicted, progress)?;
        }
        let (watched, tried) = match made {
            Made::Watched(watched, tried) => (watched, tried),
            Made::Relocate => {
                // Nothing went astray: find the window where it is now and the board in it.
                self.relocated(progress)?;
                return Ok(Step::Replan);
            }
            Made::Closed => return Ok(self.closed_after_win(predicted, mv, progress)),
        };
        *frame = watched.frame;
        self.judge(screen, guard, frame, watched.shown, &tried, mv, predicted, layout, progress)
    }

    /// Makes `mv`'s inputs and watches the board until it shows the prediction or something else.
    /// The first move of a game is tried in each input style the profile allows while it changes
    /// nothing.
    #[allow(clippy::too_many_arguments)]
    fn make(
        &mut self,
        screen: &mut dyn Screen,
        guard: &mut Guard,
        frame: &Frame,
        board: &G::Board,
        mv: &G::Move,
        layout: &G::Layout,
        predicted: &G::Board,
        progress: &mut dyn Progress,
    ) -> Result<Made, Ending> {
        let config = &self.config;
        if self.first {
            self.first = false;
            // A window gone before the move's last input is a stop, never a win: only one gone
            // after them all may be a game that exits at its end.
            let made =
                first_move::<G>(screen, guard, self.profile, frame, mv, board, layout, config, predicted, progress)?;
            if made.closed_after {
                return closed_after_inputs::<G>(predicted, config);
            }
            if let Some((name, style_config)) = made.style {
                self.config = style_config;
                self.summary.input_style = Some(name.to_string());
                progress.line(&proposal::input_style(self.profile, name));
            }
            return Ok(made.watched.map_or(Made::Relocate, |w| Made::Watched(w, made.tried)));
        }
        if make_move::<G>(guard, &*screen, frame, mv, board, layout, config)? == Inputs::Relocate {
            return Ok(Made::Relocate);
        }
        match watch_after_inputs::<G>(screen, guard, self.profile, frame, layout, config, predicted) {
            Err(Ending::Window(ScreenError::WindowGone)) => closed_after_inputs::<G>(predicted, config),
            watched => Ok(Made::Watched(watched?, Vec::new())),
        }
    }

    /// What the screen showed after `mv`: the prediction (confirmed), the game's own end display
    /// after a winning move, a moved window, or a mismatch (read and plan again, up to the limit).
    #[allow(clippy::too_many_arguments)]
    fn judge(
        &mut self,
        screen: &mut dyn Screen,
        guard: &mut Guard,
        frame: &mut Frame,
        shown: Shown,
        tried: &[&'static str],
        mv: &G::Move,
        predicted: G::Board,
        layout: &G::Layout,
        progress: &mut dyn Progress,
    ) -> Result<Step<G::Board>, Ending> {
        if shown == Shown::Predicted {
            return Ok(Step::Confirmed(predicted));
        }
        let won = G::is_won(&predicted, &self.config);
        let cannot_lose = G::cannot_lose(mv);
        // Once the screen holds still (a redraw may still have been under way), for every check
        // below; a proposal's plain mismatch is judged on what was watched. A window gone after a
        // winning move is a game that exits at its end.
        if self.proposed.is_none() || won || cannot_lose {
            *frame = match settle(screen, self.profile, guard) {
                Err(Ending::Window(ScreenError::WindowGone)) if won => {
                    return Ok(self.closed_after_win(predicted, mv, progress));
                }
                result => result?,
            };
        }
        // A look the profile lacks, which the move showed and the rules allow only one meaning
        // (an area of opened 0s where the calibration shot showed none), is learned for the game.
        if let Some(learned) = G::learn_by_play(frame, layout, &mut self.config, &predicted) {
            progress.line(&format!("move {} ({mv}): {learned}", self.summary.moves + 1));
            if G::confirm(frame, layout, &self.config, &predicted) {
                return Ok(Step::Confirmed(predicted));
            }
        }
        // Only a win ends a game on a move that cannot lose: a board gone is its end display, and so
        // is a window of the game's own come over it (a dialog; another program's is a stop).
        if cannot_lose && board_gone::<G>(frame, layout, &self.config) && explain(screen, frame).is_ok() {
            // Unless the board is still there with a cell whose look the profile lacks: an error.
            if let Some(why) = G::unread_in_place(frame, layout, &self.config, &predicted) {
                let number = self.summary.moves + 1;
                return Err(anyhow::anyhow!("move {number} ({mv}): {why}").into());
            }
            return Ok(self.won_by_end_display(screen, predicted, mv, layout, progress, "a move that cannot lose"));
        }
        if cannot_lose && matches!(explain(screen, frame), Err(ScreenError::Covered { by_the_game: true, .. })) {
            let why = "a move that cannot lose, answered by a window of the game's own";
            return Ok(self.won_by_end_display(screen, predicted, mv, layout, progress, why));
        }
        // A move that can lose ends a game lost only when the game says why on the screen,
        // whether the profile is confirmed or still a proposal.
        if !cannot_lose
            && let Some((end, why)) = G::shows_loss(frame, layout, &self.config, &predicted, mv)
            && explain(screen, frame).is_ok()
        {
            self.summary.moves += 1;
            progress.line(&format!("move {}: {mv}  (lost: {why})", self.summary.moves));
            return Ok(Step::Over(end, Ending::Lost));
        }
        if self.proposed.is_some() {
            // A dialog the game opens over its board once won is the window system's word, not
            // the proposed profile's reading: the proposal's moves all showed the rules. So is a
            // board that reads nowhere once won, unless it is still in place with only cells the
            // move uncovered unread (a look the proposal lacks): text the game wrote over cells
            // that read before (ashishsubedi's "WINNER" across a row) is no look of the board.
            let (config, board) = (&self.config, &predicted);
            if won
                && (matches!(explain(screen, frame), Err(ScreenError::Covered { .. }))
                    || (unreadable::<G>(frame, layout, config)
                        && G::unread_in_place(frame, layout, config, board).is_none()))
            {
                return Ok(self.won_by_end_display(screen, predicted, mv, layout, progress, "won by the rules"));
            }
            let (pictures, config) = (self.options.pictures.as_deref(), &self.config);
            let number = self.summary.moves + 1;
            return Err(Ending::Failed(proposal::stop_proposal::<G>(
                pictures,
                self.profile,
                frame,
                layout,
                config,
                &predicted,
                number,
                mv,
                shown,
                tried,
            )));
        }
        if G::confirm(frame, layout, &self.config, &predicted) {
            return Ok(Step::Confirmed(predicted));
        }
        if won && shows_end_display::<G>(screen, frame, layout, &self.config) {
            return Ok(self.won_by_end_display(screen, predicted, mv, layout, progress, "won by the rules"));
        }
        self.mismatch(screen, frame, mv, progress)
    }

    /// The winning move `mv` (`why` it wins: by the rules, or as a move that cannot lose) is
    /// answered by the game's own end display over its board: the move counts as made, a proposed
    /// profile is confirmed by it, and the display is read.
    fn won_by_end_display(
        &mut self,
        screen: &mut dyn Screen,
        predicted: G::Board,
        mv: &G::Move,
        layout: &G::Layout,
        progress: &mut dyn Progress,
        why: &str,
    ) -> Step<G::Board> {
        self.summary.moves += 1;
        progress.line(&format!(
            "move {}: {mv}  ({why}; the game now shows its own end display over the board)",
            self.summary.moves
        ));
        self.confirm_proposal(&predicted, progress);
        read_end::<G>(screen, self.profile, layout, &self.config, &mut self.summary);
        Step::Over(predicted, Ending::WonEndDisplay)
    }

    /// The screen disagrees with the rules after `mv`: a window moved is found again; else the
    /// board is read and planned again, up to the options' limit of mismatches.
    fn mismatch(
        &mut self,
        screen: &mut dyn Screen,
        frame: &Frame,
        mv: &G::Move,
        progress: &mut dyn Progress,
    ) -> Result<Step<G::Board>, Ending> {
        match explain(screen, frame) {
            Err(ScreenError::Moved) => {
                self.relocations += 1;
                progress.line("the game window moved or changed size; finding the board again and re-planning");
                return Ok(Step::Replan);
            }
            result => result?,
        }
        self.summary.mismatches += 1;
        progress.line(&format!(
            "move {} ({mv}): the screen does not show what the rules predict; re-reading and re-planning ({} of {} allowed)",
            self.summary.moves + 1,
            self.summary.mismatches,
            self.options.max_mismatches
        ));
        if self.summary.mismatches > self.options.max_mismatches {
            return Err(Ending::KeptDisagreeing(self.summary.moves));
        }
        Ok(Step::Replan)
    }

    /// The window moved or changed size before an input: counted, and a stop past the limit.
    fn relocated(&mut self, progress: &mut dyn Progress) -> Result<(), Ending> {
        self.relocations += 1;
        if self.relocations > MAX_RELOCATIONS {
            return Err(Ending::KeptMoving(self.relocations));
        }
        progress.line("the game window moved or changed size; finding the board again and re-planning");
        Ok(())
    }

    /// A proposed profile whose first moves all showed the prediction (or won) is confirmed on this
    /// window's size, and the size recorded.
    fn confirm_proposal(&mut self, board: &G::Board, progress: &mut dyn Progress) {
        if let Some((width, height)) = self.proposed
            && (self.summary.moves >= CHECKED_MOVES || G::is_won(board, &self.config))
        {
            progress.line(&proposal::confirm(self.profile, width, height, self.summary.moves));
            self.summary.confirmed = true;
            self.proposed = None;
        }
    }

    /// The end of a game whose window went away right after its winning move `mv` (a game that
    /// exits at its end): the move counts as made, unconfirmed.
    fn closed_after_win(&mut self, predicted: G::Board, mv: &G::Move, progress: &mut dyn Progress) -> Step<G::Board> {
        self.summary.moves += 1;
        progress.line(&format!("move {}: {mv}  (the window closed after it)", self.summary.moves));
        Step::Over(predicted, Ending::WonWindowClosed)
    }
}

/// The window went away after every input of a move was made: a game that exits at its end when
/// the move wins by the rules, else a stop.
fn closed_after_inputs<G: TurnBased>(predicted: &G::Board, config: &G::Config) -> Result<Made, Ending> {
    match G::is_won(predicted, config) {
        true => Ok(Made::Closed),
        false => Err(Ending::Window(ScreenError::WindowGone)),
    }
}
