//! A window made to fit its board, told from a window cut across one. Some programs size their
//! window to the board (a pygame display as wide as its cells), so the board is drawn right up to
//! the window's edges, and what lies beyond cannot be seen. Such a window leaves the same margin
//! wherever the board meets it: on both sides one way (the window is as wide, or as tall, as the
//! board), and on any other edge the board meets too, a margin of one colour (the page's, or the
//! half of the gap between cells) unlike the cells' insides. A window cut across a board leaves
//! the cut where it falls: margins that differ, a part of a cell, the cells' own colours at the
//! edge, or the board flush on one side and the opposite side with room. Where the pictures of
//! the two are the same pixel for pixel (a cut in the middle of the gap between cells, with the
//! same gap on the other side), nothing can tell them apart, and the board is taken as drawn.
//! So is a board that tiles its window: flush with all four edges, the window exactly its whole
//! squares each way (a display set to the cells' size times their count, each cell drawing its
//! line on one side only, so no margin shows anywhere).

use super::Edge;
use crate::frame::{Frame, Rect};
use crate::vision::colour::Lab;
use crate::vision::grid::Grid;

/// How far, in pixels, margins may differ: a board centred in a window an odd pixel wider.
const ROUNDING: f64 = 1.0;
/// Colours within this ΔE are one colour: under a just-noticeable difference (2.3).
const ONE_COLOUR: f32 = 2.0;

/// Whether the board, drawn right up to the picture's `flush` edges (each with its room in
/// pixels, negative where the squares run past: the gap between cells may lie outside a square
/// found), was drawn in a window made to fit it: `None` when it was, else the edge that shows it
/// was not. That is an edge the board meets with its cells' own colours; else, with no two
/// opposite edges flush, the first; else the edge whose room or colour is unlike the others', of
/// two the one with less room (a cut between cells leaves less than the other side's margin).
pub(super) fn odd_edge(frame: &Frame, grid: &Grid, flush: &[(Edge, f64)]) -> Option<Edge> {
    let first = flush.first()?.0;
    if tiles_window(flush) {
        return None;
    }
    let mut colours = Vec::new();
    for &(edge, px) in flush {
        match margin(frame, grid, edge, px) {
            Some(colour) => colours.push(colour),
            _ => return Some(edge),
        }
    }
    let meets = |edge: Edge| flush.iter().any(|&(e, _)| e == edge);
    if !(meets(Edge::Left) && meets(Edge::Right) || meets(Edge::Top) && meets(Edge::Bottom)) {
        return Some(first);
    }
    // How far each edge's room and colour lie from the others'.
    let apart = |i: usize| {
        let room = flush.iter().map(|&(_, px)| (px - flush[i].1).abs()).fold(0.0, f64::max);
        let colour = colours.iter().map(|c| c.delta_e(&colours[i])).fold(0.0, f32::max);
        (room > ROUNDING || colour > ONE_COLOUR, room + colour as f64)
    };
    let odd = (0..flush.len()).filter(|&i| apart(i).0).max_by(|&i, &j| {
        let (a, b) = (apart(i).1, apart(j).1);
        a.total_cmp(&b).then(flush[j].1.total_cmp(&flush[i].1))
    })?;
    Some(flush[odd].0)
}

/// How far, in pixels, a board tiling its window may lie from each edge: a pitch fitted to a
/// fraction of a pixel, under a pixel of anything else showing.
const TILED: f64 = 0.5;

/// True when the board tiles the picture: flush with all four edges, each within `TILED` of
/// none (the picture is exactly its whole squares each way). A window cut across a board shows
/// such a picture only where every cut falls on the squares' boundaries by chance, on both axes.
fn tiles_window(flush: &[(Edge, f64)]) -> bool {
    [Edge::Top, Edge::Bottom, Edge::Left, Edge::Right]
        .iter()
        .all(|&edge| flush.iter().any(|&(e, px)| e == edge && px.abs() <= TILED))
}

/// The colour of the margin between the board and the picture's `edge`, `px` pixels wide (the
/// picture's outermost line of pixels alone when it is less than two): every pixel of it along the
/// board one colour, unlike the insides of most of the board's cells along that edge. None when
/// it is not.
fn margin(frame: &Frame, grid: &Grid, edge: Edge, px: f64) -> Option<Lab> {
    let (w, h) = (frame.width(), frame.height());
    let r = grid.rect;
    let span = |from: f64, length: f64, end: u32| {
        let first = from.ceil().max(0.0) as u32;
        let last = ((from + length).floor().max(0.0) as u32).min(end);
        first..last
    };
    let lines = (px.floor() as u32).clamp(1, w.min(h));
    let mut pixels = Vec::new();
    for k in 0..lines {
        match edge {
            Edge::Left | Edge::Right => {
                let x = if edge == Edge::Left { k } else { w - 1 - k };
                pixels.extend(span(r.y, r.height, h).map(|y| frame.rgb(x, y)));
            }
            Edge::Top | Edge::Bottom => {
                let y = if edge == Edge::Top { k } else { h - 1 - k };
                pixels.extend(span(r.x, r.width, w).map(|x| frame.rgb(x, y)));
            }
        }
    }
    let colour = Lab::from_rgb8(median(&pixels)?);
    if pixels.iter().any(|&p| Lab::from_rgb8(p).delta_e(&colour) > ONE_COLOUR) {
        return None;
    }
    let cells = outermost(grid, edge);
    let alike =
        cells.iter().filter_map(|&cell| inside(frame, cell)).filter(|c| c.delta_e(&colour) <= ONE_COLOUR).count();
    (2 * alike < cells.len()).then_some(colour)
}

/// The board's squares along `edge`; none for a grid with no cells.
fn outermost(grid: &Grid, edge: Edge) -> Vec<Rect> {
    if grid.rows == 0 || grid.cols == 0 {
        return Vec::new();
    }
    match edge {
        Edge::Top => (0..grid.cols).map(|c| grid.cell_rect(0, c)).collect(),
        Edge::Bottom => (0..grid.cols).map(|c| grid.cell_rect(grid.rows - 1, c)).collect(),
        Edge::Left => (0..grid.rows).map(|r| grid.cell_rect(r, 0)).collect(),
        Edge::Right => (0..grid.rows).map(|r| grid.cell_rect(r, grid.cols - 1)).collect(),
    }
}

/// The colour of a square's inside: the median of its middle half (a number or a mark drawn on it
/// is thinner than that), none when the middle lies outside the picture.
fn inside(frame: &Frame, cell: Rect) -> Option<Lab> {
    let (w, h) = (frame.width() as f64, frame.height() as f64);
    let x0 = (cell.x + cell.width / 4.0).max(0.0).ceil() as u32;
    let y0 = (cell.y + cell.height / 4.0).max(0.0).ceil() as u32;
    let x1 = (cell.x + cell.width * 0.75).min(w).floor().max(0.0) as u32;
    let y1 = (cell.y + cell.height * 0.75).min(h).floor().max(0.0) as u32;
    let pixels: Vec<[u8; 3]> =
        (y0..y1).flat_map(|y| (x0..x1).map(move |x| (x, y))).map(|(x, y)| frame.rgb(x, y)).collect();
    median(&pixels).map(Lab::from_rgb8)
}

/// Each channel's median; none of no pixels.
fn median(pixels: &[[u8; 3]]) -> Option<[u8; 3]> {
    if pixels.is_empty() {
        return None;
    }
    let mut out = [0; 3];
    for (i, o) in out.iter_mut().enumerate() {
        let mut channel: Vec<u8> = pixels.iter().map(|p| p[i]).collect();
        channel.sort_unstable();
        *o = channel[channel.len() / 2];
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use image::{Rgba, RgbaImage, imageops};

    use super::super::{CutOff, cut_off};
    use super::*;

    const WHITE: [u8; 3] = [255; 3];
    const DARK: [u8; 3] = [40, 44, 52];
    /// The greys of a sweeper's cells: covered, and opened by their numbers (one near white).
    const GREYS: [[u8; 3]; 5] = [[230; 3], [245; 3], [235; 3], [225; 3], [215; 3]];
    /// A Flood-it's colours.
    const COLOURS: [[u8; 3]; 6] =
        [[220, 40, 40], [40, 160, 60], [40, 80, 220], [230, 200, 40], [150, 60, 190], [240, 130, 30]];

    /// A board of `rows` x `cols` squares of `pitch` px at `at` on a page of `page`'s colour, a
    /// header bar above it; each cell `gap` px smaller than its square (half the gap each side),
    /// the gap of `gaps`' colour.
    struct Drawn {
        page: [u8; 3],
        gaps: [u8; 3],
        pitch: u32,
        gap: u32,
        rows: u32,
        cols: u32,
        at: (u32, u32),
        colour: fn(u32, u32) -> [u8; 3],
    }

    impl Drawn {
        fn page(&self, width: u32, height: u32) -> RgbaImage {
            let rgba = |c: [u8; 3]| Rgba([c[0], c[1], c[2], 255]);
            let mut image = RgbaImage::from_pixel(width, height, rgba(self.page));
            for (x, y, p) in image.enumerate_pixels_mut() {
                let (dx, dy) = (x.wrapping_sub(self.at.0), y.wrapping_sub(self.at.1));
                let (r, c) = (dy / self.pitch, dx / self.pitch);
                let (ix, iy) = (dx % self.pitch, dy % self.pitch);
                let half = self.gap / 2;
                let in_cell = r < self.rows && c < self.cols;
                if in_cell && (half..self.pitch - half).contains(&ix) && (half..self.pitch - half).contains(&iy) {
                    *p = rgba((self.colour)(r, c));
                } else if in_cell {
                    *p = rgba(self.gaps);
                } else if y < self.at.1 && (8..20).contains(&y) && (6..width / 2).contains(&x) {
                    *p = rgba([20; 3]);
                }
            }
            image
        }

        /// The board drawn on a page `page` big, seen through a window at `window` (x, y, width,
        /// height), and the grid of the board's squares the window shows whole (as a finder
        /// finds it).
        fn seen(&self, page: (u32, u32), window: (u32, u32, u32, u32)) -> (Frame, Grid) {
            let (x, y, w, h) = window;
            let image = imageops::crop_imm(&self.page(page.0, page.1), x, y, w, h).to_image();
            let whole = |from: u32, at: u32, end: u32, count: u32| {
                (0..count).filter(|i| at + i * self.pitch >= from && at + (i + 1) * self.pitch <= end).count() as u32
            };
            let (cols, rows) = (whole(x, self.at.0, x + w, self.cols), whole(y, self.at.1, y + h, self.rows));
            // A square cut by up to a tenth of it at the right may still be found.
            let cols = cols.max(whole(x, self.at.0, x + w + self.pitch / 10, self.cols));
            let rect = Rect {
                x: self.at.0 as f64 - x as f64,
                y: self.at.1 as f64 - y as f64,
                width: (cols * self.pitch) as f64,
                height: (rows * self.pitch) as f64,
            };
            (Frame::from_image(image), Grid { rect, rows: rows as usize, cols: cols as usize })
        }
    }

    fn greys(r: u32, c: u32) -> [u8; 3] {
        GREYS[((r * 7 + c * 3) % 5) as usize]
    }

    fn colours(r: u32, c: u32) -> [u8; 3] {
        COLOURS[((r + 2 * c) % 6) as usize]
    }

    fn one_colour(_: u32, _: u32) -> [u8; 3] {
        COLOURS[2]
    }

    /// A sweeper's board: 50-px squares, cells 46 px of greys on white (the gap 4 px), 6x5.
    fn sweeper(at: (u32, u32)) -> Drawn {
        Drawn { page: WHITE, gaps: WHITE, pitch: 50, gap: 4, rows: 5, cols: 6, at, colour: greys }
    }

    /// Nothing beyond the board is judged to look like the board's (the game's own judgement,
    /// not this rule's): only a board drawn right up to an edge is refused.
    fn judged(frame: &Frame, grid: &Grid) -> Option<CutOff> {
        cut_off(frame, grid, &|_: Rect, _: Rect| false)
    }

    /// Windows made to fit their boards: a sweeper's 300 px wide (its cells' gap halved at the
    /// left, right and bottom edges, a header above), a Flood-it's with 3 px of dark page around
    /// its touching cells (64 px), and one as tall as its board with a panel at the right.
    #[test]
    fn a_board_in_a_window_made_to_fit_it_is_read_whole() {
        let (frame, grid) = sweeper((0, 80)).seen((300, 330), (0, 0, 300, 330));
        assert_eq!((grid.rows, grid.cols), (5, 6));
        assert_eq!(judged(&frame, &grid), None, "a sweeper's window as wide as its board");
        let flood = Drawn { page: DARK, gaps: DARK, pitch: 64, gap: 0, rows: 8, cols: 8, at: (3, 60), colour: colours };
        let (frame, grid) = flood.seen((518, 575), (0, 0, 518, 575));
        assert_eq!(judged(&frame, &grid), None, "a Flood-it's window with 3 px round its board");
        let tall = Drawn { page: DARK, gaps: DARK, ..sweeper((2, 2)) };
        let (frame, grid) = tall.seen((500, 254), (0, 0, 500, 254));
        assert_eq!(judged(&frame, &grid), None, "a window as tall as its board, a panel at its right");
    }

    fn refused(frame: &Frame, grid: &Grid, edge: Edge, what: &str) {
        match judged(frame, grid) {
            Some(cut) => assert_eq!(cut.edge, edge, "{what}: {cut}"),
            None => panic!("{what}: read whole as {}x{}", grid.rows, grid.cols),
        }
    }

    /// Windows cut across boards where the cut leaves the board drawn right up to the edge: each
    /// is refused naming the edge, whatever else about it looks like a window made to fit.
    #[test]
    fn a_board_cut_by_its_window_is_refused_wherever_the_cut_falls() {
        // Between two columns on the right only: the left side has 2 px more of the page.
        let (frame, grid) = sweeper((2, 80)).seen((400, 400), (0, 0, 252, 400));
        refused(&frame, &grid, Edge::Right, "cut in the gap on the right, 2 px of page more at the left");
        // Flush on the right alone, 2 px of the gap showing, the page wide at the left.
        let (frame, grid) = sweeper((40, 80)).seen((400, 400), (0, 0, 240, 400));
        refused(&frame, &grid, Edge::Right, "cut in the gap on the right, a wide margin at the left");
        // Flush at the bottom alone: the window cut between two rows.
        let (frame, grid) = sweeper((40, 80)).seen((400, 400), (0, 0, 380, 230));
        refused(&frame, &grid, Edge::Bottom, "cut in the gap at the bottom, wide margins at the sides");
        // Touching cells from the page's left edge, cut between two columns: the edges show the
        // cells' own colours.
        let flood =
            Drawn { page: DARK, gaps: DARK, pitch: 24, gap: 0, rows: 8, cols: 18, at: (0, 40), colour: colours };
        let (frame, grid) = flood.seen((432, 260), (0, 0, 408, 260));
        assert_eq!(grid.cols, 17);
        refused(&frame, &grid, Edge::Left, "touching cells cut between columns");
        // The same with every cell one colour (a Flood-it near its end): the edge lines are one
        // colour, the cells'.
        let (frame, grid) = Drawn { colour: one_colour, ..flood }.seen((432, 260), (0, 0, 408, 260));
        refused(&frame, &grid, Edge::Left, "one-coloured touching cells cut between columns");
        // A window fitted at the left and the right cut a pixel past the gap: a part of a cell
        // shows at the bottom, 3 px past the last row on 100-px squares.
        let big = Drawn { pitch: 100, gap: 2, ..sweeper((0, 80)) };
        let (frame, grid) = big.seen((600, 700), (0, 0, 600, 383));
        refused(&frame, &grid, Edge::Bottom, "a part of a row at the bottom");
        // The last column's squares running 2 px past the window: its cells' edge cut shows.
        let (frame, grid) = sweeper((0, 80)).seen((400, 330), (0, 0, 298, 330));
        assert_eq!(grid.cols, 6);
        refused(&frame, &grid, Edge::Right, "the last column cut 2 px short");
        // Margins as wide on both sides, of different colours: 2 px of dark page at the left,
        // 2 px of the next column's white gap at the right.
        let (frame, grid) = Drawn { page: DARK, ..sweeper((2, 80)) }.seen((400, 400), (0, 0, 254, 400));
        refused(&frame, &grid, Edge::Right, "margins of two colours");
    }

    /// A board of 40-px squares from the picture's top-left corner, each a white inside with a
    /// black line along its right and bottom only (a pygame sweeper's rectangles one pixel short
    /// of their squares on a black display), seen through a `w` x `h` window, and the grid of
    /// `cols` x `rows` squares found there.
    fn lined_on_one_side(cols: u32, rows: u32, w: u32, h: u32) -> (Frame, Grid) {
        let image = RgbaImage::from_fn(w, h, |x, y| {
            let line = x % 40 == 39 || y % 40 == 39;
            if line { Rgba([0, 0, 0, 255]) } else { Rgba([255, 255, 255, 255]) }
        });
        let rect = Rect { x: 0.0, y: 0.0, width: (cols * 40) as f64, height: (rows * 40) as f64 };
        (Frame::from_image(image), Grid { rect, rows: rows as usize, cols: cols as usize })
    }

    /// A window exactly its board's squares each way (ashishsubedi's pygame sweeper: a 600x600
    /// display of 60-px squares, each cell's line on its right and bottom, so the picture's left
    /// and top lines are the cells' white and no margin shows): read whole ("cut off by the
    /// window's top edge" before). A window a pixel or more past the squares, or short of them,
    /// is still refused.
    #[test]
    fn a_board_that_tiles_its_window_is_read_whole() {
        let (frame, grid) = lined_on_one_side(6, 5, 240, 200);
        assert_eq!(judged(&frame, &grid), None, "the window exactly 6x5 squares");
        let (frame, grid) = lined_on_one_side(6, 5, 241, 200);
        assert!(judged(&frame, &grid).is_some(), "a pixel of a seventh column past the sixth");
        let (frame, grid) = lined_on_one_side(6, 5, 240, 199);
        assert!(judged(&frame, &grid).is_some(), "the last row's line cut off");
        let (frame, grid) = lined_on_one_side(6, 5, 280, 200);
        assert!(judged(&frame, &grid).is_some(), "a whole seventh column cut off at its line");
    }
}
