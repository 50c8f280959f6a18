//! Issue 40: a zoo program's board cut off by the window's edge is refused naming the edge, never
//! read in part. A screenshot is cut in memory (never saved) so that the window's edge runs through
//! the board's last column or row, leaving only a sliver of it, too little for a peg's rings to be
//! judged: the reader must refuse it naming that edge, where before it read the columns or rows
//! left as a whole, smaller board. The screenshot as captured still reads.

use std::path::Path;

use gamebot::frame::Frame;
use gamebot::games::pegs::{self, MoveStyle, board::Board};

/// Screenshots, the edge cut, and how much of the board's column or row next to that edge is left
/// showing. The last: most of the first column shows, and the board runs past the left edge; its
/// top row lies less than a square under the window's top, where the line beyond it was judged
/// for the top edge by its left corner square's cut, and the board was refused naming the top.
const CUTS: [(&str, &str, f64); 7] = [
    ("buttonpad-pegs/bpp-01-start", "right", 0.25),
    ("buttonpad-pegs/bpp-01-start", "bottom", 0.25),
    ("buttonpad-pegs/bpp-01-start", "right", 0.1),
    ("fedelopez-pegs/fede-01-600x700", "right", 0.1),
    ("fedelopez-pegs/fede-01-600x700", "bottom", 0.1),
    ("toke-pegs/tk-01-english-960x720", "right", 0.1),
    ("buttonpad-pegs/bpp-01-start", "left", 0.85),
];

fn read(frame: &Frame, config: &pegs::PegsConfig) -> Result<Board, String> {
    let grid = pegs::read::locate_with(frame, config).map_err(|e| e.to_string())?;
    pegs::read::read_with(frame, &grid, config).map_err(|e| e.to_string())
}

#[test]
fn a_zoo_board_cut_by_the_window_through_a_column_or_row_is_refused_naming_the_edge() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/pegs");
    for (name, edge, left) in CUTS {
        let case = root.join(format!("{name}.toml"));
        let frame = gamebot::screen::load_png(&case.with_extension("png")).unwrap();
        let truth = gamebot::case::load(&case).unwrap();
        let rows: Vec<String> =
            truth.board["rows"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect();
        let truth = Board::from_rows(&rows).unwrap();
        let learnt = pegs::calibrate::learn(&frame, None, MoveStyle::Click).unwrap();
        assert_eq!(read(&frame, &learnt.config), Ok(truth), "{name} as captured");
        let grid = pegs::read::locate_with(&frame, &learnt.config).unwrap();
        let (right, bottom) = (grid.rect.x + grid.rect.width, grid.rect.y + grid.rect.height);
        let (w, h) = (frame.width(), frame.height());
        // The part kept: x, y, width, height.
        let (x, y, w, h) = match edge {
            "right" => (0, 0, (right - (1.0 - left) * grid.cell_width()) as u32, h),
            "bottom" => (0, 0, w, (bottom - (1.0 - left) * grid.cell_height()) as u32),
            _ => {
                let x = (grid.rect.x + (1.0 - left) * grid.cell_width()) as u32;
                (x, 0, w - x, h)
            }
        };
        let cut = Frame::from_image(image::imageops::crop_imm(&frame.image, x, y, w, h).to_image());
        match read(&cut, &learnt.config) {
            Ok(board) => panic!("{name} cut at its {edge} edge to {w}x{h}: read\n{board}"),
            Err(e) => assert!(e.contains(&format!("window's {edge} edge")), "{name} cut at its {edge} edge: {e}"),
        }
    }
}
