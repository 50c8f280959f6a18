//! The Windows build run for real (issue 39): `gamebot.exe` under Wine beside Windows games under
//! Wine, on Xvfb + jwm. The games are Simon Tatham's puzzles' own Windows front end, cross-built with
//! mingw from Debian's `sgt-puzzles` source package by `.ci/windows` (outside the repository), which
//! also builds `gamebot.exe` and the one function Wine 8 lacks (`.ci/wine/bcryptprimitives.c`) and
//! makes a Wine prefix. `GAMEBOT_WINE_DIR` names that folder (gamebot.exe, flood.exe, pegs.exe,
//! prefix/); without it these tests are ignored. Each game is calibrated blind from its live window
//! into a new profile (nothing known of it) and played to the win; the failsafe (Esc, the user's
//! mouse) and a closed window stop the Windows build as they stop the Linux one.
#![cfg(target_os = "linux")]

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::faults::{WatchedBot, wait_for_bot, xdotool};
use crate::common::{GIVE_UP, LiveGame, generate};

/// One Wine test at a time: they share the prefix, hence one wineserver, and a Windows program's
/// list of windows holds every window of that server, whatever X display it is on (another test's
/// game would be listed over this one's, as if it covered it).
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Holds the Wine tests' lock (a test that failed holding it does not block the others).
fn turn() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

const SKIP: &str = "needs GAMEBOT_WINE_DIR: gamebot.exe, the Windows sgt-puzzles and a Wine prefix (bash .ci/windows)";

/// The folder `.ci/windows` made.
fn wine_dir() -> PathBuf {
    PathBuf::from(std::env::var("GAMEBOT_WINE_DIR").unwrap_or_else(|_| panic!("{SKIP}")))
}

/// The environment every Wine program runs with: the prefix, no debug chatter, and the folder's
/// `bcryptprimitives.dll` before Wine's own.
fn wine_env() -> Vec<(&'static str, String)> {
    let dir = wine_dir();
    vec![
        ("WINEPREFIX", dir.join("prefix").display().to_string()),
        ("WINEDEBUG", "-all".into()),
        ("WINEDLLOVERRIDES", "bcryptprimitives=n,b".into()),
    ]
}

/// A Windows puzzle (`flood.exe`, `pegs.exe`) under Wine on a display of its own, with `args`.
fn windows_game(exe: &str, args: &[&str], title: &str) -> LiveGame {
    let path = wine_dir().join(exe).display().to_string();
    let words: Vec<&str> = std::iter::once(path.as_str()).chain(args.iter().copied()).collect();
    LiveGame::start_with_env("wine", "wine", &wine_env(), &words, title)
}

/// `gamebot.exe args...` under Wine on `display`, its folders for profiles and calibrations in
/// `dir` (as Wine names them: drive Z is the root).
fn gamebot_exe(display: &str, dir: &std::path::Path, args: &[&str]) -> Command {
    let z = |p: PathBuf| format!("Z:{}", p.display()).replace('/', "\\");
    let mut command = Command::new("wine");
    command
        .arg(wine_dir().join("gamebot.exe"))
        .arg("--config-dir")
        .arg(z(dir.join("config")))
        .arg("--calibration-dir")
        .arg(z(dir.join("calibration")))
        .args(args)
        .envs(wine_env())
        .env("DISPLAY", display);
    command
}

fn run(mut command: Command) -> Output {
    let out = command.output().expect("wine (apt-get install wine wine64)");
    println!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    out
}

/// Calibrates `game` blind from the live window titled `title` into a new profile `profile`, then
/// plays it; returns play's output.
fn calibrate_and_play(game: &LiveGame, name: &str, profile: &str, title: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("config")).unwrap();
    let args = ["calibrate", name, "--profile", profile, "--title", title];
    let learned = run(gamebot_exe(&game.display, dir.path(), &args));
    assert!(learned.status.success(), "gamebot.exe calibrate {name} failed");
    assert!(dir.path().join("config").join(format!("{profile}.toml")).exists(), "no profile was written");
    run(gamebot_exe(&game.display, dir.path(), &["play", name, "--profile", profile]))
}

#[test]
#[ignore = "needs GAMEBOT_WINE_DIR: gamebot.exe, the Windows sgt-puzzles and a Wine prefix (bash .ci/windows)"]
fn wins_the_windows_sgt_flood_from_a_blind_calibration() {
    let _turn = turn();
    let id = generate("sgt-flood", "12x12c6m2");
    let game = windows_game("flood.exe", &[&id], "Flood");
    let out = calibrate_and_play(&game, "flood", "wine-flood", "Flood");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "gamebot.exe play flood did not win");
    let won = stdout.lines().find(|l| l.starts_with("won:")).expect("a won: line");
    // The game ID gives the move limit; the bot's moves must be within it (the solver's plan, each
    // checked on the screen).
    let limit: usize = id.rsplit(',').next().unwrap().parse().unwrap();
    let used: usize = won.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(used <= limit, "{used} moves used, the game allows {limit}");
}

#[test]
#[ignore = "needs GAMEBOT_WINE_DIR: gamebot.exe, the Windows sgt-puzzles and a Wine prefix (bash .ci/windows)"]
fn wins_the_windows_sgt_pegs_from_a_blind_calibration() {
    let _turn = turn();
    let game = windows_game("pegs.exe", &["7x7cross"], "Pegs");
    let out = calibrate_and_play(&game, "pegs", "wine-pegs", "Pegs");
    assert!(out.status.success(), "gamebot.exe play pegs did not win");
    assert!(String::from_utf8_lossy(&out.stdout).lines().any(|l| l.starts_with("won:")));
}

/// The Windows build playing the Windows sgt-flood slowly (`pause_ms` a move, with the built-in
/// sgt-flood profile, which reads the Windows front end too), its first move made on return.
fn slow_session(pause_ms: u64) -> (LiveGame, WatchedBot, tempfile::TempDir) {
    let id = generate("sgt-flood", "20x20c6m0");
    let game = windows_game("flood.exe", &[&id], "Flood");
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("config")).unwrap();
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config/sgt-flood.toml"))
        .unwrap()
        .replace("after_action_ms = 0", &format!("after_action_ms = {pause_ms}"));
    std::fs::write(dir.path().join("config/slow-flood.toml"), text).unwrap();
    let mut command = gamebot_exe(&game.display, dir.path(), &["play", "flood", "--profile", "slow-flood"]);
    let mut bot = WatchedBot::new(command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap());
    bot.wait_for_moves(1);
    (game, bot, dir)
}

#[test]
#[ignore = "needs GAMEBOT_WINE_DIR: gamebot.exe, the Windows sgt-puzzles and a Wine prefix (bash .ci/windows)"]
fn esc_stops_the_windows_build() {
    let _turn = turn();
    let (game, bot, _dir) = slow_session(600);
    let pressed = Instant::now();
    xdotool(&game.display, &["keydown", "Escape"]);
    std::thread::sleep(Duration::from_millis(200));
    xdotool(&game.display, &["keyup", "Escape"]);
    let (success, out, err, _) = bot.finish(GIVE_UP);
    println!("{out}{err}stopped {} ms after the press", pressed.elapsed().as_millis());
    assert!(!success, "the bot must stop unsuccessfully");
    assert!(err.contains("stopped: Esc was pressed"), "{err}");
    assert!(out.lines().any(|l| l.starts_with("move ")), "it played before the press");
}

#[test]
#[ignore = "needs GAMEBOT_WINE_DIR: gamebot.exe, the Windows sgt-puzzles and a Wine prefix (bash .ci/windows)"]
fn the_users_mouse_stops_the_windows_build() {
    let _turn = turn();
    let (game, bot, _dir) = slow_session(600);
    xdotool(&game.display, &["mousemove", "1000", "900"]);
    let (success, out, err, _) = bot.finish(GIVE_UP);
    println!("{out}{err}");
    assert!(!success, "the bot must stop unsuccessfully");
    assert!(err.contains("mouse"), "{err}");
}

#[test]
#[ignore = "needs GAMEBOT_WINE_DIR: gamebot.exe, the Windows sgt-puzzles and a Wine prefix (bash .ci/windows)"]
fn a_closed_window_stops_the_windows_build() {
    let _turn = turn();
    let (game, bot, _dir) = slow_session(600);
    let window = xdotool(&game.display, &["search", "--name", "^Flood$"]).lines().next().unwrap().to_string();
    // The program's X connection closed, as when it quits or crashes: Wine ends it.
    xdotool(&game.display, &["windowkill", &window]);
    let (success, out, err, _) = bot.finish(GIVE_UP);
    println!("{out}{err}");
    assert!(!success, "the bot must stop unsuccessfully");
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains("window is gone") || err.contains("minimised"), "not a clean stop: {err}");
}

/// Sets WineMine's options in the prefix's registry (`HKCU\Software\Microsoft\WinMine`, read when
/// it starts): Beginner (9x9, 10 mines), no question marks, the window at the top left, and no
/// best time yet, so that a win brings up its "Congratulations!" dialog (the program's own word
/// that the game was won).
fn winemine_beginner() {
    let key = r"HKCU\Software\Microsoft\WinMine";
    let set = [("Height", 9), ("Width", 9), ("Mines", 10), ("Difficulty", 0), ("Mark", 0), ("Xpos", 40), ("Ypos", 40)];
    for (name, value) in set {
        let value = value.to_string();
        let args = ["reg", "add", key, "/v", name, "/t", "REG_DWORD", "/d", &value, "/f"];
        let out = Command::new("wine").args(args).envs(wine_env()).env_remove("DISPLAY").output().expect("wine");
        assert!(out.status.success(), "wine reg add {name}");
    }
    for name in ["Time1", "Time2", "Time3"] {
        // Absent already on a fresh prefix: the answer does not matter.
        let _ = Command::new("wine").args(["reg", "delete", key, "/v", name, "/f"]).envs(wine_env()).output();
    }
    // Until that server (started with no display) is gone: WineMine must start with its own.
    let _ = Command::new("wineserver").arg("-w").envs(wine_env()).status();
}

/// True when WineMine shows its "Congratulations!" dialog, which it opens only on a win.
fn winemine_says_won(display: &str) -> bool {
    let found = Command::new("xdotool")
        .args(["search", "--name", "^Congratulations!$"])
        .env("DISPLAY", display)
        .output()
        .expect("xdotool");
    found.status.success() && !found.stdout.is_empty()
}

/// A new game, as a user starts one: F2 in WineMine's window.
fn new_winemine_game(display: &str) {
    let window = xdotool(display, &["search", "--name", "^WineMine$"]).lines().next().unwrap().to_string();
    xdotool(display, &["windowactivate", "--sync", &window]);
    xdotool(display, &["key", "F2"]);
    std::thread::sleep(Duration::from_millis(1000));
}

#[test]
#[ignore = "needs GAMEBOT_WINE_DIR: gamebot.exe, the Windows sgt-puzzles and a Wine prefix (bash .ci/windows)"]
fn wins_winemine_from_a_blind_calibration() {
    use gamebot::games::mines::board::Board;
    let _turn = turn();
    winemine_beginner();
    let mut game = LiveGame::start_with_env("wine", "wine", &wine_env(), &["winemine"], "WineMine");
    std::thread::sleep(Duration::from_millis(1500));
    // A game in progress to learn from, as a user would show one: the first cell opened, with an
    // opened area (a 0) beside numbers; a first click that shows a number alone is followed by a
    // new game. Where to click comes from the untouched board (every cell covered: known).
    let frame = game.capture();
    let untouched = Board::covered(9, 9, Some(10), Default::default());
    let aim = gamebot::games::mines::learn::learn(&frame, Some(&untouched)).expect("the untouched board");
    let corner = aim.grid.cell_rect(0, 0).centre().offset(frame.origin);
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("config")).unwrap();
    let mut tries = 0;
    loop {
        tries += 1;
        assert!(tries <= 10, "no first click opened an area in 10 new games");
        xdotool(&game.display, &["mousemove", &corner.x.to_string(), &corner.y.to_string(), "click", "1"]);
        xdotool(&game.display, &["mousemove", "1200", "1000"]);
        std::thread::sleep(Duration::from_millis(1000));
        let args = ["calibrate", "mines", "--profile", "wine-mines", "--title", "WineMine", "--learn", "--force"];
        let learned = run(gamebot_exe(&game.display, dir.path(), &args));
        assert!(learned.status.success(), "gamebot.exe calibrate mines failed");
        let reading = String::from_utf8_lossy(&learned.stdout).into_owned();
        let rows = reading.lines().skip_while(|l| !l.starts_with("PROPOSED")).skip(1).take(9);
        if rows.into_iter().any(|row| row.contains('.')) {
            break;
        }
        new_winemine_game(&game.display);
    }

    let mut outcomes = Vec::new();
    for _ in 0..5 {
        let started = Instant::now();
        let mut command =
            gamebot_exe(&game.display, dir.path(), &["play", "mines", "--profile", "wine-mines", "--mines", "10"]);
        let mut bot = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        let (_, out, err, _) = wait_for_bot(&mut bot, GIVE_UP);
        println!("{out}{err}game over after {} ms", started.elapsed().as_millis());
        let moves = out.lines().filter(|l| l.starts_with("move ")).count();
        std::thread::sleep(Duration::from_millis(1000));
        if winemine_says_won(&game.display) {
            // The bot's own verdict agrees with the program's.
            assert!(out.lines().any(|l| l.starts_with("won:")), "WineMine says won, the bot did not:\n{out}{err}");
            outcomes.push(format!("won in {moves} moves"));
            break;
        }
        // Not won: it must have ended lost (a mine shown), never stuck or unreadable.
        assert!(out.lines().any(|l| l.starts_with("lost:")), "neither won nor lost:\n{out}{err}");
        outcomes.push(format!("lost after {moves} moves"));
        new_winemine_game(&game.display);
        let _ = game.capture();
    }
    println!("games: {}", outcomes.join(", "));
    assert!(outcomes.last().is_some_and(|o| o.starts_with("won")), "no win in 5 games: {outcomes:?}");
}
