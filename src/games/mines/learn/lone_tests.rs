//! Blind calibration from a shot just after the first click that opened one lone number amid
//! covered cells (issue 36): the number must be learned as an opened number, never as a flag on a
//! covered cell. Few zoo programs have such a fixture (WineMine's start shows a lone 2), so each
//! program's is drawn in memory from its own fixtures: its untouched board, with the pixels of one
//! numbered cell copied from its started board at the same place (the same window, the same grid).
//! Every reading of one look of covered cells obeys the rules, the number taken for a flag; the
//! finer shades of the looks (`split::where_needed`) tell the opened cell apart where its ground is
//! a shade off the covered cells' (RaderH2O's), as its edges do elsewhere.

use std::path::{Path, PathBuf};

use image::RgbaImage;

use super::learn;
use crate::frame::Frame;
use crate::games::mines::board::{Board, Cell};
use crate::games::mines::read;

/// A fixture's picture and board.
fn load(dir: &Path, name: &str) -> (RgbaImage, Board) {
    let (frame, board) = super::every_tests::load(dir, name);
    (frame.image, board)
}

/// The untouched board `untouched` of the program in `fixtures/mines/<program>`, with one numbered
/// cell of its started board `started` drawn at its place for each number that board shows (the
/// first cell of each): each picture with its truth.
fn lone_numbers(program: &str, untouched: &str, started: &str) -> Vec<(String, Frame, Board)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/mines").join(program);
    let (covered, blank) = load(&dir, untouched);
    let (opened, truth) = load(&dir, started);
    assert_eq!(covered.dimensions(), opened.dimensions(), "{program}: one window for both shots");
    let grid = learn(&Frame::from_image(opened.clone()), None).expect("learned blind from the started board").grid;
    assert_eq!((grid.rows, grid.cols), (blank.rows, blank.cols), "{program}: the started board's grid");
    let mut drawn = Vec::new();
    for n in 1..=8 {
        let Some(i) = truth.cells.iter().position(|&c| c == Cell::Open(n)) else { continue };
        let (row, col) = (i / truth.cols, i % truth.cols);
        let rect = grid.cell_rect(row, col);
        let mut image = covered.clone();
        let (x0, y0) = (rect.x.round() as u32, rect.y.round() as u32);
        let (x1, y1) = ((rect.x + rect.width).round() as u32, (rect.y + rect.height).round() as u32);
        for y in y0..y1 {
            for x in x0..x1 {
                image.put_pixel(x, y, *opened.get_pixel(x, y));
            }
        }
        let mut board = blank.clone();
        board.cells[i] = Cell::Open(n);
        drawn.push((format!("{program}: a lone {n} at row {row} col {col}"), Frame::from_image(image), board));
    }
    drawn
}

/// RaderH2O's pygame game draws its covered cells #e6e6e6 and a 1 on #ebebeb, a 2 on #e1e1e1
/// (within `MERGE`: one look): blind from a lone 1 or a lone 2 amid covered cells, the number was
/// learned as a flag (`#F#` in its row) before `split::where_needed` split the looks when the best
/// reading takes numbers for flags.
#[test]
fn a_lone_number_after_the_first_click_is_learned_as_a_number_and_no_flag() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/mines/raderh2o-mines");
    let drawn = lone_numbers("raderh2o-mines", "raderh2o-10x10n14-01-untouched", "raderh2o-10x10n14-02-start");
    assert_eq!(drawn.len(), 2, "a 1 and a 2");
    let (mut read_exactly, mut refused) = (0, Vec::new());
    for (what, frame, truth) in drawn {
        let learnt = learn(&frame, None).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(learnt.board.to_rows(), truth.to_rows(), "{what}");
        for name in super::every_tests::fixtures(&dir) {
            let (image, truth) = load(&dir, &name);
            let frame = Frame::from_image(image);
            let reading = read::locate(&frame, &learnt.config).and_then(|g| read::read(&frame, &g, &learnt.config));
            match reading {
                Ok(board) => {
                    assert_eq!(board.to_rows(), truth.to_rows(), "learned from {what}, read {name}");
                    read_exactly += 1;
                }
                Err(e) => refused.push(format!("{name}: {e}")),
            }
        }
    }
    assert!(read_exactly >= 2, "learned from a lone number, {read_exactly} read exactly: {refused:#?}");
}

/// The zoo's fixtures of a program's untouched board and the board its first click started
/// (profile, untouched shot, started shot), RaderH2O's aside.
pub(super) const ZOO_STARTS: [(&str, &str, &str); 6] = [
    ("alley-mines", "alley-9x9n10-01-untouched", "alley-9x9n10-02-start"),
    ("gnome-mines", "gnome-8x8n10-01-default-untouched", "gnome-8x8n10-02-default-start"),
    ("navid-mines", "navid-10x10n10-01-untouched", "navid-10x10n10-02-start"),
    ("ripexz-mines", "ripexz-10x10-01-untouched", "ripexz-10x10-02-start"),
    ("rwpz-mines", "rwpz-9x9n10-01-untouched", "rwpz-9x9n10-02-start"),
    ("winemine", "winemine-9x9n10-01-untouched", "winemine-9x9n10-02-start"),
];

/// The same on the rest of the zoo, whose opened cells differ from their covered ones by more
/// than a shade (a bevel, a colour, lines): each drawn shot is learned exactly, its number as a
/// number (15 shots: a lone 1, 2 and 3 where the started board shows them; these passed before
/// the rule too, and keep the rule from costing them).
#[test]
fn a_lone_number_after_the_first_click_is_no_flag_on_any_zoo_program() {
    let (mut exact, mut wrong) = (0, Vec::new());
    for (program, untouched, started) in ZOO_STARTS {
        for (what, frame, truth) in lone_numbers(program, untouched, started) {
            match learn(&frame, None) {
                Ok(learnt) if learnt.board.cells == truth.cells => exact += 1,
                Ok(learnt) => wrong.push(format!("{what}: read {:?}", learnt.board.to_rows())),
                Err(e) => wrong.push(format!("{what}: refused: {e}")),
            }
        }
    }
    assert!(wrong.is_empty(), "{} wrong of {exact} exact:\n{}", wrong.len(), wrong.join("\n"));
    assert_eq!(exact, 15, "a lone number of each kind the started boards show");
}
