//! Issues 14 and 28, live: the 2021 contest's own Tetris page (github.com/esrrhs/tetris, folder
//! js/, MIT: the staff track's page) in an ordinary Chromium window (not an --app one: the bot
//! finds the page's title inside the browser's "... - Chromium") under Xvfb, played from the screen
//! with keys. The page is not a package: fetch it, serve its js/ folder on 127.0.0.1 and name it in
//! GAMEBOT_TETRIS_PAGE_URL (see the README). The truth comes from the page itself over the DevTools
//! protocol (Chromium's `--remote-debugging-pipe`), never from gamebot's reader: its score, its
//! piece count and its record of every step it took (`opRecord`), which the contest engine
//! replays (staff-track top-out, early-page validation) to the page's own score.
//!
//! - `--contest`: the contest from its first piece, planned alongside the game, for 2,000 pieces
//!   (GAMEBOT_TETRIS_PAGE_CONTEST_PIECES for more; GAMEBOT_TETRIS_PAGE_CONTEST_RECORD plays a
//!   record planned beforehand, the whole game by default): the page's score must be the engine's
//!   score of the record gamebot wrote and the `score=` it printed (and, a whole game, above the
//!   champion's).
//! - The survival player (quadrapassel's) for 500 pieces (GAMEBOT_TETRIS_PAGE_PIECES for more).
//! - Reading captures at two window sizes against the page's own grid; with
//!   GAMEBOT_TETRIS_PAGE_FIXTURES=<folder> it also writes them there as case files (that is how
//!   `fixtures/tetris/contest-page/` was made, then in --app windows).
//!
//! The repository's copy of the page is a saved snapshot of its start screen, with no router view,
//! so the tests mount the page's own game component (`PageGame`, which starts a game) over DevTools.

use crate::common;

use std::fs::File;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use common::cdp::Cdp;
use common::{LiveGame, figure};
use gamebot::games::tetris::contest::{End, Replay, ReplayOptions, TopOut, Validation, replay_str};
use gamebot::games::tetris::live::config::LiveConfig;
use gamebot::games::tetris::live::{locate, read};

const SKIP: &str = "needs GAMEBOT_TETRIS_PAGE_URL: the esrrhs/tetris js/ page served on 127.0.0.1 (see README)";
const TITLE: &str = "腾讯极客挑战赛";

/// Mounts the page's own game component in place of the saved start screen; it starts a game.
const MOUNT: &str = "(() => {
  document.querySelector('#app').innerHTML = '<router-view></router-view>';
  const router = new VueRouter({ routes: [{ path: '*', component: PageGame }] });
  new Vue({ router }).$mount('#app');
  return typeof window.game;
})()";

/// Pauses the game and reads `score;brickCount;status;opRecord` from the page's game object.
const PAUSE_AND_READ: &str = "(() => {
  game.pause();
  const t = game.tetris;
  return [t.score, t.brickCount, t.status, t.opRecord.join(',')].join(';');
})()";

/// The page's board as the case files write it: `rows;piece;cells;next;brickCount`, rows joined by
/// `,`, the falling piece's letter and cells (`x y`, joined by `,`), the next piece's letter (from
/// the page's own generator, as its initBrick draws it).
const TRUTH: &str = "(() => {
  const t = game.tetris, letters = 'ILJTOSZ';
  const rows = t.grids.map(r => r.map(c => (c ? '#' : '.')).join(''));
  const next = t.getShapeInfo(t.getRandomNum(t.curRandomNum), t.brickCount).shapeIndex;
  const cells = t.curBrickInfo.pos.map(p => p.join(' ')).join(',');
  return [rows.join(','), letters[t.shapeIndex], cells, letters[next], t.brickCount].join(';');
})()";

fn page_url() -> String {
    let url = std::env::var("GAMEBOT_TETRIS_PAGE_URL")
        .unwrap_or_else(|_| panic!("GAMEBOT_TETRIS_PAGE_URL is not set: {SKIP}"));
    url.trim_end_matches('/').to_string()
}

/// Chromium showing the page in an ordinary window of `size` on a display of its own, with
/// DevTools on two named pipes in `dir`; the game is started (`hook` run first, to watch it) and
/// its opening animation over.
fn open_page(url: &str, size: (u32, u32), dir: &Path, hook: &str) -> (LiveGame, Cdp) {
    for pipe in ["in", "out"] {
        assert!(Command::new("mkfifo").arg(dir.join(pipe)).status().unwrap().success());
    }
    let d = dir.display();
    let command = format!(
        "exec chromium --no-sandbox --no-first-run --disable-gpu --test-type --window-size={},{} --window-position=0,0 \
         --user-data-dir={d}/profile --remote-debugging-pipe {url}/ 3<>{d}/in 4<>{d}/out",
        size.0, size.1
    );
    let game = LiveGame::start_titled("bash", &["-c", &command], TITLE);
    let mut cdp = Cdp::open(dir);
    // The scripts may still be loading when the window shows.
    let mut tries = 0;
    while cdp.eval("typeof PageGame + ''") != "object" {
        tries += 1;
        assert!(tries < 50, "the page's scripts did not load from {url}");
        std::thread::sleep(Duration::from_millis(200));
    }
    assert_eq!(cdp.eval(MOUNT), "object", "mounting the page's game component");
    if !hook.is_empty() {
        assert_eq!(cdp.eval(hook), "ok", "the test's hook");
    }
    // The page fills and empties the well before the first piece.
    std::thread::sleep(Duration::from_secs(2));
    // Nothing hovered: the pointer in the screen's far corner, off the window.
    let _ = Command::new("xdotool").args(["mousemove", "1270", "1010"]).env("DISPLAY", &game.display).status();
    (game, cdp)
}

#[test]
#[ignore = "needs GAMEBOT_TETRIS_PAGE_URL: the esrrhs/tetris js/ page served on 127.0.0.1 (see README)"]
fn plays_500_pieces_of_the_contest_page_scoring_as_the_engine_replays_its_record() {
    let url = page_url();
    let dir = tempfile::tempdir().unwrap();
    // GAMEBOT_TETRIS_PAGE_PIECES plays a longer game (at least 500).
    let pieces: u32 =
        std::env::var("GAMEBOT_TETRIS_PAGE_PIECES").ok().and_then(|v| v.parse().ok()).unwrap_or(500).max(500);
    let (game, mut cdp) = open_page(&url, (700, 900), dir.path(), "");
    let out = game.gamebot(&["play", "tetris", "--profile", "tetris-contest-page", "--pieces", &pieces.to_string()]);
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let (score, bricks, replay) = page_state(&mut cdp);
    assert!(out.status.success(), "gamebot play tetris did not place {pieces} pieces");
    assert!(stdout.contains("outcome=Reached"), "{stdout}");
    assert!(bricks > pieces, "the page counts {bricks} pieces");
    assert_eq!(replay.pieces, bricks - 1, "every piece but the falling one is in the record");
    assert_eq!(replay.end, End::OpsDone);
    assert_eq!(replay.score, score, "the page's score against the contest engine's replay of its record");
    assert!(score > 0, "lines were cleared");
    assert_eq!(figure(&stdout, "misreads"), 0.0, "a stack on screen differed from the rules' prediction");
    assert!(figure(&stdout, "lost") <= 5.0, "too many pieces missed their place");
}

/// Pauses the game and reads the page's score and piece count, and the contest engine's replay of
/// the page's own record of the pieces it locked.
fn page_state(cdp: &mut Cdp) -> (u64, u32, Replay) {
    let state = cdp.eval(PAUSE_AND_READ);
    let parts: Vec<&str> = state.splitn(4, ';').collect();
    let (score, bricks): (u64, u32) = (parts[0].parse().unwrap(), parts[1].parse().unwrap());
    let record = parts[3];
    // The last N brought in the piece still falling: the page has not locked it, so its ops are
    // left out, and the replay locks every piece before it where its ops end.
    let locked = &record[..record.rfind(",N").map_or(0, |at| at)];
    let options = ReplayOptions { validation: Validation::AllowEmpty, topout: TopOut::Staff };
    let replay = replay_str(locked, options).unwrap_or_else(|e| panic!("the page's own record: {e}"));
    println!(
        "page: score={score} brickCount={bricks} status={} ops={}; engine replay of the page's record: score={} pieces={} clears={:?} skipped_steps={} end={:?}",
        parts[2],
        record.split(',').count(),
        replay.score,
        replay.pieces,
        replay.clears,
        replay.skipped_steps,
        replay.end
    );
    (score, bricks, replay)
}

/// Stops the page's gravity as soon as piece `n` comes in (so that what the bot placed before it is
/// all the page has scored when it is read, and no tick locks piece `n`), by wrapping the page's own
/// speed update, which runs right after a new piece is brought in. Not a pause: the page covers
/// its well with a mask when paused, and the bot must still see piece `n` come in over the board
/// its last piece left.
fn stop_gravity_at(n: u32) -> String {
    format!(
        "(() => {{
  const g = game, update = g.updateSpeed.bind(g);
  g.updateSpeed = function () {{ update(); if (g.tetris.brickCount >= {n}) {{ g.playFreq = 2e9; clearTimeout(g.playTimer); }} }};
  return 'ok';
}})()"
    )
}

#[test]
#[ignore = "needs GAMEBOT_TETRIS_PAGE_URL: the esrrhs/tetris js/ page served on 127.0.0.1 (see README)"]
fn plays_the_contest_from_its_first_piece_scoring_what_the_page_scores() {
    let url = page_url();
    let dir = tempfile::tempdir().unwrap();
    // GAMEBOT_TETRIS_PAGE_CONTEST_RECORD plays a record planned beforehand (`solve tetris --contest
    // --live`), by default the whole game.
    let record = std::env::var("GAMEBOT_TETRIS_PAGE_CONTEST_RECORD").ok();
    let pieces: u32 = std::env::var("GAMEBOT_TETRIS_PAGE_CONTEST_PIECES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if record.is_some() { 10_000 } else { 2000 })
        .clamp(2000, 10_000);
    // The page ends its game itself once its 10,000th piece locks.
    let whole = pieces == 10_000;
    let (game, mut cdp) = open_page(&url, (700, 900), dir.path(), &stop_gravity_at(pieces + 1));
    let record_path = dir.path().join("record.txt");
    let record_arg = record_path.to_str().unwrap();
    let mut args = vec!["play", "tetris", "--profile", "tetris-contest-page", "--contest"];
    if let Some(plan) = &record {
        args.extend(["--record", plan.as_str()]);
    }
    let pieces_arg = pieces.to_string();
    let out = game.gamebot(&[&args[..], &["--pieces", &pieces_arg, "--out", record_arg]].concat());
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let (score, bricks, page_replay) = page_state(&mut cdp);
    assert!(out.status.success(), "gamebot play tetris --contest did not place {pieces} pieces");
    let last = stdout.lines().last().unwrap_or_default();
    assert_eq!(
        last,
        format!("score={score} pieces={pieces}"),
        "the last line: the page's own score, the pieces placed"
    );
    let brought = if whole { pieces } else { pieces + 1 };
    assert_eq!(bricks, brought, "the page brought in the piece after the last placed (if any), and no other");
    let written = std::fs::read_to_string(&record_path).expect("the record played");
    let engine = replay_str(&written, ReplayOptions::default()).unwrap_or_else(|e| panic!("the record played: {e}"));
    // A whole game ends on the contest's piece limit, a shorter one when its ops run out.
    let end = if whole { End::PieceLimit } else { End::OpsDone };
    assert_eq!((engine.score, engine.pieces, engine.end), (score, pieces, end), "the engine's score of it");
    assert_eq!(engine.skipped_steps, 0, "every step of the record played is one the page could take");
    // A whole game's last piece is in the page's record as the falling one is otherwise: left out
    // (it never scores).
    let replayed = pieces - u32::from(whole);
    assert_eq!(
        (page_replay.score, page_replay.pieces),
        (score, replayed),
        "the page's own record replays to its score"
    );
    if whole {
        assert!(score > 1_413_876, "the page's score {score} is not above the champion's 1,413,876");
    }
    println!(
        "pieces={pieces} seconds={} page_score={score} replans={} raced={} blind={}",
        figure(&stdout, "seconds"),
        figure(&stdout, "replans"),
        figure(&stdout, "raced"),
        figure(&stdout, "blind")
    );
}

/// Plays `pieces` pieces through the page's own key handler (turns and shifts that vary with the
/// piece number, then a drop), its gravity stopped, and brings the next piece fully into view.
fn stack(cdp: &mut Cdp, pieces: u32) {
    cdp.eval(&format!(
        "(() => {{
  clearTimeout(game.playTimer);
  for (let i = 0; i < {pieces}; i++) {{
    const k = game.tetris.brickCount;
    for (let r = 0; r < (k * 7) % 4; r++) game.keyDownHandler(38);
    const s = ((k * 5) % 9) - 4;
    for (let j = 0; j < Math.abs(s); j++) game.keyDownHandler(s < 0 ? 37 : 39);
    game.keyDownHandler(32);
  }}
  for (let j = 0; j < 3; j++) game.keyDownHandler(40);
  return 'ok';
}})()"
    ));
}

/// Saves a capture as an RGB PNG at the best compression (the page's gradient makes the fast
/// setting ten times larger); the pixels are the capture's own.
fn save_rgb(image: &image::RgbaImage, path: &Path) {
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let rgb = image::DynamicImage::ImageRgba8(image.clone()).to_rgb8();
    let file = std::io::BufWriter::new(File::create(path).unwrap());
    PngEncoder::new_with_quality(file, CompressionType::Best, FilterType::Adaptive)
        .write_image(&rgb, rgb.width(), rgb.height(), image::ExtendedColorType::Rgb8)
        .unwrap();
}

#[test]
#[ignore = "needs GAMEBOT_TETRIS_PAGE_URL: the esrrhs/tetris js/ page served on 127.0.0.1 (see README)"]
fn reads_the_contest_page_exactly_at_two_window_sizes() {
    let url = page_url();
    let config =
        LiveConfig::load("tetris-contest-page", Path::new(env!("CARGO_MANIFEST_DIR")).join("config").as_path())
            .expect("the profile");
    let out_dir = std::env::var_os("GAMEBOT_TETRIS_PAGE_FIXTURES").map(std::path::PathBuf::from);
    let mut failures = Vec::new();
    for size in [(560, 720), (820, 960)] {
        let dir = tempfile::tempdir().unwrap();
        let (mut game, mut cdp) = open_page(&url, size, dir.path(), "");
        for pieces in [3, 7, 8] {
            stack(&mut cdp, pieces);
            std::thread::sleep(Duration::from_millis(300));
            let truth = cdp.eval(TRUTH);
            let frame = game.capture();
            let parts: Vec<&str> = truth.split(';').collect();
            let rows: Vec<String> = parts[0].split(',').map(str::to_string).collect();
            let (piece, cells, next, bricks) = (parts[1], parts[2], parts[3], parts[4]);
            assert!(cells.split(',').all(|c| !c.contains('-')), "the falling piece is not all in view: {cells}");
            let name = format!("page-{}x{}-piece{bricks}", size.0, size.1);
            let layout = locate::locate(&frame, &config.vision);
            match layout.and_then(|l| read::read(&frame, &l, config.vision.empty_max)) {
                Err(e) => failures.push(format!("{name}: {e:#}")),
                Ok(reading) => {
                    let seen =
                        (reading.board_rows(), reading.piece.map(|p| p.0.letter()), reading.next.map(|p| p.letter()));
                    let want = (rows.clone(), piece.chars().next(), next.chars().next());
                    if seen != want {
                        failures.push(format!("{name}: read {seen:?}, the page holds {want:?}"));
                    }
                }
            }
            if let Some(out) = &out_dir {
                std::fs::create_dir_all(out).unwrap();
                save_rgb(&frame.image, &out.join(format!("{name}.png")));
                let rows_toml: Vec<String> = rows.iter().map(|r| format!("  \"{r}\",")).collect();
                let toml = format!(
                    "game = \"tetris\"\nprofile = \"tetris-contest-page\"\nsource = \"The 2021 contest's Tetris page (github.com/esrrhs/tetris js/, served on 127.0.0.1) in Chromium under Xvfb + jwm, ordinary window {}x{}, captured by tests/live_tetris_contest_page.rs (reads_the_contest_page_exactly_at_two_window_sizes) after {bricks} pieces were brought in through the page's own key handler with its gravity stopped. Ground truth read from the page over DevTools (game.tetris.grids, its falling piece, and the next piece from its own generator), not from gamebot's reader.\"\n\n[board]\nrows = [\n{}\n]\npiece = \"{piece}\"\nnext = \"{next}\"\n",
                    size.0,
                    size.1,
                    rows_toml.join("\n")
                );
                std::fs::write(out.join(format!("{name}.toml")), toml).unwrap();
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
