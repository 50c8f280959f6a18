//! Fixture capture for this game (compiled into the `capture` test binary, not the library:
//! `tests/capture/main.rs` includes every `src/games/<game>/capture_tests.rs`). Ignored tests that
//! open real sgt-mines boards under Xvfb, play them to a state (the start, a few certain moves with
//! flags, a loss, a win) by clicking as a user would, capture the window and write the case: the
//! board is the game ID's layout with the same clicks applied by the rules, the `[answer] layout`
//! the ID's mines; nothing is read back from the picture for the truth. As a guard against a missed
//! click or a half-drawn frame, the reader must see exactly that board. Also the lists of game IDs
//! the simulation plays (`sgt-ids-<preset>.txt`, from `sgt-mines --generate`). Everything is written
//! to a temporary folder, or into `fixtures/mines/` with `REGENERATE=1`. Needs xvfb, jwm, xdotool
//! and sgt-puzzles. Run with `cargo test --release --test capture -- --ignored game_mines`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::common;

use gamebot::budget::Budget;
use gamebot::games::mines::board::{Board, Cell};
use gamebot::games::mines::case::board_toml;
use gamebot::games::mines::config::MinesConfig;
use gamebot::games::mines::read;
use gamebot::games::mines::sgt_id;
use gamebot::games::mines::sim::{Game, Status};
use gamebot::games::mines::solve::{Decision, decide};
use gamebot::profile::Profile;

/// What is done to a board before its capture.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// The solver's next `n` moves (certain cells; the boards need no guess), clicked.
    Certain(usize),
    /// `n` covered mines next to opened cells, flagged with a right click.
    Flag(usize),
    /// The first covered mine, clicked.
    Lose,
    /// Every move to the end, clicked.
    Win,
}

/// One fixture: its name, the game ID (None: a new game of `params`, untouched), the window size
/// (None: the game's own) and the steps.
struct Shot {
    name: &'static str,
    params: &'static str,
    id: Option<&'static str>,
    resize: Option<(u32, u32)>,
    steps: &'static [Step],
}

const SHOTS: &[Shot] = &[
    Shot { name: "sgt-9x9n10-01-default-untouched", params: "9x9n10", id: None, resize: None, steps: &[] },
    Shot {
        name: "sgt-9x9n10-02-default-start",
        params: "9x9n10",
        id: Some("9x9:7,1,mb14f370eb8b3662d816b8"),
        resize: None,
        steps: &[],
    },
    Shot {
        name: "sgt-9x9n10-03-default-won",
        params: "9x9n10",
        id: Some("9x9:4,7,m815dff31b6cce4b8d8ed0"),
        resize: None,
        steps: &[Step::Flag(2), Step::Win],
    },
    Shot {
        name: "sgt-16x16n40-01-700x760-mid-flags",
        params: "16x16n40",
        id: Some("16x16:13,9,m7e69576b551353ea2b8e8f35aaa746ec960c713651e972443dbcdd78ba02f2f9"),
        resize: Some((700, 760)),
        steps: &[Step::Certain(3), Step::Flag(4)],
    },
    Shot {
        name: "sgt-16x16n40-02-default-lost",
        params: "16x16n40",
        id: Some("16x16:14,12,m20a9a3513aa72586cfca9cdc6c60f0aa7aa5f7c6530cd32ab6642876decda3e7"),
        resize: None,
        steps: &[Step::Certain(2), Step::Lose],
    },
    Shot {
        name: "sgt-30x16n99-01-default-mid-flags",
        params: "30x16n99",
        id: Some(
            "30x16:24,3,m8a0a0bcb5debabb41a1315fc592d9dee4377650aba675e029d0dd145f28a5cf5bde083c078478646a0779b79f1bb596e573ff92706d9f1870ba06c35",
        ),
        resize: None,
        steps: &[Step::Certain(4), Step::Flag(6)],
    },
    Shot {
        name: "sgt-30x16n99-02-1000x600-lost",
        params: "30x16n99",
        id: Some(
            "30x16:4,15,m1c3c19dd356bdffa8a4c0c27059c9c04f6c8b42ad9d17ec0123a4192416383cea813d76f6a4f852d1b597c4d1f19c8cb5dcdf6a245c88b84abee9f2f",
        ),
        resize: Some((1000, 600)),
        steps: &[Step::Certain(3), Step::Flag(2), Step::Lose],
    },
    Shot {
        name: "sgt-12x8n15-01-300x250-start",
        params: "12x8n15",
        id: Some("12x8:0,7,mb580cc8c16d1091bb8f3b7ea"),
        resize: Some((300, 250)),
        steps: &[],
    },
    Shot {
        name: "sgt-9x9n35-01-default-mid",
        params: "9x9n35",
        id: Some("9x9:1,1,mf9700de0ee335c1966600"),
        resize: None,
        steps: &[Step::Certain(2)],
    },
];

/// Where the files go: `fixtures/mines/` with `REGENERATE=1`, else a temporary folder.
fn out_dir(temp: &tempfile::TempDir) -> (PathBuf, bool) {
    if std::env::var_os("REGENERATE").is_some() {
        (Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mines"), true)
    } else {
        (temp.path().to_path_buf(), false)
    }
}

fn version() -> String {
    let out = std::process::Command::new("dpkg-query").args(["-W", "-f", "${Version}", "sgt-puzzles"]).output();
    out.ok().map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default()
}

/// Clicks cell `i` with `button` (1 left, 3 right) on the screen.
fn click(
    game: &common::LiveGame,
    grid: &gamebot::vision::grid::Grid,
    origin: gamebot::frame::Point,
    cols: usize,
    i: usize,
    button: &str,
) {
    let p = grid.cell_rect(i / cols, i % cols).centre().offset(origin);
    common::faults::xdotool(&game.display, &["mousemove", &p.x.to_string(), &p.y.to_string(), "click", button]);
    std::thread::sleep(Duration::from_millis(60));
}

fn capture_one(shot: &Shot, config: &MinesConfig, out: &Path, overwrite: bool) {
    let id = shot.id.map(|id| sgt_id::parse(id).unwrap_or_else(|e| panic!("{}: {e}", shot.name)));
    let arg = shot.id.unwrap_or(shot.params);
    let mut game = common::LiveGame::start("sgt-mines", &[arg], "Mines", shot.resize);
    let before = game.capture();
    let grid = read::locate(&before, config).unwrap_or_else(|e| panic!("{}: {e}", shot.name));
    let mut truth = match &id {
        Some(id) => {
            let mut sim = Game::new(id.layout.clone(), Default::default());
            let (r, c) = id.start.expect("generated IDs open a cell");
            sim.open(r * id.layout.cols + c);
            Some(sim)
        }
        None => None,
    };
    let mut done = Vec::new();
    if let Some(sim) = truth.as_mut() {
        let cols = sim.layout.cols;
        for &step in shot.steps {
            done.push(format!("{step:?}"));
            match step {
                Step::Certain(_) | Step::Win => {
                    let moves = if let Step::Certain(n) = step { n } else { usize::MAX };
                    for _ in 0..moves {
                        if sim.status != Status::Playing {
                            break;
                        }
                        let cells = match decide(&sim.board, Budget::nodes(2_000_000)).expect("a decision") {
                            Decision::Open(cells) => cells,
                            Decision::Guess { cell, .. } => vec![cell],
                            Decision::Done => break,
                        };
                        for i in cells {
                            if sim.board.cells[i] != Cell::Covered {
                                continue;
                            }
                            click(&game, &grid, before.origin, cols, i, "1");
                            sim.open(i);
                        }
                    }
                }
                Step::Flag(n) => {
                    let candidates: Vec<usize> = (0..sim.board.cells.len())
                        .filter(|&i| sim.layout.mine[i] && sim.board.cells[i] == Cell::Covered)
                        .filter(|&i| sim.board.neighbours(i).any(|j| matches!(sim.board.cells[j], Cell::Open(_))))
                        .take(n)
                        .collect();
                    for i in candidates {
                        click(&game, &grid, before.origin, cols, i, "3");
                        sim.board.cells[i] = Cell::Flagged;
                    }
                }
                Step::Lose => {
                    let i = (0..sim.board.cells.len())
                        .find(|&i| sim.layout.mine[i] && sim.board.cells[i] == Cell::Covered)
                        .expect("a covered mine");
                    click(&game, &grid, before.origin, cols, i, "1");
                    sim.open(i);
                }
            }
        }
    }
    // Past the game's flash (3 frames of 130 ms at a loss).
    std::thread::sleep(Duration::from_millis(800));
    let frame = game.capture();
    let (width, height) = (frame.width(), frame.height());
    let (board, layout) = match &truth {
        Some(sim) => (sim.board.clone(), Some(&sim.layout)),
        None => {
            let (size, mines) = shot.params.split_once('n').expect("<w>x<h>n<mines>");
            let (w, h) = size.split_once('x').expect("<w>x<h>");
            let (cols, rows): (usize, usize) = (w.parse().unwrap(), h.parse().unwrap());
            (Board::covered(rows, cols, Some(mines.parse().unwrap()), Default::default()), None)
        }
    };
    let seen = read::read(&frame, &grid, config).unwrap_or_else(|e| panic!("{}: {e}", shot.name));
    assert_eq!(seen.to_rows(), board.to_rows(), "{}: the capture shows the board the game ID gives", shot.name);
    if let Some(sim) = &truth {
        assert_eq!(sim.status == Status::Lost, board.is_lost(), "{}", shot.name);
        assert_eq!(sim.status == Status::Won, board.is_won(), "{}", shot.name);
    }
    let window = match shot.resize {
        Some((w, h)) => format!("window {width}x{height} (resized to {w}x{h})"),
        None => format!("window {width}x{height} (the game's own size)"),
    };
    let what = match shot.id {
        Some(id) => format!(
            "game id {id} (it opens its start cell), then {}",
            if done.is_empty() { "nothing".into() } else { done.join(", ") }
        ),
        None => format!("a new game of {} before any click", shot.params),
    };
    let mut text = format!(
        "game = \"mines\"\nsource = \"sgt-mines {} (Debian sgt-puzzles), {what}; {window}; under Xvfb+jwm, clicks by xdotool, captured by gamebot's window capture; truth from the game id and the clicks by the rules\"\nprofile = \"sgt-mines\"\n\n[board]\n{}\n",
        version(),
        board_toml(&board)
    );
    if let Some(layout) = layout {
        let rows: Vec<String> = layout
            .mine
            .chunks(layout.cols)
            .map(|row| row.iter().map(|&m| if m { '*' } else { '.' }).collect())
            .collect();
        text.push_str(&format!("\n[answer]\n{}\n", gamebot::case::rows_toml(&rows).replacen("rows", "layout", 1)));
    }
    gamebot::files::save_png(&frame.image, &out.join(format!("{}.png", shot.name)), overwrite).unwrap();
    gamebot::files::write_atomic(&out.join(format!("{}.toml", shot.name)), text.as_bytes(), overwrite).unwrap();
}

#[test]
#[ignore = "captures fixtures from the real sgt-mines (REGENERATE=1 writes fixtures/mines/)"]
fn captures_sgt_mines_boards_in_several_sizes_and_states() {
    let config = MinesConfig::from_profile(&Profile::load("sgt-mines", Path::new("config")).unwrap()).unwrap();
    let temp = tempfile::tempdir().unwrap();
    let (out, overwrite) = out_dir(&temp);
    for shot in SHOTS {
        capture_one(shot, &config, &out, overwrite);
    }
}

#[test]
#[ignore = "writes the lists of sgt-mines game IDs the simulation plays (REGENERATE=1 into fixtures/mines/)"]
fn lists_sgt_mines_game_ids_with_unique_solutions() {
    let program = gamebot::xsession::find_program("sgt-mines", "sgt-puzzles").expect("sgt-mines");
    let temp = tempfile::tempdir().unwrap();
    let (out, overwrite) = out_dir(&temp);
    for (preset, params, mines) in
        [("beginner", "9x9n10", 10), ("intermediate", "16x16n40", 40), ("expert", "30x16n99", 99)]
    {
        let listed = std::process::Command::new(&program).args(["--generate", "1000", params]).output().unwrap();
        let text = String::from_utf8(listed.stdout).unwrap();
        let ids: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(ids.len(), 1000, "{params}");
        for id in &ids {
            let parsed = sgt_id::parse(id).unwrap();
            assert_eq!(parsed.layout.mines(), mines, "{id}");
        }
        gamebot::files::write_atomic(&out.join(format!("sgt-ids-{preset}.txt")), text.as_bytes(), overwrite).unwrap();
    }
}
