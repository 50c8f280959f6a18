//! A whole live calibration on the simulated window (`live/sim_window.rs`), whose keys are set to
//! ones other than quadrapassel's and whose pieces turn counter-clockwise with no kicks: the
//! profile learned must name the simulation's keys and its turning direction, hold a rotation
//! table that agrees with every turn the simulation makes, and play on from it.

use super::super::live::config::{Keys, LiveConfig};
use super::super::live::play::{Options, Outcome, run};
use super::super::live::sim_window::SimTetris;
use super::calibrate_live::learn;
use crate::input::InputDevice;
use crate::profile::Profile;

fn keys() -> Keys {
    let key = |k: &str| k.to_string();
    Keys {
        left: key("a"),
        right: key("d"),
        rotate: key("x"),
        soft_drop: key("s"),
        hard_drop: Some(key("space")),
        new_game: None,
    }
}

/// A live calibration of `sim` (its first piece brought two rows in, as a program's gravity
/// would: the simulation has none): the profile's text, and its config with quick waits.
fn learned_on(sim: &SimTetris, keys: &Keys) -> (String, LiveConfig) {
    for _ in 0..2 {
        // Held down a while (a program that looks at its keys once a frame takes it too) and apart
        // as a program's gravity steps are (one that throttles a key's presses takes both).
        sim.clone().key_step(&keys.soft_drop, true).expect("a key down");
        std::thread::sleep(std::time::Duration::from_millis(100));
        sim.clone().key_step(&keys.soft_drop, false).expect("a key up");
    }
    let mut notes = Vec::new();
    let learned = learn(&mut sim.clone(), &mut sim.clone(), "sim", "Sim", &mut |l: &str| notes.push(l.to_string()))
        .unwrap_or_else(|e| panic!("{e:#}\n{}", notes.join("\n")));
    let profile: Profile = toml::from_str(&learned.text).expect("the profile parses");
    let mut config = LiveConfig::from_profile(&profile).expect("a tetris profile");
    config.timing.still_ms = 8;
    config.timing.mismatch_ms = 40;
    config.timing.piece_timeout_ms = 400;
    (learned.text, config)
}

/// Plays `sim` 8 lines further with `config`: reached, with no misread and no piece lost.
fn plays_8_lines_more(sim: &SimTetris, config: &LiveConfig) -> super::super::live::play::Summary {
    let lines_before = sim.state().lines;
    let options = Options { lines: Some(lines_before + 8), pieces: None, new_game: false, learn: false };
    let summary = run(&mut sim.clone(), &mut sim.clone(), config, &options, &mut |_: &str| {}).expect("plays");
    assert_eq!(summary.outcome, Outcome::Reached);
    assert_eq!((summary.misreads, summary.lost), (0, 0));
    summary
}

/// The keys `keys()` gives the simulated game, learned as such: a/d step, x turns, s soft drops,
/// Space hard drops.
fn assert_usual_keys(config: &LiveConfig, text: &str) {
    let k = &config.keys;
    assert_eq!(
        (k.left.as_str(), k.right.as_str(), k.rotate.as_str(), k.soft_drop.as_str(), k.hard_drop.as_deref()),
        ("a", "d", "x", "s", Some("space")),
        "{text}"
    );
}

#[test]
fn a_live_calibration_learns_the_keys_the_direction_and_the_turns_and_its_profile_plays() {
    let keys = keys();
    let sim = SimTetris::new(5, &[], &keys);
    let (text, config) = learned_on(&sim, &keys);
    assert_usual_keys(&config, &text);
    assert!(text.contains("turns counter-clockwise"), "{text}");
    assert_eq!(config.timing.repeat_gap_ms, 4, "a program that takes every press: the shortest gap tried\n{text}");
    assert!(text.contains("still_ms = 90"), "steps shown at once: the default wait\n{text}");
    let table = super::super::live::turns::Turns::from_config(&config.rotation).expect("the table");
    assert_eq!(table.unseen(), 0, "every shape of every piece seen turning");
    // The learned table must be the simulation's own turns: a game on it needs no more learning.
    let summary = plays_8_lines_more(&sim, &config);
    assert_eq!(
        summary.turns.to_toml(),
        super::super::live::turns::Turns::from_config(&config.rotation).unwrap().to_toml()
    );
}

/// A program with no hard drop (Manuofthebirth/js-tetris: Down moves a row, and locks the piece
/// when it rests): the profile learned names none, says so, and plays by soft drops.
#[test]
fn a_program_with_no_hard_drop_is_learned_and_played_by_soft_drops() {
    let keys = Keys { hard_drop: None, ..keys() };
    let sim = SimTetris::new(7, &[], &keys);
    let (text, config) = learned_on(&sim, &keys);
    assert_eq!((config.keys.soft_drop.as_str(), config.keys.hard_drop.as_deref()), ("s", None), "{text}");
    assert!(text.contains("No hard drop seen"), "{text}");
    let sent_before = sim.state().received.len();
    plays_8_lines_more(&sim, &config);
    let played = sim.state().received[sent_before..].to_vec();
    assert!(played.iter().all(|k| ["a", "d", "x", "s"].contains(&k.as_str())), "a key the program lacks: {played:?}");
}

/// A program that moves a piece at most every 60 ms per key (as many throttle their moves): the
/// calibration finds bursts 4 to 40 ms apart losing presses and takes the first gap tried that
/// lands whole, 80 ms; a game on it places its pieces by bursts with none lost. The same game with
/// presses 4 ms apart (the gap a program that takes every press gets) loses pieces. (60 between
/// the gaps tried, well clear of both: a busy machine only makes a wait longer, and would have to
/// stretch four waits of 40 ms by half for 40 to be learned.)
#[test]
fn a_program_that_drops_presses_closer_than_60_ms_is_learned_to_want_80_and_played_so() {
    let keys = keys();
    let throttled = |seed| {
        let sim = SimTetris::new(seed, &[], &keys);
        sim.state().min_repeat = Some(std::time::Duration::from_millis(60));
        sim
    };
    let sim = throttled(5);
    let (text, mut config) = learned_on(&sim, &keys);
    // A piece of several presses 80 ms apart takes longer than the other tests' quick wait.
    config.timing.piece_timeout_ms = 2000;
    assert_eq!(config.timing.repeat_gap_ms, 80, "{text}");
    assert!(text.contains("presses of one key 80 ms apart all land"), "{text}");
    let summary = plays_8_lines_more(&sim, &config);
    assert!(summary.bursts > 0, "pieces placed by bursts");

    let quick = LiveConfig {
        timing: super::super::live::config::Timing { repeat_gap_ms: 4, ..config.timing.clone() },
        ..config
    };
    let sim = throttled(6);
    let options = Options { lines: Some(8), pieces: Some(60), new_game: false, learn: false };
    let summary = run(&mut sim.clone(), &mut sim.clone(), &quick, &options, &mut |_: &str| {});
    let lost = summary.as_ref().map_or(u32::MAX, |s| s.lost + s.corrections);
    assert!(lost > 0, "presses 4 ms apart should lose steps: {:?}", summary.map(|s| s.outcome));
}

/// A program that looks at its keys once every 45 ms (a game loop at 22 frames a second): a key
/// pressed and released at once falls between two looks and does nothing. The calibration finds
/// no key doing anything so, tries them held down 25 ms (still too short: a busy machine would
/// have to stretch the wait by 20 ms), then 50 ms, learns them, and writes the hold; a game on it
/// plays with every key held so. The same game with keys not held places no piece.
#[test]
fn a_program_that_looks_at_its_keys_once_a_frame_is_learned_to_hold_them_and_played_so() {
    let keys = keys();
    let framed = |seed| {
        let sim = SimTetris::new(seed, &[], &keys);
        sim.state().frame = Some(std::time::Duration::from_millis(45));
        sim
    };
    let sim = framed(5);
    let (text, mut config) = learned_on(&sim, &keys);
    // A piece of several keys held 50 ms each takes longer than the other tests' quick wait.
    config.timing.piece_timeout_ms = 2000;
    assert_eq!(config.timing.key_hold_ms, 50, "{text}");
    assert_eq!((config.keys.left.as_str(), config.keys.rotate.as_str()), ("a", "x"), "{text}");
    assert!(text.contains("held down this long, they were"), "{text}");
    plays_8_lines_more(&sim, &config);

    let tapped =
        LiveConfig { timing: super::super::live::config::Timing { key_hold_ms: 0, ..config.timing.clone() }, ..config };
    let sim = framed(6);
    let options = Options { lines: Some(8), pieces: Some(20), new_game: false, learn: false };
    let summary = run(&mut sim.clone(), &mut sim.clone(), &tapped, &options, &mut |_: &str| {});
    assert!(
        summary.as_ref().map_or(true, |s| s.outcome != Outcome::Reached),
        "keys tapped should do nothing: {:?}",
        summary.map(|s| s.outcome)
    );
    assert_eq!(sim.state().pieces, 0, "no piece placed by tapped keys");
}

/// A hard drop that animates (hona9/tetris: Space lets the piece fall a row a frame): the piece
/// is still falling when the screen first holds two reads alike, and the key tried next was
/// credited with the landing the drop had begun (`x` learned as the hard drop there). Each trial
/// now waits for the piece to hold still or lock before it is judged and the next key is tried:
/// Space is learned as the hard drop, and no other key.
#[test]
fn a_hard_drop_that_falls_a_row_every_few_frames_is_credited_to_its_own_key() {
    let keys = keys();
    let sim = SimTetris::new(5, &[], &keys);
    sim.state().animated_drop = Some(4);
    let (text, config) = learned_on(&sim, &keys);
    assert_usual_keys(&config, &text);
}

/// A game that ends while its keys are tried (asceznyk/jstetris, a row every 50 ms, ends within
/// seconds and cannot be restarted but by reloading the page): with no falling piece for 10 s the
/// calibration stops with one error saying so, not after minutes of trials on an empty well.
#[test]
fn a_game_that_ends_while_keys_are_tried_stops_the_calibration_with_one_error() {
    let keys = keys();
    // Eight free rows over a stack with no column open, and a gravity of a row at every capture:
    // the game tops out within seconds.
    let stack = ["#.########", "########.#"].repeat(6);
    let sim = SimTetris::new(5, &stack, &keys);
    sim.state().gravity = Some((0, 1));
    let mut notes = Vec::new();
    let result = learn(&mut sim.clone(), &mut sim.clone(), "sim", "Sim", &mut |l: &str| notes.push(l.to_string()));
    let error = format!("{:#}", result.err().unwrap_or_else(|| panic!("learned:\n{}", notes.join("\n"))));
    assert!(sim.state().game_over, "the game should have ended: {error}\n{}", notes.join("\n"));
    assert!(error.contains("no falling piece in the well for 10 s"), "{error}\n{}", notes.join("\n"));
}

/// A usual key that pauses the game (rwxdelir/mtwain-js on Shift: a tinted sheet over the well,
/// read as the piece dropped into a grown stack, then no piece at all; the calibration stopped on
/// "no falling piece"). The key is pressed again when nothing moves, seen to bring the game back,
/// learned as a pause and never pressed again: the usual keys are learned, and a game on the
/// profile plays on with the game never paused.
#[test]
fn a_key_that_pauses_the_game_is_learned_as_a_pause_and_never_pressed_in_play() {
    let keys = keys();
    let sim = SimTetris::new(5, &[], &keys);
    sim.state().pause_key = Some("Shift".into());
    let (text, config) = learned_on(&sim, &keys);
    assert_usual_keys(&config, &text);
    assert!(text.contains("Shift = Pauses"), "{text}");
    assert!(!sim.state().paused, "left paused");
    let sent_before = sim.state().received.len();
    plays_8_lines_more(&sim, &config);
    assert!(!sim.state().received[sent_before..].iter().any(|k| k == "Shift"), "Shift pressed in play");
}

/// A program that draws only at its gravity steps (its keys change its state, its timer alone
/// draws it): a key shows with the next step, a row lower, and every key tapped was judged to do
/// nothing (asceznyk/jstetris with its gravity slowed to 500 ms a row). The keys are tried again
/// judged at the next step, learned so, and the profile, waiting as long as the screen was seen to
/// take to show a step, plays on.
#[test]
fn a_program_that_draws_only_at_its_gravity_steps_is_learned_judging_keys_at_the_next_step() {
    let keys = keys();
    let sim = SimTetris::new(5, &[], &keys);
    sim.state().drawn_at_steps = Some(std::time::Duration::from_millis(400));
    let mut notes = Vec::new();
    let learned = learn(&mut sim.clone(), &mut sim.clone(), "sim", "Sim", &mut |l: &str| notes.push(l.to_string()))
        .unwrap_or_else(|e| panic!("{e:#}\n{}", notes.join("\n")));
    let profile: Profile = toml::from_str(&learned.text).expect("the profile parses");
    let config = LiveConfig::from_profile(&profile).expect("a tetris profile");
    assert_usual_keys(&config, &learned.text);
    assert!(notes.iter().any(|n| n.contains("showed only with the next step of gravity")), "{}", notes.join("\n"));
    assert!(config.timing.still_ms >= 400, "waits for the next drawing: {}\n{}", config.timing.still_ms, learned.text);
    plays_8_lines_more(&sim, &config);
}
