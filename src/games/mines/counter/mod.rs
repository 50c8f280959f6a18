//! The mine counter a program shows beside its board, read so that `--mines` is not needed.
//!
//! Text "marked / total" first (`marked`): sgt-mines' status line ("Marked: 3 / 99"),
//! gnome-mines' "3/10" under its flag. Text is whatever stands out from the window's commonest
//! colour outside the board. Its parts (8-connected) of a glyph's size are read by shape alone,
//! whatever the font (`learn::glyph::nearest_digit` over 0-9), and a slash is a thin stroke leaning
//! right. Such a counter is digits, a slash and digits on one line, close together, and is taken
//! only when it agrees with the board: the marked count is the number of flags the board shows,
//! and the total fits the board.
//!
//! Else a number alone (`choose`): in 7-segment digits (`seven`: WineMine's counter and timer) or
//! in text standing apart from any word (`text`: ripexz's "Mines: 10"). A number shown beside a
//! board is the mines left (total = number + flags shown: WineMine, rw-pz's page) or the total
//! itself (ripexz's "Mines: 10" with 2 flags placed), and a frame cannot tell which; nor can it
//! tell a counter from a timer of the same look. So every number gives both totals, each kept only
//! when it agrees with the board (at least 1, fewer than the cells, and some layout of that many
//! mines obeys every number on it), and the total is taken only when exactly one remains: with no
//! flag placed both meanings are one, and a timer at 0 (an untouched board) or at a few seconds
//! (too few mines for the numbers shown) drops out. A board that has ended needs no total, and a
//! program may redraw its flags there (a loss shows the mines), so no number alone is read on it.
//! Anything else (no counter, two totals left, a digit that reads as none surely) leaves the
//! total unknown rather than guessed.

mod choose;
mod marked;
pub mod seven;
mod text;

use crate::frame::{Frame, Rect};
use crate::vision::colour::Lab;
use crate::vision::regions::{Component, components_8};

use super::board::{Board, Cell};
use super::learn::glyph::{Ink, fine_digit, glyph_of, nearest_digit};

/// A counter as read: flags marked, and the total of mines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counter {
    pub marked: u32,
    pub total: u32,
}

/// How far (CIE ΔE) from the window's commonest colour a pixel is ink.
const INK_DELTA_E: f32 = 25.0;
/// How far in every channel a colour may be from the page's and be no ink, whatever its ΔE
/// (well under `INK_DELTA_E`).
const NEAR_RGB: u8 = 6;
/// The smallest and largest height of a glyph, in pixels.
const GLYPH_PX: (u32, u32) = (6, 60);

/// A part of the text: its box, what it reads as, and whether both readers of shape are sure of
/// that digit.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Part {
    bbox: Component,
    kind: Kind,
    agreed: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Digit(u8),
    Slash,
}

/// The window outside the board: its page colour, and every other pixel there.
pub struct Page {
    w: usize,
    h: usize,
    /// The commonest colour outside the board.
    colour: [u8; 3],
    /// Each pixel outside the board that is not of the page's colour, in Lab (None elsewhere).
    lab: Vec<Option<Lab>>,
    /// Those pixels' colours to 4 bits a channel: how many, and their sums.
    bins: Vec<(usize, [u64; 3])>,
    /// Ink: those pixels far from the page's colour.
    ink: Vec<bool>,
}

impl Page {
    /// The page of `frame` around the board at `board` (in frame pixels).
    pub fn of(frame: &Frame, board: Rect) -> Option<Page> {
        let (w, h) = (frame.width() as usize, frame.height() as usize);
        let outside = |x: usize, y: usize| {
            let (x, y) = (x as f64, y as f64);
            x < board.x - 1.0 || y < board.y - 1.0 || x > board.x + board.width || y > board.y + board.height
        };
        let colour = commonest(frame, &outside)?;
        let background = Lab::from_rgb8(colour);
        let mut lab = vec![None; w * h];
        let mut bins = vec![(0usize, [0u64; 3]); 4096];
        let mut ink = vec![false; w * h];
        for y in 0..h {
            for x in 0..w {
                let p = frame.rgb(x as u32, y as u32);
                // Most of a window is its page colour: no need of Lab to say so.
                let near = (0..3).all(|k| p[k].abs_diff(colour[k]) <= NEAR_RGB);
                if !near && outside(x, y) {
                    let l = Lab::from_rgb8(p);
                    ink[y * w + x] = l.delta_e(&background) > INK_DELTA_E;
                    lab[y * w + x] = Some(l);
                    let bin = &mut bins[(p[0] as usize >> 4) << 8 | (p[1] as usize >> 4) << 4 | p[2] as usize >> 4];
                    bin.0 += 1;
                    (0..3).for_each(|k| bin.1[k] += p[k] as u64);
                }
            }
        }
        Some(Page { w, h, colour, lab, bins, ink })
    }

    /// The colours most pixels off the page have (each the mean of its bin), at least `min`
    /// pixels each, each at least `apart` (ΔE) from the page's and from every other: at most `most`.
    fn colours(&self, most: usize, min: usize, apart: f32) -> Vec<Lab> {
        let mut bins: Vec<&(usize, [u64; 3])> = self.bins.iter().filter(|b| b.0 >= min).collect();
        bins.sort_by_key(|b| std::cmp::Reverse(b.0));
        let mut chosen: Vec<Lab> = vec![Lab::from_rgb8(self.colour)];
        for (n, sum) in bins {
            let lab = Lab::from_rgb8(sum.map(|s| (s / *n as u64) as u8));
            if chosen.iter().all(|c| c.delta_e(&lab) >= apart) {
                chosen.push(lab);
            }
            if chosen.len() > most {
                break;
            }
        }
        chosen.split_off(1)
    }

    /// The parts of the ink, and those of a glyph's size that read as a digit or a slash. Two
    /// parts alike (`alike`) that read as different digits show that the readers are unsure of
    /// this font: neither counts as agreed.
    fn parts(&self) -> (Vec<Component>, Vec<Part>) {
        let all = components_8(&self.ink, self.w);
        let mut parts: Vec<Part> = all
            .iter()
            .filter(|c| (GLYPH_PX.0..=GLYPH_PX.1).contains(&c.height()) && c.width() * 2 <= c.height() * 3)
            .filter_map(|&c| {
                let (kind, agreed) = kind(&self.ink, self.w, c)?;
                Some(Part { bbox: c, kind, agreed })
            })
            .collect();
        let mut unsure = vec![false; parts.len()];
        for i in 0..parts.len() {
            for j in i + 1..parts.len() {
                let differ = matches!((parts[i].kind, parts[j].kind), (Kind::Digit(a), Kind::Digit(b)) if a != b);
                if differ && self.alike(parts[i].bbox, parts[j].bbox) {
                    (unsure[i], unsure[j]) = (true, true);
                }
            }
        }
        parts.iter_mut().zip(unsure).for_each(|(p, u)| p.agreed &= !u);
        (all, parts)
    }

    /// Whether the ink in two boxes is one glyph: sizes within a pixel, and at most a sixth of
    /// the pixels differing, laid on each other by their top-left corners give or take a pixel
    /// (the same glyph drawn at another fraction of a pixel).
    fn alike(&self, a: Component, b: Component) -> bool {
        if a.width().abs_diff(b.width()) > 1 || a.height().abs_diff(b.height()) > 1 {
            return false;
        }
        let (w, h) = (a.width().max(b.width()) as i64, a.height().max(b.height()) as i64);
        let at = |c: Component, x: i64, y: i64| {
            (0..c.width() as i64).contains(&x)
                && (0..c.height() as i64).contains(&y)
                && self.ink[(c.y0 as i64 + y) as usize * self.w + (c.x0 as i64 + x) as usize]
        };
        let differing = |dx: i64, dy: i64| {
            (0..h)
                .flat_map(|y| (0..w).map(move |x| (x, y)))
                .filter(|&(x, y)| at(a, x, y) != at(b, x + dx, y + dy))
                .count()
        };
        let least = (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (dx, dy))).map(|(dx, dy)| differing(dx, dy)).min();
        least.is_some_and(|d| d as i64 * 6 <= w * h)
    }
}

/// The total of mines the program shows beside `board` (read at `rect` in `frame`), when exactly
/// one total agrees with the board: "marked / total" text, else a number alone (`choose`).
pub fn total(frame: &Frame, rect: Rect, board: &Board) -> Option<u32> {
    let flagged = board.cells.iter().filter(|&&c| c == Cell::Flagged).count();
    let page = Page::of(frame, rect)?;
    let (all, parts) = page.parts();
    if let Some(counter) = marked::marked_total(&parts, flagged, board.cells.len()) {
        return Some(counter.total);
    }
    let ended = board.is_lost() || !board.cells.contains(&Cell::Covered);
    if ended {
        return None;
    }
    let mut numbers: Vec<i64> = seven::numbers(&page).iter().map(|n| n.value).collect();
    numbers.extend(text::numbers(&all, &parts));
    choose::total(&numbers, board)
}

/// The "marked / total" counter shown in `frame` beside the board at `board` (in frame pixels),
/// when exactly one reads and agrees with the board: `flagged` flags on it, `cells` cells in all.
pub fn read(frame: &Frame, board: Rect, flagged: usize, cells: usize) -> Option<Counter> {
    marked::marked_total(&Page::of(frame, board)?.parts().1, flagged, cells)
}

/// The commonest colour (to 4 bits a channel, as the mean of its pixels) where `keep` holds.
fn commonest(frame: &Frame, keep: &dyn Fn(usize, usize) -> bool) -> Option<[u8; 3]> {
    let mut bins = vec![(0u32, [0u64; 3]); 4096];
    for y in 0..frame.height() as usize {
        for x in 0..frame.width() as usize {
            if keep(x, y) {
                let p = frame.rgb(x as u32, y as u32);
                let bin = &mut bins[(p[0] as usize >> 4) << 8 | (p[1] as usize >> 4) << 4 | p[2] as usize >> 4];
                bin.0 += 1;
                (0..3).for_each(|k| bin.1[k] += p[k] as u64);
            }
        }
    }
    let (n, sum) = bins.into_iter().max_by_key(|b| b.0)?;
    (n > 0).then(|| sum.map(|s| (s / n as u64) as u8))
}

/// What the part of `mask` in `c` reads as: a digit surely, a slash, or nothing; and whether both
/// readers are sure of it.
fn kind(mask: &[bool], w: usize, c: Component) -> Option<(Kind, bool)> {
    let (bw, bh) = (c.width() as usize, c.height() as usize);
    let ink: Vec<bool> = (0..bw * bh).map(|i| mask[(c.y0 as usize + i / bw) * w + c.x0 as usize + i % bw]).collect();
    if marked::is_slash(&ink, bw, bh) {
        return Some((Kind::Slash, false));
    }
    let ink = Ink { mask: ink, w: bw, h: bh, colour: [0, 0, 0], mean: [0, 0, 0] };
    let glyph = glyph_of(&ink, bh as f64)?;
    // The fine grid sees a small glyph's strokes, the coarse zones its mass; when both are sure
    // and disagree, the one surer by its margin over the runner-up.
    let sure = [fine_digit(&ink, glyph.holes, 0..=9).ok(), nearest_digit(&glyph, 0..=9).ok()];
    let agreed = matches!(sure, [Some(a), Some(b)] if a.digit == b.digit);
    let best =
        sure.into_iter().flatten().min_by(|a, b| (a.distance / a.runner_up).total_cmp(&(b.distance / b.runner_up)));
    // A zero crossed by its slash (monospace fonts) has two holes as an 8 has, side by side.
    let zero = |d: u8| if d == 8 && text::slashed_zero(&ink.mask, bw) { 0 } else { d };
    best.map(|v| (Kind::Digit(zero(v.digit)), agreed))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use image::{Rgba, RgbaImage};

    use super::*;
    use crate::games::mines::board::{Board, Cell};
    use crate::games::mines::config::MinesConfig;
    use crate::games::mines::read;
    use crate::profile::Profile;

    /// Glyphs of a thin font of this test's own, 6x10 px with one-pixel strokes, unlike the
    /// reader's bold prototypes.
    fn thin(ch: char) -> [&'static str; 10] {
        match ch {
            '1' => ["..#...", ".##...", "#.#...", "..#...", "..#...", "..#...", "..#...", "..#...", "..#...", "#####."],
            '2' => [".####.", "#....#", ".....#", ".....#", "....#.", "...#..", "..#...", ".#....", "#.....", "######"],
            '3' => [".####.", "#....#", ".....#", ".....#", "..###.", ".....#", ".....#", ".....#", "#....#", ".####."],
            '/' => [".....#", "....#.", "....#.", "...#..", "...#..", "..#...", "..#...", ".#....", ".#....", "#....."],
            _ => ["......"; 10],
        }
    }

    /// A page with a board-sized dark square at the top and `text` written under it, 2 px a
    /// pixel of the thin font; returns the picture and the board's rectangle.
    fn page_with(text: &str) -> (Frame, Rect) {
        let mut image = RgbaImage::from_pixel(240, 160, Rgba([230, 228, 226, 255]));
        let board = Rect { x: 20.0, y: 10.0, width: 200.0, height: 100.0 };
        for y in 10..110 {
            for x in 20..220 {
                image.put_pixel(x, y, Rgba([120, 120, 120, 255]));
            }
        }
        for (i, ch) in text.chars().enumerate() {
            for (r, row) in thin(ch).iter().enumerate() {
                for (c, on) in row.chars().enumerate() {
                    if on == '#' {
                        for (dy, dx) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                            let (x, y) = (30 + i as u32 * 16 + 2 * c as u32 + dx, 125 + 2 * r as u32 + dy);
                            image.put_pixel(x, y, Rgba([40, 40, 50, 255]));
                        }
                    }
                }
            }
        }
        (Frame::from_image(image), board)
    }

    #[test]
    fn a_counter_in_another_font_reads_when_it_agrees_with_the_board() {
        let (frame, board) = page_with("3 / 12");
        assert_eq!(read(&frame, board, 3, 480), Some(Counter { marked: 3, total: 12 }));
        assert_eq!(read(&frame, board, 2, 480), None, "3 marked, but the board shows 2 flags");
        assert_eq!(read(&frame, board, 3, 10), None, "12 mines do not fit 10 cells");
        let (frame, board) = page_with("3   12");
        assert_eq!(read(&frame, board, 3, 480), None, "no slash, no counter");
    }

    /// Two copies of a glyph are alike (one of them missing a pixel), two digits are not.
    #[test]
    fn copies_of_one_glyph_are_alike_and_other_digits_are_not() {
        let (mut frame, board) = page_with("1 1 2");
        let page = Page::of(&frame, board).expect("a page");
        let glyphs: Vec<Component> = components_8(&page.ink, page.w).into_iter().filter(|c| c.y0 >= 120).collect();
        assert_eq!(glyphs.len(), 3);
        assert!(page.alike(glyphs[0], glyphs[1]));
        assert!(!page.alike(glyphs[0], glyphs[2]));
        frame.image.put_pixel(glyphs[1].x0 + 4, glyphs[1].y0, image::Rgba([230, 228, 226, 255]));
        let page = Page::of(&frame, board).expect("a page");
        assert!(page.alike(glyphs[0], glyphs[1]), "a pixel off");
    }

    fn config(profile: &str) -> MinesConfig {
        MinesConfig::from_profile(&Profile::load(profile, Path::new("config")).expect("the profile"))
            .expect("its mines section")
    }

    /// WineMine's counter reads 010 on the untouched board, but once the game has started its
    /// timer beside it shows a number of the same look and neither reads as the total. The total
    /// the play loop keeps from the first reading (`TurnBased::keep_from`) is the board's total
    /// on the started board's reading; without it, that reading has none.
    #[test]
    fn a_total_read_at_the_start_is_kept_once_a_timer_runs_beside_the_counter() {
        use crate::game::TurnBased;
        let dir = Path::new("fixtures/mines/winemine");
        let load = |name: &str| {
            let path = dir.join(name);
            let frame = crate::screen::load_png(&path).expect("the picture");
            let case = crate::case::load(&path.with_extension("toml")).expect("its case");
            (frame, case)
        };
        let (untouched, case) = load("winemine-9x9n10-01-untouched.png");
        let (started, started_case) = load("winemine-9x9n10-02-start.png");
        let truth = crate::games::mines::case::board_of(&started_case).expect("its board").mines;
        let mut config = config(case.profile.as_deref().expect("a profile"));
        config.rules.mines = None;
        let at = |frame: &Frame, config: &MinesConfig| {
            let grid = read::locate(frame, config).expect("the board");
            read::read(frame, &grid, config).expect("the cells")
        };
        assert_eq!(at(&started, &config).mines, None, "the started board alone shows no total");
        let first = at(&untouched, &config);
        assert_eq!(first.mines, Some(10), "the untouched board's counter");
        crate::games::mines::Mines::keep_from(&first, &mut config);
        assert_eq!(at(&started, &config).mines, truth, "the total kept");
        assert_eq!(truth, Some(10));
    }

    /// sgt-mines writes "Marked: F / M" in its status line while a game runs (and "DEAD!" or
    /// "COMPLETED!" once it ends); gnome-mines writes "F/M" under its flag always. Each fixture's
    /// total comes from the program (sgt-mines' game ID, gnome-mines' seeded layout).
    #[test]
    fn sgt_mines_and_gnome_mines_counters_read_their_total() {
        let mut read_any = 0;
        for (dir, profile) in [("fixtures/mines", "sgt-mines"), ("fixtures/mines/gnome-mines", "gnome-mines")] {
            let mut config = config(profile);
            config.rules.mines = None;
            for entry in std::fs::read_dir(dir).expect("the fixtures") {
                let path = entry.expect("an entry").path();
                if path.extension().is_none_or(|x| x != "png") {
                    continue;
                }
                let frame = crate::screen::load_png(&path).expect("the picture");
                let case = crate::case::load(&path.with_extension("toml")).expect("its case");
                let truth: Board = crate::games::mines::case::board_of(&case).expect("its board");
                let grid = read::locate(&frame, &config).expect("the board");
                let board = read::read(&frame, &grid, &config).expect("the cells");
                let ended = truth.is_lost() || truth.cells.iter().all(|&c| c != Cell::Covered);
                let shown = profile == "gnome-mines" || !ended;
                let expected = if shown { truth.mines } else { None };
                assert_eq!(board.mines, expected, "{}", path.display());
                read_any += usize::from(board.mines.is_some());
            }
        }
        assert!(read_any >= 10, "{read_any} counters read");
    }

    /// Every zoo program's fixtures (and sgt-mines'), read with the profile each case names and no
    /// total given: the total read is the program's own (the case's `mines`, from its options or
    /// seed) or none, never another. Those named in `READ` must read: the counter shows a total a
    /// frame can tell (no flag placed, the timer ruled out by the board).
    #[test]
    fn every_zoo_fixture_reads_its_programs_total_or_none() {
        const READ: &[&str] = &[
            "sgt-12x8n15-01-300x250-start",
            "sgt-16x16n40-01-700x760-mid-flags",
            "sgt-30x16n99-01-default-mid-flags",
            "sgt-30x16n99-03-380x280-mid",
            "sgt-9x9n10-01-default-untouched",
            "sgt-9x9n10-02-default-start",
            "sgt-9x9n35-01-default-mid",
            "gnome-8x8n10-01-default-untouched",
            "gnome-8x8n10-02-default-start",
            "gnome-8x8n10-03-default-lost",
            "ripexz-10x10-01-untouched",
            "ripexz-10x10-02-start",
            "ripexz-10x10-03-mid-flags",
            "winemine-9x9n10-01-untouched",
        ];
        let mut dirs: Vec<std::path::PathBuf> = vec!["fixtures/mines".into()];
        for entry in std::fs::read_dir("fixtures/mines").expect("the fixtures") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            }
        }
        dirs.sort();
        let mut report = Vec::new();
        let mut wrong = Vec::new();
        let mut missed = Vec::new();
        let mut read_names = Vec::new();
        for dir in dirs {
            let (mut right, mut refused) = (0, 0);
            let mut paths: Vec<_> = std::fs::read_dir(&dir)
                .expect("the fixtures")
                .map(|e| e.expect("an entry").path())
                .filter(|p| p.extension().is_some_and(|x| x == "png"))
                .collect();
            paths.sort();
            for path in paths {
                let frame = crate::screen::load_png(&path).expect("the picture");
                let case = crate::case::load(&path.with_extension("toml")).expect("its case");
                let truth: Board = crate::games::mines::case::board_of(&case).expect("its board");
                let mut config = config(case.profile.as_deref().unwrap_or("sgt-mines"));
                config.rules.mines = None;
                let grid = read::locate(&frame, &config).expect("the board");
                let board = read::read(&frame, &grid, &config).expect("the cells");
                let name = path.file_stem().expect("a name").to_string_lossy().to_string();
                match board.mines {
                    Some(m) if Some(m) == truth.mines => {
                        right += 1;
                        read_names.push(name.clone());
                    }
                    Some(m) => wrong.push(format!("{name}: read {m}, the program's {:?}", truth.mines)),
                    None => {
                        refused += 1;
                        if READ.contains(&name.as_str()) {
                            missed.push(name.clone());
                        }
                    }
                }
            }
            report.push(format!("{}: {right} read right, {refused} refused", dir.display()));
        }
        eprintln!("{}\nread: {read_names:?}", report.join("\n"));
        assert!(wrong.is_empty(), "wrong totals: {wrong:?}");
        assert!(missed.is_empty(), "not read: {missed:?}");
    }
}
