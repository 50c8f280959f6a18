//! Fixture capture of GNOME's gnome-mines (Debian `gnome-mines`), a module of this game's
//! `capture_tests.rs`. gnome-mines has no game IDs and saves no game; it places its mines with
//! GLib's `g_random_int_range` once the first cell is clicked. So the program runs with a preload
//! (`gnome_seeded_random.c`, compiled here with `cc`) that answers the program's own calls from a
//! seeded sequence and logs each answer: the same seed gives the same draws, and the logged draws,
//! put through gnome-mines' own placement rule (`gnome_layout`: a column and a row per try, kept
//! unless it is the first cell, a neighbour of it or a mine already), give the layout the program
//! holds. The board is that layout with the same clicks applied by the rules; on a loss every mine
//! not flagged is shown (as the program draws them). Nothing is read back from the picture for the
//! truth: the board's cells are aimed at by a profile learned from the untouched board (all of it
//! covered, which is known), and as a guard each capture must calibrate with its truth as the known
//! board (`learn::learn`, which reads it back). Needs xvfb, jwm, xdotool, cc and gnome-mines. Run
//! with `cargo test --release --test capture -- --ignored captures_gnome_mines`.

use crate::common::capture::{Captured, Desk, conclude, package_version, pause, project, selected, write_png};

use super::{Manner, Step, click, kept, play};
use gamebot::games::mines::board::Board;
use gamebot::games::mines::learn::learn;
use gamebot::games::mines::sim::{Game, Layout, Status};

/// One fixture: the size option (`--small` 8x8 with 10 mines, `--medium` 16x16 with 40, `--big`
/// 30x16 with 99), the seed of the preload, the window size (None: the program's own), the first
/// click (None: an untouched board) and the steps after it.
struct Shot {
    name: &'static str,
    size: &'static str,
    seed: u64,
    resize: Option<(u32, u32)>,
    first: Option<(usize, usize)>,
    steps: &'static [Step],
}

const SHOTS: &[Shot] = &[
    Shot { name: "gnome-8x8n10-01-default-untouched", size: "--small", seed: 1, resize: None, first: None, steps: &[] },
    Shot {
        name: "gnome-8x8n10-02-default-start",
        size: "--small",
        seed: 2,
        resize: None,
        first: Some((3, 3)),
        steps: &[],
    },
    Shot {
        name: "gnome-8x8n10-03-default-lost",
        size: "--small",
        seed: 3,
        resize: None,
        first: Some((4, 4)),
        steps: &[Step::Certain(1), Step::Flag(1), Step::Lose],
    },
];

/// Rows, columns and mines of a size option.
fn dimensions(size: &str) -> (usize, usize, usize) {
    match size {
        "--small" => (8, 8, 10),
        "--medium" => (16, 16, 40),
        "--big" => (16, 30, 99),
        other => panic!("no gnome-mines size {other}"),
    }
}

/// The layout gnome-mines places from its draws (`minefield.vala`, `place_mines`): per try a column
/// then a row; a try on the first cell, on one of its neighbours or on a mine is skipped. Every
/// draw must be used: the log holds the draws of this placement and nothing else.
pub fn gnome_layout(rows: usize, cols: usize, mines: usize, first: (usize, usize), draws: &[i64]) -> Layout {
    let mut mine = vec![false; rows * cols];
    let (mut placed, mut used) = (0, 0);
    while placed < mines {
        let (x, y) = (draws[used] as usize, draws[used + 1] as usize);
        used += 2;
        let near_first = x.abs_diff(first.1) <= 1 && y.abs_diff(first.0) <= 1;
        if near_first || mine[y * cols + x] {
            continue;
        }
        mine[y * cols + x] = true;
        placed += 1;
    }
    assert_eq!(used, draws.len(), "the log holds more draws than the placement used");
    Layout { rows, cols, mine }
}

/// The preload, compiled into `dir`.
pub fn preload(dir: &std::path::Path) -> std::path::PathBuf {
    let source = project().join("src/games/mines/gnome_seeded_random.c");
    let library = dir.join("gnome_seeded_random.so");
    let status = std::process::Command::new("cc")
        .args(["-shared", "-fPIC", "-O2", "-o"])
        .arg(&library)
        .arg(&source)
        .arg("-ldl")
        .status()
        .expect("cc (apt-get install gcc)");
    assert!(status.success(), "compiling {}", source.display());
    library
}

/// The draws logged in `log` ("begin end value" a line).
pub fn draws(log: &std::path::Path) -> Vec<i64> {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    text.lines().map(|l| l.split_whitespace().nth(2).expect("begin end value").parse().expect("a number")).collect()
}

/// gnome-mines: a slower redraw than sgt-mines, no guesses in the steps, and a loss shows every
/// mine not flagged.
const GNOME: Manner = Manner { pause_ms: 120, guesses: false, loss_shows_mines: true };

fn capture(desk: &Desk, shot: &Shot, version: &str, library: &std::path::Path) -> Captured {
    let (rows, cols, mines) = dimensions(shot.size);
    let logs = tempfile::tempdir().expect("a folder for the draws");
    let log = logs.path().join("draws.txt");
    let env = [
        ("LD_PRELOAD", library.display().to_string()),
        ("GAMEBOT_RANDOM_SEED", shot.seed.to_string()),
        ("GAMEBOT_RANDOM_LOG", log.display().to_string()),
        ("GSETTINGS_BACKEND", "memory".to_string()),
    ];
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut game = desk.open("gnome-mines", "gnome-mines", &env, &[shot.size], "Mines");
    pause(1500);
    game.park_pointer();
    let first = game.settled();
    let default = (first.width(), first.height());
    let (frame, how) = match shot.resize {
        None => (first, "the program's own size".to_string()),
        Some((w, h)) => (game.resize(w, h), format!("resized from the default {}x{}", default.0, default.1)),
    };
    // Where to click: the untouched board, every cell of it covered (known), as calibration finds it.
    let untouched = Board::covered(rows, cols, Some(mines as u32), Default::default());
    let aim = learn(&frame, Some(&untouched)).unwrap_or_else(|e| panic!("{}: the untouched board: {e}", shot.name));
    let grid = aim.grid;
    let (board, layout, what) = match shot.first {
        None => (untouched, None, format!("a new game ({}) before any click", shot.size)),
        Some((r, c)) => {
            click(&game, &frame, &grid, r * cols + c, "1", &GNOME);
            let layout = gnome_layout(rows, cols, mines, (r, c), &draws(&log));
            let mut sim = Game::new(layout, Default::default());
            sim.open(r * cols + c);
            let done = play(&game, &frame, &grid, &mut sim, shot.steps, &GNOME);
            assert_eq!(sim.status == Status::Lost, shot.steps.iter().any(|s| matches!(s, Step::Lose)), "{}", shot.name);
            let then = if done.is_empty() { "nothing".to_string() } else { done.join(", ") };
            (
                sim.board,
                Some(sim.layout),
                format!(
                    "a new game ({}) with the preload's seed {}, first click row {r} col {c}, then {then}",
                    shot.size, shot.seed
                ),
            )
        }
    };
    game.park_pointer();
    pause(800);
    let last = game.settled();
    assert_eq!(
        (last.width(), last.height()),
        (frame.width(), frame.height()),
        "{}: the window changed size",
        shot.name
    );
    let check = learn(&last, Some(&board)).unwrap_or_else(|e| {
        let kept = project().join(format!("target/capture/{}.png", shot.name));
        std::fs::create_dir_all(kept.parent().expect("a folder")).expect("target/capture");
        write_png(&kept, &last.image, true);
        panic!("{}: the capture is not its truth ({}): {e}", shot.name, kept.display())
    });
    assert_eq!(check.board.to_rows(), board.to_rows(), "{}", shot.name);
    println!("{:<40} {}x{} capture {}x{}", shot.name, board.cols, board.rows, last.width(), last.height());
    let source = format!(
        "gnome-mines {version} (Debian), {what}; window {}x{} ({how}); under Xvfb+jwm, clicks by xdotool, captured by \
         src/games/mines/capture_gnome_tests.rs; the layout is the program's own draws (logged by the preload \
         gnome_seeded_random.c) placed by its rule, with the clicks applied by the rules",
        last.width(),
        last.height()
    );
    kept("gnome-mines", shot.name, &source, &board, layout.as_ref(), last.image)
}

#[test]
#[ignore = "captures from the real program under Xvfb: cargo test --release --test capture -- --ignored"]
fn captures_gnome_mines_fixtures() {
    let (shots, _) = selected(SHOTS, |s| s.name);
    let version = package_version("gnome-mines");
    let build = tempfile::tempdir().expect("a folder for the preload");
    let library = preload(build.path());
    let desk = Desk::start();
    let captured: Vec<Captured> = shots.iter().map(|shot| capture(&desk, shot, &version, &library)).collect();
    conclude("mines/gnome-mines", &captured);
}

#[test]
fn gnome_layout_follows_the_programs_rule() {
    // 3x3 with one mine, first click in the corner: (0,0) itself and (1,1), its neighbour, are
    // skipped, then (2,2) holds; the draws are column then row.
    let layout = gnome_layout(3, 3, 1, (0, 0), &[0, 0, 1, 1, 2, 2]);
    assert_eq!(layout.mine, vec![false, false, false, false, false, false, false, false, true]);
}
