//! Tests of the Collapse reader: every capture of the shared corpus read exactly as its case file
//! says, a building drawn here from the glyph templates, and frames that are not the game.

use std::path::{Path, PathBuf};
use std::time::Instant;

use image::{Rgba, RgbaImage};

use super::super::config::CollapseConfig;
use super::glyph::template;
use super::*;
use crate::screen::load_png;

/// The game's colours, from the shipped profile.
fn colours() -> Colours {
    CollapseConfig::built_in().expect("the built-in collapse profile").colours
}

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/collapse")
}

/// The `[board]` of a case file as a Board.
fn truth(path: &Path) -> Board {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let value: toml::Table = toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let board = &value["board"];
    let mode = Mode::from_name(board["mode"].as_str().unwrap_or("")).expect("mode");
    let rows: Vec<Vec<String>> = board["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| row.as_array().expect("row").iter().map(|c| c.as_str().expect("cell").to_string()).collect())
        .collect();
    Board::from_rows(mode, &rows).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_corpus_capture_reads_as_its_case_says() {
    check_cases(&corpus());
}

/// Reads every case in `dir` and fails, listing them all, if any is misread.
fn check_cases(dir: &Path) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("the corpus {}: {e}", dir.display()));
    let mut cases: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no cases in {}", dir.display());
    let mut failures = Vec::new();
    for case in &cases {
        let expected = truth(case);
        let frame = load_png(&case.with_extension("png")).expect("png");
        let start = Instant::now();
        let grid = locate(&frame, &colours());
        let located = start.elapsed();
        let got = grid.and_then(|grid| read(&frame, &grid, &colours()));
        let took = start.elapsed();
        let name = case.file_name().unwrap_or_default().to_string_lossy().to_string();
        match got {
            Ok(board) if board.same_rooms(&expected) && board.n == expected.n => {
                eprintln!(
                    "PASS {name} n={} {:.2} ms (locate {:.2} ms)",
                    board.n,
                    took.as_secs_f64() * 1e3,
                    located.as_secs_f64() * 1e3
                )
            }
            Ok(board) => {
                let wrong: Vec<String> = (0..board.cells.len().min(expected.cells.len()))
                    .filter(|&i| board.cells[i] != expected.cells[i])
                    .map(|i| {
                        format!(
                            "({}, {}) read {} expected {}",
                            i / board.size,
                            i % board.size,
                            board.cells[i],
                            expected.cells[i]
                        )
                    })
                    .collect();
                failures.push(format!("{name}: {} {}x{}: {}", board.mode, board.size, board.size, wrong.join("; ")));
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{} of {} cases misread:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

/// Paints `glyph` (a template at font `size`) in `colour`, centred on (cx, cy).
fn paint(image: &mut RgbaImage, glyph: char, size: u8, colour: [u8; 3], (cx, cy): (u32, u32)) {
    let ink = template(glyph, size).expect("template");
    let (x0, y0) = (cx - ink.width as u32 / 2, cy - ink.height as u32 / 2);
    for y in 0..ink.height {
        for x in 0..ink.width {
            let a = ink.data[y * ink.width + x];
            let p = colour.map(|c| (c as f32 * a).round() as u8);
            image.put_pixel(x0 + x as u32, y0 + y as u32, Rgba([p[0], p[1], p[2], 255]));
        }
    }
}

/// An 800x600 frame of the game drawn from `rows` (case-file text) with rooms `pitch` px wide,
/// glyphs at font `size`.
fn draw(rows: &[&[&str]], pitch: u32, size: u8) -> Frame {
    let mut image = RgbaImage::from_pixel(800, 600, Rgba([0, 0, 0, 255]));
    let n = rows.len() as u32;
    let off = (600 - n * pitch) / 2;
    for (r, row) in rows.iter().enumerate() {
        for (c, text) in row.iter().enumerate() {
            let (x, y) = (off + c as u32 * pitch, off + r as u32 * pitch);
            let centre = (x + pitch / 2, y + pitch / 2);
            if *text == "#" {
                for (px, py) in (x..x + pitch).flat_map(|px| (y..y + pitch).map(move |py| (px, py))) {
                    image.put_pixel(px, py, {
                        let r = colours().rubble;
                        Rgba([r[0], r[1], r[2], 255])
                    });
                }
                continue;
            }
            for i in 0..pitch {
                for (px, py) in [(x + i, y), (x + i, y + pitch - 1), (x, y + i), (x + pitch - 1, y + i)] {
                    image.put_pixel(px, py, Rgba([255, 255, 255, 255]));
                }
            }
            let glyph = |t: &str| t.chars().last().expect("cell");
            match text.chars().next() {
                Some('.') => {}
                Some('@') => paint(&mut image, '@', size, colours().player, centre),
                Some('f') => paint(&mut image, glyph(text), size, colours().food, centre),
                Some('w') => paint(&mut image, glyph(text), size, colours().water, centre),
                _ => paint(&mut image, glyph(text), size, colours().supply, centre),
            }
        }
    }
    // Status text stand-in on the right, which must not be taken for the building.
    for x in 615..700 {
        image.put_pixel(x, 20, Rgba([255, 255, 255, 255]));
    }
    Frame::from_image(image)
}

#[test]
fn a_building_drawn_from_the_templates_reads_back() {
    let rows: &[&[&str]] = &[
        &["#", "#", "#", "#", "#"],
        &["#", "#", "#", "#", "#"],
        &["#", "#", "@", "w3", "f8"],
        &["#", "#", "w9", ".", "f0"],
        &["#", "#", "f6", "w1", "w2"],
    ];
    for (pitch, size) in [(100, 26), (40, 9), (14, 6)] {
        let frame = draw(rows, pitch, size);
        let grid = locate(&frame, &colours()).unwrap_or_else(|e| panic!("pitch {pitch}: {e}"));
        assert_eq!((grid.rows, grid.cols), (5, 5), "pitch {pitch}");
        assert_eq!(grid.cell_width(), pitch as f64);
        let board = read(&frame, &grid, &colours()).unwrap_or_else(|e| panic!("pitch {pitch}: {e}"));
        let want: Vec<Vec<&str>> = rows.iter().map(|r| r.to_vec()).collect();
        assert!(
            board.same_rooms(&Board::from_rows(Mode::Hard, &want).expect("board")),
            "pitch {pitch}: {:?}",
            board.to_rows()
        );
    }
    let easy: &[&[&str]] = &[&["3", "8", "9"], &["5", "@", "."], &["1", "7", "4"]];
    let frame = draw(easy, 60, 14);
    let board = locate(&frame, &colours()).and_then(|grid| read(&frame, &grid, &colours())).expect("easy board");
    let want: Vec<Vec<&str>> = easy.iter().map(|r| r.to_vec()).collect();
    assert!(board.same_rooms(&Board::from_rows(Mode::Easy, &want).expect("board")));
}

#[test]
fn frames_that_are_not_the_game_are_refused() {
    let grey = Frame::from_image(RgbaImage::from_pixel(800, 600, Rgba([128, 128, 128, 255])));
    assert!(matches!(locate(&grey, &colours()), Err(ReadError::NoBoard(_))));
    let black = Frame::from_image(RgbaImage::from_pixel(320, 200, Rgba([0, 0, 0, 255])));
    assert!(matches!(locate(&black, &colours()), Err(ReadError::NoBoard(_))));
}

#[test]
fn an_unknown_ink_colour_names_its_room() {
    let rows: &[&[&str]] = &[&["3", "8", "9"], &["5", "@", "."], &["1", "7", "4"]];
    let mut frame = draw(rows, 60, 14);
    // Repaint the '7' at row 2, col 1 (centre (300, 360)) in green.
    paint(&mut frame.image, '7', 14, [0, 200, 0], (300, 360));
    let grid = locate(&frame, &colours()).expect("grid");
    match read(&frame, &grid, &colours()) {
        Err(ReadError::Room { row: 2, col: 1, seen }) => assert!(seen.contains("no game colour"), "{seen}"),
        other => panic!("expected an error at room (2, 1), got {other:?}"),
    }
}

#[test]
fn two_rooms_of_different_modes_are_refused() {
    let rows: &[&[&str]] = &[&["3", "8", "9"], &["5", "@", "."], &["1", "7", "4"]];
    let mut frame = draw(rows, 60, 14);
    paint(&mut frame.image, '9', 14, colours().water, (360, 240)); // over the '9' at row 0, col 2
    let grid = locate(&frame, &colours()).expect("grid");
    assert!(matches!(read(&frame, &grid, &colours()), Err(ReadError::Mode(_))));
}

#[test]
fn a_board_without_digits_needs_the_mode_from_elsewhere() {
    let rows: &[&[&str]] = &[&["#", "#", "#"], &["#", "#", "#"], &["#", "#", "@"]];
    let frame = draw(rows, 60, 14);
    let grid = locate(&frame, &colours()).expect("grid");
    assert_eq!((grid.rows, grid.cols), (3, 3));
    assert!(matches!(read(&frame, &grid, &colours()), Err(ReadError::Mode(_))));
    let board = read_as(&frame, &grid, Some(Mode::Hard), &colours()).expect("hard board");
    let want: Vec<Vec<&str>> = rows.iter().map(|r| r.to_vec()).collect();
    assert!(board.same_rooms(&Board::from_rows(Mode::Hard, &want).expect("board")));
    let easy = draw(&[&["3", "8", "9"], &["5", "@", "."], &["1", "7", "4"]], 60, 14);
    assert!(matches!(read_as(&easy, &grid, Some(Mode::Hard), &colours()), Err(ReadError::Mode(_))));
}
