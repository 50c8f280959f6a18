//! Races between the bot's keyboard check and its keys (issue 34): the real quadrapassel under
//! Xvfb + jwm played by `gamebot play tetris`, and at a moment spread over the first seconds of
//! play another window of ours opens and takes the keyboard focus (a trap that counts the keys
//! reaching it).
//! Every round must end with no key on the trap and the bot stopped cleanly, naming the window that
//! has the focus. On X11 each key is sent under a server grab in the same instant as the check, so
//! no focus change can come between them. 10 rounds (`GAMEBOT_RACE_ROUNDS` sets another number).
//! Needs xvfb, jwm, quadrapassel; Linux only.
#![cfg(target_os = "linux")]

use std::process::Stdio;
use std::time::Duration;

use crate::common::faults::{Trap, wait_for_bot};
use crate::common::{GIVE_UP, LiveGame, bot};
use crate::tetris::private_settings;

fn rounds() -> usize {
    std::env::var("GAMEBOT_RACE_ROUNDS").ok().and_then(|n| n.parse().ok()).unwrap_or(10)
}

#[test]
fn the_keyboard_focus_taken_during_play_gets_no_key_elsewhere() {
    let n = rounds();
    for i in 0..n {
        let dir = tempfile::tempdir().unwrap();
        let env = private_settings(dir.path());
        let game = LiveGame::start_with_env("quadrapassel", "quadrapassel", &env, &[], "Quadrapassel");
        let mut player = bot(&["play", "tetris", "--new-game", "--lines", "1000"], Some(&game.display))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // From the game's start (the bot finds the window and starts a new game in about a second)
        // to well into play, spread over the rounds.
        let delay = Duration::from_millis(1200 + 3000 * i as u64 / n.max(1) as u64);
        std::thread::sleep(delay);
        // A window opens beside the game and takes the focus, as a dialog or a chat window does.
        let trap = Trap::open(&game.display, (900, 700), (120, 120));
        trap.take_focus();
        let (success, out, err, _) = wait_for_bot(&mut player, GIVE_UP);
        let context = format!("round {i} (focus taken {} ms after the start):\n{out}{err}", delay.as_millis());
        assert_eq!(trap.hits(), 0, "a key reached the window that took the focus in {context}");
        assert!(!success, "the bot played on without the focus: {context}");
        assert!(!err.contains("panicked"), "{context}");
        let said = err.lines().find(|l| l.starts_with("error")).unwrap_or_else(|| panic!("no message: {context}"));
        // The window manager may show it over the game for an instant before it is moved aside.
        let clean = ["keyboard focus is on \"trap\"", "\"trap\" covers the game"];
        assert!(clean.iter().any(|c| said.contains(c)), "not a clean stop: {context}");
    }
    println!("{n} rounds, every one a clean stop naming the window with the focus, 0 keys on it");
}
