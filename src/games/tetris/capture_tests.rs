//! Capture tests of this game (compiled into the `capture` test binary, not the library:
//! `tests/capture/main.rs` includes every `src/games/<game>/capture_tests.rs`).
//!
//! quadrapassel's fixtures (`fixtures/tetris/q*`): each case starts the real quadrapassel (GNOME
//! Tetris) with private settings (sound off, preview on, shadow off, the clean theme, level 1, the
//! case's window size and block colours), clicks its start button (quadrapassel 40.2 crashes on a key
//! pressed before its first game), plays the case's keys (pieces separated by `;`, a pause after
//! each) and captures the settled window.
//!
//! Unlike the other programs, quadrapassel's pieces are random (GLib's generator, seeded from
//! /dev/urandom; no option fixes them), so a new capture shows other pieces than the committed one
//! and the truth of a picture cannot be derived from the game: the committed cases' truth was written
//! by a person from the picture. What is checked instead holds for every run: the window has the
//! committed picture's size, and the new capture and the committed truth both hold exactly the
//! cells the dropped pieces leave by the rules (4 a piece, 10 fewer for each cleared line), with a
//! falling piece and a preview. With `REGENERATE=1` the new pictures are put in
//! `target/capture/tetris/` with a draft case file each, for a person to write the truth from the
//! picture; `fixtures/tetris/` is left alone.

use crate::common::capture::{Desk, package_version, pause, project, regenerating, selected, write_png};
use gamebot::games::tetris::case::{CaseBoard, case_board};
use gamebot::games::tetris::live::config::LiveConfig;
use gamebot::games::tetris::live::start::{preview_box, start_button};
use gamebot::profile::Profile;

/// name | the window size quadrapassel is told to open with | random block colours | keys (pieces
/// separated by ";", each piece's keys pressed 40 ms apart)
const CASES: &[(&str, &str, bool, &str)] = &[
    ("q595-start", "595x611", false, ""),
    ("q595-three", "595x611", false, "Left Left Left Left space;Right Right Right Right space;space"),
    (
        "q595-six",
        "595x611",
        true,
        "Left Left Left Left space;Right Right Right Right space;Up space;Left Left space;Right Right space;Up Up space",
    ),
    (
        "q500-four",
        "500x500",
        false,
        "Left Left Left Left Left space;Right Right Right Right Right space;Up Left space;Right Up space",
    ),
    (
        "q500-seven",
        "500x500",
        true,
        "Left Left Left Left space;Right Right Right Right space;Up space;Left Left space;Right Right space;Up Up Left \
         Left Left Left space;Right Right Right Up space",
    ),
    (
        "q800-five",
        "800x900",
        true,
        "Left Left Left Left space;Right Right Right Right space;Up Up space;Left Left space;Right Right Right space",
    ),
    (
        "q800-eight",
        "800x900",
        false,
        "Left Left Left Left space;Right Right Right Right space;Left space;Right space;Up Left Left Left space;Up Right \
         Right Right space;space;Left Left space",
    ),
];

/// The pieces a case's keys drop: one per `space` (quadrapassel's hard drop).
fn drops(keys: &str) -> usize {
    keys.split(|c: char| c == ';' || c.is_whitespace()).filter(|k| *k == "space").count()
}

/// The settled cells of a board.
fn cells(board: &CaseBoard) -> usize {
    board.rows.iter().map(|r| r.matches('#').count()).sum()
}

/// True when `n` settled cells are what `drops` pieces of 4 cells leave after whole lines of 10 were
/// cleared.
fn by_the_rules(n: usize, drops: usize) -> bool {
    (0..=4 * drops / 10).any(|lines| n + 10 * lines == 4 * drops)
}

/// The private settings quadrapassel reads (GSETTINGS_BACKEND=keyfile reads them from XDG_CONFIG_HOME).
fn settings(dir: &std::path::Path, size: &str, random: bool) {
    let (w, h) = size.split_once('x').expect("WxH");
    let folder = dir.join("config/glib-2.0/settings");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::create_dir_all(dir.join("data")).unwrap();
    let text = format!(
        "[org/gnome/Quadrapassel]\nsound=false\ndo-preview=true\nshow-shadow=false\nrandom-block-colors={random}\n\
         theme='clean'\nstarting-level=1\nwindow-width={w}\nwindow-height={h}\n"
    );
    std::fs::write(folder.join("keyfile"), text).unwrap();
}

/// The board `gamebot read tetris` reads from a picture.
fn read(png: &std::path::Path) -> CaseBoard {
    let out = crate::common::gamebot(&["read", "tetris", png.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "gamebot read tetris {}: {}", png.display(), String::from_utf8_lossy(&out.stderr));
    let table: toml::Table = toml::from_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let board = table.get("board").and_then(|b| b.as_table()).expect("a [board]");
    case_board(board).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
#[ignore = "captures from the real program under Xvfb: cargo test --release --test capture -- --ignored"]
fn captures_quadrapassel_fixtures() {
    let (cases, _) = selected(CASES, |c| c.0);
    let config_dir = project().join("config");
    let profile = Profile::load("quadrapassel", &config_dir).expect("quadrapassel profile");
    let black_max = LiveConfig::from_profile(&profile).expect("quadrapassel settings").vision.black_max;
    let version = package_version("quadrapassel");
    let work = tempfile::tempdir().unwrap();
    let drafts = project().join("target/capture/tetris");
    let desk = Desk::start();
    let mut problems = Vec::new();
    for &&(name, size, random, keys) in &cases {
        let dir = work.path().join(name);
        settings(&dir, size, random);
        let (config, data) = (dir.join("config"), dir.join("data"));
        let env = [
            ("XDG_CONFIG_HOME", config.to_str().unwrap()),
            ("XDG_DATA_HOME", data.to_str().unwrap()),
            ("GSETTINGS_BACKEND", "keyfile"),
        ];
        let mut game = desk.open("quadrapassel", "quadrapassel", &env, &[], "Quadrapassel");
        pause(2000);
        let idle = game.settled();
        let button = start_button(&idle, preview_box(&idle, black_max)).unwrap_or_else(|e| panic!("{name}: {e}"));
        game.click(&idle, button);
        game.park_pointer();
        pause(800);
        for piece in keys.split(';').filter(|p| !p.trim().is_empty()) {
            let mut args = vec!["key", "--delay", "40"];
            args.extend(piece.split_whitespace());
            game.xdotool(&args);
            pause(700);
        }
        let frame = game.settled();
        drop(game);

        let png = work.path().join(format!("{name}.png"));
        write_png(&png, &frame.image, false);
        let new = read(&png);
        let dropped = drops(keys);
        let committed = project().join(format!("fixtures/tetris/{name}.toml"));
        let old = gamebot::case::load(&committed).unwrap_or_else(|e| panic!("{e}"));
        let old_board = case_board(&old.board).unwrap_or_else(|e| panic!("{e}"));
        let old_size =
            gamebot::screen::load_png(&committed.with_extension("png")).ok().map(|f| (f.width(), f.height()));
        println!(
            "{name:<12} {dropped} pieces dropped; window {}x{} (committed {old_size:?}); settled cells: new {} \
             (piece {:?}, next {:?}), committed truth {} (piece {:?}, next {:?})",
            frame.width(),
            frame.height(),
            cells(&new),
            new.piece,
            new.next,
            cells(&old_board),
            old_board.piece,
            old_board.next
        );
        if old_size != Some((frame.width(), frame.height())) {
            problems.push(format!(
                "{name}: the window is {}x{}, the committed picture {old_size:?}",
                frame.width(),
                frame.height()
            ));
        }
        for (what, board) in [("the new capture", &new), ("the committed truth", &old_board)] {
            if !by_the_rules(cells(board), dropped) || board.piece.is_none() || board.next.is_none() {
                problems.push(format!(
                    "{name}: {what} has {} settled cells (piece {:?}, next {:?}); {dropped} pieces leave {} less \
                     10 a cleared line, with a piece falling and one in the preview",
                    cells(board),
                    board.piece,
                    board.next,
                    4 * dropped
                ));
            }
        }
        if regenerating() {
            let source = format!(
                "quadrapassel {version} (Debian) under Xvfb + jwm, window {}x{}, random-block-colors={random}, clean \
                 theme, level 1; captured by src/games/tetris/capture_tests.rs after {dropped} pieces ({keys})",
                frame.width(),
                frame.height()
            );
            let draft = format!(
                "game = \"tetris\"\nsource = \"{source}. Ground truth written by hand from the picture.\"\n\n\
                 # [board]: write rows (20 of 10, '#' settled, '.' empty; not the falling piece), piece and next\n\
                 # from the picture by hand, never from gamebot's reader; then move both files to fixtures/tetris/.\n"
            );
            write_png(&drafts.join(format!("{name}.png")), &frame.image, true);
            gamebot::files::write_atomic(&drafts.join(format!("{name}.toml.draft")), draft.as_bytes(), true).unwrap();
            println!("wrote {}/{name}.png and .toml.draft (the truth is to be written by hand)", drafts.display());
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
