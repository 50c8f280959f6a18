//! The contest loop against the simulated page (real-time gravity, no display): it plays the
//! contest's pieces to the plan, scores what the page scores, plans again from the screen when a
//! key is lost, and refuses a page that is not at the contest's first piece before any key.

use std::path::Path;
use std::time::Duration;

use super::plan::Plan;
use super::sim_window::SimPage;
use super::{Options, Outcome, Summary, run};
use crate::games::tetris::contest::search::BeamConfig;
use crate::games::tetris::live::config::{ContestTiming, LiveConfig};

/// Quadrapassel's profile (the simulation draws its black well) with the contest's timing, scaled
/// down: a row every 200 ms at first, 20 ms faster every 100 pieces, down to 60 ms; the simulation
/// draws at once. (At a fifth of that, a machine busy with other work made the loop miss ticks: these
/// tests are about what the loop does, not how fast the machine is.)
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
        plan_wait_ms: 40,
        poll_ms: 0,
        most_rushed: 2,
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
    let (mut screen, mut device) = (sim.clone(), sim.clone());
    let mut notes = Vec::new();
    let result = run(&mut screen, &mut device, &config(), options, &mut |l: &str| notes.push(l.to_string()));
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
    assert_eq!(page.received.iter().filter(|k| **k == keys.hard_drop).count(), 300, "one drop a piece");
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
    // A few ms of 1 ms gravity: the first piece has landed and others follow.
    std::thread::sleep(Duration::from_millis(60));
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
        Plan::from_record(&path).expect("the record").long_rushed_runs(&sequence(), 1)
    };
    assert!(runs(None) > 0, "without a limit the planner stacks up to the spawn: rushed pieces come in twos");
    assert_eq!(runs(Some(RushedLimit { from: 0, most: 1 })), 0);
}
