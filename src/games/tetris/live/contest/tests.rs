//! The contest loop against the simulated page (gravity on the page's simulated clock, which the
//! loop runs on too, so a busy machine changes nothing; no display): it plays the
//! contest's pieces to the plan, scores what the page scores, plans again from the screen when a
//! key is lost, and refuses a page that is not at the contest's first piece before any key.

use std::path::Path;
use std::time::Duration;

use super::plan::Plan;
use super::sim_window::SimPage;
use super::{Options, Outcome, Summary, run_on};
use crate::games::tetris::contest::search::BeamConfig;
use crate::games::tetris::live::config::{ContestTiming, LiveConfig};

/// Quadrapassel's profile (the simulation draws its black well) with the contest's timing, scaled
/// down: a row every 200 ms at first, 20 ms faster every 100 pieces, down to 60 ms, on the simulated
/// page's clock; the simulation draws at once. The planner's patience is long: on the simulated clock
/// a wait for the planner takes no time of the game's.
fn config() -> LiveConfig {
    let mut config = LiveConfig::load("quadrapassel", Path::new("config")).expect("the quadrapassel profile");
    config.timing.piece_timeout_ms = 600;
    config.contest = Some(ContestTiming {
        gravity_ms: 200,
        gravity_step_ms: 20,
        gravity_every: 100,
        gravity_min_ms: 60,
        display_lag_ms: 2,
        key_lag_ms: 1,
        tick_delay_ms: 4,
        cycle_ms: 2,
        plan_wait_ms: 60_000,
        poll_ms: 0,
        most_rushed: 2,
        margin_ms: 30,
    });
    config
}

fn gravity(spawned: u32) -> Duration {
    Duration::from_millis(200u64.saturating_sub(20 * u64::from(spawned / 100)).max(60))
}

fn options(pieces: u32) -> Options {
    let planner = BeamConfig::narrow(16);
    Options { pieces: Some(pieces), record: None, planner }
}

fn play(sim: &SimPage, options: Options) -> (anyhow::Result<Summary>, Vec<String>) {
    play_with(sim, &config(), options)
}

fn play_with(sim: &SimPage, config: &LiveConfig, options: Options) -> (anyhow::Result<Summary>, Vec<String>) {
    let (mut screen, mut device) = (sim.clone(), sim.clone());
    let mut notes = Vec::new();
    let clock = sim.clock();
    let result = run_on(&clock, &mut screen, &mut device, config, options, &mut |l: &str| notes.push(l.to_string()));
    (result, notes)
}

#[test]
fn plays_the_plan_under_gravity_and_scores_what_the_page_scores() {
    let sim = SimPage::new(&config().keys, gravity);
    let (result, notes) = play(&sim, options(300));
    let summary = result.expect("the loop plays");
    {
        let page = sim.state();
        eprintln!(
            "{} game_over={} spawned={} score={}\n{}",
            summary.report(),
            page.game_over,
            page.spawned,
            page.score,
            crate::games::tetris::contest::rules::board_rows(&page.board).join("\n")
        );
    }
    assert_eq!((summary.outcome, summary.landings.len()), (Outcome::Reached, 300), "{notes:#?}");
    assert_eq!(summary.replans, 0, "{notes:#?}");
    let page = sim.state();
    assert!(!page.game_over);
    assert_eq!(page.spawned, 301, "the 301st piece is falling");
    assert!(
        summary.score > 0 && summary.score == page.score,
        "the loop's {} against the page's {}",
        summary.score,
        page.score
    );
    let keys = &config().keys;
    assert!(!page.received.iter().any(|k| k == "Escape" || k == "Return"));
    assert_eq!(
        page.received.iter().filter(|k| keys.hard_drop.as_deref() == Some(k.as_str())).count(),
        300,
        "one drop a piece"
    );
}

#[test]
fn a_lost_key_is_seen_on_the_board_and_the_rest_is_planned_from_the_screen() {
    let sim = SimPage::new(&config().keys, gravity);
    sim.state().lose_key = Some(200);
    let (result, notes) = play(&sim, options(150));
    let summary = result.expect("the loop plays on");
    assert_eq!(summary.outcome, Outcome::Reached, "{notes:#?}");
    assert!(summary.replans >= 1, "the lost key changed a landing: {notes:#?}");
    assert!(notes.iter().any(|n| n.contains("planning again from the screen")), "{notes:#?}");
    assert_eq!(summary.score, sim.state().score, "the record says where the piece really went");
}

#[test]
fn a_record_planned_beforehand_is_played_as_written() {
    use crate::games::tetris::contest::{PlanOptions, record_of, solve_contest};
    let planned =
        solve_contest(&PlanOptions { width: 32, pieces: 120, ..PlanOptions::default() }, &mut |_| {}).expect("a plan");
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("record.txt");
    std::fs::write(&path, &planned.record).expect("write");
    let sim = SimPage::new(&config().keys, gravity);
    let options = Options { record: Some(Plan::from_record(&path).expect("the record")), ..options(120) };
    let (result, notes) = play(&sim, options);
    let summary = result.expect("the loop plays");
    assert_eq!((summary.replans, summary.score, sim.state().score), (0, planned.score, planned.score), "{notes:#?}");
    assert_eq!(record_of(&summary.landings).expect("a record"), planned.record, "the same landings, the same ops");
}

#[test]
fn a_page_past_its_first_piece_is_refused_before_any_key() {
    let sim = SimPage::new(&config().keys, |_| Duration::from_millis(1));
    // 60 ms of 1 ms gravity: the first piece has landed and others follow.
    sim.clock().advance(Duration::from_millis(60));
    let (result, _) = play(&sim, options(10));
    let err = result.expect_err("refused").to_string();
    assert!(err.starts_with("refusing to start") && !err.contains('\n'), "{err}");
    assert!(sim.state().received.is_empty(), "no key was sent");
}

#[test]
fn a_plan_with_a_rushed_limit_keeps_to_it_as_the_player_counts_rushed_pieces() {
    use crate::games::tetris::contest::rules::sequence;
    use crate::games::tetris::contest::search::RushedLimit;
    use crate::games::tetris::contest::{PlanOptions, solve_contest};
    let dir = tempfile::tempdir().expect("tempdir");
    let runs = |rushed: Option<RushedLimit>| {
        let options = PlanOptions { width: 24, pieces: 400, rushed, ..PlanOptions::default() };
        let planned = solve_contest(&options, &mut |_| {}).expect("a plan");
        let path = dir.path().join("record.txt");
        std::fs::write(&path, &planned.record).expect("write");
        Plan::from_record(&path).expect("the record").short_of_margin(&sequence(), &RushedLimit::flat(0, 1)).len()
    };
    assert!(runs(None) > 0, "without a limit the planner stacks up to the spawn: rushed pieces come in twos");
    assert_eq!(runs(Some(RushedLimit::flat(0, 1))), 0);
}

/// A record planned for the first `pieces` pieces with `rushed`, as the player reads it.
fn planned(pieces: u32, rushed: Option<crate::games::tetris::contest::search::RushedLimit>) -> (Plan, u64) {
    use crate::games::tetris::contest::{PlanOptions, solve_contest};
    let options = PlanOptions { width: 24, pieces, rushed, ..PlanOptions::default() };
    let planned = solve_contest(&options, &mut |_| {}).expect("a plan");
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("record.txt");
    std::fs::write(&path, &planned.record).expect("write");
    (Plan::from_record(&path).expect("the record"), planned.score)
}

/// For each piece of `plan` that comes in resting on the stack (a tick would lock it at the top)
/// and cannot wait for a tick: the time left before the tick after the one the run's first piece
/// waited for, at the period of its index, once the lags and the cycles of the pieces before it in
/// the run are counted (ms; negative when the page's figures alone do not fit).
fn time_left_for_resting_pieces(plan: &Plan, margin: &crate::games::tetris::contest::LiveMargin) -> Vec<(usize, i64)> {
    use super::moves::waitable;
    use crate::games::tetris::board::Board;
    use crate::games::tetris::contest::reach::Reach;
    use crate::games::tetris::contest::rules::{self, Pos, TopOut, sequence};
    let (sequence, mut reach, mut board) = (sequence(), Reach::default(), Board::default());
    let (mut run, mut out) = (0u64, Vec::new());
    for (k, pos) in plan.known(0, usize::MAX).into_iter().enumerate() {
        let spawn = Pos::spawn(sequence[k]);
        if waitable(&mut reach, &board, spawn, pos) {
            run = 0;
        } else {
            run += 1;
            if !rules::can_fall(&board, spawn) {
                let period = margin.period_ms(k as u32 + 1) as i64;
                let used = (margin.display_lag_ms + margin.key_lag_ms + run * margin.cycle_ms) as i64;
                out.push((k, period - used));
            }
        }
        rules::lock(&mut board, pos, TopOut::Staff);
    }
    out
}

#[test]
fn a_plan_for_live_play_leaves_its_margin_before_every_tick_that_would_lock_a_piece_at_the_top() {
    use crate::games::tetris::contest::LiveMargin;
    use crate::games::tetris::contest::search::RushedLimit;
    // The page's figures, its gravity at 100 ms a row from piece 100 on, so that a short plan gets
    // there.
    let margin = LiveMargin { gravity_step_ms: 900, ..crate::games::tetris::contest::margin::tests::page() };
    let live = RushedLimit { from: 0, most: 2, margin: Some(margin) };
    let short = |plan: &Plan| -> Vec<(usize, i64)> {
        time_left_for_resting_pieces(plan, &margin).into_iter().filter(|&(_, left)| left < 40).collect()
    };
    let (counted, _) = planned(400, Some(RushedLimit::flat(0, 2)));
    assert!(
        !short(&counted).is_empty(),
        "only counting rushed pieces, a piece resting at the top comes second in a run at 100 ms a row"
    );
    let (for_live, score) = planned(400, Some(live));
    assert_eq!(short(&for_live), vec![], "every piece a tick would lock at the top has 40 ms to spare");
    assert_eq!(for_live.short_of_margin(&crate::games::tetris::contest::rules::sequence(), &live), vec![]);
    assert!(
        time_left_for_resting_pieces(&for_live, &margin).iter().any(|&(k, _)| k >= 99),
        "pieces still rest on the stack at the top where the page is fast: the plan keeps its stack high"
    );
    assert!(score > 0);
}

#[test]
fn hiccups_on_either_side_of_the_keys_do_not_end_a_game_planned_for_live_play() {
    use crate::games::tetris::contest::search::RushedLimit;
    let timing = config().contest.expect("the contest's timing");
    let live = RushedLimit { from: 0, most: timing.most_rushed, margin: Some(timing.live_margin()) };
    let (plan, _) = planned(240, Some(live));
    let sim = SimPage::new(&config().keys, gravity);
    {
        let mut page = sim.state();
        // A key a third of the margin late now and then (a tick may come first), and every
        // seventh tick a quarter of the fastest period late.
        page.slow_key = Some((23, Duration::from_millis(timing.margin_ms / 3)));
        page.late_tick = Some((7, Duration::from_millis(timing.gravity_min_ms / 4)));
    }
    let options = Options { record: Some(plan), ..options(240) };
    let (result, notes) = play(&sim, options);
    let summary = result.expect("the loop plays");
    let page = sim.state();
    assert_eq!((summary.outcome, summary.landings.len()), (Outcome::Reached, 240), "{notes:#?}");
    assert!(!page.game_over, "{notes:#?}");
    assert_eq!(summary.score, page.score, "what the page scored is what the loop counted: {notes:#?}");
}

#[test]
fn on_a_page_that_draws_late_each_rushed_run_goes_before_the_tick_unseen_and_is_checked_after() {
    use crate::games::tetris::contest::search::RushedLimit;
    // The fastest gravity from the first piece, and a page whose screen shows a new piece 25 ms
    // after the drop that brought it (a busy browser), where the profile says 2: seeing each piece
    // of a run of two rushed pieces after a tick takes longer than the 60 ms between ticks.
    let mut config = config();
    let timing = ContestTiming { gravity_ms: 60, gravity_min_ms: 60, ..config.contest.expect("timing") };
    let live = RushedLimit { from: 0, most: timing.most_rushed, margin: Some(timing.live_margin()) };
    config.contest = Some(timing);
    let (plan, score) = planned(300, Some(live));
    let sim = SimPage::new(&config.keys, |_| Duration::from_millis(60));
    sim.state().display_lag = Duration::from_millis(25);
    let options = Options { record: Some(plan), ..options(300) };
    let (result, notes) = play_with(&sim, &config, options);
    let summary = result.expect("the loop plays");
    let page = sim.state();
    let report = summary.report();
    assert_eq!((summary.outcome, summary.landings.len()), (Outcome::Reached, 300), "{report} {notes:#?}");
    assert!(!page.game_over, "{notes:#?}");
    assert_eq!((summary.score, page.score), (score, score), "every landing as planned: {report} {notes:#?}");
    assert!(summary.blind > 0, "rushed pieces went unseen: {report}");
}
