//! Live tests of this game (compiled into the `live` test binary, not the library: `tests/live/main.rs` includes every
//! `src/games/<game>/live_tests.rs`). End to end against the real sgt-mines under Xvfb: boards of the three presets from
//! freshly generated game IDs (sgt-mines makes boards that need no guess, so each is won whatever its layout), one in a
//! resized window, and a new game the bot starts itself with its first click; the expert board and the new game are played
//! without `--mines`, the total read from the game's own status line. The board is first read exactly as the
//! game ID says; `gamebot play mines` must then win, and a fresh capture must show the game won. A board that needs
//! guesses, whose guess the solver loses (known from the simulation of its layout), must end as a reported loss: a
//! `lost:` summary and a failing exit status, not a crash. Needs the Debian packages xvfb, jwm and sgt-puzzles.

use crate::common;

use gamebot::games::mines::config::MinesConfig;
use gamebot::games::mines::read;
use gamebot::games::mines::sgt_id;
use gamebot::games::mines::sim::Game;
use gamebot::profile::Profile;

fn config() -> MinesConfig {
    MinesConfig::from_profile(&Profile::load("sgt-mines", std::path::Path::new("config")).unwrap()).unwrap()
}

/// Plays the board of game ID `id` (`mines` in all) and returns gamebot's output and the board at the end. With
/// `told` the bot is told the total (`--mines`); without, it must read it from the game's status line ("Marked: 0 /
/// 99"), which the first capture is checked for.
fn play(
    id: &str,
    mines: u32,
    resize: Option<(u32, u32)>,
    told: bool,
) -> (std::process::Output, gamebot::games::mines::board::Board) {
    let truth = sgt_id::parse(id).unwrap();
    let mut game = common::LiveGame::start("sgt-mines", &[id], "Mines", resize);
    let before = game.capture();
    let grid = read::locate(&before, &config()).unwrap();
    let mut sim = Game::new(truth.layout.clone(), Default::default());
    let (r, c) = truth.start.unwrap();
    sim.open(r * truth.layout.cols + c);
    assert_eq!(
        read::read(&before, &grid, &config()).unwrap().to_rows(),
        sim.board.to_rows(),
        "the board read is the game ID's"
    );
    let total = mines.to_string();
    let out = if told {
        game.gamebot(&["play", "mines", "--mines", &total])
    } else {
        let read = read::read(&before, &grid, &config()).unwrap();
        assert_eq!(read.mines, Some(mines), "the total read from sgt-mines' own counter is the game ID's");
        game.gamebot(&["play", "mines"])
    };
    std::thread::sleep(std::time::Duration::from_millis(500));
    let after = game.capture();
    let end = read::read(&after, &grid, &config()).unwrap();
    (out, end.with_mines(Some(mines)).unwrap())
}

fn wins(params: &str, mines: u32, resize: Option<(u32, u32)>, told: bool) {
    let id = common::generate("sgt-mines", params);
    let (out, end) = play(&id, mines, resize, told);
    assert!(out.status.success(), "gamebot play mines did not win {id}");
    assert!(String::from_utf8_lossy(&out.stdout).lines().any(|l| l.starts_with("won: ")), "a won summary");
    assert!(end.is_won(), "a fresh capture shows the game won:\n{end}");
}

#[test]
fn wins_a_beginner_board() {
    wins("9x9n10", 10, None, true);
}

#[test]
fn wins_an_intermediate_board_in_a_resized_window() {
    wins("16x16n40", 40, Some((560, 600)), true);
}

#[test]
fn wins_an_expert_board_reading_the_total_from_its_own_counter() {
    wins("30x16n99", 99, None, false);
}

#[test]
fn wins_a_new_game_from_its_own_first_click_reading_its_counter() {
    let mut game = common::LiveGame::start("sgt-mines", &["9x9n10"], "Mines", None);
    let out = game.gamebot(&["play", "mines"]);
    assert!(out.status.success(), "gamebot play mines did not win a new game");
    std::thread::sleep(std::time::Duration::from_millis(500));
    let after = game.capture();
    let grid = read::locate(&after, &config()).unwrap();
    let end = read::read(&after, &grid, &config()).unwrap().with_mines(Some(10)).unwrap();
    assert!(end.is_won(), "a fresh capture shows the game won:\n{end}");
}

#[test]
fn a_lost_game_is_reported_as_a_loss() {
    // 9x9 with 35 mines and no promise of a unique solution (`sgt-mines --generate 1 9x9n35a`): the solver's second
    // guess hits a mine, as `gamebot bench mines --ids` shows for this layout.
    let (out, end) = play("9x9:1,4,mc91d17cd4dd509d8a8170", 35, None, true);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "a loss is a failing exit status");
    assert!(stdout.lines().any(|l| l.starts_with("lost: ")), "a lost summary:\n{stdout}");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    assert!(end.is_lost(), "a fresh capture shows the mine hit:\n{end}");
}
