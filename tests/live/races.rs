//! Races between the bot's check and its press (issue 34): the real sgt-flood under Xvfb + jwm, the
//! bot resting long before each press (`[guard] rest_ms`), and the game window closed or moved
//! while the bot rests, at a moment spread over the rest from round to round (from its first
//! instant to a little past its end: into the button's hold). Under everything lies a floor window
//! as large as the screen that counts the button presses and releases and the keys reaching it:
//! where one that missed the game would go (jwm opens its root menu on a lone release too). Every round must end
//! with no press on the floor and the bot either stopped cleanly (a message, a non-zero exit, no
//! panic) or, for a moved window, playing on. 50 rounds each (`GAMEBOT_RACE_ROUNDS` sets another
//! number). Needs xvfb, jwm, sgt-puzzles; Linux only.
#![cfg(target_os = "linux")]

use std::process::Child;
use std::time::Duration;

use x11rb::connection::Connection;
use x11rb::protocol::xproto::{ConfigureWindowAux, ConnectionExt};
use x11rb::rust_connection::RustConnection;

use gamebot::profile::WindowMatch;
use gamebot::screen::{Screen, capture_settled};
use gamebot::xsession::{Children, find_program, launch_game, start_virtual_display};

use crate::common::faults::{Floor, play_flood, wait_for_bot};
use crate::common::{GIVE_UP, generate, wait_until};

/// The bot's rest before each press in these rounds.
const REST_MS: u64 = 300;

/// What is done to the game window while the bot rests.
#[derive(Clone, Copy, Debug)]
enum Fault {
    Close,
    Move,
}

fn rounds() -> usize {
    std::env::var("GAMEBOT_RACE_ROUNDS").ok().and_then(|n| n.parse().ok()).unwrap_or(50)
}

/// A display with a window manager and the floor, for every round.
struct Desk {
    display: String,
    conn: RustConnection,
    root: u32,
    floor: Floor,
    flood: std::path::PathBuf,
    profile: tempfile::TempDir,
    _children: Children,
}

impl Desk {
    fn open() -> Desk {
        let mut children = Children::default();
        let display = start_virtual_display(&mut children).expect("a virtual display (apt-get install xvfb jwm)");
        let floor = Floor::lay(&display);
        let (conn, screen) = x11rb::connect(Some(&display)).unwrap();
        let root = conn.setup().roots[screen].root;
        let flood = find_program("sgt-flood", "sgt-puzzles").expect("sgt-flood (apt-get install sgt-puzzles)");
        let profile = tempfile::tempdir().unwrap();
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config/sgt-flood.toml")).unwrap();
        assert!(!text.contains("[guard]"), "the test adds its own [guard] section");
        let text = format!("{text}\n[guard]\nrest_ms = {REST_MS}\n");
        std::fs::write(profile.path().join("resting-flood.toml"), text).unwrap();
        Desk { display, conn, root, floor, flood, profile, _children: children }
    }

    fn pointer(&self) -> (i16, i16) {
        let p = self.conn.query_pointer(self.root).unwrap().reply().unwrap();
        (p.root_x, p.root_y)
    }

    /// One round: a new small game, the bot on it, the fault `delay` into the bot's first rest.
    /// Returns the bot's (success, stdout, stderr).
    fn round(&self, fault: Fault, delay: Duration) -> (bool, String, String) {
        let mut game = Children::default();
        let id = generate("sgt-flood", "5x5c3m3");
        let wanted = WindowMatch { title: "Flood".into(), exact: true };
        let mut screen = launch_game(&self.flood, &[&id], &self.display, &wanted, &mut game).unwrap();
        // Drawn and still, as a game is when a user starts the bot.
        capture_settled(&mut screen, Duration::from_millis(50), 3, GIVE_UP).unwrap();
        let window = screen.id();
        // The pointer out of the way first: the bot's first move is then seen as a change.
        self.conn.warp_pointer(x11rb::NONE, self.root, 0, 0, 0, 0, 1, 1).unwrap();
        self.conn.flush().unwrap();
        wait_until(
            "the pointer put aside",
            Duration::from_millis(1),
            || (self.pointer() == (1, 1)).then_some(()),
            || "the pointer stays where it was".into(),
        );
        let profile = self.profile.path().join("resting-flood.toml");
        let mut bot = play_flood(&self.display, &profile);
        // The pointer moves to the first click: the rest before its press begins.
        let moved = wait_until(
            "the bot's first move",
            Duration::from_millis(1),
            || match bot.try_wait() {
                Ok(Some(_)) => Some(false),
                _ => (self.pointer() != (1, 1)).then_some(true),
            },
            || "the pointer never moved".into(),
        );
        if !moved {
            let (_, out, err) = finish(&mut bot);
            let shot = std::env::temp_dir().join(format!("race-unread-{}.png", std::process::id()));
            let saved = screen.capture().map(|frame| frame.image.save(&shot));
            panic!("the bot ended before its first move (the window as it is now: {shot:?}, {saved:?}):\n{out}{err}");
        }
        std::thread::sleep(delay);
        match fault {
            Fault::Close => {
                self.conn.kill_client(window).unwrap();
            }
            Fault::Move => {
                let (at, _, _) = screen.geometry().unwrap();
                let aux = ConfigureWindowAux::new().x(at.x + 170).y(at.y + 40);
                self.conn.configure_window(window, &aux).unwrap();
            }
        }
        self.conn.flush().unwrap();
        let (success, out, err) = finish(&mut bot);
        drop(game);
        (success, out, err)
    }
}

/// Waits for the bot to end (a hung bot is killed after `GIVE_UP`): (exited 0, stdout, stderr).
fn finish(bot: &mut Child) -> (bool, String, String) {
    let (success, out, err, _) = wait_for_bot(bot, GIVE_UP);
    (success, out, err)
}

/// Runs the rounds of `fault`, the fault's moment spread over the rest; checks each round.
fn race(fault: Fault) {
    let desk = Desk::open();
    let n = rounds();
    let (mut stopped, mut played_on) = (0, 0);
    for i in 0..n {
        // From the rest's first instant to a little past its end (the press itself).
        let delay = Duration::from_millis(REST_MS * 11 * i as u64 / (10 * n.max(1) as u64));
        let (success, out, err) = desk.round(fault, delay);
        let presses = desk.floor.presses();
        let context = format!("round {i} ({fault:?} {} ms into the rest):\n{out}{err}", delay.as_millis());
        assert_eq!(presses, 0, "a button or key event reached the floor under the game in {context}");
        assert!(!err.contains("panicked"), "{context}");
        if success {
            assert!(matches!(fault, Fault::Move), "a closed game cannot be won: {context}");
            assert!(out.lines().any(|l| l.starts_with("won:")), "{context}");
            played_on += 1;
        } else {
            let said = err.lines().find(|l| l.starts_with("error")).unwrap_or_else(|| panic!("no message: {context}"));
            let clean = ["window is gone", "moved", "covers the game", "not over the game", "not fully on the screen"];
            assert!(clean.iter().any(|c| said.contains(c)), "not a clean stop: {context}");
            stopped += 1;
        }
    }
    println!(
        "{fault:?}: {n} rounds, {stopped} clean stops, {played_on} played on to the win, 0 button or key events on the floor"
    );
}

#[test]
fn a_window_closed_during_the_rest_before_a_press_gets_no_press_anywhere() {
    race(Fault::Close);
}

#[test]
fn a_window_moved_during_the_rest_before_a_press_gets_no_press_where_it_was() {
    race(Fault::Move);
}
