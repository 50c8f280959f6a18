//! Fixture capture for this game (compiled into the `capture` test binary, not the library:
//! `tests/capture/main.rs` includes every `src/games/<game>/capture_tests.rs`). Ignored tests that
//! open real sgt-mines boards under Xvfb, play them to a state (the start, a few certain moves with
//! flags, a loss, a win) by clicking as a user would, capture the window and write the case: the
//! board is the game ID's layout with the same clicks applied by the rules, the `[answer] layout`
//! the ID's mines; nothing is read back from the picture for the truth. As a guard against a missed
//! click or a half-drawn frame, the reader must see exactly that board; then `conclude` replays the
//! captures and compares their truth with the committed cases (or, with `REGENERATE=1`, rewrites
//! them). Also the lists of game IDs the simulation plays (`sgt-ids-<preset>.txt`, from
//! `sgt-mines --generate`). Needs xvfb, jwm, xdotool and sgt-puzzles. Run with
//! `cargo test --release --test capture -- --ignored game_mines` (`CAPTURE_ONLY=name,...` for some).

use crate::common::capture::{
    Captured, Desk, Program, conclude, package_version, pause, project, regenerating, selected, toml_string, write_png,
};

use gamebot::budget::Budget;
use gamebot::frame::Frame;
use gamebot::games::mines::board::{Board, Cell};
use gamebot::games::mines::case::board_toml;
use gamebot::games::mines::config::MinesConfig;
use gamebot::games::mines::read;
use gamebot::games::mines::sgt_id;
use gamebot::games::mines::sim::{Game, Layout, Status};
use gamebot::games::mines::solve::{Decision, decide};
use gamebot::profile::Profile;
use gamebot::vision::grid::Grid;
use image::RgbaImage;

/// What is done to a board before its capture.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// The solver's next `n` moves (certain cells; sgt-mines' boards need no guess), clicked.
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
        name: "sgt-30x16n99-03-380x280-mid",
        params: "30x16n99",
        id: Some(
            "30x16:29,11,m0fa821e47a1291e7ec6dab43fdb7b255a57b2c27ffa7ce9c40309d4223435f10efe815ecf5f530a0b33acc0f0f71cb0e057fcf851c999efe7dc1c02e",
        ),
        resize: Some((380, 280)),
        steps: &[Step::Certain(3), Step::Flag(3)],
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

/// How a program is played for a capture: the pause after each click (ms), whether `Step::Certain`
/// also takes the solver's guesses, and whether a loss shows every mine not flagged.
struct Manner {
    pause_ms: u64,
    guesses: bool,
    loss_shows_mines: bool,
}

/// sgt-mines: a loss shows only the mine hit.
const SGT: Manner = Manner { pause_ms: 80, guesses: true, loss_shows_mines: false };

/// Clicks cell `i` of `grid` in `frame` with mouse `button` (1 left, 3 right).
fn click(game: &Program, frame: &Frame, grid: &Grid, i: usize, button: &str, manner: &Manner) {
    let p = grid.cell_rect(i / grid.cols, i % grid.cols).centre().offset(frame.origin);
    game.xdotool(&["mousemove", &p.x.to_string(), &p.y.to_string(), "click", button]);
    pause(manner.pause_ms);
}

/// The board of a new game of `params` (`<w>x<h>n<mines>`): every cell covered.
fn untouched(params: &str) -> Board {
    let (size, mines) = params.split_once('n').expect("<w>x<h>n<mines>");
    let (w, h) = size.split_once('x').expect("<w>x<h>");
    let (cols, rows): (usize, usize) = (w.parse().unwrap(), h.parse().unwrap());
    Board::covered(rows, cols, Some(mines.parse().unwrap()), Default::default())
}

/// Plays `steps` on the live game and, by the rules, on `sim`; returns what was done, in words.
fn play(game: &Program, frame: &Frame, grid: &Grid, sim: &mut Game, steps: &[Step], manner: &Manner) -> Vec<String> {
    let click = |i: usize, button: &str| click(game, frame, grid, i, button, manner);
    let mut done = Vec::new();
    for &step in steps {
        done.push(format!("{step:?}"));
        match step {
            Step::Certain(_) | Step::Win => {
                let moves = if let Step::Certain(n) = step { n } else { usize::MAX };
                for _ in 0..moves {
                    if sim.status != Status::Playing {
                        break;
                    }
                    let cells = match decide(&sim.board, Budget::CHECK).expect("a decision") {
                        Decision::Open(cells) => cells,
                        Decision::Guess { cell, .. } if manner.guesses => vec![cell],
                        Decision::Guess { .. } | Decision::Done => break,
                    };
                    for i in cells {
                        if sim.board.cells[i] == Cell::Covered {
                            click(i, "1");
                            sim.open(i);
                        }
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
                    click(i, "3");
                    sim.board.cells[i] = Cell::Flagged;
                }
            }
            Step::Lose => {
                let i = (0..sim.board.cells.len())
                    .find(|&i| sim.layout.mine[i] && sim.board.cells[i] == Cell::Covered)
                    .expect("a covered mine");
                click(i, "1");
                sim.open(i);
                if manner.loss_shows_mines {
                    for j in 0..sim.board.cells.len() {
                        if sim.layout.mine[j] && sim.board.cells[j] == Cell::Covered {
                            sim.board.cells[j] = Cell::Mine;
                        }
                    }
                }
            }
        }
    }
    done
}

/// A fixture's case: its board as `profile` shows it, and the mines' layout when known.
fn case_text(profile: &str, source: &str, board: &Board, layout: Option<&Layout>) -> String {
    let mut case = format!(
        "game = \"mines\"\nsource = {}\nprofile = \"{profile}\"\n\n[board]\n{}\n",
        toml_string(source),
        board_toml(board)
    );
    if let Some(layout) = layout {
        let rows: Vec<String> = layout
            .mine
            .chunks(layout.cols)
            .map(|row| row.iter().map(|&m| if m { '*' } else { '.' }).collect())
            .collect();
        case.push_str(&format!("\n[answer]\n{}\n", gamebot::case::rows_toml(&rows).replacen("rows", "layout", 1)));
    }
    case
}

/// A zoo program's capture as a fixture of `profile`: its case, both kept under
/// `target/capture/<profile>/` for a look (and to calibrate from by hand) whatever the replay says.
fn kept(profile: &str, name: &str, source: &str, board: &Board, layout: Option<&Layout>, image: RgbaImage) -> Captured {
    let case = case_text(profile, source, board, layout);
    let kept = project().join("target/capture").join(profile);
    std::fs::create_dir_all(&kept).expect("target/capture/<profile>");
    write_png(&kept.join(format!("{name}.png")), &image, true);
    gamebot::files::write_atomic(&kept.join(format!("{name}.toml")), case.as_bytes(), true).expect("the case");
    Captured { name: name.into(), image, case }
}

fn capture(desk: &Desk, shot: &Shot, config: &MinesConfig, version: &str) -> Captured {
    let id = shot.id.map(|id| sgt_id::parse(id).unwrap_or_else(|e| panic!("{}: {e}", shot.name)));
    let mut game = desk.open("sgt-mines", "sgt-puzzles", &[], &[shot.id.unwrap_or(shot.params)], "Mines");
    pause(1000);
    let first = game.settled();
    let default = (first.width(), first.height());
    let (frame, how) = match shot.resize {
        None => (first, "the game's own size".to_string()),
        Some((w, h)) => (game.resize(w, h), format!("resized from the default {}x{}", default.0, default.1)),
    };
    // Where to click: the board as the reader finds it (only to aim; the truth comes from the ID).
    let grid = read::locate(&frame, config).unwrap_or_else(|e| panic!("{}: {e}", shot.name));
    let (board, layout, what) = match &id {
        Some(id) => {
            let mut sim = Game::new(id.layout.clone(), Default::default());
            let (r, c) = id.start.expect("generated IDs open a cell");
            sim.open(r * id.layout.cols + c);
            let done = play(&game, &frame, &grid, &mut sim, shot.steps, &SGT);
            let then = if done.is_empty() { "nothing".to_string() } else { done.join(", ") };
            assert_eq!(sim.status == Status::Lost, shot.steps.iter().any(|s| matches!(s, Step::Lose)), "{}", shot.name);
            (
                sim.board,
                Some(sim.layout),
                format!("game id {} (it opens its start cell), then {then}", shot.id.unwrap_or_default()),
            )
        }
        None => (untouched(shot.params), None, format!("a new game of {} before any click", shot.params)),
    };
    game.park_pointer();
    // Past the game's flash (3 frames of 130 ms after a loss, 2 after a win).
    pause(800);
    let last = game.settled();
    assert_eq!(
        (last.width(), last.height()),
        (frame.width(), frame.height()),
        "{}: the window changed size",
        shot.name
    );
    let seen = read::read(&last, &grid, config).unwrap_or_else(|e| panic!("{}: {e}", shot.name));
    assert_eq!(seen.to_rows(), board.to_rows(), "{}: the capture shows the board the game ID gives", shot.name);
    println!("{:<36} {}x{} capture {}x{}", shot.name, board.cols, board.rows, last.width(), last.height());
    let source = format!(
        "sgt-mines {version} (Debian sgt-puzzles), {what}; window {}x{} ({how}); under Xvfb+jwm, clicks by xdotool, \
         captured by src/games/mines/capture_tests.rs; the board is the game id's layout with the clicks applied by \
         the rules",
        last.width(),
        last.height()
    );
    let case = case_text("sgt-mines", &source, &board, layout.as_ref());
    Captured { name: shot.name.into(), image: last.image, case }
}

#[test]
#[ignore = "captures from the real program under Xvfb: cargo test --release --test capture -- --ignored"]
fn captures_sgt_mines_fixtures() {
    let config = MinesConfig::from_profile(&Profile::load("sgt-mines", &project().join("config")).unwrap()).unwrap();
    let (shots, _) = selected(SHOTS, |s| s.name);
    let version = package_version("sgt-puzzles");
    let desk = Desk::start();
    let captured: Vec<Captured> = shots.iter().map(|shot| capture(&desk, shot, &config, &version)).collect();
    conclude("mines", &captured);
}

/// The lists of game IDs the simulation plays: `sgt-mines --generate 1000 <preset>`, each ID
/// decoded with its mines and its start cell a 0. They are random, so a new list is never the
/// committed one: without `REGENERATE=1` the committed lists are checked the same way instead.
#[test]
#[ignore = "runs the real program: cargo test --release --test capture -- --ignored"]
fn captures_sgt_mines_game_ids() {
    let program = gamebot::xsession::find_program("sgt-mines", "sgt-puzzles").expect("sgt-mines");
    let dir = project().join("fixtures/mines");
    let check = |text: &str, mines: usize, what: &str| {
        let ids: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(ids.len(), 1000, "{what}");
        for id in ids {
            let parsed = sgt_id::parse(id).unwrap_or_else(|e| panic!("{what}: {id}: {e}"));
            assert_eq!(parsed.layout.mines(), mines, "{what}: {id}");
            let (r, c) = parsed.start.expect("a start cell");
            assert_eq!(parsed.layout.number(r * parsed.layout.cols + c), 0, "{what}: {id}");
        }
    };
    for (preset, params, mines) in
        [("beginner", "9x9n10", 10), ("intermediate", "16x16n40", 40), ("expert", "30x16n99", 99)]
    {
        let listed = std::process::Command::new(&program).args(["--generate", "1000", params]).output().unwrap();
        let text = String::from_utf8(listed.stdout).unwrap();
        check(&text, mines, params);
        let path = dir.join(format!("sgt-ids-{preset}.txt"));
        if regenerating() {
            gamebot::files::write_atomic(&path, text.as_bytes(), true).unwrap();
            println!("wrote {}", path.display());
        } else {
            check(&std::fs::read_to_string(&path).unwrap(), mines, &path.display().to_string());
        }
    }
}

/// GNOME's gnome-mines, captured the same way with the truth from the program's own random draws.
#[path = "capture_gnome_tests.rs"]
mod gnome;

/// Wine's own Minesweeper, WineMine, with the truth from its own time-seeded random numbers.
#[path = "capture_winemine_tests.rs"]
mod winemine;
