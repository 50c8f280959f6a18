//! Inputs the fuzz targets (`fuzz/`) found crashing, each kept as a test named after its bug and
//! run through the same calls as its target, so the fix stays fixed without cargo-fuzz.

use gamebot::budget::Budget;
use gamebot::games::pegs::board::Board as PegsBoard;
use gamebot::games::pegs::solve::{Target, solve, solve_min_moves};

/// `text_board`: a one-row peg board of 64 squares made the solver shift a 64-bit word by 64
/// (the "square above" of a one-row board), a panic in debug builds and garbage in release.
#[test]
fn a_one_row_peg_board_as_wide_as_the_word_does_not_overflow_a_shift() {
    let row = ".o#ooo.oo.o#ooo.oo.oo#.ooooo#ooooo..o#.oooo#ooooo...oo#oo.oo#...";
    assert_eq!(row.len(), 64);
    for text in [row.to_string(), format!("{row}{row}")] {
        let board = PegsBoard::from_rows(&[text]).unwrap();
        let _ = solve(&board, Target::OnePeg, Budget::nodes(500));
        let _ = solve_min_moves(&board, Target::OnePeg, Budget::nodes(500));
    }
}

/// `text_board`: a one-row peg board of 113 squares (two pegs, then holes) made the fewest-moves
/// solver pack more than 64 holes' patterns into one 64-bit word.
#[test]
fn a_peg_board_of_more_than_64_holes_does_not_overflow_the_pattern_word() {
    let row = format!("oo{}", ".".repeat(111));
    let board = PegsBoard::from_rows(&[row]).unwrap();
    let _ = solve(&board, Target::OnePeg, Budget::nodes(500));
    let best = solve_min_moves(&board, Target::OnePeg, Budget::nodes(500)).expect("one jump solves it");
    assert_eq!(best.moves, 1);
}

/// `calibration_toml`: a saved calibration whose grid has no columns (or rows, or size) made the
/// Flood-it reader split its cells into rows of zero ("chunk size must be non-zero"), and one of
/// 722,200,000,000,011,472 columns asked for more memory than there is ("capacity overflow").
/// Every game now refuses a grid without cells of a pixel or more as not fitting, and loading
/// such a file names what is wrong.
#[test]
fn a_calibration_grid_without_cells_is_refused_not_read() {
    use gamebot::frame::{Frame, Rect};
    use gamebot::games::GameKind;
    use gamebot::profile::{Calibration, Profile};
    use gamebot::vision::grid::Grid;

    let frame = Frame::from_image(image::RgbaImage::from_pixel(64, 64, image::Rgba([200, 40, 40, 255])));
    let rect = Rect { x: 0.0, y: 8.0, width: 48.5, height: 48.0 };
    let empty = [
        Grid { rect, rows: 5, cols: 0 },
        Grid { rect, rows: 0, cols: 5 },
        Grid { rect: Rect { width: 0.0, ..rect }, rows: 5, cols: 5 },
        Grid { rect: Rect { height: f64::NAN, ..rect }, rows: 5, cols: 5 },
        Grid { rect, rows: 6, cols: 722_200_000_000_011_472 },
    ];
    for grid in &empty {
        for &kind in GameKind::ALL {
            let profile = Profile::load(kind.default_profile(), std::path::Path::new("/nonexistent")).unwrap();
            assert!(kind.read_at(&frame, &profile, grid).is_err(), "{kind:?} read a grid without cells: {grid:?}");
        }
    }

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.toml");
    let text = "profile = \"p\"\ngame = \"g\"\nwindow_width = 64\nwindow_height = 64\n\n[grid]\nrows = 5\ncols = 0\n\n\
                [grid.rect]\nx = 0.0\ny = 8.0\nwidth = 48.5\nheight = 48.0\n";
    std::fs::write(&path, text).unwrap();
    let error = Calibration::load_if_present(&path).unwrap_err().to_string();
    assert!(error.contains("no cells") && error.contains("p.toml"), "{error}");
}
