//! The play loop against a simulated Flood-it window: it wins, clicks only inside the window,
//! notices when the game ignores a click, stops when the game keeps ignoring it, counts a winning
//! last move whose board the game then covers, and stops at once when the user presses Esc or
//! takes the mouse.

use gamebot::frame::Point;
use gamebot::games::flood::Flood;
use gamebot::games::flood::board::Board;
use gamebot::games::flood::sim_window::SimFlood;
use gamebot::profile::Profile;
use gamebot::runner::{PlayOptions, Summary, play};

fn profile() -> Profile {
    let mut profile = Profile::load("sgt-flood", std::path::Path::new("config")).unwrap();
    profile.timing.poll_ms = 0;
    profile.timing.stable_frames = 1;
    profile.timing.settle_timeout_ms = 200;
    profile
}

fn board() -> Board {
    Board::from_rows(&["012345", "123450", "234501", "345012", "450123", "501234"]).unwrap()
}

fn game() -> SimFlood {
    SimFlood::new(
        board(),
        gamebot::games::flood::config::FloodConfig::from_profile(&profile()).unwrap().palette.unwrap(),
        20,
        Point::new(300, 200),
    )
}

fn run(sim: &SimFlood, options: &PlayOptions) -> (anyhow::Result<Summary>, Vec<String>) {
    let mut lines = Vec::new();
    let (mut screen, mut device) = (sim.clone(), sim.clone());
    let result =
        play::<Flood>(&mut screen, &mut device, &profile(), None, options, &mut |l: &str| lines.push(l.to_string()));
    (result, lines)
}

#[test]
fn wins_with_the_optimal_number_of_clicks_all_inside_the_window() {
    let sim = game();
    let optimal = gamebot::games::flood::solve::solve(&board(), gamebot::budget::Budget::CHECK);
    assert!(optimal.proven_optimal);
    let (result, _) = run(&sim, &PlayOptions::default());
    let summary = result.unwrap();
    let state = sim.state();
    assert!(summary.won && state.board.is_won());
    assert_eq!(summary.moves, optimal.moves.len());
    assert_eq!(state.moves, optimal.moves.len());
    assert_eq!(summary.mismatches, 0);
    let (origin, w, h) = state.window();
    for p in &state.received {
        assert!(p.x >= origin.x && p.y >= origin.y && p.x < origin.x + w as i32 && p.y < origin.y + h as i32, "{p:?}");
    }
}

#[test]
fn an_ignored_click_is_noticed_and_the_bot_replans() {
    let sim = game();
    sim.state().ignore_clicks = vec![2];
    let (result, lines) = run(&sim, &PlayOptions::default());
    let summary = result.unwrap();
    assert!(summary.won && sim.state().board.is_won());
    assert_eq!(summary.mismatches, 1);
    assert!(lines.iter().any(|l| l.contains("does not show what the rules predict")), "{lines:?}");
}

#[test]
fn a_game_that_covers_its_board_once_won_is_won_by_the_last_move() {
    let sim = game();
    sim.state().cover_when_won = true;
    let (result, lines) = run(&sim, &PlayOptions::default());
    let summary = result.unwrap();
    assert!(summary.won && summary.end_display && sim.state().board.is_won(), "{lines:?}");
    assert_eq!(summary.mismatches, 0);
    assert!(lines.last().unwrap().contains("end display"), "{lines:?}");
}

#[test]
fn an_ignored_last_move_under_an_end_display_is_still_a_mismatch() {
    // The cover is shown only for a won board: an ignored last click leaves the board readable,
    // so the loop re-plans instead of counting the move.
    let sim = game();
    sim.state().cover_when_won = true;
    let optimal = gamebot::games::flood::solve::solve(&board(), gamebot::budget::Budget::CHECK);
    sim.state().ignore_clicks = vec![optimal.moves.len() - 1];
    let (result, _) = run(&sim, &PlayOptions::default());
    let summary = result.unwrap();
    assert!(summary.won && sim.state().board.is_won());
    assert_eq!(summary.mismatches, 1);
}

#[test]
fn a_game_that_ignores_every_click_stops_the_bot_with_a_message() {
    let sim = game();
    sim.state().ignore_clicks = (0..100).collect();
    let (result, _) = run(&sim, &PlayOptions { max_mismatches: 2, ..PlayOptions::default() });
    let err = result.unwrap_err().to_string();
    assert!(err.contains("kept disagreeing"), "{err}");
    assert_eq!(sim.state().received.len(), 3, "one click per attempt, then stop");
}

#[test]
fn escape_stops_the_bot_before_its_next_click() {
    let sim = game();
    sim.state().escape_after = Some(2);
    let (result, _) = run(&sim, &PlayOptions::default());
    assert_eq!(result.unwrap_err().to_string(), "stopped: Esc was pressed");
    assert_eq!(sim.state().received.len(), 2);
}

#[test]
fn moving_the_mouse_stops_the_bot_before_its_next_click() {
    let sim = game();
    sim.state().user_moves_after = Some((1, Point::new(5, 5)));
    let (result, _) = run(&sim, &PlayOptions::default());
    let err = result.unwrap_err().to_string();
    assert!(err.starts_with("stopped: the mouse was moved by the user"), "{err}");
    assert_eq!(sim.state().received.len(), 1);
}

#[test]
fn a_move_limit_stops_an_unfinished_game() {
    let sim = game();
    let (result, _) = run(&sim, &PlayOptions { move_limit: Some(2), ..PlayOptions::default() });
    assert!(result.unwrap_err().to_string().contains("move limit (2)"));
    assert_eq!(sim.state().moves, 2);
}
