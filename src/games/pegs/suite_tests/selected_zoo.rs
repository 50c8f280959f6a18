//! Issue 40: the bot says which peg is selected. Every zoo screenshot (`fixtures/pegs`, captured
//! from the programs) read with its program's profile (`config/`): a peg is said selected exactly
//! where the capture left one selected (its name says so), and that square reads as a peg. The
//! selected pegs drawn within the limit of the peg's look (user469fun's dot on a darker disc) were
//! read as pegs but not said selected before `lone_peg::drawn_selected`.

use std::path::Path;

use gamebot::frame::Frame;
use gamebot::games::pegs::PegsConfig;
use gamebot::games::pegs::board::Cell;
use gamebot::games::pegs::read::{locate_with, read_with, selected_with};
use gamebot::profile::Profile;

#[test]
fn a_peg_is_said_selected_exactly_in_the_zoos_screenshots_taken_with_one_selected() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut said = 0;
    for dir in std::fs::read_dir(root.join("fixtures/pegs")).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let config: PegsConfig = Profile::load(&name, &root.join("config")).unwrap().settings().unwrap();
        for png in std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()) {
            if png.extension().is_none_or(|e| e != "png") {
                continue;
            }
            let case = png.file_name().unwrap().to_string_lossy().to_string();
            let frame = Frame::from_image(image::open(&png).unwrap().to_rgba8());
            let grid = locate_with(&frame, &config).unwrap_or_else(|e| panic!("{case}: {e}"));
            let board = read_with(&frame, &grid, &config).unwrap_or_else(|e| panic!("{case}: {e}"));
            let selected = selected_with(&frame, &grid, &config).unwrap_or_else(|e| panic!("{case}: {e}"));
            assert_eq!(selected.is_some(), case.contains("-selected"), "{case}: said {selected:?}");
            if let Some((r, c)) = selected {
                assert_eq!(board.cells[r * board.cols + c], Cell::Peg, "{case}: said ({r}, {c})");
                said += 1;
            }
        }
    }
    assert!(said >= 11, "{said} said selected");
}
