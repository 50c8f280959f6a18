//! A board cut off by the picture's edge. A window smaller than its board shows part of it, and a
//! reader that found the part would read it as if it were the whole: a smaller board, a wrong
//! game. Any game's reader asks here, once it has found its grid, whether the grid runs past an
//! edge of the picture (a square not wholly inside it), is drawn right up to an edge (what lies
//! beyond cannot be seen), or has the next row or column beyond it cut by the edge while what shows
//! of it looks like the board (the game's own judgement). Such a board is refused, naming the edge.
//! A board drawn right up to edges is whole when its window was made to fit it (`fitted`): the
//! window leaves the same margin, of one colour unlike the cells, on both sides of one way and on
//! every other edge the board meets; a window cut across a board leaves the cut where it falls.

use std::fmt;

use super::grid::Grid;
use crate::frame::{Frame, Rect};

mod fitted;

/// An edge of the picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    Top,
    Bottom,
    Left,
    Right,
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edge::Top => "top",
            Edge::Bottom => "bottom",
            Edge::Left => "left",
            Edge::Right => "right",
        })
    }
}

/// How a board is cut off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutOff {
    pub edge: Edge,
    /// What shows it, naming the row or column.
    pub why: String,
}

impl fmt::Display for CutOff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the board is cut off by the window's {} edge: {}; make the window larger so that the whole board shows",
            self.edge, self.why
        )
    }
}

/// How much of a square may lie beyond the picture's edge, as a share of the square: a rounding
/// or a square's own margin, not part of what is drawn in it.
const SPILL: f64 = 0.1;
/// How little room may lie between a square and the picture's edge, as a share of the square,
/// before the board counts as drawn right up to the edge (Debian's peg-solitaire leaves 0.086).
const FLUSH: f64 = 0.05;
/// The fewest pixels of the next row or column that must show for its look to be judged.
const SHOWN_PX: f64 = 2.0;

/// Whether `grid`, found in `frame`, is cut off by one of the picture's edges.
/// `shows_board(cell, shown)` judges a square of the row or column beyond an edge, `cell` whole
/// and `shown` its part inside the picture: true when what shows looks like the board's.
pub fn cut_off(frame: &Frame, grid: &Grid, shows_board: &dyn Fn(Rect, Rect) -> bool) -> Option<CutOff> {
    let (w, h) = (frame.width() as f64, frame.height() as f64);
    let (cw, ch) = (grid.cell_width(), grid.cell_height());
    let r = grid.rect;
    // Room between the board and each edge, in pixels; negative where squares run past it.
    let room_px = [
        (Edge::Top, r.y, ch),
        (Edge::Bottom, h - r.y - r.height, ch),
        (Edge::Left, r.x, cw),
        (Edge::Right, w - r.x - r.width, cw),
    ];
    let flush: Vec<(Edge, f64)> = room_px
        .iter()
        .filter(|&&(_, px, pitch)| (-SPILL..FLUSH).contains(&(px / pitch)))
        .map(|&(e, px, _)| (e, px))
        .collect();
    let odd = fitted::odd_edge(frame, grid, &flush);
    // The same room in squares.
    let room = room_px.map(|(edge, px, pitch)| (edge, px / pitch));
    for (edge, squares) in room {
        let line = outer_line(grid, edge);
        if squares < -SPILL {
            return Some(CutOff { edge, why: format!("the squares of its {line} run past it") });
        }
        if squares < FLUSH {
            let Some(edge) = odd else { continue };
            let line = outer_line(grid, edge);
            return Some(CutOff { edge, why: format!("its {line} is drawn right up to it, so more may lie beyond") });
        }
        if squares < 1.0
            && beyond(grid, edge).into_iter().any(|cell| shown(cell, w, h).is_some_and(|s| shows_board(cell, s)))
        {
            return Some(CutOff {
                edge,
                why: format!("the edge cuts squares like the board's just beyond its {line}"),
            });
        }
    }
    None
}

/// The board's row or column along `edge`, by its number.
fn outer_line(grid: &Grid, edge: Edge) -> String {
    match edge {
        Edge::Top => "row 1".to_string(),
        Edge::Bottom => format!("row {}", grid.rows),
        Edge::Left => "column 1".to_string(),
        Edge::Right => format!("column {}", grid.cols),
    }
}

/// The squares of the row or column next to `grid` beyond `edge`.
fn beyond(grid: &Grid, edge: Edge) -> Vec<Rect> {
    line_beyond(grid, edge, 1)
}

/// The squares of the row or column `k` lines beyond `grid`'s `edge` (1: the next one), in the
/// grid's pitch; none for a grid with no cells.
pub fn line_beyond(grid: &Grid, edge: Edge, k: usize) -> Vec<Rect> {
    if grid.rows == 0 || grid.cols == 0 {
        return Vec::new();
    }
    let (dx, dy) = (grid.cell_width() * k as f64, grid.cell_height() * k as f64);
    let moved = |cell: Rect, x: f64, y: f64| Rect { x: cell.x + x, y: cell.y + y, ..cell };
    match edge {
        Edge::Top => (0..grid.cols).map(|c| moved(grid.cell_rect(0, c), 0.0, -dy)).collect(),
        Edge::Bottom => (0..grid.cols).map(|c| moved(grid.cell_rect(grid.rows - 1, c), 0.0, dy)).collect(),
        Edge::Left => (0..grid.rows).map(|r| moved(grid.cell_rect(r, 0), -dx, 0.0)).collect(),
        Edge::Right => (0..grid.rows).map(|r| moved(grid.cell_rect(r, grid.cols - 1), dx, 0.0)).collect(),
    }
}

/// The part of `cell` inside a `w` x `h` picture, when at least `SHOWN_PX` of it shows each way.
fn shown(cell: Rect, w: f64, h: f64) -> Option<Rect> {
    let (x0, y0) = (cell.x.max(0.0), cell.y.max(0.0));
    let (x1, y1) = ((cell.x + cell.width).min(w), (cell.y + cell.height).min(h));
    (x1 - x0 >= SHOWN_PX && y1 - y0 >= SHOWN_PX).then_some(Rect { x: x0, y: y0, width: x1 - x0, height: y1 - y0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(x: f64, y: f64) -> Grid {
        Grid { rect: Rect { x, y, width: 100.0, height: 50.0 }, rows: 2, cols: 4 }
    }

    /// A blank `w` x `h` picture: what is judged here is where the board lies, not what it shows.
    fn cut_off(grid: &Grid, w: u32, h: u32, shows_board: &dyn Fn(Rect, Rect) -> bool) -> Option<CutOff> {
        super::cut_off(&Frame::from_image(image::RgbaImage::new(w, h)), grid, shows_board)
    }

    #[test]
    fn a_board_inside_with_room_is_whole_and_one_past_or_against_an_edge_is_cut_naming_it() {
        let never = |_: Rect, _: Rect| false;
        let always = |_: Rect, _: Rect| true;
        // 25-px squares with 40 px of room on every side: whole, whatever lies beyond.
        assert_eq!(cut_off(&grid(40.0, 40.0), 180, 130, &always), None);
        let right = cut_off(&grid(40.0, 40.0), 130, 130, &never).unwrap();
        assert_eq!((right.edge, right.why.contains("column 4")), (Edge::Right, true), "{right}");
        assert!(right.to_string().contains("right edge"));
        assert_eq!(cut_off(&grid(40.0, 40.0), 141, 130, &never).unwrap().edge, Edge::Right);
        assert_eq!(cut_off(&grid(40.0, 40.0), 143, 130, &never), None);
        assert_eq!(cut_off(&grid(-10.0, 40.0), 180, 130, &never).unwrap().edge, Edge::Left);
        assert_eq!(cut_off(&grid(40.0, 1.0), 180, 130, &never).unwrap().edge, Edge::Top);
        // Half a square beyond the bottom row shows: cut when it looks like the board, not else.
        assert_eq!(cut_off(&grid(40.0, 40.0), 180, 102, &never), None);
        let bottom = cut_off(&grid(40.0, 40.0), 180, 102, &always).unwrap();
        assert_eq!((bottom.edge, bottom.why.contains("row 2")), (Edge::Bottom, true), "{bottom}");
    }
}
