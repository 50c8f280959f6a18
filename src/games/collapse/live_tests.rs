//! Live tests of this game (compiled into the `live` test binary, not the library: `tests/live/main.rs` includes every
//! `src/games/<game>/live_tests.rs`). End to end against the real Collapse game (philll11/Collapse, pygame) under Xvfb:
//! `gamebot play collapse --levels 5` from easy 1, then each of hard 1, 2 and 3 in a game started again for it (the
//! game crashes at the end of every hard level). Each level's result is checked from the game's own state, never from
//! gamebot's report: the game runs under a few lines of Python that import its `building` module and log every new
//! building and the player's totals at the end of a level; the best a level allows is found here by trying every path.
//!
//! Needs `GAMEBOT_COLLAPSE_DIR` (the folder with collapse.py), optionally `GAMEBOT_COLLAPSE_PYTHON`
//! (a python with pygame; default python3), and the Debian packages xvfb and jwm.

use std::path::{Path, PathBuf};

use gamebot::profile::WindowMatch;
use gamebot::xsession::{Children, launch_game, start_virtual_display};

/// Runs the game unchanged, logging "start SIZE HARD f,w f,w ..." for every new building and
/// "end SIZE FOOD WATER" when the player can move no more. argv: LOG GAMEDIR [N] [hard].
const LOGGER: &str = r#"
import os, runpy, sys
log_path, game_dir = sys.argv[1], sys.argv[2]
sys.path.insert(0, game_dir)
import building
log = open(log_path, "a", buffering=1)
make = building.random_building
def random_building(size=10, equal_supplies=True):
    b = make(size, equal_supplies)
    rooms = " ".join("%d,%d" % (r.food, r.water) for row in b.rooms for r in row)
    log.write("start %d %d %s\n" % (b.size, 0 if equal_supplies else 1, rooms))
    return b
building.random_building = random_building
move = building.Building.move_player
def move_player(self, dr, dc):
    moved = move(self, dr, dc)
    if moved and not self.can_move():
        log.write("end %d %d %d\n" % (self.size, self.player_food, self.player_water))
    return moved
building.Building.move_player = move_player
os.chdir(game_dir)
sys.argv = [os.path.join(game_dir, "collapse.py")] + sys.argv[3:]
runpy.run_path(sys.argv[0], run_name="__main__")
"#;

/// A level as the game's log tells it.
#[derive(Debug)]
struct Logged {
    n: usize,
    hard: bool,
    rooms: Vec<(u32, u32)>,
    /// (food, water) when the level ended.
    end: Option<(u32, u32)>,
}

fn parse_log(path: &Path) -> Vec<Logged> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut levels: Vec<Logged> = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["start", n, hard, rooms @ ..] => levels.push(Logged {
                n: n.parse().unwrap(),
                hard: *hard == "1",
                rooms: rooms
                    .iter()
                    .map(|r| {
                        let (f, w) = r.split_once(',').unwrap();
                        (f.parse().unwrap(), w.parse().unwrap())
                    })
                    .collect(),
                end: None,
            }),
            ["end", n, food, water] => {
                let level = levels.last_mut().expect("an end after a start");
                assert_eq!(level.n, n.parse::<usize>().unwrap());
                level.end = Some((food.parse().unwrap(), water.parse().unwrap()));
            }
            _ => panic!("unexpected log line {line:?}"),
        }
    }
    levels
}

/// The score of a level's totals: supplies (easy; food and water are equal) or min(food, water).
fn score((food, water): (u32, u32)) -> u32 {
    food.min(water)
}

/// The best score of any path from the centre, by trying every path the game's rules allow (each
/// move leaves the centre further behind along its axis, so paths run into one quadrant).
fn best(level: &Logged) -> u32 {
    fn walk(level: &Logged, r: usize, c: usize, dr: isize, dc: isize, got: (u32, u32), best: &mut u32) {
        let side = 2 * level.n + 1;
        let mut moved = false;
        for (nr, nc) in [(r.checked_add_signed(dr), Some(c)), (Some(r), c.checked_add_signed(dc))] {
            let (Some(nr), Some(nc)) = (nr, nc) else { continue };
            if nr < side && nc < side {
                let (f, w) = level.rooms[nr * side + nc];
                walk(level, nr, nc, dr, dc, (got.0 + f, got.1 + w), best);
                moved = true;
            }
        }
        if !moved {
            *best = (*best).max(score(got));
        }
    }
    let mut best = 0;
    for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
        walk(level, level.n, level.n, dr, dc, (0, 0), &mut best);
    }
    best
}

struct Session {
    display: String,
    log: PathBuf,
    _children: Children,
    _dir: tempfile::TempDir,
}

/// Starts Xvfb and jwm, then the game (`collapse.py args...`) under the logger.
fn start(args: &[&str]) -> Session {
    let dir = std::env::var("GAMEBOT_COLLAPSE_DIR")
        .expect("GAMEBOT_COLLAPSE_DIR: the folder with the Collapse game's collapse.py (see README, Collapse)");
    assert!(Path::new(&dir).join("collapse.py").is_file(), "no collapse.py in GAMEBOT_COLLAPSE_DIR={dir}");
    let python = PathBuf::from(std::env::var("GAMEBOT_COLLAPSE_PYTHON").unwrap_or_else(|_| "python3".into()));
    let python = if python.components().count() > 1 {
        python
    } else {
        gamebot::xsession::find_program(&python.to_string_lossy(), "python3").unwrap()
    };
    let temp = tempfile::tempdir().unwrap();
    let log = temp.path().join("collapse.log");
    let mut children = Children::default();
    let display = start_virtual_display(&mut children).expect("a virtual display (apt-get install xvfb jwm)");
    let log_text = log.to_string_lossy().to_string();
    let mut argv = vec!["-c", LOGGER, &log_text, &dir];
    argv.extend_from_slice(args);
    let window = WindowMatch { title: "Collapse".into(), exact: true };
    launch_game(&python, &argv, &display, &window, &mut children).expect("the Collapse window");
    Session { display, log, _children: children, _dir: temp }
}

fn play_levels(session: &Session, levels: usize) -> std::process::Output {
    crate::common::gamebot_on(&session.display, &["play", "collapse", "--levels", &levels.to_string()])
}

/// Checks that the log's levels ended, each at its best, and returns them.
fn check_levels(log: &Path, ended: usize) -> Vec<Logged> {
    let levels = parse_log(log);
    let done: Vec<&Logged> = levels.iter().filter(|l| l.end.is_some()).collect();
    assert_eq!(done.len(), ended, "levels the game saw end: {levels:#?}");
    for level in &done {
        let got = score(level.end.unwrap());
        assert_eq!(got, best(level), "n={} hard={}: the game's totals {:?}", level.n, level.hard, level.end);
    }
    levels
}

#[test]
#[ignore = "needs GAMEBOT_COLLAPSE_DIR: the folder with the Collapse game's collapse.py (see README, Collapse)"]
fn live_collapse_plays_easy_1_to_5_at_the_optimum() {
    let session = start(&["1"]);
    let out = play_levels(&session, 5);
    assert!(out.status.success(), "gamebot play collapse --levels 5 failed");
    let levels = check_levels(&session.log, 5);
    let sizes: Vec<(usize, bool)> = levels.iter().take(5).map(|l| (l.n, l.hard)).collect();
    assert_eq!(sizes, (1..=5).map(|n| (n, false)).collect::<Vec<_>>());
}

#[test]
#[ignore = "needs GAMEBOT_COLLAPSE_DIR: the folder with the Collapse game's collapse.py (see README, Collapse)"]
fn live_collapse_plays_hard_1_to_3_at_the_optimum() {
    for n in 1..=3 {
        let session = start(&[&n.to_string(), "hard"]);
        // The game crashes at the level's end: gamebot must call that the game's end, successfully.
        let out = play_levels(&session, 2);
        assert!(out.status.success(), "gamebot play collapse on hard {n} failed");
        let levels = check_levels(&session.log, 1);
        assert_eq!((levels[0].n, levels[0].hard), (n, true));
    }
}
