//! `gamebot replay` as `spec/CASES.md` defines it: every game's own captures (`fixtures/<game>`,
//! over the list of games) all pass, and every kind of bad case (corrupt PNG, malformed TOML, unknown game, missing image, a screen
//! that is not the game, a wrong ground truth) is a FAIL line with a reason, never a panic.

use std::path::{Path, PathBuf};

use gamebot::games::GameKind;

fn replay(paths: &[&Path]) -> (bool, Vec<String>) {
    let mut args = vec!["replay"];
    args.extend(paths.iter().map(|p| p.to_str().expect("a path in UTF-8")));
    let out = crate::common::bot(&args, None).output().unwrap();
    assert!(out.stderr.is_empty() || !String::from_utf8_lossy(&out.stderr).contains("panicked"));
    (out.status.success(), String::from_utf8_lossy(&out.stdout).lines().map(String::from).collect())
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/flood")
}

/// Every game in the list: `gamebot replay fixtures/<game>` passes every case, each line says how
/// long the reading took, and every case with an `[answer]` was solved and its answer checked.
#[test]
fn every_fixture_of_every_game_passes() {
    for &kind in GameKind::ALL {
        let game = kind.name();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures").join(game);
        let (ok, lines) = replay(&[&dir]);
        let last = lines.last().unwrap();
        assert!(ok && last.ends_with(" passed, 0 failed") && !last.starts_with("0 "), "{game}: {lines:#?}");
        for line in &lines[..lines.len() - 1] {
            assert!(line.starts_with("PASS /") && line.contains(&format!("fixtures/{game}/")), "{line}");
            assert!(line.contains("  read ") && line.contains(" ms"), "{line}");
            let case = line.trim_start_matches("PASS ").split("  ").next().unwrap();
            let text = std::fs::read_to_string(case).unwrap();
            if text.lines().any(|l| l.trim() == "[answer]") {
                assert!(line.contains("  solve "), "{game}: a case with an answer was not solved: {line}");
            }
        }
    }
}

/// The readings checked are the whole of what a case names: the falling and preview pieces of
/// quadrapassel, the page's two cell sizes, the move limit of Flood-it and the peg left at the end.
#[test]
fn replay_lines_name_what_was_checked() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let lines = |dir: &str| replay(&[&root.join(dir)]).1;
    assert!(lines("flood").iter().any(|l| l.contains(" moves (limit ")), "answers are checked against the limit");
    assert!(lines("pegs").iter().any(|l| l.contains("to 1 peg")), "answers are checked by solving");
    let page = lines("tetris/contest-page");
    assert!(page.iter().any(|l| l.contains("(30 px cells)")) && page.iter().any(|l| l.contains("(40 px cells)")));
    let tetris = lines("tetris");
    assert!(
        tetris[..tetris.len() - 1].iter().all(|l| l.contains(" piece ") && l.contains(" next ")),
        "falling and preview pieces are checked"
    );
}

#[test]
fn a_wrong_tetris_cell_or_piece_is_caught() {
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/tetris/q800-eight");
    let text = std::fs::read_to_string(case.with_extension("toml")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (name, broken) in [
        ("cell", text.replacen("\"#.###.####\"", "\"#.###.###.\"", 1)),
        ("piece", text.replacen("piece = \"L\"", "piece = \"J\"", 1)),
        ("next", text.replacen("next = \"Z\"", "next = \"S\"", 1)),
    ] {
        assert_ne!(broken, text);
        write(dir.path(), &format!("{name}.toml"), broken.as_bytes());
        std::fs::copy(case.with_extension("png"), dir.path().join(format!("{name}.png"))).unwrap();
    }
    let (ok, lines) = replay(&[dir.path()]);
    assert!(!ok);
    assert!(
        lines[0].contains("cell.toml") && lines[0].contains("board: row 19 col 9 read \"#\", expected \".\""),
        "{lines:#?}"
    );
    assert!(lines[1].contains("next.toml") && lines[1].contains("next: read Z, expected S"), "{lines:#?}");
    assert!(lines[2].contains("piece.toml") && lines[2].contains("piece: read L, expected J"), "{lines:#?}");
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_shared_collapse_capture_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/collapse");
    let (ok, lines) = replay(&[&dir]);
    assert_eq!(lines.last().unwrap(), "46 passed, 0 failed", "{lines:#?}");
    assert!(ok);
    assert!(lines.iter().filter(|l| l.contains("  best ")).count() >= 40, "answers are checked by solving");
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_shared_breach_screenshot_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/breach");
    let (ok, lines) = replay(&[&dir]);
    assert_eq!(lines.last().unwrap(), "6 passed, 0 failed", "{lines:#?}");
    assert!(ok);
    assert!(lines.iter().filter(|l| l.contains(" picks")).count() == 6, "answers are checked by solving");
}

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    std::fs::write(dir.join(name), bytes).unwrap();
}

const GOOD_TOML: &str = "game = \"flood\"\nsource = \"test\"\n[board]\nrows = [\"01\", \"10\"]\n";

#[test]
fn bad_cases_fail_with_reasons_and_a_nonzero_exit() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let grey = {
        let mut bytes = Vec::new();
        image::RgbaImage::from_pixel(64, 48, image::Rgba([128, 128, 128, 255]))
            .write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png)
            .unwrap();
        bytes
    };
    write(d, "corrupt.toml", GOOD_TOML.as_bytes());
    write(d, "corrupt.png", b"\x89PNG\r\n\x1a\nnot really");
    write(d, "malformed.toml", b"game = \"flood\"\n[board\nrows = []\n");
    write(d, "malformed.png", &grey);
    write(d, "unknown.toml", b"game = \"chess\"\n[board]\n");
    write(d, "unknown.png", &grey);
    write(d, "nopng.toml", GOOD_TOML.as_bytes());
    write(d, "notgame.toml", GOOD_TOML.as_bytes());
    write(d, "notgame.png", &grey);
    let (ok, lines) = replay(&[d]);
    assert!(!ok);
    assert_eq!(lines.last().unwrap(), "0 passed, 5 failed");
    let line = |name: &str| lines.iter().find(|l| l.contains(name)).unwrap().clone();
    assert!(line("corrupt.toml").contains("not a readable PNG"), "{lines:#?}");
    assert!(line("malformed.toml").contains("line 2"), "{lines:#?}");
    assert!(line("unknown.toml").contains("unknown game \"chess\""), "{lines:#?}");
    assert!(line("nopng.toml").contains("cannot read the file"), "{lines:#?}");
    assert!(line("notgame.toml").contains("no coloured board"), "{lines:#?}");
    assert!(lines.iter().take(5).all(|l| l.starts_with("FAIL ")), "{lines:#?}");
}

#[test]
fn a_wrong_ground_truth_is_caught_and_names_the_cell() {
    let case = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .min()
        .unwrap();
    let text = std::fs::read_to_string(&case).unwrap();
    // Change the first cell's digit to one the board does not use there: the grouping breaks.
    let first_row = text.lines().find(|l| l.trim_start().starts_with('"')).unwrap();
    let first = first_row.trim().trim_matches(|c| c == '"' || c == ',').to_string();
    let mut broken = first.clone().into_bytes();
    broken[1] = if broken[0] == broken[1] { b'9' } else { broken[0] };
    let broken = String::from_utf8(broken).unwrap();
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "wrong.toml", text.replacen(&format!("\"{first}\""), &format!("\"{broken}\""), 1).as_bytes());
    std::fs::copy(case.with_extension("png"), dir.path().join("wrong.png")).unwrap();
    let (ok, lines) = replay(&[&dir.path().join("wrong.toml")]);
    assert!(!ok);
    assert!(lines[0].starts_with("FAIL ") && lines[0].contains("board: row 0 col 1 read"), "{lines:#?}");
}

#[test]
fn a_missing_path_is_a_failed_case() {
    let (ok, lines) = replay(&[Path::new("/no/such/cases")]);
    assert!(!ok);
    assert_eq!(
        lines,
        vec!["FAIL /no/such/cases  no such file or directory".to_string(), "0 passed, 1 failed".to_string()]
    );
}
