//! A learned board is read whole or not at all. The lattice of cells found by the profile's looks
//! (`cells::locate`) ends where its cells stop looking like cells, and that is not always the
//! board's end: a window smaller than the board cuts it at the picture's edge, and a dialog or
//! another window over part of it stops the lattice short. Read as found, either would be a
//! smaller board of another game, and the bot would play it. So the board is refused, naming the
//! edge, when the row or column beyond it is cut by the picture's edge and what shows of it has a
//! cell's inside (`vision::edge`), and when, in line with the board a line or more past its end,
//! there is again a line of cells with the profile's looks: the board goes on under something.

use super::cells::{background, backgrounds, fits_looks, fits_looks_on};
use crate::frame::{Frame, Rect};
use crate::games::mines::config::Looks;
use crate::games::mines::read_error::ReadError;
use crate::vision::colour::Lab;
use crate::vision::edge::{CutOff, Edge, cut_off, line_beyond};
use crate::vision::grid::Grid;

/// Refuses `grid`, found by `looks` in `frame`, when it is only part of the board.
pub fn refuse_part(frame: &Frame, grid: &Grid, looks: &Looks) -> Result<(), ReadError> {
    if let Some(cut) = cut_by_picture(frame, grid, looks)? {
        return Err(ReadError::CutOff(cut));
    }
    let fits = fits_looks(looks)?;
    let insides: Vec<Lab> = backgrounds(looks)?.iter().map(|&(_, c, _)| Lab::from_rgb8(c)).collect();
    // Most places past a board look like no cell at a glance: five pixels of its inside, none
    // of a look's inside colour, say so before the dear look at the whole cell.
    let glance = |cell: Rect| {
        [(0.5, 0.5), (0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)].iter().any(|&(fx, fy)| {
            let p = Lab::from_rgb8(frame.rgb((cell.x + fx * cell.width) as u32, (cell.y + fy * cell.height) as u32));
            insides.iter().any(|c| c.delta_e(&p) <= looks.max_delta_e)
        })
    };
    let fits = |cell: Rect| glance(cell) && fits(&background(frame, cell));
    for edge in [Edge::Top, Edge::Bottom, Edge::Left, Edge::Right] {
        let pitch = match edge {
            Edge::Top | Edge::Bottom => grid.cell_height(),
            Edge::Left | Edge::Right => grid.cell_width(),
        };
        let mut k = 2;
        loop {
            let line = line_beyond(grid, edge, k);
            if line.is_empty() || !line.iter().all(|c| c.inside(frame.width(), frame.height())) {
                break;
            }
            // The pitch was fitted over the board found, which may be a line or two: a line k
            // pitches away may lie a few pixels off where the pitch puts it.
            let slack = (1.0 + k as f64 * pitch * DRIFT).min(pitch / 3.0).floor() as i32;
            let offsets = (0..=slack).flat_map(|d| if d == 0 { vec![0] } else { vec![d, -d] });
            for d in offsets {
                let moved: Vec<Rect> = line.iter().map(|&c| along(c, edge, d as f64)).collect();
                if half_like(frame, &moved, &fits) {
                    let unit = if matches!(edge, Edge::Top | Edge::Bottom) { "rows" } else { "columns" };
                    let further = format!("{} {unit} further on", k - 1);
                    return Err(ReadError::Covered { edge, further });
                }
            }
            k += 1;
        }
    }
    Ok(())
}

/// How far off, as a share of the pitch a line away, a line past the board may lie.
const DRIFT: f64 = 0.03;

/// `cell` moved `d` pixels away from the board across `edge`.
fn along(cell: Rect, edge: Edge, d: f64) -> Rect {
    match edge {
        Edge::Top => Rect { y: cell.y - d, ..cell },
        Edge::Bottom => Rect { y: cell.y + d, ..cell },
        Edge::Left => Rect { x: cell.x - d, ..cell },
        Edge::Right => Rect { x: cell.x + d, ..cell },
    }
}

/// True when at least half of `line`'s cells (within the picture) look like the board's: stops
/// at the first cells unlike when more than half are (most places past a board look like none).
fn half_like(frame: &Frame, line: &[Rect], fits: &dyn Fn(Rect) -> bool) -> bool {
    let (mut like, mut unlike) = (0, 0);
    for &cell in line {
        if !cell.inside(frame.width(), frame.height()) {
            unlike += 1;
        } else if fits(cell) {
            like += 1;
        } else {
            unlike += 1;
        }
        if 2 * unlike > line.len() {
            return false;
        }
        if 2 * like >= line.len() {
            return true;
        }
    }
    false
}

/// How `grid` is cut off by the picture's edge, if it is. A cell cut by the edge is judged on
/// what shows of its inside and on the sides that show: however thin the part, its sides across
/// the cut show.
pub fn cut_by_picture(frame: &Frame, grid: &Grid, looks: &Looks) -> Result<Option<CutOff>, ReadError> {
    let fits_on = fits_looks_on(looks)?;
    let shows_board = |cell: Rect, shown: Rect| {
        let seen = [
            shown.y <= cell.y + 0.5,
            shown.y + shown.height >= cell.y + cell.height - 0.5,
            shown.x <= cell.x + 0.5,
            shown.x + shown.width >= cell.x + cell.width - 0.5,
        ];
        fits_on(&background(frame, shown), seen)
    };
    Ok(cut_off(frame, grid, &shows_board))
}

#[cfg(test)]
mod tests {
    use image::{Rgba, RgbaImage, imageops};

    use super::*;
    use crate::games::mines::board::Board;
    use crate::games::mines::config::MinesConfig;
    use crate::games::mines::learn::learn;
    use crate::games::mines::read;

    /// A fixture's picture, and the profile learned blind from it.
    fn learned(name: &str) -> (RgbaImage, MinesConfig) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mines");
        let frame = crate::screen::load_png(&dir.join(format!("{name}.png"))).expect("the fixture's picture");
        let config = learn(&frame, None).expect("learned blind").config;
        (frame.image, config)
    }

    fn read_board(image: &RgbaImage, config: &MinesConfig) -> Result<Board, ReadError> {
        let frame = Frame::from_image(image.clone());
        let grid = read::locate(&frame, config)?;
        read::read(&frame, &grid, config)
    }

    /// Where the learned profile finds the whole board in the uncut picture.
    fn board_grid(image: &RgbaImage, config: &MinesConfig) -> Grid {
        read::locate(&Frame::from_image(image.clone()), config).expect("the whole board reads")
    }

    fn cut_edge(result: Result<Board, ReadError>) -> Edge {
        match result {
            Err(ReadError::CutOff(cut)) => cut.edge,
            other => panic!("expected a board cut off, got {other:?}"),
        }
    }

    const PROGRAMS: [&str; 3] = [
        "gnome-mines/gnome-8x8n10-02-default-start",
        "winemine/winemine-9x9n10-03-mid-flags",
        "sgt-16x16n40-01-700x760-mid-flags",
    ];

    /// Each program's screenshot cut through its last column, a third of the way into its first
    /// row, and half-way through its last row: each is refused naming the edge that cuts it.
    #[test]
    fn a_learned_board_cut_by_the_picture_is_refused_naming_the_edge() {
        for name in PROGRAMS {
            let (image, config) = learned(name);
            let whole = read_board(&image, &config).expect("the uncut picture reads");
            let grid = board_grid(&image, &config);
            let last_col = grid.cell_rect(0, grid.cols - 1);
            let right = (last_col.x + last_col.width * 0.5) as u32;
            let cut = imageops::crop_imm(&image, 0, 0, right, image.height()).to_image();
            assert_eq!(cut_edge(read_board(&cut, &config)), Edge::Right, "{name} cut at column {}", grid.cols);
            let top = (grid.rect.y + grid.cell_height() * 0.3) as u32;
            let cut = imageops::crop_imm(&image, 0, top, image.width(), image.height() - top).to_image();
            assert_eq!(cut_edge(read_board(&cut, &config)), Edge::Top, "{name} cut in row 1");
            let last_row = grid.cell_rect(grid.rows - 1, 0);
            let bottom = (last_row.y + last_row.height * 0.5) as u32;
            let cut = imageops::crop_imm(&image, 0, 0, image.width(), bottom).to_image();
            assert_eq!(cut_edge(read_board(&cut, &config)), Edge::Bottom, "{name} cut in row {}", grid.rows);
            assert!(whole.cells.len() == grid.rows * grid.cols);
        }
    }

    /// A flat window over the board's middle columns, its last column showing past it: the board
    /// is refused (covered, or no board), never read as the columns left of the window.
    #[test]
    fn a_learned_board_with_a_window_over_its_middle_is_never_read_in_part() {
        for name in PROGRAMS {
            let (mut image, config) = learned(name);
            let grid = board_grid(&image, &config);
            let from = grid.cell_rect(0, 2).x as u32;
            let to = grid.cell_rect(0, grid.cols - 2).x as u32;
            for y in 0..image.height() {
                for x in from..to {
                    image.put_pixel(x, y, Rgba([127, 127, 127, 255]));
                }
            }
            match read_board(&image, &config) {
                Err(ReadError::Covered { edge, .. }) => assert!(matches!(edge, Edge::Left | Edge::Right), "{name}"),
                Err(_) => {}
                Ok(board) => panic!("{name}: read a {}x{} board under a window", board.rows, board.cols),
            }
        }
    }
}
