//! Issue 40: the zoo's peg solitaires at other zooms. A browser page at 80%, 90%, 110%, 125% or
//! 150% zoom draws everything that much smaller or larger, squares, pegs and lines alike; a desktop
//! program may be shown scaled too. Every program's screenshots (`fixtures/pegs`, the truth from
//! the program itself) are scaled here in memory, never saved, and each program is checked two
//! ways: calibrated blind from its first screenshot as captured, then every screenshot read at the
//! zoom (the page zoomed after calibration); and calibrated blind from its first screenshot at the
//! zoom, then every screenshot read at that zoom. A program known to fail so is checked in its own
//! ignored test (`KNOWN_FAILING`).

use std::path::{Path, PathBuf};

use gamebot::frame::Frame;
use gamebot::games::pegs::{self, MoveStyle, board::Board};
use image::imageops::{FilterType, resize};

/// The zooms a browser offers that the issue names, and two between (so that no rule fits three
/// zooms only).
const ZOOMS: [f64; 5] = [0.8, 0.9, 1.1, 1.25, 1.5];

/// Each program's cases, the calibration shot first: the folders of `fixtures/pegs`, and sgt's own
/// captures (calibrated from the English cross, a large board with every look).
fn programs() -> Vec<(String, Vec<PathBuf>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/pegs");
    let cases = |dir: &Path, prefix: &str| {
        let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.extension().is_some_and(|e| e == "toml")
                    && p.file_name().unwrap().to_string_lossy().starts_with(prefix)
            })
            .collect();
        found.sort();
        found
    };
    let mut all: Vec<(String, Vec<PathBuf>)> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|dir| (dir.file_name().unwrap().to_string_lossy().to_string(), cases(&dir, "")))
        .collect();
    let mut sgt = cases(&root, "sgt-");
    let cross = sgt.iter().position(|c| c.ends_with("sgt-7x7cross-01-default.toml")).unwrap();
    let shot = sgt.remove(cross);
    sgt.insert(0, shot);
    all.push(("sgt-pegs".to_string(), sgt));
    all.sort();
    all
}

fn truth(case: &Path) -> Board {
    let case = gamebot::case::load(case).unwrap();
    let rows: Vec<String> =
        case.board["rows"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect();
    Board::from_rows(&rows).unwrap()
}

/// The case's screenshot drawn `zoom` times as large (smooth resampling, as a page redrawn larger
/// blurs no more than this).
fn zoomed(case: &Path, zoom: f64) -> Frame {
    let frame = gamebot::screen::load_png(&case.with_extension("png")).unwrap();
    let (w, h) = (frame.image.width(), frame.image.height());
    let size = |v: u32| ((v as f64 * zoom).round() as u32).max(1);
    Frame::from_image(resize(&frame.image, size(w), size(h), FilterType::Triangle))
}

/// Reads every case at `zoom` with `config`; the failures, each naming its case.
fn misreads(program: &str, cases: &[PathBuf], zoom: f64, config: &pegs::PegsConfig) -> Vec<String> {
    let mut failures = Vec::new();
    for case in cases {
        let frame = zoomed(case, zoom);
        let name = case.file_stem().unwrap().to_string_lossy();
        let read = pegs::read::locate_with(&frame, config)
            .map_err(|e| {
                let found = pegs::looks::Classes::from_config(&config.looks)
                    .map(|classes| pegs::locate::locate(&frame, &classes).map(|g| format!("{g:?}")));
                format!("cannot find the board: {e} (found {found:?} by looks)")
            })
            .and_then(|grid| pegs::read::read_with(&frame, &grid, config).map_err(|e| format!("cannot read: {e}")));
        match read {
            Ok(board) if board == truth(case) => {}
            Ok(board) => failures.push(format!("{program} {name} at {zoom}: read\n{board}\nnot\n{}", truth(case))),
            Err(e) => failures.push(format!("{program} {name} at {zoom}: {e}")),
        }
    }
    failures
}

/// Zoo programs known not to read zoomed in memory, and why; they are checked in their own ignored
/// test, which fails until they read.
const KNOWN_FAILING: [(&str, &str); 1] = [(
    "fromxt-pegs",
    "a hole is a faint grey cup lip in the lower part of a white square. Zoomed, the lip is still \
     there (the hole's rings stand out ΔE 4.2-5.9 from its surround at 100-150%, and a profile learned \
     as captured tells it from a bare square, ΔE about 1 against 6-8), but the lattice is placed by \
     the marbles' photographs above their cups: calibrated blind at 125% or 150%, no cup of the full \
     frame's cuts is taken as a thing on its square; since branch pegs-20 the frame halved calibrates \
     there, but its 1.5 device-scale shot calibrated blind at every zoom reads a wrong board, and at \
     110% so do its selected 1.0 shot and its 1.25 shot; calibrated as captured, its 1.25 shot read at \
     150% (187% of its page) reads a wrong board, and at 90% and 110% three shots each read wrong, as \
     its cross's middle rows: the rows beyond read whole by looks, but nothing was cut out on their \
     marbles, so the board does not grow over them (branch pegs-zoom-14: growing over any line that \
     holds a peg read them, but grew shaded boards onto their pages; left out); 14 failures in all \
     (15 before branch pegs-20). Branch pegs-21 (the same 14): five are the 1.5 shot calibrated at \
     each zoom, read without its top row, which is all empty cups (`##...##`), the lattice and the \
     rest right: it stops short as the rows beyond the middle do (not traced further); six the \
     shots as captured at 90% and 110%, read as three to five of their rows (one a column short \
     too); two the 1.1 calibration reading a 2x3 board and a wrong lattice; one the 1.25 shot at \
     150%",
)];

/// Every failure of `program`'s cases at every zoom, both ways.
fn zoomed_failures(program: &str, cases: &[PathBuf]) -> Vec<String> {
    let mut failures = Vec::new();
    let as_captured = pegs::calibrate::learn(&zoomed(&cases[0], 1.0), None, MoveStyle::Click);
    for zoom in ZOOMS {
        match &as_captured {
            Ok(learnt) => failures.extend(misreads(program, cases, zoom, &learnt.config)),
            Err(e) => failures.push(format!("{program}: cannot calibrate as captured: {e:#}")),
        }
        match pegs::calibrate::learn(&zoomed(&cases[0], zoom), None, MoveStyle::Click) {
            Ok(learnt) if learnt.board != truth(&cases[0]) => {
                failures.push(format!("{program} at {zoom}: calibration learned\n{}", learnt.board))
            }
            Ok(learnt) => failures.extend(
                misreads(program, cases, zoom, &learnt.config)
                    .into_iter()
                    .map(|f| format!("calibrated at the zoom: {f}")),
            ),
            Err(e) => failures.push(format!("{program}: cannot calibrate at {zoom}: {e:#}")),
        }
    }
    failures
}

#[test]
fn every_zoo_peg_solitaire_reads_all_its_screenshots_zoomed_after_or_before_blind_calibration() {
    let mut failures = Vec::new();
    let mut programs_checked = Vec::new();
    for (program, cases) in programs() {
        if KNOWN_FAILING.iter().any(|(known, _)| *known == program) {
            continue;
        }
        failures.extend(zoomed_failures(&program, &cases));
        programs_checked.push(program);
    }
    assert!(programs_checked.len() >= 6, "five peg solitaires besides sgt's: {programs_checked:?}");
    // Its pale pegs run into its board at 125% and 150% but for the frame halved (branch pegs-20).
    assert!(programs_checked.iter().any(|p| p == "kangankhanke-pegs"), "{programs_checked:?}");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
#[ignore = "known failures: fromxt-pegs zoomed in memory (KNOWN_FAILING)"]
fn the_known_failing_zoo_programs_read_zoomed_after_or_before_blind_calibration() {
    let mut failures = Vec::new();
    for (program, cases) in programs() {
        if KNOWN_FAILING.iter().any(|(known, _)| *known == program) {
            failures.extend(zoomed_failures(&program, &cases));
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}
