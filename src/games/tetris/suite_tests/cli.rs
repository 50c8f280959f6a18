//! The tetris commands without a display: `read tetris` prints a real capture's board as a case file
//! does, `play tetris --dry-run --from` draws the planned placement and names it, and the tetris-only
//! options are refused for other games.

use crate::common::gamebot;
use std::path::Path;

#[test]
fn read_tetris_prints_rows_piece_and_next_of_a_real_capture() {
    let out = gamebot(&["read", "tetris", "fixtures/tetris/q595-three.png"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\"###.#...#.\",\n  \".#..#...#.\",\n]"), "{text}");
    assert!(text.contains("piece = \"L\"") && text.contains("next = \"Z\""), "{text}");
}

#[test]
fn a_dry_run_draws_and_names_the_planned_placement() {
    let dir = tempfile::tempdir().unwrap();
    let out_png = dir.path().join("plan.png");
    let out =
        gamebot(&["play", "tetris", "--from", "fixtures/tetris/q800-eight.png", "--out", out_png.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("piece L (next Z): rotation") && text.contains("cells of 44.0 px"), "{text}");
    let drawn = image::open(&out_png).unwrap().to_rgba8();
    let shot =
        image::open(Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/tetris/q800-eight.png")).unwrap().to_rgba8();
    assert_eq!(drawn.dimensions(), shot.dimensions());
    let red = drawn.pixels().filter(|p| p.0 == [255, 40, 40, 255]).count();
    assert!(red > 100, "the planned cells are outlined in red ({red} pixels)");
}

#[test]
fn tetris_options_are_refused_for_other_games() {
    let out = gamebot(&["play", "flood", "--lines", "3", "--from", "fixtures/tetris/q595-start.png"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unexpected argument '--lines'"));
}
