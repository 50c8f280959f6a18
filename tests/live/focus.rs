//! The keyboard-focus guard of keyboard-played games (Tetris, Breach with keys): with two real
//! windows under Xvfb, a game window knows when the other one has the focus (its keys would go
//! there) and names it, and says nothing when it has the focus itself.

use std::time::Duration;

use gamebot::profile::WindowMatch;
use gamebot::screen::Screen;
use gamebot::xsession::{Children, find_program, launch_game, start_virtual_display};
use x11rb::protocol::xproto::{ConnectionExt, InputFocus};

fn focus(display: &str, title: &str) {
    let (conn, _) = x11rb::connect(Some(display)).unwrap();
    let windows = gamebot::screen::x11::Display::open_on(Some(display)).unwrap().windows().unwrap();
    let id = windows.iter().find(|w| w.title == title).unwrap_or_else(|| panic!("no window {title}")).id;
    conn.set_input_focus(InputFocus::PARENT, id, x11rb::CURRENT_TIME).unwrap();
    conn.get_input_focus().unwrap().reply().unwrap();
    std::thread::sleep(Duration::from_millis(200));
}

#[test]
fn a_game_window_knows_when_another_has_the_keyboard() {
    let mut children = Children::default();
    let display = start_virtual_display(&mut children).expect("a virtual display (apt-get install xvfb jwm)");
    let pegs = find_program("sgt-pegs", "sgt-puzzles").unwrap();
    let flood = find_program("sgt-flood", "sgt-puzzles").unwrap();
    let pegs_window = WindowMatch { title: "Pegs".into(), exact: true };
    let game = launch_game(&pegs, &["7x7cross"], &display, &pegs_window, &mut children).unwrap();
    launch_game(&flood, &["3x3c3m0"], &display, &WindowMatch { title: "Flood".into(), exact: true }, &mut children)
        .unwrap();
    focus(&display, "Flood");
    assert_eq!(game.focus_elsewhere().as_deref(), Some("\"Flood\""));
    focus(&display, "Pegs");
    assert_eq!(game.focus_elsewhere(), None);
}
