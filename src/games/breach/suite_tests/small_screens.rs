//! Issue 13, small screens: real Cyberpunk 2077 screenshots taken at 1024x768 have glyphs about
//! nine pixels tall, and the reader once failed on them ("not clearly one code"). This test makes
//! that class from the shared corpus (`../shared/corpus/breach`, read from there, never copied):
//! every screenshot scaled to 1024 pixels wide with two filters, standing alone, letterboxed into
//! 1024x768, and scaled to 768 rows with its middle cut to 1024 columns (a 4:3 screen whose UI
//! keeps its height). Each must read exactly as the case's truth says and be solved to the case's
//! answer (the same check as `gamebot replay`), with the game's default profile. Smaller and
//! blurred variants, for margin, are counted apart. The images are made in memory at test time and
//! never stored.

use crate::common;

use std::path::{Path, PathBuf};

use gamebot::case::load;
use gamebot::frame::Frame;
use gamebot::game::Cases;
use gamebot::games::Breach;
use gamebot::profile::Profile;
use image::imageops::{self, FilterType};
use image::{Rgba, RgbaImage};

fn corpus() -> Vec<PathBuf> {
    common::files_in("../shared/corpus/breach", "png")
}

fn resized(image: &RgbaImage, factor: f64, filter: FilterType) -> RgbaImage {
    let (w, h) = ((image.width() as f64 * factor).round() as u32, (image.height() as f64 * factor).round() as u32);
    imageops::resize(image, w, h, filter)
}

/// `image` centred on a black canvas of `width` x `height`, cut where it is larger.
fn canvas(image: &RgbaImage, width: u32, height: u32) -> RgbaImage {
    let mut out = RgbaImage::from_pixel(width, height, Rgba([0, 0, 0, 255]));
    let x = (width as i64 - image.width() as i64) / 2;
    let y = (height as i64 - image.height() as i64) / 2;
    imageops::overlay(&mut out, image, x, y);
    out
}

/// What a lossy encoder does to small text, roughly: detail finer than a pixel is smeared.
fn jpeg_like(image: &RgbaImage) -> RgbaImage {
    imageops::blur(image, 0.6)
}

/// The 1024x768 class, named: each screenshot scaled to 1024 wide (Lanczos and Triangle), alone,
/// letterboxed into 1024x768, and scaled to 768 rows with its middle cut to 1024 columns.
fn at_1024(image: &RgbaImage) -> Vec<(String, RgbaImage)> {
    let mut out = Vec::new();
    for (filter, name) in [(FilterType::Lanczos3, "lanczos"), (FilterType::Triangle, "triangle")] {
        let fitted = resized(image, 1024.0 / image.width() as f64, filter);
        out.push((format!("1024 wide, {name}"), fitted.clone()));
        out.push((format!("1024x768 letterboxed, {name}"), canvas(&fitted, 1024, 768)));
        let tall = resized(image, 768.0 / image.height() as f64, filter);
        out.push((format!("768 high cut to 1024x768, {name}"), canvas(&tall, 1024, 768)));
    }
    out
}

/// Beyond the class, for margin: 0.5 and 0.45 of a 1920-wide screen (both filters), and the
/// letterboxed 1024x768 screen blurred as a lossy encoder would.
fn below_1024(image: &RgbaImage) -> Vec<(String, RgbaImage)> {
    let mut out = Vec::new();
    for (filter, name) in [(FilterType::Lanczos3, "lanczos"), (FilterType::Triangle, "triangle")] {
        for factor in [0.5, 0.45] {
            let base = factor * 1920.0 / image.width() as f64;
            out.push((format!("{factor} of 1920, {name}"), resized(image, base, filter)));
        }
    }
    let fitted = resized(image, 1024.0 / image.width() as f64, FilterType::Triangle);
    out.push(("1024x768 letterboxed, blurred".into(), canvas(&jpeg_like(&fitted), 1024, 768)));
    out
}

fn profile() -> Profile {
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
    Profile::load_for("cyberpunk-breach", &config, "breach").expect("the default breach profile")
}

/// Runs the case check on every variant `make` derives from each corpus screenshot; returns the
/// failures and the number checked.
fn failures(make: fn(&RgbaImage) -> Vec<(String, RgbaImage)>) -> (Vec<String>, usize) {
    let pngs = corpus();
    assert!(pngs.len() >= 6, "the shared breach corpus is missing");
    let profile = profile();
    let mut failed = Vec::new();
    let mut checked = 0;
    for png in pngs {
        let file = load(&png.with_extension("toml")).expect("the case's truth");
        let frame = gamebot::screen::load_png(&png).expect("the screenshot");
        for (name, image) in make(&frame.image) {
            let (w, h) = image.dimensions();
            checked += 1;
            if let Err(why) = Breach::check_case(&file, &Frame::from_image(image), &profile, None) {
                failed.push(format!("{} {name} ({w}x{h}): {why}", png.display()));
            }
        }
    }
    (failed, checked)
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn reads_and_solves_every_corpus_screenshot_at_1024x768() {
    let (failed, checked) = failures(at_1024);
    assert!(failed.is_empty(), "{} of {checked} failed:\n{}", failed.len(), failed.join("\n"));
}

/// Below the class the reader does not yet read everything: 27 of these 36 variants read exactly
/// (the rest lose buffer slots whose dashes fade to nothing, or the touching 5s of a daemon's "55"
/// at 0.45-0.5 scale). The count may only go down.
#[test]
#[ignore = "needs ../shared/corpus"]
fn reads_most_corpus_screenshots_below_1024_wide() {
    let (failed, checked) = failures(below_1024);
    assert!(failed.len() <= 9, "{} of {checked} failed:\n{}", failed.len(), failed.join("\n"));
}
