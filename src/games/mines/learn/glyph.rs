//! What a cell's ink looks like, whatever the program's font, colours or cell size: the glyph's
//! shape as numbers normalised to its own box (how much ink lies in each of 3x5 zones, how many
//! holes it encloses, how wide it is for its height, how tall for the cell), and its colour.
//!
//! The numbers 1-8 are told apart by shape first, so that a program drawing them all in one colour
//! reads, and so that a number the calibration screenshot did not show still reads: a glyph is
//! compared with general digit shapes (`PROTOTYPES`, bold sans-serif digits drawn on a 5x7 grid,
//! two ways for the digits fonts draw differently) and must be near one and clearly nearer it than
//! any other digit, with the holes that digit has; anything else is no digit. Calibration adds the
//! program's own glyphs (`GlyphLook` in the profile), which a read prefers when one is near.

use crate::frame::{Frame, Rect};
use crate::vision::colour::Lab;
use crate::vision::regions::{clear_specks_8, components};

/// Zones across and down the glyph's box.
pub const ZONES_X: usize = 3;
pub const ZONES_Y: usize = 5;
pub const ZONES: usize = ZONES_X * ZONES_Y;

/// A glyph's shape and colour.
#[derive(Clone, Debug, PartialEq)]
pub struct Glyph {
    /// The share of ink in each zone of the glyph's box, row-major.
    pub zones: [f32; ZONES],
    /// Enclosed holes (an 8 has two, a 6 one, a 2 none).
    pub holes: u8,
    /// The box's width over its height.
    pub aspect: f32,
    /// The box's height over the cell's.
    pub height: f32,
    /// The ink's share of the cell's inside.
    pub ink: f32,
    /// The ink's colour (`ink_colour`: its solid core's where it is one colour).
    pub colour: [u8; 3],
    /// The mean colour of all its ink (what profiles learned before `ink_colour` hold).
    pub mean: [u8; 3],
}

/// The ink of a cell: pixels of `inside` further than `min_delta_e` from `background`, as a mask
/// over `inside` (row-major, `w` x `h`), with specks (parts smaller than `speck` pixels) removed.
pub struct Ink {
    pub mask: Vec<bool>,
    pub w: usize,
    pub h: usize,
    /// Its colour (`ink_colour`) and the mean of all of it.
    pub colour: [u8; 3],
    pub mean: [u8; 3],
}

/// The ink of `inside` against `background`, or None when there is too little to be a glyph.
pub fn ink(frame: &Frame, inside: Rect, background: [u8; 3], min_delta_e: f32) -> Option<Ink> {
    let (x0, y0) = (inside.x.round().max(0.0) as u32, inside.y.round().max(0.0) as u32);
    let x1 = ((inside.x + inside.width).round() as u32).min(frame.width());
    let y1 = ((inside.y + inside.height).round() as u32).min(frame.height());
    if x1 <= x0 + 2 || y1 <= y0 + 2 {
        return None;
    }
    let (w, h) = ((x1 - x0) as usize, (y1 - y0) as usize);
    let bg = Lab::from_rgb8(background);
    let mut mask = vec![false; w * h];
    let mut contrast = vec![0f32; w * h];
    for y in 0..h {
        for x in 0..w {
            let p = frame.rgb(x0 + x as u32, y0 + y as u32);
            contrast[y * w + x] = Lab::from_rgb8(p).delta_e(&bg);
            mask[y * w + x] = contrast[y * w + x] > min_delta_e;
        }
    }
    let speck = (w * h / 300).max(2);
    clear_specks_8(&mut mask, w, speck);
    let inked: Vec<usize> = (0..w * h).filter(|&i| mask[i]).collect();
    if inked.len() < speck {
        return None;
    }
    let pixel = |i: usize| frame.rgb(x0 + (i % w) as u32, y0 + (i / w) as u32);
    let (colour, mean) = ink_colour(&inked, &contrast, background, pixel);
    Some(Ink { mask, w, h, colour, mean })
}

/// An ink pixel is of the glyph's solid core when it lies from the background at least this share
/// of the farthest ink pixel's distance.
const CORE: f32 = 0.8;

/// How far (ΔE, on average) an ink's pixels may lie from the mixes of its core's colour with the
/// background for the ink to be one colour drawn with blended edges.
const BLEND: f32 = 4.0;

/// The colour of a glyph's ink, and the mean of all of it (`inked`, indices into `contrast`, each pixel's ΔE from
/// `background`): of its solid core when the ink is one colour drawn with blended edges, else the
/// mean of all of it. The core is the ink pixels lying at least `CORE` of the farthest one's
/// distance from the background; the ink is one colour when its pixels lie, on average, within
/// `BLEND` of a mix of the core's colour with the background. A font's edges are blended with the
/// cell (anti-aliased), and a thin stroke is mostly edge while a bold one is mostly core, so the
/// mean of all its ink made one black drawn thin and bold two colours (RaderH2O's thin 1 #0b0b0b,
/// its 2 #3f3f3f: taken for a program that tells its numbers by colour); the core is the colour
/// the program drew. A glyph of several colours (a red flag on a black pole, a mine with a glint)
/// keeps its mean, the colour its learned looks were given.
fn ink_colour(
    inked: &[usize],
    contrast: &[f32],
    background: [u8; 3],
    pixel: impl Fn(usize) -> [u8; 3],
) -> ([u8; 3], [u8; 3]) {
    let mean = |pixels: &mut dyn Iterator<Item = &usize>| {
        let (sum, n) = pixels.fold(([0u64; 3], 0u64), |(mut sum, n), &i| {
            let p = pixel(i);
            (0..3).for_each(|k| sum[k] += p[k] as u64);
            (sum, n + 1)
        });
        sum.map(|s| (s / n.max(1)) as u8)
    };
    let far = inked.iter().map(|&i| contrast[i]).fold(0f32, f32::max);
    let core = mean(&mut inked.iter().filter(|&&i| contrast[i] >= CORE * far));
    let off: f32 =
        inked.iter().map(|&i| off_blend(pixel(i), core, background)).sum::<f32>() / inked.len().max(1) as f32;
    let all = mean(&mut inked.iter());
    (if off <= BLEND { core } else { all }, all)
}

/// How far (ΔE) `p` lies from the nearest mix of `ink` with `background` (sRGB values mixed, as a
/// renderer blends a glyph's edge).
fn off_blend(p: [u8; 3], ink: [u8; 3], background: [u8; 3]) -> f32 {
    let (p, c, b) = (p.map(f32::from), ink.map(f32::from), background.map(f32::from));
    let along: f32 = (0..3).map(|k| (p[k] - b[k]) * (c[k] - b[k])).sum();
    let length: f32 = (0..3).map(|k| (c[k] - b[k]).powi(2)).sum();
    let t = if length > 0.0 { (along / length).clamp(0.0, 1.0) } else { 0.0 };
    let mix = [0, 1, 2].map(|k| (b[k] + t * (c[k] - b[k])).round() as u8);
    Lab::from_rgb8(p.map(|v| v as u8)).delta_e(&Lab::from_rgb8(mix))
}

/// The glyph the ink draws; `cell_height` is the cell's height in pixels.
pub fn glyph_of(ink: &Ink, cell_height: f64) -> Option<Glyph> {
    let on = |x: usize, y: usize| ink.mask[y * ink.w + x];
    let (mut bx0, mut by0, mut bx1, mut by1) = (usize::MAX, usize::MAX, 0, 0);
    for y in 0..ink.h {
        for x in 0..ink.w {
            if on(x, y) {
                (bx0, by0, bx1, by1) = (bx0.min(x), by0.min(y), bx1.max(x), by1.max(y));
            }
        }
    }
    if bx0 == usize::MAX {
        return None;
    }
    let (bw, bh) = (bx1 - bx0 + 1, by1 - by0 + 1);
    let mut zones = [0f32; ZONES];
    let mut counts = [0f32; ZONES];
    for y in by0..=by1 {
        for x in bx0..=bx1 {
            let zx = ((x - bx0) * ZONES_X / bw).min(ZONES_X - 1);
            let zy = ((y - by0) * ZONES_Y / bh).min(ZONES_Y - 1);
            counts[zy * ZONES_X + zx] += 1.0;
            if on(x, y) {
                zones[zy * ZONES_X + zx] += 1.0;
            }
        }
    }
    for (z, c) in zones.iter_mut().zip(counts) {
        *z = if c > 0.0 { *z / c } else { 0.0 };
    }
    let inked = ink.mask.iter().filter(|&&m| m).count();
    Some(Glyph {
        zones,
        holes: holes(ink, (bx0, by0, bx1, by1)),
        aspect: bw as f32 / bh as f32,
        height: (bh as f64 / cell_height) as f32,
        ink: inked as f32 / (ink.w * ink.h) as f32,
        colour: ink.colour,
        mean: ink.mean,
    })
}

/// Holes: parts of the glyph box's background (4-connected) that touch neither the box's edge nor
/// are specks (smaller than 1% of the box, at least one pixel).
fn holes(ink: &Ink, (bx0, by0, bx1, by1): (usize, usize, usize, usize)) -> u8 {
    let (bw, bh) = (bx1 - bx0 + 1, by1 - by0 + 1);
    let background: Vec<bool> = (0..bw * bh).map(|i| !ink.mask[(by0 + i / bw) * ink.w + bx0 + i % bw]).collect();
    let least = (bw * bh / 100).max(1);
    let mut count = 0u8;
    for part in components(&background, bw) {
        let touches = part.x0 == 0 || part.y0 == 0 || part.x1 as usize == bw || part.y1 as usize == bh;
        if !touches && part.area >= least {
            count = count.saturating_add(1);
        }
    }
    count
}

/// How unlike two glyphs' shapes are: one minus the correlation of their zones (so that a bold and
/// a thin drawing of one digit, or one drawn small and stepped, still agree), plus half the square
/// of their difference in aspect (a 1 without a foot is narrow). A glyph whose zones are all alike
/// (a solid block) is 1 from everything.
pub fn shape_distance(a: &Glyph, b: &Glyph) -> f32 {
    let correlation = correlation(&a.zones, &b.zones);
    let aspect = (a.aspect - b.aspect).clamp(-1.0, 1.0);
    1.0 - correlation + 0.5 * aspect * aspect
}

/// How far (a share of it) a number's height may stray from the usual height of a program's
/// numbers: its digits are one font at one size, and a pixel more or less of anti-aliasing on
/// numbers 7 px tall (sgt-mines' 11 px cells) is 14%.
pub const SIZE_STRAY: f32 = 0.2;

/// True when a glyph of `height` (over its cell's) is drawn at the size of numbers of `usual`
/// height.
pub fn one_size(height: f32, usual: f32) -> bool {
    usual <= 0.0 || (height / usual - 1.0).abs() <= SIZE_STRAY
}

/// The median of some values (None for none).
pub fn median(mut values: Vec<f32>) -> Option<f32> {
    values.sort_by(f32::total_cmp);
    values.get(values.len() / 2).copied()
}

/// General digit shapes, 5x7, `#` ink: bold sans-serif digits as most programs draw them, with
/// other ways for the digits fonts draw differently (a 1 with or without its foot, a 4 open or
/// closed, a 6 and a 7 with or without their strokes' curl).
const PROTOTYPES: &[(u8, [&str; 7])] = &[
    (1, ["..#..", ".##..", "###..", "..#..", "..#..", "..#..", "#####"]),
    (1, ["..##.", ".###.", "..##.", "..##.", "..##.", "..##.", "..##."]),
    (2, [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"]),
    (3, [".###.", "#...#", "....#", "..##.", "....#", "#...#", ".###."]),
    (3, ["#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."]),
    (4, ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."]),
    (4, ["#..#.", "#..#.", "#..#.", "#####", "...#.", "...#.", "...#."]),
    (5, ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."]),
    (5, ["#####", "#....", "#....", "####.", "....#", "#...#", ".###."]),
    (6, [".###.", "#....", "#....", "####.", "#...#", "#...#", ".###."]),
    (6, ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."]),
    (7, ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."]),
    (7, ["#####", "....#", "....#", "...#.", "..#..", "..#..", "..#.."]),
    (8, [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."]),
    // 0 and 9 only ever show in a counter ("Marked: 10 / 99"), never in a cell.
    (0, [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."]),
    (9, [".###.", "#...#", "#...#", ".####", "....#", "....#", ".###."]),
    (9, [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."]),
    // Square digits drawn in segments, as LCD fonts and the Windows-classic Minesweeper's copies
    // (WineMine) draw them: straight strokes meeting at corners.
    (2, ["#####", "....#", "....#", "#####", "#....", "#....", "#####"]),
    (3, ["#####", "....#", "....#", "#####", "....#", "....#", "#####"]),
    (4, ["#...#", "#...#", "#...#", "#####", "....#", "....#", "....#"]),
    (5, ["#####", "#....", "#....", "#####", "....#", "....#", "#####"]),
    (6, ["#####", "#....", "#....", "#####", "#...#", "#...#", "#####"]),
    (7, ["#####", "....#", "....#", "....#", "....#", "....#", "....#"]),
    (8, ["#####", "#...#", "#...#", "#####", "#...#", "#...#", "#####"]),
    (0, ["#####", "#...#", "#...#", "#...#", "#...#", "#...#", "#####"]),
    (9, ["#####", "#...#", "#...#", "#####", "....#", "....#", "#####"]),
];

/// Shapes only a counter's small digits are compared with (`fine_digit`): a 1 whose flag a font
/// hinted small draws flat. Among cells' numbers it would take the place of others.
const COUNTER_ONLY: &[(u8, [&str; 7])] = &[(1, ["###..", "..#..", "..#..", "..#..", "..#..", "..#..", "#####"])];

/// The holes each digit may have (index = digit): a 4 is drawn closed or open.
fn allowed_holes(digit: u8, holes: u8) -> bool {
    match digit {
        4 => holes <= 1,
        0 | 6 | 9 => holes == 1,
        8 => holes == 2,
        _ => holes == 0,
    }
}

/// The glyph of a prototype, drawn at 6 px a square, each square `bold` px wider and taller (a
/// bolder drawing).
fn prototype_glyph(rows: &[&str; 7], bold: usize) -> Option<Glyph> {
    let ink = prototype_ink(rows, bold);
    glyph_of(&ink, ink.h as f64)
}

/// A prototype's ink, drawn at 6 px a square, each square `bold` px wider and taller.
fn prototype_ink(rows: &[&str; 7], bold: usize) -> Ink {
    const SCALE: usize = 6;
    let (w, h) = (5 * SCALE + bold + 2, 7 * SCALE + bold + 2);
    let mut mask = vec![false; w * h];
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '#' {
                for y in 0..SCALE + bold {
                    for x in 0..SCALE + bold {
                        mask[(1 + r * SCALE + y) * w + 1 + c * SCALE + x] = true;
                    }
                }
            }
        }
    }
    Ink { mask, w, h, colour: [0, 0, 0], mean: [0, 0, 0] }
}

/// Columns and rows of the fine grid a small glyph is compared on (`fine_digit`).
const FINE: (usize, usize) = (5, 7);

/// The share of ink in each square of a 5x7 grid over the ink's own box (a pixel shared by two
/// squares counts in both for its part), blurred a square each way so that a stroke one pixel off
/// a square's edge still meets its prototype's, and the box's width over its height; None without
/// ink.
fn fine_shares(ink: &Ink) -> Option<(Vec<f32>, f32)> {
    let on = |x: usize, y: usize| ink.mask[y * ink.w + x];
    let xs: Vec<usize> = (0..ink.w).filter(|&x| (0..ink.h).any(|y| on(x, y))).collect();
    let ys: Vec<usize> = (0..ink.h).filter(|&y| (0..ink.w).any(|x| on(x, y))).collect();
    let (&x0, &x1, &y0, &y1) = (xs.first()?, xs.last()?, ys.first()?, ys.last()?);
    let (bw, bh) = (x1 - x0 + 1, y1 - y0 + 1);
    let (nx, ny) = FINE;
    // How much of pixel `p` (of `n` across the box) lies in square `k` (of `m`).
    let part = |p: usize, n: usize, k: usize, m: usize| {
        let (a, b) = (p as f32 * m as f32 / n as f32, (p + 1) as f32 * m as f32 / n as f32);
        (b.min(k as f32 + 1.0) - a.max(k as f32)).max(0.0)
    };
    let mut grid = vec![0f32; nx * ny];
    for (ky, kx) in (0..ny).flat_map(|ky| (0..nx).map(move |kx| (ky, kx))) {
        let (mut inked, mut all) = (0.0, 0.0);
        for y in y0..=y1 {
            let py = part(y - y0, bh, ky, ny);
            if py == 0.0 {
                continue;
            }
            for x in x0..=x1 {
                let w = py * part(x - x0, bw, kx, nx);
                all += w;
                if on(x, y) {
                    inked += w;
                }
            }
        }
        grid[ky * nx + kx] = if all > 0.0 { inked / all } else { 0.0 };
    }
    let mut blurred = vec![0f32; nx * ny];
    for (ky, kx) in (0..ny).flat_map(|ky| (0..nx).map(move |kx| (ky, kx))) {
        let (mut sum, mut weight) = (0.0, 0.0);
        for (dy, dx) in (-1i32..=1).flat_map(|dy| (-1i32..=1).map(move |dx| (dy, dx))) {
            let (y, x) = (ky as i32 + dy, kx as i32 + dx);
            if (0..ny as i32).contains(&y) && (0..nx as i32).contains(&x) {
                let w = [1.0, 2.0, 1.0][(dy + 1) as usize] * [1.0, 2.0, 1.0][(dx + 1) as usize];
                sum += w * grid[y as usize * nx + x as usize];
                weight += w;
            }
        }
        blurred[ky * nx + kx] = sum / weight;
    }
    Some((blurred, bw as f32 / bh as f32))
}

/// The prototypes' fine shares, plain and bold, with their digits (made once).
fn fine_prototypes() -> &'static [(u8, Vec<f32>, f32)] {
    static MADE: std::sync::OnceLock<Vec<(u8, Vec<f32>, f32)>> = std::sync::OnceLock::new();
    MADE.get_or_init(|| {
        let all = PROTOTYPES.iter().chain(COUNTER_ONLY);
        let drawn = all.flat_map(|(digit, rows)| [0, 3].map(|b| (*digit, prototype_ink(rows, b))));
        drawn.filter_map(|(digit, ink)| fine_shares(&ink).map(|(s, a)| (digit, s, a))).collect()
    })
}

/// The digit among `digits` that a small glyph (a counter's, as few as 8 px tall, in any font) is
/// by the general shapes compared on a 5x7 grid over its box, where the 3x5 zones of
/// `nearest_digit` blur a thin 4 into a 0. Sure when near one and clearly nearer it than any other.
pub fn fine_digit(ink: &Ink, holes: u8, digits: std::ops::RangeInclusive<u8>) -> Result<Verdict, Verdict> {
    let none = Verdict { digit: 0, distance: f32::MAX, runner_up: f32::MAX };
    let (shares, aspect) = fine_shares(ink).ok_or(none)?;
    let mut best = [f32::MAX; 10];
    for (digit, prototype, their_aspect) in fine_prototypes() {
        if !digits.contains(digit) || !allowed_holes(*digit, holes) {
            continue;
        }
        let d = 1.0 - correlation(&shares, prototype) + 0.5 * (aspect - their_aspect).clamp(-1.0, 1.0).powi(2);
        best[*digit as usize] = best[*digit as usize].min(d);
    }
    verdict(&best, digits)
}

/// The verdict of the distances `best` of each digit among `digits`: the nearest, sure when near
/// and clearly nearer than any other.
fn verdict(best: &[f32; 10], digits: std::ops::RangeInclusive<u8>) -> Result<Verdict, Verdict> {
    let mut order: Vec<u8> = digits.collect();
    order.sort_by(|a, b| best[*a as usize].total_cmp(&best[*b as usize]));
    let verdict = Verdict { digit: order[0], distance: best[order[0] as usize], runner_up: best[order[1] as usize] };
    let sure = verdict.distance <= MAX_GENERAL && verdict.distance <= MARGIN * verdict.runner_up;
    if sure { Ok(verdict) } else { Err(verdict) }
}

/// The correlation of two equally long lists of numbers (0 when either is flat).
fn correlation(a: &[f32], b: &[f32]) -> f32 {
    let n = a.len() as f32;
    let (ma, mb) = (a.iter().sum::<f32>() / n, b.iter().sum::<f32>() / n);
    let (mut ab, mut aa, mut bb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        ab += (x - ma) * (y - mb);
        aa += (x - ma) * (x - ma);
        bb += (y - mb) * (y - mb);
    }
    if aa > 1e-6 && bb > 1e-6 { ab / (aa * bb).sqrt() } else { 0.0 }
}

/// The prototypes as glyphs, plain and bold, with their digits (made once).
fn prototypes() -> &'static [(u8, Glyph)] {
    static MADE: std::sync::OnceLock<Vec<(u8, Glyph)>> = std::sync::OnceLock::new();
    MADE.get_or_init(|| {
        PROTOTYPES
            .iter()
            .flat_map(|(digit, rows)| {
                [0, 3, 6].into_iter().filter_map(move |b| Some((*digit, prototype_glyph(rows, b)?)))
            })
            .collect()
    })
}

/// What the general shapes say of a glyph.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    pub digit: u8,
    pub distance: f32,
    /// The distance to the nearest other digit.
    pub runner_up: f32,
}

/// The furthest a glyph may be from a learned glyph of the program to count as it.
pub const MAX_LEARNED: f32 = 0.12;
/// The furthest a glyph may be from its digit's general shape.
pub const MAX_GENERAL: f32 = 0.45;
/// The furthest a glyph may be from its digit's general shape when the program's colour for that
/// digit confirms it (`cells::confirmed_by_colour`).
pub const MAX_CONFIRMED: f32 = 0.6;
/// How much nearer the best digit must be than any other, as a share of the other's distance.
pub const MARGIN: f32 = 0.85;

/// A glyph in a cell whose box is narrower than this share of its height is a stroke down: no
/// digit but a 1 is drawn so narrow, while its 3 columns of zones, a pixel or two each, can make
/// a thin 1 with a flag at its top (RaderH2O's font) the same shape as a square 7.
pub const NARROW: f32 = 0.3;

/// The digit a glyph's shape is by the general shapes, or None (with the nearest, for messages):
/// a number in a cell, 1 to 8. A glyph with no hole narrower than `NARROW` can only be a 1.
pub fn general_digit(glyph: &Glyph) -> Result<Verdict, Verdict> {
    let verdict = nearest_digit(glyph, 1..=8);
    if glyph.aspect >= NARROW || glyph.holes > 0 {
        return verdict;
    }
    let v = verdict.unwrap_or_else(|v| v);
    let one =
        prototypes().iter().filter(|(d, _)| *d == 1).map(|(_, p)| shape_distance(glyph, p)).fold(f32::MAX, f32::min);
    Ok(Verdict { digit: 1, distance: one, runner_up: if v.digit == 1 { v.runner_up } else { v.distance } })
}

/// The digit a glyph's shape is among `digits` by the general shapes: sure when near one and
/// clearly nearer it than any other of them.
pub fn nearest_digit(glyph: &Glyph, digits: std::ops::RangeInclusive<u8>) -> Result<Verdict, Verdict> {
    let mut best = [f32::MAX; 10];
    for (digit, prototype) in prototypes() {
        if !digits.contains(digit) || !allowed_holes(*digit, glyph.holes) {
            continue;
        }
        let d = shape_distance(glyph, prototype);
        best[*digit as usize] = best[*digit as usize].min(d);
    }
    verdict(&best, digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_prototype_is_its_own_digit() {
        for (digit, rows) in PROTOTYPES {
            let mut glyph = prototype_glyph(rows, 0).expect("a prototype has ink");
            glyph.holes = match digit {
                0 | 6 | 9 => 1,
                8 => 2,
                _ => glyph.holes.min(1) * u8::from(*digit == 4),
            };
            let verdict = nearest_digit(&glyph, 0..=9).unwrap_or_else(|v| panic!("{digit}: {v:?}"));
            assert_eq!(verdict.digit, *digit, "{rows:?}");
        }
    }

    #[test]
    fn holes_are_counted_at_any_scale() {
        let rows = PROTOTYPES.iter().find(|(d, _)| *d == 8).map(|(_, r)| r).expect("an 8");
        assert_eq!(prototype_glyph(rows, 0).map(|g| g.holes), Some(2));
        let mask: Vec<bool> = rows.iter().flat_map(|r| r.chars().map(|c| c == '#')).collect();
        let ink = Ink { mask, w: 5, h: 7, colour: [0, 0, 0], mean: [0, 0, 0] };
        assert_eq!(glyph_of(&ink, 9.0).map(|g| g.holes), Some(2));
    }

    /// One black ink drawn as a thin stroke (one pixel wide) and a bold one (four), each edged on
    /// both sides by a pixel blended half with the cell (#707070 on #e1e1e1), as a font is drawn
    /// anti-aliased: their ink's mean colours lie ΔE 15 apart (#4b4b4b and #252525: a program
    /// drawing its numbers in one colour taken for one that tells them by colour, as RaderH2O's
    /// thin 1 and its 2); their cores are the black drawn.
    #[test]
    fn a_thin_and_a_bold_stroke_of_one_ink_have_its_colour() {
        use image::{Rgba, RgbaImage};
        let colour_of = |core: u32| {
            let mut image = RgbaImage::from_pixel(40, 40, Rgba([0xe1, 0xe1, 0xe1, 255]));
            for y in 8..32 {
                for x in 18..20 + core {
                    let edge = x == 18 || x == 19 + core;
                    image.put_pixel(x, y, if edge { Rgba([0x70, 0x70, 0x70, 255]) } else { Rgba([0, 0, 0, 255]) });
                }
            }
            let frame = Frame::from_image(image);
            let inside = Rect { x: 2.0, y: 2.0, width: 36.0, height: 36.0 };
            ink(&frame, inside, [0xe1, 0xe1, 0xe1], 20.0).expect("ink").colour
        };
        let (thin, bold) = (colour_of(1), colour_of(4));
        assert_eq!((thin, bold), ([0, 0, 0], [0, 0, 0]), "the core's colour, not the mean of the edges with it");
    }

    /// A glyph of two colours, a red flag (8x8 px) on a black pole (2x16 px), is no blended edge
    /// of either: it keeps the mean of its ink (the colour profiles learned before gave it).
    #[test]
    fn a_glyph_of_two_colours_keeps_its_mean() {
        use image::{Rgba, RgbaImage};
        let mut image = RgbaImage::from_pixel(40, 40, Rgba([0xc0, 0xc0, 0xc0, 255]));
        for y in 8..32 {
            for x in 12..22 {
                if x >= 20 {
                    image.put_pixel(x, y, Rgba([0, 0, 0, 255]));
                } else if y < 16 {
                    image.put_pixel(x, y, Rgba([0xff, 0, 0, 255]));
                }
            }
        }
        let frame = Frame::from_image(image);
        let inside = Rect { x: 2.0, y: 2.0, width: 36.0, height: 36.0 };
        let colour = ink(&frame, inside, [0xc0, 0xc0, 0xc0], 20.0).expect("ink").colour;
        assert_eq!(colour, [145, 0, 0], "64 red pixels and 48 black ones: their mean");
    }

    /// WineMine draws its numbers in one-pixel segments, 7x9 px in a 16 px cell (its 3 below, as
    /// captured in `fixtures/mines/winemine/`): square digits read by shape alone.
    #[test]
    fn a_thin_square_digit_in_segments_reads() {
        let rows = ["#######", "......#", "......#", "......#", "#######", "......#", "......#", "......#", "#######"];
        let mask: Vec<bool> = rows.iter().flat_map(|r| r.chars().map(|c| c == '#')).collect();
        let glyph = glyph_of(&Ink { mask, w: 7, h: 9, colour: [0, 255, 255], mean: [0, 255, 255] }, 16.0).expect("ink");
        assert_eq!(general_digit(&glyph).map(|v| v.digit), Ok(3));
    }

    /// A thin font's 1 (RaderH2O's, its ink in a 50-px cell: a stroke one pixel wide with a short flag to its
    /// left at the top, 5x22 px) fills the zones as a square 7 does; by its width it is a 1
    /// (`NARROW`; it read as a 7 before).
    #[test]
    fn a_thin_1_with_a_flag_at_its_top_is_a_1_and_no_7() {
        let mut rows = vec!["#####", "...##"];
        rows.extend(std::iter::repeat_n("....#", 20));
        let mask: Vec<bool> = rows.iter().flat_map(|r| r.chars().map(|c| c == '#')).collect();
        let glyph = glyph_of(&Ink { mask, w: 5, h: 22, colour: [0, 0, 0], mean: [0, 0, 0] }, 50.0).expect("ink");
        assert_eq!(nearest_digit(&glyph, 1..=8).map(|v| v.digit), Ok(7), "the zones alone");
        assert_eq!(general_digit(&glyph).map(|v| v.digit), Ok(1));
    }

    #[test]
    fn a_solid_block_is_no_digit() {
        let ink = Ink { mask: vec![true; 12 * 16], w: 12, h: 16, colour: [0, 0, 0], mean: [0, 0, 0] };
        let glyph = glyph_of(&ink, 20.0).expect("ink");
        assert!(general_digit(&glyph).is_err());
    }
}
