//! A program that draws its own text over its well (a score, a label reaching into the first
//! column): the cells under the text are never drawn whole, in any frame. The loop once read every
//! such frame as "a piece in motion" and waited for it to end, until it took the game for over.
//! Here the simulated window draws a glyph over an empty cell and another over a settled one, the
//! same in every frame, and the loop must play on through them, reading each as what it covers,
//! both with a hand-written profile's eyes and with a learned look.

use super::super::learn::look;
use super::config::LiveConfig;
use super::eyes::Eyes;
use super::play::{Options, Outcome, run};
use super::sim_window::{SimTetris, quick_config};
use crate::screen::Screen;

/// A game over a stack whose bottom right cell is settled, a white "1" over the empty cell at
/// row 8 col 0 and a dark one over that settled cell.
fn covered(seed: u64, config: &LiveConfig) -> SimTetris {
    let sim = SimTetris::new(seed, &["..#......#"], &config.keys);
    sim.state().covers = vec![((8, 0), [255, 255, 255]), ((19, 9), [20, 20, 20])];
    sim
}

/// Plays 10 lines on `sim`: reached, the game's own count, nothing misread or lost, and a note
/// naming each of `covers` (the cell, how it was read).
fn plays_through_the_text(sim: &SimTetris, config: &LiveConfig, covers: &[(&str, &str)]) {
    let frame = sim.clone().capture().expect("a frame");
    let eyes = Eyes::find(&frame, config).expect("the well is found under the text");
    let unread = eyes.grid(&frame).expect_err("the text leaves a cell partly drawn");
    assert!(format!("{unread:#}").contains("partly drawn"), "{unread:#}");
    let mut notes = Vec::new();
    let options = Options { lines: Some(10), pieces: None, new_game: false, learn: false };
    let summary = run(&mut sim.clone(), &mut sim.clone(), config, &options, &mut |l: &str| notes.push(l.to_string()))
        .expect("the loop plays");
    assert_eq!(summary.outcome, Outcome::Reached, "{notes:#?}");
    assert_eq!(summary.lines, sim.state().lines, "the loop's count is the game's");
    assert_eq!((summary.misreads, summary.lost), (0, 0), "{notes:#?}");
    for (cell, reading) in covers {
        assert!(notes.iter().any(|n| n.contains(cell) && n.contains(reading)), "{cell} {reading}: {notes:#?}");
    }
}

#[test]
fn text_over_the_well_is_read_as_what_it_covers_with_a_profiles_eyes() {
    let config = quick_config();
    let covers = [("row 8 col 0", "read as empty"), ("row 19 col 9", "read as filled")];
    plays_through_the_text(&covered(3, &config), &config, &covers);
}

/// The learned look reads the dark "1" over the settled cell as filled from the start (its every
/// part differs from the empty look): only the white one is partly drawn.
#[test]
fn text_over_the_well_is_read_as_what_it_covers_with_a_learned_look() {
    let mut config = quick_config();
    // The look learned from a frame with no text, as a calibration at a quiet moment would.
    let plain = SimTetris::new(3, &["..#......#"], &config.keys).capture().expect("a frame");
    config.look = Some(look::learn(&plain).expect("the look").settings);
    plays_through_the_text(&covered(3, &config), &config, &[("row 8 col 0", "read as empty")]);
}
