//! Issue 26, what it must show: every program of the zoo (each folder of `fixtures/flood` and
//! `fixtures/pegs`, and sgt's own captures) is calibrated from its first screenshot alone, blind
//! (no known board) and again with the known board, and then every screenshot of it reads exactly:
//! pegs as the same board, Flood-it as the same colours as the program's up to one consistent
//! one-to-one relabelling for the whole program (not one per screenshot). The truth is each case
//! file's, which came from the program itself.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use gamebot::frame::Frame;
use gamebot::games::flood::{self, board::Board as FloodBoard};
use gamebot::games::pegs::{self, MoveStyle, board::Board as PegsBoard};

/// The folders of `fixtures/<game>` (one per program), each with its cases sorted by name.
fn programs(game: &str) -> Vec<(String, Vec<PathBuf>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures").join(game);
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&root).unwrap() {
        let dir = entry.unwrap().path();
        if dir.is_dir() {
            found.push((dir.file_name().unwrap().to_string_lossy().to_string(), cases_in(&dir, "")));
        }
    }
    // sgt's own captures lie in the game's folder itself.
    found.push((format!("sgt-{game}"), cases_in(&root, "sgt-")));
    found.sort();
    found
}

fn cases_in(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "toml") && p.file_name().unwrap().to_string_lossy().starts_with(prefix)
        })
        .collect();
    cases.sort();
    cases
}

fn rows(case: &Path) -> Vec<String> {
    let case = gamebot::case::load(case).unwrap();
    case.board["rows"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect()
}

fn frame(case: &Path) -> Frame {
    gamebot::screen::load_png(&case.with_extension("png")).unwrap()
}

/// The screenshot sgt's profiles are relearned from: a large board with every colour, a cross.
fn calibration_shot(program: &str, cases: &[PathBuf]) -> PathBuf {
    let named = match program {
        "sgt-flood" => "sgt-14x14c6m0-01-default.toml",
        "sgt-pegs" => "sgt-7x7cross-01-default.toml",
        _ => return cases[0].clone(),
    };
    cases.iter().find(|c| c.ends_with(named)).unwrap().clone()
}

/// Reads every case of a Flood-it program with `config`; Err names the first case read wrongly.
/// One map from the labels read to the program's labels must hold for all its cases.
fn flood_reads_all(program: &str, cases: &[PathBuf], config: &flood::config::FloodConfig) -> Result<usize, String> {
    let mut map: HashMap<u8, u8> = HashMap::new();
    let mut back: HashMap<u8, u8> = HashMap::new();
    for case in cases {
        let truth = FloodBoard::from_rows(&rows(case)).unwrap();
        let frame = frame(case);
        let name = case.file_name().unwrap().to_string_lossy();
        let grid = flood::read::locate(&frame, &config.vision, config.palette.as_ref())
            .map_err(|e| format!("{program} {name}: cannot find the board: {e}"))?;
        let read = flood::read::read(&frame, &grid, &config.vision, config.palette.as_ref())
            .map_err(|e| format!("{program} {name}: cannot read the board: {e}"))?
            .board;
        if (read.rows, read.cols) != (truth.rows, truth.cols) {
            return Err(format!(
                "{program} {name}: read {}x{}, the program's is {}x{}",
                read.rows, read.cols, truth.rows, truth.cols
            ));
        }
        for (i, (&r, &t)) in read.cells.iter().zip(&truth.cells).enumerate() {
            let (forward, backward) = (*map.entry(r).or_insert(t), *back.entry(t).or_insert(r));
            if forward != t || backward != r {
                return Err(format!(
                    "{program} {name}: row {} col {} read as label {r}, which elsewhere is the program's {forward}; the program's is {t}",
                    i / truth.cols,
                    i % truth.cols
                ));
            }
        }
    }
    Ok(cases.len())
}

/// Reads every case of a peg solitaire with `config`; Err names the first case read wrongly.
fn pegs_reads_all(program: &str, cases: &[PathBuf], config: &pegs::PegsConfig) -> Result<usize, String> {
    for case in cases {
        let truth = PegsBoard::from_rows(&rows(case)).unwrap();
        let frame = frame(case);
        let name = case.file_name().unwrap().to_string_lossy();
        let grid = pegs::read::locate_with(&frame, config)
            .map_err(|e| format!("{program} {name}: cannot find the board: {e}"))?;
        let read = pegs::read::read_with(&frame, &grid, config)
            .map_err(|e| format!("{program} {name}: cannot read the board: {e}"))?;
        if read != truth {
            return Err(format!("{program} {name}: read\n{read}\nthe program's is\n{truth}"));
        }
    }
    Ok(cases.len())
}

#[test]
fn every_flood_it_calibrated_blind_or_from_its_board_reads_all_its_screenshots() {
    let mut failures = Vec::new();
    let mut checked = 0;
    let all = programs("flood");
    assert!(all.len() >= 6, "five Flood-its besides sgt's: {all:?}");
    let total: usize = all.iter().map(|(_, cases)| cases.len()).sum();
    for (program, cases) in all {
        let shot = calibration_shot(&program, &cases);
        let truth = FloodBoard::from_rows(&rows(&shot)).unwrap();
        for known in [None, Some(&truth)] {
            let how = if known.is_some() { "with its board" } else { "blind" };
            match flood::calibrate::learn(&frame(&shot), known) {
                Ok(learnt) => match flood_reads_all(&program, &cases, &learnt.config) {
                    Ok(n) => checked += n,
                    Err(e) => failures.push(format!("{how}: {e}")),
                },
                Err(e) => failures.push(format!("{program} {how}: cannot calibrate: {e:#}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(checked, 2 * total, "every screenshot read twice");
}

#[test]
fn every_peg_solitaire_calibrated_blind_or_from_its_board_reads_all_its_screenshots() {
    let mut failures = Vec::new();
    let mut checked = 0;
    let all = programs("pegs");
    assert!(all.len() >= 6, "five peg solitaires besides sgt's: {all:?}");
    let total: usize = all.iter().map(|(_, cases)| cases.len()).sum();
    for (program, cases) in all {
        let shot = calibration_shot(&program, &cases);
        let truth = PegsBoard::from_rows(&rows(&shot)).unwrap();
        for known in [None, Some(&truth)] {
            let how = if known.is_some() { "with its board" } else { "blind" };
            match pegs::calibrate::learn(&frame(&shot), known, MoveStyle::Click) {
                Ok(learnt) if learnt.board != truth => {
                    failures.push(format!("{program} {how}: learned the board\n{}\nnot\n{truth}", learnt.board))
                }
                Ok(learnt) => match pegs_reads_all(&program, &cases, &learnt.config) {
                    Ok(n) => checked += n,
                    Err(e) => failures.push(format!("{how}: {e}")),
                },
                Err(e) => failures.push(format!("{program} {how}: cannot calibrate: {e:#}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(checked, 2 * total, "every screenshot read twice");
}
