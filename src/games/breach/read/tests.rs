//! Tests of the reader against the real screenshots in `../shared/corpus/breach` (read from there,
//! never copied), with diagnostics when a reading differs from the case's ground truth.

use std::path::PathBuf;

use super::*;

pub(super) fn corpus() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/breach");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|e| e == "png")).collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// The case's ground truth for a corpus screenshot.
pub(super) fn truth(png: &std::path::Path) -> Puzzle {
    let case = crate::case::load(&png.with_extension("toml")).unwrap();
    let strings = |key: &str| -> Vec<String> { case.board[key].clone().try_into().unwrap() };
    Puzzle::from_case(&strings("grid"), &strings("daemons"), case.board["buffer"].as_integer().unwrap() as usize)
        .unwrap()
}

/// Reads `frame` and says how the reading differs from `want`, if it does.
fn check(frame: &Frame, want: &Puzzle) -> Result<(), String> {
    let screen = read(frame).map_err(|e| e.to_string())?;
    if screen.puzzle == *want { Ok(()) } else { Err(format!("read {:?}", screen.puzzle)) }
}

/// The frame scaled by `factor` (Triangle filter), as a screenshot at another resolution.
pub(super) fn scaled(frame: &Frame, factor: f64) -> Frame {
    let (w, h) = ((frame.width() as f64 * factor).round() as u32, (frame.height() as f64 * factor).round() as u32);
    Frame::from_image(image::imageops::resize(&frame.image, w, h, image::imageops::FilterType::Triangle))
}

/// The frame with every channel passed through v -> 255 (v/255)^gamma.
fn gamma(frame: &Frame, gamma: f64) -> Frame {
    let table: Vec<u8> = (0..256).map(|v| (255.0 * (v as f64 / 255.0).powf(gamma)).round() as u8).collect();
    let mut image = frame.image.clone();
    for p in image.pixels_mut() {
        for c in 0..3 {
            p.0[c] = table[p.0[c] as usize];
        }
    }
    Frame::from_image(image)
}

/// The frame centred in a black canvas of another shape (letterboxing or pillarboxing).
fn boxed(frame: &Frame, width: u32, height: u32) -> Frame {
    let mut image = image::RgbaImage::from_pixel(width, height, image::Rgba([0, 0, 0, 255]));
    let (x, y) = ((width - frame.width()) / 2, (height - frame.height()) / 2);
    image::imageops::overlay(&mut image, &frame.image, x as i64, y as i64);
    Frame::from_image(image)
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn reads_every_corpus_screenshot_exactly() {
    let pngs = corpus();
    assert!(pngs.len() >= 6, "the shared breach corpus is missing");
    for png in pngs {
        let frame = crate::screen::load_png(&png).unwrap();
        if let Err(e) = check(&frame, &truth(&png)) {
            panic!("{}: {e}", png.display());
        }
    }
}

/// The corpus screenshots as they would look at other resolutions, gammas and aspect ratios
/// (derived in memory at test time: synthetic variants of real captures, never stored).
#[test]
#[ignore = "needs ../shared/corpus"]
fn reads_the_corpus_at_other_scales_gammas_and_shapes() {
    let mut failures = Vec::new();
    for png in corpus() {
        let frame = crate::screen::load_png(&png).unwrap();
        let want = truth(&png);
        let base = 1080.0 / frame.height() as f64;
        let mut variants: Vec<(String, Frame)> = Vec::new();
        for height in [720.0, 768.0, 900.0, 1440.0, 2160.0] {
            variants.push((format!("{height}p"), scaled(&frame, base * height / 1080.0)));
        }
        variants.push(("gamma 0.6".into(), gamma(&frame, 0.6)));
        variants.push(("gamma 1.6".into(), gamma(&frame, 1.6)));
        // 1024x768: the 16:9 screen fitted to the width, black above and below. (Not with the
        // brightest gamma: there the two 5s of a daemon's "55" touch at this size; see the note.)
        if !png.to_string_lossy().contains("g150") {
            let fitted = scaled(&frame, 1024.0 / frame.width() as f64);
            variants.push(("1024x768 letterboxed".into(), boxed(&fitted, 1024, 768)));
        }
        // 21:9 ultrawide at 1080 rows: the 16:9 screen in the middle, black at the sides.
        let tall = scaled(&frame, base);
        variants.push(("2520x1080 pillarboxed".into(), boxed(&tall, 2520, 1080)));
        for (name, variant) in variants {
            if let Err(e) = check(&variant, &want) {
                failures.push(format!("{} {name} ({}x{}): {e}", png.display(), variant.width(), variant.height()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The frame with a coloured band painted behind the matrix's first row, as the game lights the
/// active row in some UI languages: every pixel of the row's cells that is not the codes' ink is
/// blended `alpha` of the way to `rgb`.
fn banded(frame: &Frame, rgb: [u8; 3], alpha: f64) -> Frame {
    banded_line(frame, Line::Row(0), rgb, alpha)
}

/// The frame with a coloured band painted behind one row or column of the matrix, as `banded`.
fn banded_line(frame: &Frame, line: Line, rgb: [u8; 3], alpha: f64) -> Frame {
    let screen = read(frame).unwrap();
    let luma = Luma::of(frame);
    let threshold = luma::text_threshold(&luma);
    let n = screen.cells.len();
    let (first, last) = match line {
        Line::Row(r) => (&screen.cells[r][0], &screen.cells[r][n - 1]),
        Line::Col(c) => (&screen.cells[0][c], &screen.cells[n - 1][c]),
    };
    let mut image = frame.image.clone();
    for y in first.y as u32..(last.y + last.height) as u32 {
        for x in first.x as u32..(last.x + last.width) as u32 {
            if luma.at(x as usize, y as usize) > threshold {
                continue;
            }
            let p = image.get_pixel_mut(x, y);
            for (channel, &target) in p.0.iter_mut().zip(&rgb) {
                *channel = (*channel as f64 * (1.0 - alpha) + target as f64 * alpha).round() as u8;
            }
        }
    }
    Frame::from_image(image)
}

/// A lit band down a column, as a screen mid-game shows the line of the next pick: the codes must
/// still read and the line must be that column (bands as in the first-row test).
#[test]
#[ignore = "needs ../shared/corpus"]
fn reads_the_corpus_with_a_band_down_a_column() {
    let mut failures = Vec::new();
    for png in corpus() {
        let frame = crate::screen::load_png(&png).unwrap();
        let want = truth(&png);
        for (rgb, alpha) in [([40, 140, 160], 0.8), ([120, 130, 60], 0.9), ([150, 60, 60], 0.9)] {
            for column in [1, want.cols() - 1] {
                match read(&banded_line(&frame, Line::Col(column), rgb, alpha)) {
                    Ok(screen) if screen.puzzle == want && screen.start.line == Line::Col(column) => {}
                    Ok(screen) => failures.push(format!(
                        "{} col {column} band {rgb:?}: read {:?} {}",
                        png.display(),
                        screen.puzzle,
                        screen.start.line
                    )),
                    Err(e) => failures.push(format!("{} col {column} band {rgb:?}: {e}", png.display())),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A lit band behind the first row (a class of real screens the reader once missed: "no code
/// matrix found"), drawn on every corpus screenshot in memory, dim and bright.
#[test]
#[ignore = "needs ../shared/corpus"]
fn reads_the_corpus_with_a_band_behind_the_first_row() {
    let mut failures = Vec::new();
    for png in corpus() {
        let frame = crate::screen::load_png(&png).unwrap();
        let want = truth(&png);
        for (rgb, alpha) in [([40, 140, 160], 0.8), ([120, 130, 60], 0.9), ([150, 60, 60], 0.9)] {
            let variant = banded(&frame, rgb, alpha);
            match read(&variant) {
                Ok(screen) if screen.puzzle == want && screen.start.line == Line::Row(0) => {}
                Ok(screen) => failures.push(format!(
                    "{} band {rgb:?}: read {:?} {}",
                    png.display(),
                    screen.puzzle,
                    screen.start.line
                )),
                Err(e) => failures.push(format!("{} band {rgb:?}: {e}", png.display())),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The frame with four square, many-stroked characters (CJK-like: 口 十 田 三) drawn right after
/// each daemon's last code, `gap` text heights away, in the codes' own ink, as a daemon's name in a
/// CJK UI may stand.
fn with_names(frame: &Frame, gap: f64) -> Frame {
    let screen = read(frame).unwrap();
    let mut image = frame.image.clone();
    for codes in &screen.daemon_codes {
        let last = codes[codes.len() - 1];
        let h = last.height * 1.05;
        let ink = (last.x as u32..(last.x + last.width) as u32)
            .flat_map(|x| (last.y as u32..(last.y + last.height) as u32).map(move |y| (x, y)))
            .map(|(x, y)| *frame.image.get_pixel(x, y))
            .max_by_key(|p| p.0[0] as u32 + p.0[1] as u32 + p.0[2] as u32)
            .unwrap();
        let stroke = (h * 0.12).round().max(1.0);
        let top = last.y + (last.height - h) / 2.0;
        let mut fill = |x0: f64, y0: f64, w: f64, hh: f64| {
            for y in y0.round() as u32..(y0 + hh).round() as u32 {
                for x in x0.round() as u32..(x0 + w).round() as u32 {
                    if x < image.width() && y < image.height() {
                        image.put_pixel(x, y, ink);
                    }
                }
            }
        };
        for k in 0..4 {
            let x = last.x + last.width + gap * last.height + k as f64 * 1.15 * h;
            let (box_, cross, bars) =
                [(true, false, false), (false, true, false), (true, true, false), (false, false, true)][k];
            if box_ {
                fill(x, top, h, stroke);
                fill(x, top + h - stroke, h, stroke);
                fill(x, top, stroke, h);
                fill(x + h - stroke, top, stroke, h);
            }
            if cross {
                fill(x, top + (h - stroke) / 2.0, h, stroke);
                fill(x + (h - stroke) / 2.0, top, stroke, h);
            }
            if bars {
                for b in 0..3 {
                    fill(x, top + b as f64 * (h - stroke) / 2.0, h, stroke);
                }
            }
        }
    }
    Frame::from_image(image)
}

/// CJK daemon names close beside the codes (a class of real screens the reader once misread: a
/// daemon of four codes read as two), drawn on every corpus screenshot in memory.
#[test]
#[ignore = "needs ../shared/corpus"]
fn reads_the_corpus_with_cjk_names_beside_the_daemons() {
    let mut failures = Vec::new();
    for png in corpus() {
        let frame = crate::screen::load_png(&png).unwrap();
        let want = truth(&png);
        for gap in [0.3, 0.6, 1.0] {
            if let Err(e) = check(&with_names(&frame, gap), &want) {
                failures.push(format!("{} names {gap} heights away: {e}", png.display()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The band and the CJK names again, on every corpus screenshot scaled to 1024 wide (Lanczos) and
/// letterboxed into 1024x768: the classes of real screens combine, and small glyphs must not
/// change how either is handled. One combination is known to fail: the gamma-brightened 1440p
/// screen at this size under the teal band, where the ink against its surroundings loses a code
/// of the first row ("no code matrix found"); it is listed so that a fix, or any new failure,
/// shows.
#[test]
#[ignore = "needs ../shared/corpus"]
fn reads_the_corpus_at_1024x768_with_a_band_or_cjk_names() {
    let mut failures = Vec::new();
    for png in corpus() {
        let frame = crate::screen::load_png(&png).unwrap();
        let want = truth(&png);
        let w = 1024.0 / frame.width() as f64;
        let fitted = image::imageops::resize(
            &frame.image,
            1024,
            (frame.height() as f64 * w).round() as u32,
            image::imageops::FilterType::Lanczos3,
        );
        let small = boxed(&Frame::from_image(fitted), 1024, 768);
        for (rgb, alpha) in [([40, 140, 160], 0.8), ([150, 60, 60], 0.9)] {
            match read(&banded(&small, rgb, alpha)) {
                Ok(screen) if screen.puzzle == want && screen.start.line == Line::Row(0) => {}
                Ok(screen) => failures.push(format!("{} band {rgb:?}: read {:?}", png.display(), screen.puzzle)),
                Err(e) => failures.push(format!("{} band {rgb:?}: {e}", png.display())),
            }
        }
        for gap in [0.3, 1.0] {
            if let Err(e) = check(&with_names(&small, gap), &want) {
                failures.push(format!("{} names {gap} heights away: {e}", png.display()));
            }
        }
    }
    let known = |f: &String| f.contains("g150") && f.contains("band [40, 140, 160]") && f.contains("no code matrix");
    assert_eq!(failures.iter().filter(|f| known(f)).count(), 1, "the known failure is gone: {failures:?}");
    let unknown: Vec<&String> = failures.iter().filter(|f| !known(f)).collect();
    assert!(unknown.is_empty(), "{unknown:?}");
}
