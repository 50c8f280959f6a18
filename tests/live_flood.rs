//! End to end against the real sgt-flood under Xvfb: start a virtual display and a window manager,
//! open generated boards (one in a resized window), check the board is read exactly as its game ID
//! says, run `gamebot play flood`, and confirm from a fresh capture that the board is one colour
//! within the game's move limit. Needs the Debian packages xvfb, jwm and sgt-puzzles.

use std::process::Command;
use std::time::Duration;

use gamebot::games::flood::{read, sgt_id};
use gamebot::profile::Profile;
use gamebot::screen::{Screen, capture_settled};
use gamebot::xsession::{Children, find_program, generate_id, launch_game, start_virtual_display};

fn settled(screen: &mut dyn Screen) -> gamebot::frame::Frame {
    capture_settled(screen, Duration::from_millis(50), 3, Duration::from_secs(5)).expect("capture").0
}

fn live_game(params: &str, resize: Option<(u32, u32)>) {
    let profile = Profile::load("sgt-flood", std::path::Path::new("config")).unwrap();
    let mut children = Children::default();
    let display = start_virtual_display(&mut children).expect("a virtual display (apt-get install xvfb jwm)");
    let game = find_program("sgt-flood", "sgt-puzzles").expect("sgt-flood");
    let id = generate_id(&game, params).unwrap();
    let truth = sgt_id::parse(&id).unwrap();
    let mut screen = launch_game(&game, &[&id], &display, &profile.window, &mut children).unwrap();
    if let Some((w, h)) = resize {
        screen.resize(w, h).unwrap();
        std::thread::sleep(Duration::from_millis(800));
    }
    let before = settled(&mut screen);
    if let Some((w, _)) = resize {
        assert!(before.width().abs_diff(w) < 40, "the window was resized to {}x{}", before.width(), before.height());
    }
    let grid = read::locate(&before, &profile.vision).unwrap();
    let reading = read::read(&before, &grid, &profile.vision, profile.palette.as_ref()).unwrap();
    assert_eq!(reading.board, truth.board, "the board read from the screen is the game ID's board");

    let out = Command::new(env!("CARGO_BIN_EXE_gamebot"))
        .args(["play", "flood", "--limit", &truth.limit.to_string()])
        .env("DISPLAY", &display)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "gamebot play flood failed on {id}");
    let used: usize = stdout
        .lines()
        .find_map(|l| l.strip_prefix("won: ")?.split_whitespace().next()?.parse().ok())
        .expect("a 'won: N moves used' summary");
    assert!(used <= truth.limit, "{used} moves used, limit {}", truth.limit);

    std::thread::sleep(Duration::from_millis(300));
    let after = settled(&mut screen);
    let final_board = read::read(&after, &grid, &profile.vision, profile.palette.as_ref()).unwrap();
    assert!(final_board.board.is_won(), "a fresh capture shows one colour:\n{}", final_board.board);
}

#[test]
fn wins_a_14x14_board_with_no_spare_moves() {
    live_game("14x14c6m0", None);
}

#[test]
fn wins_a_16x16_board_in_a_resized_window() {
    live_game("16x16c6m0", Some((700, 760)));
}
