//! `play_levels` against the simulated window: levels played one after another at the optimum with
//! no key pressed into the pause, the window gone after a level as the game's end, a window gone
//! mid-level as an error, and `--levels` stopping where asked.

use super::super::board::Board;
use super::super::levels::{Run, play_levels};
use super::{SimCollapse, building};
use crate::profile::Profile;
use crate::runner::PlayOptions;

fn profile() -> Profile {
    let mut profile = Profile::load("collapse", std::path::Path::new("/nonexistent")).expect("built-in profile");
    profile.timing.poll_ms = 1;
    profile
}

/// The best score over every legal path, by trying them all (independent of the solver).
fn brute_best(board: &Board) -> u32 {
    if board.is_over() {
        return board.score();
    }
    board
        .legal_moves()
        .into_iter()
        .map(|dir| {
            let mut next = board.clone();
            next.play(dir).expect("legal");
            brute_best(&next)
        })
        .max()
        .unwrap_or(0)
}

fn run(sim: &SimCollapse, levels: usize) -> anyhow::Result<Run> {
    let (mut screen, mut device) = (sim.clone(), sim.clone());
    play_levels(&mut screen, &mut device, &profile(), levels, &PlayOptions::default(), &mut |_: &str| {})
}

#[test]
fn plays_level_after_level_at_the_optimum_and_ends_with_the_window() {
    let boards = vec![building(1, false, 1), building(2, false, 2), building(3, false, 3), building(1, true, 4)];
    let best: Vec<u32> = boards.iter().map(brute_best).collect();
    let sim = SimCollapse::new(boards);
    let result = run(&sim, 40).expect("the run ends cleanly");
    assert!(result.game_ended, "the window went away after the last level");
    assert_eq!(result.levels.len(), 4);
    assert!(result.levels.iter().all(|l| l.at_optimum()), "{:#?}", result.levels);
    let state = sim.state();
    assert_eq!(state.scores, best, "the game's own totals are every level's best");
    assert_eq!(state.keys_in_pause, 0, "no key was pressed while the message was up");
    assert_eq!(result.levels.iter().map(|l| l.optimum).collect::<Vec<_>>(), best);
}

#[test]
fn stops_after_the_levels_asked_for() {
    let sim = SimCollapse::new(vec![building(1, false, 5), building(2, false, 6), building(2, false, 7)]);
    let result = run(&sim, 2).expect("two levels");
    assert!(!result.game_ended);
    assert_eq!(result.levels.len(), 2);
    assert_eq!(sim.state().scores.len(), 2, "the third level was not touched");
    assert_eq!(sim.state().moves, 2 + 4);
}

#[test]
fn a_window_gone_in_the_middle_of_a_level_is_an_error() {
    let sim = SimCollapse::new(vec![building(1, false, 1), building(3, false, 8)]);
    sim.state().vanish_after = Some(2 + 3);
    let error = run(&sim, 40).expect_err("the window went away mid-level");
    let text = format!("{error:#}");
    assert!(text.contains("level 2") && text.contains("window is gone"), "{text}");
}

#[test]
fn the_end_of_an_easy_level_shows_the_games_verdict() {
    let sim = SimCollapse::new(vec![building(2, false, 9), building(1, false, 1)]);
    sim.state().pause_captures = 50;
    let result = run(&sim, 2).expect("two levels");
    assert_eq!(result.levels[0].verdict, Some(super::super::result::Verdict::Survive));
}
