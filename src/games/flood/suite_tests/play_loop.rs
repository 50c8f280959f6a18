//! The play loop against a simulated Flood-it window: it wins, clicks only inside the window,
//! notices when the game ignores a click, stops when the game keeps ignoring it, counts a winning
//! last move whose board the game then covers, and stops at once when the user presses Esc or
//! takes the mouse; a board caught half painted is read again each time it is still, for as long
//! as the settle timeout, and one that stays so stops the bot with no click; a window closed
//! before the winning press is a stop, one closed right after it a game that exits at its end; a
//! learned profile is a proposal until its first moves show what the rules predict (or its
//! winning move brings the game's dialog over the board), and a mismatch then stops the game
//! saying what differed and where.

use gamebot::frame::Point;
use gamebot::games::flood::Flood;
use gamebot::games::flood::board::Board;
use gamebot::games::flood::sim_window::SimFlood;
use gamebot::input::failsafe::Stop;
use gamebot::profile::Profile;
use gamebot::runner::{Ending, PlayOptions, Played, play};

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

fn run(sim: &SimFlood, options: &PlayOptions) -> (Played<Board>, Vec<String>) {
    run_with(sim, &profile(), options)
}

/// The summary of a game won (any other ending fails the test, naming it).
fn won(played: Played<Board>) -> gamebot::runner::Summary {
    assert!(played.ending.won(), "not won: {}", played.ending);
    played.summary
}

#[test]
fn wins_with_the_optimal_number_of_clicks_all_inside_the_window() {
    let sim = game();
    let optimal = gamebot::games::flood::solve::solve(&board(), gamebot::budget::Budget::CHECK);
    assert!(optimal.proven_optimal);
    let (result, _) = run(&sim, &PlayOptions::default());
    let summary = won(result);
    let state = sim.state();
    assert!(state.board.is_won());
    assert_eq!(summary.moves, optimal.moves.len());
    assert_eq!(state.moves, optimal.moves.len());
    assert_eq!(summary.mismatches, 0);
    let (origin, w, h) = state.window();
    for p in &state.received {
        assert!(p.x >= origin.x && p.y >= origin.y && p.x < origin.x + w as i32 && p.y < origin.y + h as i32, "{p:?}");
    }
}

#[test]
fn a_board_caught_half_painted_is_read_again_once_still_and_won() {
    let sim = game();
    sim.state().half_painted_captures = 1;
    let (result, lines) = run(&sim, &PlayOptions::default());
    won(result);
    assert!(sim.state().board.is_won());
    let again = lines.iter().find(|l| l.contains("reading it again")).unwrap_or_else(|| panic!("{lines:?}"));
    assert!(again.contains("row 0 col 2"), "{again}");
}

#[test]
fn a_board_left_half_painted_past_a_second_look_is_read_within_the_settle_timeout_and_won() {
    // Two captures a look (stable_frames 1): the first look and two more see the half-painted
    // board; a second look alone, as before, would have stopped the bot.
    let sim = game();
    sim.state().half_painted_captures = 6;
    let mut patient = profile();
    patient.timing.settle_timeout_ms = 3000;
    let (result, lines) = run_with(&sim, &patient, &PlayOptions::default());
    won(result);
    assert!(sim.state().board.is_won());
    assert_eq!(lines.iter().filter(|l| l.contains("reading it again")).count(), 1, "{lines:?}");
}

#[test]
fn a_board_that_stays_unreadable_stops_the_bot_naming_the_cell_with_no_click() {
    let sim = game();
    sim.state().half_painted_captures = usize::MAX;
    let (result, lines) = run(&sim, &PlayOptions::default());
    let ending = result.ending.to_string();
    assert!(!result.ending.won() && ending.contains("row 0 col 2"), "{ending}");
    assert!(sim.state().received.is_empty(), "clicked on a board it could not read");
    assert_eq!(lines.iter().filter(|l| l.contains("reading it again")).count(), 1, "{lines:?}");
}

#[test]
fn an_ignored_click_is_noticed_and_made_once_more() {
    let sim = game();
    let moves = gamebot::games::flood::solve::solve(&board(), gamebot::budget::Budget::CHECK).moves.len();
    sim.state().ignore_clicks = vec![2];
    let (result, lines) = run(&sim, &PlayOptions::default());
    let summary = won(result);
    assert!(sim.state().board.is_won());
    assert_eq!(summary.mismatches, 0);
    assert_eq!(sim.state().received.len(), moves + 1, "the third click made twice");
    assert!(lines.iter().any(|l| l.contains("move 3") && l.contains("making it once more")), "{lines:?}");
}

#[test]
fn a_click_ignored_twice_is_noticed_and_the_bot_replans() {
    let sim = game();
    sim.state().ignore_clicks = vec![2, 3];
    let (result, lines) = run(&sim, &PlayOptions::default());
    let summary = won(result);
    assert!(sim.state().board.is_won());
    assert_eq!(summary.mismatches, 1);
    assert!(lines.iter().any(|l| l.contains("does not show what the rules predict")), "{lines:?}");
}

#[test]
fn a_game_that_covers_its_board_once_won_is_won_by_the_last_move() {
    let sim = game();
    sim.state().cover_when_won = true;
    let (result, lines) = run(&sim, &PlayOptions::default());
    assert!(matches!(result.ending, Ending::WonEndDisplay) && sim.state().board.is_won(), "{lines:?}");
    let summary = result.summary;
    assert_eq!(summary.mismatches, 0);
    assert!(lines.last().unwrap().contains("end display"), "{lines:?}");
}

#[test]
fn a_dialog_over_the_board_after_the_winning_move_is_the_games_end_display() {
    // The dialog hides the top left cells in another colour: the board still reads around it, but
    // not as the rules predict.
    let sim = game();
    let moves = gamebot::games::flood::solve::solve(&board(), gamebot::budget::Budget::CHECK).moves.len();
    sim.state().dialog_when_won = true;
    let (result, lines) = run(&sim, &PlayOptions::default());
    let summary = won(result);
    assert!(sim.state().board.is_won());
    assert_eq!(summary.moves, moves);
    assert_eq!(sim.state().received.len(), moves, "a click after the win");
    assert!(lines.iter().any(|l| l.contains("its own end display")), "{lines:?}");
}

#[test]
fn an_ignored_last_move_under_an_end_display_is_still_a_mismatch() {
    // The cover is shown only for a won board: a last click ignored (and ignored again when made
    // once more) leaves the board readable, so the loop re-plans instead of counting the move.
    let sim = game();
    sim.state().cover_when_won = true;
    let optimal = gamebot::games::flood::solve::solve(&board(), gamebot::budget::Budget::CHECK);
    sim.state().ignore_clicks = vec![optimal.moves.len() - 1, optimal.moves.len()];
    let (result, _) = run(&sim, &PlayOptions::default());
    let summary = won(result);
    assert!(sim.state().board.is_won());
    assert_eq!(summary.mismatches, 1);
}

/// A board one click from won (the colour of the top left cell, but for cells of one other
/// colour apart from each other), in the simulated window.
fn one_move_from_won() -> SimFlood {
    let board = Board::from_rows(&["000000", "010101", "000000", "010101", "000000", "010101"]).unwrap();
    let palette = gamebot::games::flood::config::FloodConfig::from_profile(&profile()).unwrap().palette.unwrap();
    SimFlood::new(board, palette, 20, Point::new(300, 200))
}

#[test]
fn a_window_gone_before_the_winning_press_is_a_stop_never_a_win() {
    let sim = one_move_from_won();
    sim.state().close_before_click = Some(0);
    let (result, lines) = run(&sim, &PlayOptions::default());
    assert!(!result.ending.won(), "won with no press made: {lines:?}");
    assert!(result.ending.to_string().contains("window is gone"), "{}", result.ending);
    assert!(sim.state().received.is_empty());
    assert_eq!(result.summary.moves, 0);
}

#[test]
fn a_game_that_exits_right_after_its_winning_press_is_won() {
    let sim = one_move_from_won();
    sim.state().close_after_clicks = Some(1);
    let (result, lines) = run(&sim, &PlayOptions::default());
    assert!(matches!(result.ending, Ending::WonWindowClosed), "{}: {lines:?}", result.ending);
    assert_eq!(result.summary.moves, 1);
    assert!(sim.state().board.is_won());
}

#[test]
fn a_game_that_ignores_every_click_stops_the_bot_with_a_message() {
    let sim = game();
    sim.state().ignore_clicks = (0..100).collect();
    let (result, _) = run(&sim, &PlayOptions { max_mismatches: 2, ..PlayOptions::default() });
    assert!(matches!(result.ending, Ending::KeptDisagreeing(_)), "{}", result.ending);
    assert!(result.ending.to_string().contains("kept disagreeing"), "{}", result.ending);
    // The first move's one click (its input styles tried instead), then a click and the same
    // made once more for each of the two moves after it, then stop.
    assert_eq!(sim.state().received.len(), 5, "one click for the first move, two for each other, then stop");
}

#[test]
fn escape_stops_the_bot_before_its_next_click() {
    let sim = game();
    sim.state().escape_after = Some(2);
    let (result, _) = run(&sim, &PlayOptions::default());
    assert!(matches!(result.ending, Ending::User(Stop::Escape)), "{}", result.ending);
    assert_eq!(result.ending.to_string(), "stopped: Esc was pressed");
    assert_eq!(sim.state().received.len(), 2);
}

#[test]
fn moving_the_mouse_stops_the_bot_before_its_next_click() {
    let sim = game();
    sim.state().user_moves_after = Some((1, Point::new(5, 5)));
    let (result, _) = run(&sim, &PlayOptions::default());
    assert!(matches!(result.ending, Ending::User(Stop::MouseMoved { .. })), "{}", result.ending);
    let err = result.ending.to_string();
    assert!(err.starts_with("stopped: the mouse was moved by the user"), "{err}");
    assert_eq!(sim.state().received.len(), 1);
}

#[test]
fn a_move_limit_stops_an_unfinished_game() {
    let sim = game();
    let (result, _) = run(&sim, &PlayOptions { move_limit: Some(2), ..PlayOptions::default() });
    assert!(matches!(result.ending, Ending::MoveLimit(2)), "{}", result.ending);
    assert!(result.ending.to_string().contains("move limit (2)"));
    assert_eq!(sim.state().moves, 2);
}

/// sgt-flood's profile as a learned one in its own file (a proposal until play confirms it), its
/// `[input]` replaced by `input` when given; loaded from that file, with the fast test timings.
fn learned_profile(dir: &std::path::Path, input: Option<&str>) -> Profile {
    let built_in = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config/sgt-flood.toml")).unwrap();
    let mut table: toml::Table = toml::from_str(&built_in).unwrap();
    table.insert("name".into(), "learned-flood".into());
    table.insert("learned".into(), toml::Value::Table(toml::from_str("from = \"a test\"").unwrap()));
    if let Some(input) = input {
        table.insert("input".into(), toml::Value::Table(toml::from_str(input).unwrap()));
    }
    let path = dir.join("learned-flood.toml");
    std::fs::write(&path, format!("# a test profile\n{}", toml::to_string(&table).unwrap())).unwrap();
    let mut loaded = Profile::load(path.to_str().unwrap(), dir).unwrap();
    loaded.timing = profile().timing;
    loaded
}

fn run_with(sim: &SimFlood, profile: &Profile, options: &PlayOptions) -> (Played<Board>, Vec<String>) {
    let mut lines = Vec::new();
    let (mut screen, mut device) = (sim.clone(), sim.clone());
    let result =
        play::<Flood>(&mut screen, &mut device, profile, None, options, &mut |l: &str| lines.push(l.to_string()));
    (result, lines)
}

#[test]
fn a_proposed_profile_is_confirmed_by_its_first_moves_and_the_window_size_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let profile = learned_profile(dir.path(), None);
    let sim = game();
    let (_, w, h) = sim.state().window();
    assert!(profile.proposed_at(w, h));
    // A mismatch's picture, should one come, goes to the test's folder, never the checkout.
    let options = PlayOptions { pictures: Some(dir.path().to_path_buf()), ..PlayOptions::default() };
    let (result, lines) = run_with(&sim, &profile, &options);
    let summary = won(result);
    assert!(summary.confirmed, "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("is a proposal on a")), "{lines:?}");
    let again = Profile::load(profile.source.to_str().unwrap(), dir.path()).unwrap();
    assert_eq!(again.learned.unwrap().confirmed, vec![[w, h]], "the size is recorded in the profile's file");
    let text = std::fs::read_to_string(&profile.source).unwrap();
    assert!(text.starts_with("# a test profile\n"), "the file keeps its comment: {text}");
    // Confirmed on this size, the next game is played as any other.
    let mut confirmed = Profile::load(profile.source.to_str().unwrap(), dir.path()).unwrap();
    confirmed.timing = profile.timing.clone();
    let (result, lines) = run_with(&game(), &confirmed, &PlayOptions::default());
    assert!(result.ending.won() && !lines.iter().any(|l| l.contains("proposal")), "{lines:?}");
}

#[test]
fn a_proposed_profile_stops_at_a_mismatch_saying_what_differed_with_a_picture() {
    let dir = tempfile::tempdir().unwrap();
    let profile = learned_profile(dir.path(), None);
    let sim = game();
    sim.state().ignore_clicks = vec![1];
    let pictures = dir.path().join("pictures");
    let options = PlayOptions { pictures: Some(pictures.clone()), ..PlayOptions::default() };
    let (result, _) = run_with(&sim, &profile, &options);
    assert!(matches!(result.ending, Ending::Failed(_)), "{}", result.ending);
    let err = result.ending.to_string();
    assert!(
        err.contains("move 2") && err.contains("is a proposal") && err.contains("nothing on the board changed"),
        "{err}"
    );
    let picture = pictures.join("learned-flood-mismatch-1.png");
    assert!(picture.exists() && err.contains(&picture.display().to_string()), "{err}");
    assert_eq!(sim.state().received.len(), 2, "no re-plan around it: two clicks, then stop");
    let again = Profile::load(profile.source.to_str().unwrap(), dir.path()).unwrap();
    assert!(again.learned.unwrap().confirmed.is_empty());
}

#[test]
fn a_proposed_profile_stops_at_a_misread_saying_which_cell_differed() {
    let dir = tempfile::tempdir().unwrap();
    let profile = learned_profile(dir.path(), None);
    let sim = game();
    // After the second click the game shows the bottom right cell in another colour than the
    // rules leave it: what a profile that misreads a colour would show.
    sim.state().misdraw_after = Some((2, (5, 5)));
    let pictures = dir.path().join("pictures");
    let options = PlayOptions { pictures: Some(pictures.clone()), ..PlayOptions::default() };
    let (result, _) = run_with(&sim, &profile, &options);
    assert!(matches!(result.ending, Ending::Failed(_)), "{}", result.ending);
    let err = result.ending.to_string();
    assert!(err.contains("move 2") && err.contains("is a proposal") && err.contains("row 5 col 5 read"), "{err}");
    let picture = pictures.join("learned-flood-mismatch-1.png");
    assert!(picture.exists() && err.contains(&picture.display().to_string()), "{err}");
    assert_eq!(sim.state().received.len(), 2, "no re-plan around it: two clicks, then stop");
}

#[test]
fn a_proposed_profile_whose_winning_move_brings_a_dialog_over_the_board_wins_and_is_confirmed() {
    // Won in two moves, before the proposal's checked moves are done: the dialog hides the top left
    // cells in another colour, so the board reads, but not as the rules predict.
    let dir = tempfile::tempdir().unwrap();
    let profile = learned_profile(dir.path(), None);
    let board = Board::from_rows(&["0011", "0011", "2222", "2222"]).unwrap();
    let palette = gamebot::games::flood::config::FloodConfig::from_profile(&profile).unwrap().palette.unwrap();
    let sim = SimFlood::new(board, palette, 20, Point::new(300, 200));
    sim.state().dialog_when_won = true;
    let options = PlayOptions { pictures: Some(dir.path().join("pictures")), ..PlayOptions::default() };
    let (result, lines) = run_with(&sim, &profile, &options);
    let summary = won(result);
    assert!(sim.state().board.is_won());
    assert_eq!((summary.moves, sim.state().received.len()), (2, 2), "{lines:?}");
    assert!(summary.confirmed, "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("its own end display")), "{lines:?}");
    assert!(!dir.path().join("pictures").exists(), "a mismatch picture was drawn");
}

#[test]
fn when_the_first_move_changes_nothing_the_other_input_style_is_tried_and_recorded() {
    first_move_in_another_style(false);
}

#[test]
fn a_first_move_that_marks_the_screen_but_leaves_the_board_is_tried_in_the_other_style() {
    // As a toolkit shows a peg selected by a click it takes as no jump.
    first_move_in_another_style(true);
}

fn first_move_in_another_style(marks: bool) {
    let dir = tempfile::tempdir().unwrap();
    // Colour buttons where the simulated game has none: the first click changes nothing.
    let buttons = (0..6).map(|i| format!("{{ x = {}, y = 150 }}", 5 + 10 * i)).collect::<Vec<_>>().join(", ");
    let profile = learned_profile(dir.path(), Some(&format!("style = \"button\"\nbuttons = [{buttons}]")));
    let sim = game();
    sim.state().mark_untaken = marks;
    let (result, lines) = run_with(&sim, &profile, &PlayOptions::default());
    let summary = won(result);
    assert!(sim.state().board.is_won(), "{lines:?}");
    assert_eq!(summary.input_style.as_deref(), Some("cell"));
    assert!(
        lines.iter().any(|l| l.contains("changed nothing with input style \"button\": trying \"cell\"")),
        "{lines:?}"
    );
    let text = std::fs::read_to_string(&profile.source).unwrap();
    let table: toml::Table = toml::from_str(&text).unwrap();
    assert_eq!(table["input"]["style"].as_str(), Some("cell"), "{text}");
}
