//! Fixture capture of Wine's own Minesweeper, WineMine (`wine winemine`, Debian `wine`), a module
//! of this game's `capture_tests.rs`. WineMine has no game IDs and saves no game; once the first
//! cell is clicked it seeds the C runtime's `rand()` with `time(NULL)` and places its mines by it.
//! So the program runs under libfaketime (Debian `faketime`) with the clock held still at a time
//! of each shot's own: the seed is that time, the C runtime's generator (`msvcrt_rand`, the
//! Microsoft one Wine's msvcrt keeps) gives the draws, and WineMine's placement rule (`winemine_layout`:
//! a column then a row per try, each `rand() % n`, kept unless it is the first cell or a mine
//! already) gives the layout the program holds. The board is that layout with the same clicks
//! applied by the rules; on a loss every mine not flagged is shown. Nothing is read back from the
//! picture for the truth: the cells are aimed at by a profile learned from the untouched board (all
//! of it covered, which is known), and as a guard each capture must calibrate with its truth as the
//! known board. Each shot's options (size, mines) go into a fresh Wine prefix's registry
//! (`HKCU\Software\Microsoft\WinMine`) before the program starts. Needs xvfb, jwm, xdotool, wine
//! and faketime. Run with `cargo test --release --test capture -- --ignored captures_winemine`.

use std::path::Path;
use std::process::Command;

use crate::common::capture::{Captured, Desk, conclude, package_version, pause, project, selected, write_png};

use super::{Manner, Step, click, kept, play};
use gamebot::games::mines::board::Board;
use gamebot::games::mines::learn::learn;
use gamebot::games::mines::sim::{Game, Layout, Status};

/// One fixture: rows, columns and mines (WineMine's Beginner 9x9/10, Intermediate 16x16/40,
/// Expert 16x30/99), the frozen clock (seconds since 1970, UTC: the seed), the first click (None:
/// an untouched board) and the steps after it.
struct Shot {
    name: &'static str,
    size: (usize, usize, usize),
    clock: u32,
    first: Option<(usize, usize)>,
    steps: &'static [Step],
}

/// 2026-01-01 00:00:00 UTC; each shot's clock is a few seconds on.
const NEW_YEAR: u32 = 1_767_225_600;

const SHOTS: &[Shot] = &[
    Shot { name: "winemine-9x9n10-01-untouched", size: (9, 9, 10), clock: NEW_YEAR, first: None, steps: &[] },
    Shot { name: "winemine-9x9n10-02-start", size: (9, 9, 10), clock: NEW_YEAR + 2, first: Some((4, 4)), steps: &[] },
    Shot {
        name: "winemine-9x9n10-03-mid-flags",
        size: (9, 9, 10),
        clock: NEW_YEAR + 3,
        first: Some((0, 0)),
        steps: &[Step::Certain(2), Step::Flag(2)],
    },
    Shot {
        name: "winemine-9x9n10-04-lost",
        size: (9, 9, 10),
        clock: NEW_YEAR + 4,
        first: Some((8, 8)),
        steps: &[Step::Certain(1), Step::Flag(1), Step::Lose],
    },
    Shot {
        name: "winemine-16x16n40-01-mid-flags",
        size: (16, 16, 40),
        clock: NEW_YEAR + 5,
        first: Some((8, 8)),
        steps: &[Step::Certain(3), Step::Flag(3)],
    },
    Shot {
        name: "winemine-16x30n99-01-mid-flags",
        size: (16, 30, 99),
        clock: NEW_YEAR + 6,
        first: Some((8, 15)),
        steps: &[Step::Certain(3), Step::Flag(3)],
    },
];

/// The C runtime's `rand()` as Wine's msvcrt computes it, from `srand(seed)`: the state times
/// 214013 plus 2531011, and bits 16 to 30 of it.
pub fn msvcrt_rand(seed: u32) -> impl Iterator<Item = u32> {
    let mut state = seed;
    std::iter::from_fn(move || {
        state = state.wrapping_mul(214_013).wrapping_add(2_531_011);
        Some((state >> 16) & 0x7fff)
    })
}

/// The layout WineMine places from `draws` (Wine 8's `PlaceMines`): per try a column then a row,
/// each a draw modulo the board's columns or rows; a try on the first cell or on a mine is skipped.
pub fn winemine_layout(
    rows: usize,
    cols: usize,
    mines: usize,
    first: (usize, usize),
    mut draws: impl Iterator<Item = u32>,
) -> Layout {
    let mut mine = vec![false; rows * cols];
    let mut placed = 0;
    while placed < mines {
        let c = draws.next().expect("draws") as usize % cols;
        let r = draws.next().expect("draws") as usize % rows;
        if (r, c) == first || mine[r * cols + c] {
            continue;
        }
        mine[r * cols + c] = true;
        placed += 1;
    }
    Layout { rows, cols, mine }
}

/// WineMine: a loss shows every mine not flagged; the steps take no guess.
const WINEMINE: Manner = Manner { pause_ms: 150, guesses: false, loss_shows_mines: true };

/// The environment WineMine runs with: the prefix, the clock held at `clock`, no debug chatter.
fn environment(prefix: &Path, clock: u32) -> Vec<(&'static str, String)> {
    let library = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
    assert!(Path::new(library).exists(), "{library} (apt-get install faketime)");
    let at = chrono_utc(clock);
    vec![
        ("WINEPREFIX", prefix.display().to_string()),
        ("WINEDEBUG", "-all".into()),
        ("TZ", "UTC".into()),
        ("LD_PRELOAD", library.into()),
        ("FAKETIME", at),
        // Only the wall clock stands still: Wine's waits and timers run on the monotonic one.
        ("FAKETIME_DONT_FAKE_MONOTONIC", "1".into()),
    ]
}

/// `clock` as libfaketime's absolute (frozen) time, "YYYY-MM-DD hh:mm:ss" in UTC.
fn chrono_utc(clock: u32) -> String {
    let (days, secs) = (clock / 86_400, clock % 86_400);
    // Days since 1970-01-01 to a civil date (the proleptic Gregorian calendar).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}", secs / 3600, secs % 3600 / 60, secs % 60)
}

/// Runs `wine args...` (or `wineserver` for `server`) with `env` and waits for it.
fn wine(env: &[(&str, String)], program: &str, args: &[&str]) {
    let status = Command::new(program)
        .args(args)
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .status()
        .unwrap_or_else(|e| panic!("{program}: {e} (apt-get install wine wine64)"));
    assert!(status.success(), "{program} {args:?} failed");
}

/// Sets WineMine's options for `shot` in the prefix's registry: its size and mines, the window
/// at the top left.
fn options(env: &[(&str, String)], shot: &Shot) {
    let (rows, cols, mines) = shot.size;
    let difficulty = match shot.size {
        (9, 9, 10) => 0,
        (16, 16, 40) => 1,
        (16, 30, 99) => 2,
        _ => 3,
    };
    let key = r"HKCU\Software\Microsoft\WinMine";
    for (name, value) in
        [("Height", rows), ("Width", cols), ("Mines", mines), ("Difficulty", difficulty), ("Xpos", 40), ("Ypos", 40)]
    {
        let value = value.to_string();
        wine(env, "wine", &["reg", "add", key, "/v", name, "/t", "REG_DWORD", "/d", &value, "/f"]);
    }
    // Until the server that ran `reg` (with no display) is gone: a program started while it runs
    // would be its client, with no display either.
    wine(env, "wineserver", &["-w"]);
}

fn capture(desk: &Desk, shot: &Shot, version: &str, prefix: &Path) -> Captured {
    let (rows, cols, mines) = shot.size;
    let env = environment(prefix, shot.clock);
    options(&env, shot);
    let pairs: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut game = desk.open("wine", "wine", &pairs, &["winemine"], "WineMine");
    pause(1500);
    game.park_pointer();
    let frame = game.settled();
    // Where to click: the untouched board, every cell of it covered (known), as calibration finds it.
    let untouched = Board::covered(rows, cols, Some(mines as u32), Default::default());
    let aim = learn(&frame, Some(&untouched)).unwrap_or_else(|e| panic!("{}: the untouched board: {e}", shot.name));
    let grid = aim.grid;
    let (board, layout, what) = match shot.first {
        None => (untouched, None, "a new game before any click".to_string()),
        Some((r, c)) => {
            click(&game, &frame, &grid, r * cols + c, "1", &WINEMINE);
            let layout = winemine_layout(rows, cols, mines, (r, c), msvcrt_rand(shot.clock));
            let mut sim = Game::new(layout, Default::default());
            sim.open(r * cols + c);
            let done = play(&game, &frame, &grid, &mut sim, shot.steps, &WINEMINE);
            assert_eq!(sim.status == Status::Lost, shot.steps.iter().any(|s| matches!(s, Step::Lose)), "{}", shot.name);
            let then = if done.is_empty() { "nothing".to_string() } else { done.join(", ") };
            (
                sim.board,
                Some(sim.layout),
                format!(
                    "a new game with the clock held at {} UTC (the seed {}), first click row {r} col {c}, then {then}",
                    chrono_utc(shot.clock),
                    shot.clock
                ),
            )
        }
    };
    game.park_pointer();
    pause(800);
    let last = game.settled();
    drop(game);
    wine(&env, "wineserver", &["-k"]);
    wine(&env, "wineserver", &["-w"]);
    let check = learn(&last, Some(&board)).unwrap_or_else(|e| {
        let kept = project().join(format!("target/capture/{}.png", shot.name));
        std::fs::create_dir_all(kept.parent().expect("a folder")).expect("target/capture");
        write_png(&kept, &last.image, true);
        panic!("{}: the capture is not its truth ({}): {e}", shot.name, kept.display())
    });
    assert_eq!(check.board.to_rows(), board.to_rows(), "{}", shot.name);
    println!("{:<36} {}x{} capture {}x{}", shot.name, board.cols, board.rows, last.width(), last.height());
    let source = format!(
        "WineMine (wine {version}, Debian), {rows}x{cols} with {mines} mines, {what}; window {}x{}; under \
         Xvfb+jwm and libfaketime, clicks by xdotool, captured by src/games/mines/capture_winemine_tests.rs; \
         the layout is the program's own rand() from its time seed placed by its rule, with the clicks applied \
         by the rules",
        last.width(),
        last.height()
    );
    kept("winemine", shot.name, &source, &board, layout.as_ref(), last.image)
}

#[test]
#[ignore = "captures from the real program under Xvfb and Wine: cargo test --release --test capture -- --ignored"]
fn captures_winemine_fixtures() {
    let (shots, _) = selected(SHOTS, |s| s.name);
    let version = package_version("wine");
    let home = tempfile::tempdir().expect("a folder for the Wine prefix");
    let prefix = home.path().join("prefix");
    let env = [("WINEPREFIX", prefix.display().to_string()), ("WINEDEBUG", "-all".to_string())];
    wine(&env, "wineboot", &["-i"]);
    wine(&env, "wineserver", &["-w"]);
    // No update of the prefix at each start (under a clock held before the prefix was made, Wine
    // would take it for out of date and update it, slower than a window is waited for).
    std::fs::write(prefix.join(".update-timestamp"), "disable\n").expect("the prefix's update stamp");
    let desk = Desk::start();
    // Each shot stops its prefix's server when done.
    let captured: Vec<Captured> = shots.iter().map(|shot| capture(&desk, shot, &version, &prefix)).collect();
    conclude("mines/winemine", &captured);
}

#[test]
fn msvcrt_rand_is_the_c_runtimes_sequence() {
    // The first draws after srand(1767225600), as a program built with mingw printed them under
    // Wine 8's msvcrt (time(NULL) under libfaketime at 2026-01-01 00:00:00 UTC).
    let draws: Vec<u32> = msvcrt_rand(1_767_225_600).take(6).collect();
    assert_eq!(draws, [13385, 16723, 31415, 28276, 12076, 26153]);
    assert_eq!(chrono_utc(1_767_225_600), "2026-01-01 00:00:00");
    assert_eq!(chrono_utc(951_782_400), "2000-02-29 00:00:00");
}

#[test]
fn winemine_layout_follows_the_programs_rule() {
    // 3x3 with two mines, first click in the corner: draws are column then row, modulo the size;
    // (0,0) (the first cell) is skipped, (1,1) holds, (1,1) again is skipped, then (2,0) holds
    // (column 0, row 2).
    let layout = winemine_layout(3, 3, 2, (0, 0), [3, 6, 4, 1, 1, 4, 3, 2].into_iter());
    assert_eq!(layout.mine, vec![false, false, false, false, true, false, true, false, false]);
}
