//! Drawing Tetris screens in the many ways programs draw them, for the tests of the general reader:
//! flat cells with seams, bevels, drop shadows, grid lines, dark and light backgrounds, a gradient
//! behind the well, translucent and outlined ghosts, previews and a hold box, in boxes of the
//! well's colour or their own or on the page, a preview box keeping a faded trace. The piece colours
//! here are this drawing's own; the reader never sees them as a table.

use image::{Rgba, RgbaImage};

use super::super::Piece;
use super::super::live::shape;
use crate::frame::Frame;

/// How a ghost is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ghost {
    None,
    /// The piece's colour at a quarter over the background.
    Faint,
    /// A 2-px outline of the piece's colour, the middle empty.
    Outline,
}

/// One program's way of drawing.
#[derive(Clone, Debug)]
pub struct Style {
    pub page: [u8; 3],
    pub well: [u8; 3],
    /// The well's background at the bottom (a vertical gradient from `well`).
    pub well_bottom: [u8; 3],
    pub border: [u8; 3],
    pub pitch: u32,
    /// Pixels of background left between neighbouring cells.
    pub seam: u32,
    pub grid: Option<[u8; 3]>,
    pub bevel: bool,
    /// A shadow this many px down and right of every cell, this colour.
    pub shadow: Option<(u32, [u8; 3])>,
    pub ghost: Ghost,
    pub colours: [[u8; 3]; 7],
    /// Whether the previews and the hold piece sit in boxes (else straight on the page).
    pub boxed: bool,
    /// The boxes' own colour (a panel), else the well's.
    pub box_colour: Option<[u8; 3]>,
    /// A piece shown before, left faded to 70% under the first preview (a box never cleared).
    pub faded: Option<Piece>,
}

impl Style {
    /// Flat cells with 1-px seams in a black well on a grey page.
    pub fn plain(pitch: u32) -> Style {
        Style {
            page: [60, 60, 70],
            well: [0, 0, 0],
            well_bottom: [0, 0, 0],
            border: [200, 200, 200],
            pitch,
            seam: 1,
            grid: None,
            bevel: false,
            shadow: None,
            ghost: Ghost::None,
            colours: [
                [0, 220, 220],
                [30, 60, 230],
                [240, 150, 20],
                [230, 220, 0],
                [40, 200, 40],
                [160, 40, 200],
                [220, 30, 30],
            ],
            boxed: true,
            box_colour: None,
            faded: None,
        }
    }
}

/// What the screen shows: the well's rows ('#' settled, 'x' the falling piece), previews, hold.
pub struct Scene<'a> {
    pub rows: &'a [&'a str],
    pub next: &'a [Piece],
    pub hold: Option<Piece>,
}

/// Fills the rectangle (x, y, w, h) with `c`, clipped to the image.
pub fn put(img: &mut RgbaImage, (x, y, w, h): (u32, u32, u32, u32), c: [u8; 3]) {
    for yy in y..(y + h).min(img.height()) {
        for xx in x..(x + w).min(img.width()) {
            img.put_pixel(xx, yy, Rgba([c[0], c[1], c[2], 255]));
        }
    }
}

fn mix(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
    std::array::from_fn(|i| (f32::from(a[i]) * (1.0 - t) + f32::from(b[i]) * t).round() as u8)
}

/// Draws one cell of `size` px at (x, y).
fn cell(img: &mut RgbaImage, style: &Style, (x, y, size): (u32, u32, u32), c: [u8; 3]) {
    let inner = size - style.seam;
    put(img, (x + style.seam, y + style.seam, inner, inner), c);
    if style.bevel {
        let edge = (size / 8).max(1);
        put(img, (x + style.seam, y + style.seam, inner, edge), mix(c, [255, 255, 255], 0.5));
        put(img, (x + style.seam, y + style.seam, edge, inner), mix(c, [255, 255, 255], 0.5));
        put(img, (x + style.seam, y + size - edge, inner, edge), mix(c, [0, 0, 0], 0.4));
        put(img, (x + size - edge, y + style.seam, edge, inner), mix(c, [0, 0, 0], 0.4));
    }
}

fn colour_of(style: &Style, cells: &[(i32, i32)]) -> [u8; 3] {
    shape::recognise(cells).map_or([128, 128, 128], |p| style.colours[p.index()])
}

/// A piece drawn in a box at (x, y) with cells of `size` px.
fn piece_at(img: &mut RgbaImage, style: &Style, piece: Piece, (x, y, size): (u32, u32, u32)) {
    let shape = piece.shapes()[0];
    let top = shape.iter().map(|c| c.1).max().unwrap_or(0);
    for &(cx, cy) in &shape {
        let (px, py) = (x + u32::from(cx) * size, y + u32::from(top - cy) * size);
        cell(img, &Style { bevel: false, ..style.clone() }, (px, py, size), style.colours[piece.index()]);
    }
}

/// Renders a scene: page, well with border, hold box left, one preview box right.
pub fn render(style: &Style, scene: &Scene) -> Frame {
    let p = style.pitch;
    let (rows, cols) = (scene.rows.len() as u32, 10u32);
    let (wx, wy) = (7 * p, 2 * p);
    let mut img = RgbaImage::from_pixel(
        wx + cols * p + 7 * p,
        wy + rows * p + 2 * p,
        Rgba([style.page[0], style.page[1], style.page[2], 255]),
    );
    put(&mut img, (wx - 3, wy - 3, cols * p + 6, rows * p + 6), style.border);
    for y in 0..rows * p {
        put(&mut img, (wx, wy + y, cols * p, 1), mix(style.well, style.well_bottom, y as f32 / (rows * p) as f32));
    }
    if let Some(g) = style.grid {
        (0..=cols).for_each(|c| put(&mut img, (wx + c * p, wy, 1, rows * p), g));
        (0..=rows).for_each(|r| put(&mut img, (wx, wy + r * p, cols * p, 1), g));
    }
    let grid: Vec<Vec<char>> = scene.rows.iter().map(|r| r.chars().collect()).collect();
    let piece = shape::from_rows(&scene.rows.iter().map(|r| r.replace('#', ".").replace('x', "#")).collect::<Vec<_>>());
    let settled = shape::from_rows(&scene.rows.iter().map(|r| r.replace('x', ".")).collect::<Vec<_>>());
    let ghost = drop_of(&piece, &settled, rows as i32);
    let at = |(r, c): (i32, i32)| (wx + c as u32 * p, wy + r as u32 * p);
    let piece_colour = colour_of(style, &piece);
    if let Some((off, shade)) = style.shadow {
        for &rc in settled.iter().chain(&piece) {
            let (x, y) = at(rc);
            put(&mut img, (x + off, y + off, p, p), shade);
        }
    }
    for &rc in ghost.iter().filter(|g| !piece.contains(g)) {
        let (x, y) = at(rc);
        match style.ghost {
            Ghost::None => {}
            Ghost::Faint => put(
                &mut img,
                (x + style.seam, y + style.seam, p - style.seam, p - style.seam),
                mix(style.well, piece_colour, 0.25),
            ),
            Ghost::Outline => {
                put(&mut img, (x + 1, y + 1, p - 2, p - 2), piece_colour);
                put(&mut img, (x + 3, y + 3, p - 6, p - 6), style.well);
            }
        }
    }
    for (r, row) in grid.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            let (x, y) = at((r as i32, c as i32));
            match ch {
                '#' => cell(&mut img, style, (x, y, p), style.colours[(r * 3 + c) % 7]),
                'x' => cell(&mut img, style, (x, y, p), piece_colour),
                _ => {}
            }
        }
    }
    let small = (p * 3 / 5).max(4);
    let box_x = wx + cols * p + p;
    let height = (scene.next.len().max(1) as u32 * 3 * small + small).min(rows * p);
    let inside = style.box_colour.unwrap_or(style.well);
    if style.boxed {
        put(&mut img, (box_x - 2, wy - 2, 5 * p + 4, height + 4), style.border);
        put(&mut img, (box_x, wy, 5 * p, height), inside);
    }
    if let Some(faded) = style.faded {
        let colours = style.colours.map(|c| mix(inside, c, 0.7));
        let at = (box_x + p + small / 2, wy + small + small / 2, small);
        piece_at(&mut img, &Style { colours, ..style.clone() }, faded, at);
    }
    for (i, &next) in scene.next.iter().enumerate() {
        piece_at(&mut img, style, next, (box_x + p, wy + small + i as u32 * 3 * small, small));
    }
    if style.boxed {
        put(&mut img, (p - 2, wy - 2, 5 * p + 4, 4 * p + 4), style.border);
        put(&mut img, (p, wy, 5 * p, 4 * p), inside);
    }
    if let Some(hold) = scene.hold {
        piece_at(&mut img, style, hold, (2 * p, wy + p, small));
    }
    Frame::from_image(img)
}

/// Where a piece dropped straight down comes to rest on `settled`.
pub fn drop_of(piece: &[(i32, i32)], settled: &[(i32, i32)], rows: i32) -> Vec<(i32, i32)> {
    let mut d = 0;
    while piece.iter().all(|&(r, c)| r + d + 1 < rows && !settled.contains(&(r + d + 1, c))) {
        d += 1;
    }
    piece.iter().map(|&(r, c)| (r + d, c)).collect()
}
