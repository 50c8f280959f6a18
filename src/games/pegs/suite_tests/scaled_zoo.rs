//! Issue 40: the zoo's peg solitaires at other zooms. A browser page at 80%, 90%, 110%, 125% or
//! 150% zoom draws everything that much smaller or larger, squares, pegs and lines alike; a desktop
//! program may be shown scaled too. Every program's screenshots (`fixtures/pegs`, the truth from
//! the program itself) are scaled here in memory, never saved, and each program is checked two
//! ways: calibrated blind from its first screenshot as captured, then every screenshot read at the
//! zoom (the page zoomed after calibration); and calibrated blind from its first screenshot at the
//! zoom, then every screenshot read at that zoom. The cases known to fail so are checked in their
//! own ignored test (`KNOWN_FAILING`).

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

/// One failure: what failed (`way`, the program's case, the zoom), and how.
struct Failure {
    way: &'static str,
    program: String,
    case: String,
    zoom: f64,
    how: String,
}

impl Failure {
    fn known(&self) -> bool {
        KNOWN_FAILING.iter().any(|&(program, way, case, zoom)| {
            program == self.program && way == self.way && self.case.starts_with(case) && zoom == self.zoom
        })
    }

    fn told(&self) -> String {
        format!("{} {} {} at {}: {}", self.way, self.program, self.case, self.zoom, self.how)
    }
}

/// Reads every case at `zoom` with `config` (learned `way`); the failures, each naming its case.
fn misreads(program: &str, cases: &[PathBuf], zoom: f64, config: &pegs::PegsConfig, way: &'static str) -> Vec<Failure> {
    let mut failures = Vec::new();
    for case in cases {
        let frame = zoomed(case, zoom);
        let name = case.file_stem().unwrap().to_string_lossy().to_string();
        let read = pegs::read::locate_with(&frame, config)
            .map_err(|e| {
                let found = pegs::looks::Classes::from_config(&config.looks)
                    .map(|classes| pegs::locate::locate(&frame, &classes).map(|g| format!("{g:?}")));
                format!("cannot find the board: {e} (found {found:?} by looks)")
            })
            .and_then(|grid| pegs::read::read_with(&frame, &grid, config).map_err(|e| format!("cannot read: {e}")));
        let how = match read {
            Ok(board) if board == truth(case) => continue,
            Ok(board) => format!("read\n{board}\nnot\n{}", truth(case)),
            Err(e) => e,
        };
        failures.push(Failure { way, program: program.to_string(), case: name, zoom, how });
    }
    failures
}

/// Zoo cases known not to read zoomed in memory: (program, way, case, zoom). They are checked in
/// their own ignored test, which fails until they read. All are fromxt's (a hole a faint grey cup
/// lip in the lower part of a white square, the marbles' photographs above their cups): its 1.5
/// shot calibrated blind at every zoom reads without its top row, all empty cups (`##...##`), the
/// lattice and the rest right: nothing is cut out on those cups, so the board does not grow over
/// them; its selected 1.0 shot read as captured at 110% reads three of its rows (a candidate of
/// cups standing on their squares' centres reads first, and the marbles' lattice moved onto its
/// squares, `locate::whole`, does not read the board: not traced further); calibrated as
/// captured, the 1.25 shot read at 150% (187% of its page) reads its holes as squares with no
/// hole. Until branch pegs-23, also the 1.0 shot and the 520x640 shot as captured at 90% and 110%
/// (14 failures in all; 15 before branch pegs-20); until branch pegs-26 (found passing there
/// before its changes), its selected 1.0 shot read as captured at 90% and calibrated at 110%, and
/// its 1.25 shot calibrated at 110%. Until branch pegs-27, also zach's flat Tk grid calibrated
/// blind at 150% (its shot with a peg selected read as a 3x4 board of the buttons beside: the
/// yellow button, filling its square, stood out from its own corners by less than the limit) and
/// yevkk's pinwheel with a peg selected read at 80% as captured (its ring lines, drawn a fixed
/// number of pixels wide, a smaller share of its larger squares): a square's middle is judged
/// where it stands out as a player sees (`NOTICED`), a shape may show one ring mixed with a
/// neighbour (`shape::shape_distance`), and a row or column held only by a square read as the
/// selected peg does not grow the board (`locate::settle`; Debian's square 6x6 shot grew a column
/// over its game list without it).
const KNOWN_FAILING: [(&str, &str, &str, f64); 7] = [
    ("fromxt-pegs", CALIBRATED_AT_THE_ZOOM, "fx-05", 0.8),
    ("fromxt-pegs", CALIBRATED_AT_THE_ZOOM, "fx-05", 0.9),
    ("fromxt-pegs", CALIBRATED_AT_THE_ZOOM, "fx-05", 1.1),
    ("fromxt-pegs", CALIBRATED_AT_THE_ZOOM, "fx-05", 1.25),
    ("fromxt-pegs", CALIBRATED_AT_THE_ZOOM, "fx-05", 1.5),
    ("fromxt-pegs", AS_CAPTURED, "fx-02", 1.1),
    ("fromxt-pegs", AS_CAPTURED, "fx-04", 1.5),
];

const AS_CAPTURED: &str = "calibrated as captured:";
const CALIBRATED_AT_THE_ZOOM: &str = "calibrated at the zoom:";
const CALIBRATION: &str = "calibration:";

/// Every failure of `program`'s cases at every zoom, both ways.
fn zoomed_failures(program: &str, cases: &[PathBuf]) -> Vec<Failure> {
    let mut failures = Vec::new();
    let first = cases[0].file_stem().unwrap().to_string_lossy().to_string();
    let failed = |zoom: f64, how: String| Failure {
        way: CALIBRATION,
        program: program.to_string(),
        case: first.clone(),
        zoom,
        how,
    };
    let as_captured = pegs::calibrate::learn(&zoomed(&cases[0], 1.0), None, MoveStyle::Click);
    for zoom in ZOOMS {
        match &as_captured {
            Ok(learnt) => failures.extend(misreads(program, cases, zoom, &learnt.config, AS_CAPTURED)),
            Err(e) => failures.push(failed(1.0, format!("cannot calibrate as captured: {e:#}"))),
        }
        match pegs::calibrate::learn(&zoomed(&cases[0], zoom), None, MoveStyle::Click) {
            Ok(learnt) if learnt.board != truth(&cases[0]) => {
                failures.push(failed(zoom, format!("calibration learned\n{}", learnt.board)))
            }
            Ok(learnt) => failures.extend(misreads(program, cases, zoom, &learnt.config, CALIBRATED_AT_THE_ZOOM)),
            Err(e) => failures.push(failed(zoom, format!("cannot calibrate: {e:#}"))),
        }
    }
    failures
}

#[test]
fn every_zoo_peg_solitaire_reads_all_its_screenshots_zoomed_after_or_before_blind_calibration() {
    let mut failures = Vec::new();
    let mut programs_checked = Vec::new();
    for (program, cases) in programs() {
        failures.extend(zoomed_failures(&program, &cases).into_iter().filter(|f| !f.known()));
        programs_checked.push(program);
    }
    assert!(programs_checked.len() >= 6, "five peg solitaires besides sgt's: {programs_checked:?}");
    // Its pale pegs run into its board at 125% and 150% but for the frame halved (branch pegs-20).
    assert!(programs_checked.iter().any(|p| p == "kangankhanke-pegs"), "{programs_checked:?}");
    let told: Vec<String> = failures.iter().map(Failure::told).collect();
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), told.join("\n"));
}

#[test]
#[ignore = "known failures: seven of fromxt-pegs' cases zoomed in memory (KNOWN_FAILING)"]
fn the_known_failing_zoo_programs_read_zoomed_after_or_before_blind_calibration() {
    let mut failures = Vec::new();
    for (program, cases) in programs() {
        if KNOWN_FAILING.iter().any(|(known, ..)| *known == program) {
            failures.extend(zoomed_failures(&program, &cases).into_iter().filter(Failure::known));
        }
    }
    let told: Vec<String> = failures.iter().map(Failure::told).collect();
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), told.join("\n"));
}
