//! Trying the usual keys on the simulated window (`live/sim_window.rs`), whose keys are set here
//! to ones other than quadrapassel's, so each effect found is the key's and no default's: every
//! key tried must be seen doing exactly what the simulated program makes it do, for the piece
//! that was falling (a turn of an O shows nothing, of an I, S or Z no direction).

use super::super::Piece;
use super::super::live::config::Keys;
use super::super::live::sim_window::SimTetris;
use super::keys::{Effect, USUAL, try_keys};
use crate::input::{Action, InputDevice};

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

/// What the simulated program does on `key` with `piece` falling: it turns counter-clockwise.
fn expected(key: &str, piece: Piece, keys: &Keys) -> Effect {
    match key {
        k if k == keys.left => Effect::Left,
        k if k == keys.right => Effect::Right,
        k if k == keys.soft_drop => Effect::SoftDrop,
        k if keys.hard_drop.as_deref() == Some(k) => Effect::HardDrop,
        k if k == keys.rotate => match piece {
            Piece::O => Effect::Nothing,
            Piece::I | Piece::S | Piece::Z => Effect::Turn,
            _ => Effect::TurnCounterClockwise,
        },
        _ => Effect::Nothing,
    }
}

#[test]
fn every_usual_key_is_seen_doing_what_the_program_makes_it_do() {
    let keys = keys();
    let mut turned = false;
    for seed in 1..=6 {
        let sim = SimTetris::new(seed, &["#.........", "##......##"], &keys);
        // The piece brought two rows in, so that a turn shows it whole.
        for _ in 0..2 {
            sim.clone().perform(&Action::Key(keys.soft_drop.clone())).expect("a key");
        }
        let tried = try_keys(&mut sim.clone(), &mut sim.clone(), &USUAL, None).expect("every key tried");
        assert_eq!(tried.len(), USUAL.len());
        for t in &tried {
            assert_eq!(t.effect, expected(&t.key, t.piece, &keys), "seed {seed}: {} with {:?}", t.key, t.piece);
        }
        turned |= tried.iter().any(|t| t.effect == Effect::TurnCounterClockwise);
    }
    assert!(turned, "no seed showed a turn's direction");
}

/// A program whose gravity moves the piece two rows at every frame (as at 20 rows a second): a
/// step key is still seen stepping, the piece three or four rows lower, never lost as unclear.
#[test]
fn a_step_is_told_while_the_piece_falls_two_rows_a_frame() {
    let keys = keys();
    for seed in 1..=4 {
        let sim = SimTetris::new(seed, &[], &keys);
        sim.clone().perform(&Action::Key(keys.soft_drop.clone())).expect("a key");
        sim.state().gravity = Some((0, 2));
        let steps = [keys.left.as_str(), keys.right.as_str()];
        let tried = try_keys(&mut sim.clone(), &mut sim.clone(), &steps, None).expect("both keys tried");
        let effects: Vec<Effect> = tried.iter().map(|t| t.effect).collect();
        assert_eq!(effects, [Effect::Left, Effect::Right], "seed {seed}");
    }
}

/// An O stepped while gravity takes it a row lower: a step, not a turn (the same shape elsewhere
/// was read as turned, so that dionyziz/canvas-tetris's Right, Up and Down all read as turns of
/// its O, and Down was not learned as its soft drop).
#[test]
fn an_o_stepped_while_it_falls_is_seen_stepping_not_turning() {
    use crate::screen::Screen;
    let keys = keys();
    let mut tried_on_o = 0;
    for seed in 1..=60 {
        let sim = SimTetris::new(seed, &[], &keys);
        sim.clone().perform(&Action::Key(keys.soft_drop.clone())).expect("a key");
        let frame = sim.clone().capture().expect("a frame");
        if super::read::read(&frame, None).expect("reads").piece() != Some(Piece::O) {
            continue;
        }
        sim.state().gravity = Some((0, 1));
        let steps = [keys.right.as_str(), keys.left.as_str()];
        let tried = try_keys(&mut sim.clone(), &mut sim.clone(), &steps, None).expect("both keys tried");
        let effects: Vec<Effect> = tried.iter().map(|t| t.effect).collect();
        assert_eq!(effects, [Effect::Right, Effect::Left], "seed {seed}");
        tried_on_o += 1;
    }
    assert!(tried_on_o >= 2, "{tried_on_o} seeds brought an O first");
}
