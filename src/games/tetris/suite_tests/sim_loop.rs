//! The real-time Tetris loop against a simulated quadrapassel window (no display needed): it clears
//! lines with every key through the guard, notices a top-out, notices a stack that is not the one
//! the rules predicted (and plays on from what the screen shows), finds its well again when the
//! page moves it, and stops with an error when the window goes away.

use gamebot::games::tetris::live::play::{Options, Outcome, Summary, run};
use gamebot::games::tetris::live::sim_window::{SimTetris, quick_config};

fn play(sim: &SimTetris, lines: u32) -> (anyhow::Result<Summary>, Vec<String>) {
    play_until(sim, Options { lines: Some(lines), pieces: None, new_game: false, learn: false })
}

fn play_until(sim: &SimTetris, options: Options) -> (anyhow::Result<Summary>, Vec<String>) {
    let (mut screen, mut device) = (sim.clone(), sim.clone());
    let mut notes = Vec::new();
    let result = run(&mut screen, &mut device, &quick_config(), &options, &mut |l: &str| notes.push(l.to_string()));
    (result, notes)
}

#[test]
fn clears_the_asked_lines_with_no_misread_and_no_lost_piece() {
    let sim = SimTetris::new(3, &[], &quick_config().keys);
    let (result, notes) = play(&sim, 12);
    let summary = result.expect("the loop plays");
    assert_eq!(summary.outcome, Outcome::Reached, "{notes:#?}");
    assert!(
        summary.lines >= 12 && sim.state().lines >= 12,
        "{} lines by the loop, {} by the game",
        summary.lines,
        sim.state().lines
    );
    assert_eq!(summary.lines, sim.state().lines, "the loop's count is the game's");
    assert_eq!((summary.misreads, summary.lost), (0, 0), "{notes:#?}");
    assert!(!sim.state().game_over);
}

/// A program with no hard drop (Manuofthebirth/js-tetris): each piece is brought down by soft
/// drops, a row a press, and locked by one more, and lines are cleared all the same.
#[test]
fn with_no_hard_drop_pieces_are_brought_down_by_soft_drops() {
    let mut config = quick_config();
    config.keys.hard_drop = None;
    let sim = SimTetris::new(6, &[], &config.keys);
    let (mut screen, mut device) = (sim.clone(), sim.clone());
    let mut notes = Vec::new();
    let options = Options { lines: Some(8), pieces: None, new_game: false, learn: false };
    let result = run(&mut screen, &mut device, &config, &options, &mut |l: &str| notes.push(l.to_string()));
    let summary = result.expect("the loop plays");
    assert_eq!(summary.outcome, Outcome::Reached, "{notes:#?}");
    assert!(sim.state().lines >= 8, "{} lines by the game", sim.state().lines);
    assert_eq!((summary.misreads, summary.lost), (0, 0), "{notes:#?}");
    assert!(!sim.state().received.iter().any(|k| k == "space"), "a hard drop was sent");
}

#[test]
fn stops_once_the_asked_pieces_are_placed() {
    let sim = SimTetris::new(4, &[], &quick_config().keys);
    let (result, notes) = play_until(&sim, Options { lines: None, pieces: Some(9), new_game: false, learn: false });
    let summary = result.expect("the loop plays");
    assert_eq!((summary.outcome, summary.pieces), (Outcome::Reached, 9), "{notes:#?}");
    assert_eq!((summary.misreads, summary.lost), (0, 0), "{notes:#?}");
}

#[test]
fn a_top_out_ends_the_game_as_a_failure() {
    // A stack up to row 3 whose gaps are all covered: only a few pieces fit above it.
    let mut stack = vec![];
    for r in 0..17 {
        let gap = (r * 3) % 10;
        let row: String = (0..10).map(|c| if c == gap { '.' } else { '#' }).collect();
        stack.push(row);
    }
    let stack: Vec<&str> = stack.iter().map(String::as_str).collect();
    let sim = SimTetris::new(5, &stack, &quick_config().keys);
    let (result, notes) = play(&sim, 1000);
    let summary = result.expect("a top-out is an outcome, not an error");
    assert_eq!(summary.outcome, Outcome::ToppedOut, "{notes:#?}");
    let state = sim.state();
    let near_top = state.settled[..4].iter().any(|row| row.iter().any(|&c| c));
    assert!(state.game_over || near_top, "the game is over, or the stack reaches the top: no placement is left");
    assert!(summary.pieces < 30, "{} pieces above a full stack", summary.pieces);
}

#[test]
fn a_stack_unlike_the_prediction_is_a_misread_and_play_goes_on_from_the_screen() {
    let sim = SimTetris::new(7, &[], &quick_config().keys);
    sim.state().corrupt_after = Some(4);
    let (result, notes) = play(&sim, 8);
    let summary = result.expect("the loop plays on");
    assert!(summary.misreads >= 1, "the changed cell is noticed: {notes:#?}");
    assert!(notes.iter().any(|n| n.starts_with("misread")), "{notes:#?}");
    assert_eq!(summary.outcome, Outcome::Reached, "{notes:#?}");
}

/// kyeenno's page, unstyled, widened a score line beside its well and moved the well in mid-game;
/// the loop, which had found the well once, read every frame as a cell half drawn until its piece
/// timeout and called the game over at 17 lines. Before calling it over it now looks for the well
/// again, and plays on where it is.
#[test]
fn a_well_the_page_moves_in_mid_game_is_found_again_and_played_on() {
    let sim = SimTetris::new(13, &[], &quick_config().keys);
    // Half a cell (the simulation's squares are 16 px apart): every cell read is half drawn.
    sim.state().move_after = Some((5, 8));
    let (result, notes) = play(&sim, 10);
    let summary = result.expect("the loop plays on");
    assert_eq!(summary.outcome, Outcome::Reached, "{notes:#?}");
    assert!(sim.state().lines >= 10 && !sim.state().game_over, "{} lines by the game", sim.state().lines);
    assert!(notes.iter().any(|n| n.contains("the well has moved")), "{notes:#?}");
}

#[test]
fn a_lost_window_stops_the_loop_with_an_error() {
    let sim = SimTetris::new(9, &[], &quick_config().keys);
    sim.state().vanish_after = Some(3);
    let (result, _) = play(&sim, 100);
    let err = result.expect_err("no window, no play");
    assert!(format!("{err:#}").contains("gone"), "{err:#}");
    let keys = sim.state().received.len();
    assert!(keys > 0, "it played before the window went");
}

#[test]
fn under_gravity_quicker_than_looks_pieces_go_in_one_burst_and_land_as_planned() {
    // The rotation table learnt on screen first, as a calibration does.
    let sim = SimTetris::new(11, &[], &quick_config().keys);
    let (mut screen, mut device) = (sim.clone(), sim.clone());
    let learn = Options { lines: None, pieces: None, new_game: false, learn: true };
    let learnt =
        run(&mut screen, &mut device, &quick_config(), &learn, &mut |_: &str| {}).expect("the table is learnt");
    #[derive(serde::Deserialize)]
    struct Table {
        rotation: Vec<gamebot::games::tetris::live::config::Turn>,
    }
    let table: Table = toml::from_str(&learnt.turns.to_toml()).expect("the table in the profile's form");
    let mut config = quick_config();
    config.rotation = table.rotation;
    // Then two rows a capture, 60 pieces on: a piece lands within ten looks of showing, fewer than
    // the closed loop takes to turn an I, S or Z, see it, shift it, see it and drop it. By then
    // what a turn does to them from first sight has been seen in play.
    let from = sim.state().pieces + 60;
    sim.state().gravity = Some((from, 2));
    let (lines, mut notes) = (sim.state().lines, Vec::new());
    let options = Options { lines: Some(60), pieces: None, new_game: false, learn: false };
    let summary = run(&mut screen, &mut device, &config, &options, &mut |l: &str| notes.push(l.to_string()))
        .expect("the loop plays");
    assert_eq!(summary.outcome, Outcome::Reached, "{notes:#?}");
    assert_eq!(summary.lines, sim.state().lines - lines, "the loop's count is the game's");
    assert_eq!((summary.misreads, summary.lost), (0, 0), "{notes:#?} {:?}", summary.turns.sight);
    let fast = sim.state().pieces - from;
    assert!(summary.bursts >= fast, "{} bursts, {fast} pieces under fast gravity", summary.bursts);
}

/// A program that draws a new piece only once it moves, wholly above the well until then, with no
/// gravity to bring it down (hona9/tetris past its level 12, where its gravity stops): the loop
/// brings each piece into view with a soft drop and plays on. Before, it waited its whole
/// timeout for a piece to show and took the game for over after the first piece.
#[test]
fn a_piece_waiting_unseen_above_the_well_is_brought_into_view() {
    let sim = SimTetris::new(8, &[], &quick_config().keys);
    sim.state().hidden_spawn = true;
    let (result, notes) = play(&sim, 6);
    let summary = result.expect("the loop plays");
    assert_eq!(summary.outcome, Outcome::Reached, "{notes:#?}");
    assert!(sim.state().lines >= 6, "{} lines by the game", sim.state().lines);
    assert_eq!((summary.misreads, summary.lost), (0, 0), "{notes:#?}");
    assert!(!sim.state().game_over);
}
