//! Times calibration over the zoo (issue 26): for every program (a folder of cases under
//! `fixtures/<game>/`), a blind calibration from its first screenshot, from the same screenshot
//! placed on a 1920x1080 desktop, and the reading of every screenshot with the learned profile,
//! both finding the board and with its place known. `gamebot bench flood|pegs --calibration DIR`
//! prints the figures as `key=value` lines; each game's `benchmarks` times the same work under
//! criterion. Nothing here knows a game: the game hands in how it learns, finds and reads.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use image::{Rgba, RgbaImage};

use crate::frame::Frame;
use crate::vision::grid::Grid;

/// One program of the zoo: its name (the folder's) and its cases, sorted (the first is the one
/// calibrated from).
pub struct Program {
    pub name: String,
    pub cases: Vec<PathBuf>,
}

/// The programs under `dir` (each sub-folder holding case files).
pub fn programs(dir: &Path) -> anyhow::Result<Vec<Program>> {
    let mut found = Vec::new();
    let entries = std::fs::read_dir(dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        let mut cases: Vec<PathBuf> = std::fs::read_dir(&path)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml") && p.with_extension("png").exists())
            .collect();
        cases.sort();
        if !cases.is_empty() {
            found.push(Program { name: entry.file_name().to_string_lossy().to_string(), cases });
        }
    }
    found.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(found)
}

/// The desktop a screenshot is placed on for the large case: 1920x1080, a muted blue with a
/// lighter band, the screenshot at (200, 120) (cut at the desktop's edge when larger).
pub fn on_desktop(frame: &Frame) -> Frame {
    let mut image = RgbaImage::from_pixel(1920, 1080, Rgba([58, 80, 110, 255]));
    for (_, y, p) in image.enumerate_pixels_mut() {
        if y < 40 {
            *p = Rgba([230, 230, 235, 255]);
        }
    }
    image::imageops::overlay(&mut image, &frame.image, 200, 120);
    Frame::from_image(image)
}

/// How a game learns, finds and reads.
pub struct Steps<'a, C> {
    pub learn: &'a dyn Fn(&Frame) -> anyhow::Result<C>,
    pub locate: &'a dyn Fn(&Frame, &C) -> anyhow::Result<Grid>,
    pub read: &'a dyn Fn(&Frame, &Grid, &C) -> anyhow::Result<()>,
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The figures over `programs`, one line per program and a summary line, as `key=value`.
pub fn figures<C>(programs: &[Program], steps: &Steps<C>) -> anyhow::Result<Vec<String>> {
    let mut lines = Vec::new();
    let (mut worst_learn, mut worst_desktop, mut worst_locate, mut worst_read) = (0f64, 0f64, 0f64, 0f64);
    let (mut read_ok, mut total) = (0, 0);
    for program in programs {
        let first = crate::screen::load_png(&program.cases[0].with_extension("png"))?;
        let started = Instant::now();
        let learned = (steps.learn)(&first);
        let learn = ms(started.elapsed());
        let desktop = on_desktop(&first);
        let started = Instant::now();
        let on_desktop_ok = (steps.learn)(&desktop).is_ok();
        let learn_desktop = ms(started.elapsed());
        worst_learn = worst_learn.max(learn);
        worst_desktop = worst_desktop.max(learn_desktop);
        let Ok(config) = learned else {
            lines.push(format!("program={} calibrate=failed calibrate_ms={learn:.0}", program.name));
            continue;
        };
        let (mut ok, mut locate_ms, mut read_ms) = (0, 0f64, 0f64);
        for case in &program.cases {
            let frame = crate::screen::load_png(&case.with_extension("png"))?;
            let started = Instant::now();
            let Ok(grid) = (steps.locate)(&frame, &config) else { continue };
            let found = ms(started.elapsed());
            let started = Instant::now();
            let read = (steps.read)(&frame, &grid, &config);
            let only_read = ms(started.elapsed());
            if read.is_ok() {
                ok += 1;
                locate_ms = locate_ms.max(found + only_read);
                read_ms = read_ms.max(only_read);
            }
        }
        worst_locate = worst_locate.max(locate_ms);
        worst_read = worst_read.max(read_ms);
        read_ok += ok;
        total += program.cases.len();
        lines.push(format!(
            "program={} size={}x{} calibrate_ms={learn:.0} calibrate_1920x1080_ms={learn_desktop:.0} calibrate_1920x1080={} read_ok={ok}/{} find_and_read_ms_max={locate_ms:.1} read_ms_max={read_ms:.2}",
            program.name,
            first.width(),
            first.height(),
            if on_desktop_ok { "ok" } else { "failed" },
            program.cases.len()
        ));
    }
    lines.push(format!(
        "programs={} calibrate_ms_max={worst_learn:.0} calibrate_1920x1080_ms_max={worst_desktop:.0} read_ok={read_ok}/{total} find_and_read_ms_max={worst_locate:.1} read_ms_max={worst_read:.2}",
        programs.len()
    ));
    Ok(lines)
}
