//! Every Tetris fixture in the repository (quadrapassel's, the contest page's, the zoo's) read
//! blind, with no profile, by the general reader, against its truth: the settled cells and the
//! falling piece exactly, and the pieces shown beside the well (previews and the held piece) as a
//! whole. Which box is the hold box one frame cannot always tell (a calibration learns it at a
//! game's start), so the roles are compared only after a calibration (`tests.rs`).

use std::path::{Path, PathBuf};

use super::super::Piece;
use super::super::case_board::{CaseBoard, case_board};
use super::read::read;

/// Every case file under `fixtures/tetris`, sorted.
fn cases() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a fixtures folder").filter_map(Result::ok) {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "toml") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/tetris"), &mut out);
    out.sort();
    out
}

/// The pieces a case shows beside the well, sorted: its previews (or next) and its held piece.
fn shown(board: &CaseBoard) -> Vec<Piece> {
    let mut out: Vec<Piece> = board.previews.clone().unwrap_or_else(|| board.next.into_iter().collect());
    out.extend(board.hold);
    out.sort_by_key(|p| p.letter());
    out
}

/// What the blind reading gets wrong on one case, if anything, its shot stretched to `tall`
/// times its height.
fn blind_difference(case: &Path, tall: f64) -> Option<String> {
    let shot = crate::screen::load_png(&case.with_extension("png")).expect("its png");
    let frame = if tall == 1.0 { shot } else { stretched(&shot, tall) };
    let file = crate::case::load(case).expect("a case file");
    let board = case_board(&file.board).expect("its [board]");
    let seen = match read(&frame, None) {
        Ok(seen) => seen,
        Err(e) => return Some(format!("read: {e:#}")),
    };
    if seen.settled_rows() != board.rows {
        return Some(format!("cells: read {:?}", seen.settled_rows()));
    }
    if board.piece.is_some() && seen.piece() != board.piece {
        return Some(format!("piece: read {:?}, expected {:?}", seen.piece(), board.piece));
    }
    let mut read_shown: Vec<Piece> = seen.boxes.next.iter().copied().chain(seen.boxes.hold).collect();
    read_shown.sort_by_key(|p| p.letter());
    (read_shown != shown(&board)).then(|| format!("beside the well: read {read_shown:?}, expected {:?}", shown(&board)))
}

#[test]
fn every_tetris_fixture_reads_blind_as_its_truth() {
    let cases = cases();
    assert!(cases.len() >= 17, "only {} tetris cases found", cases.len());
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(|case| blind_difference(case, 1.0).map(|why| format!("{}: {why}", case.display())))
        .collect();
    assert!(wrong.is_empty(), "{} of {} cases misread blind:\n{}", wrong.len(), cases.len(), wrong.join("\n"));
}

/// A frame stretched to `tall` times its height (the nearest pixel: no new colours).
fn stretched(frame: &crate::frame::Frame, tall: f64) -> crate::frame::Frame {
    let height = (f64::from(frame.height()) * tall).round() as u32;
    let image = image::imageops::resize(&frame.image, frame.width(), height, image::imageops::FilterType::Nearest);
    crate::frame::Frame::from_image(image)
}

/// Cells need not be square: the same screens with every cell up to 2% taller, or 1% flatter, than
/// wide (a page stretched by its window; the contest page's are 0.8% flatter) read the same,
/// blind. Beyond about half a row over the well's height the row count, taken from square cells,
/// is wrong (`floor.rs`).
#[test]
fn cells_taller_or_flatter_than_wide_read_blind_as_square_ones() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/tetris");
    let chosen = ["q595-three.toml", "contest-page/page-560x720-piece11.toml", "zoo-kyeenno/kye-02-900x800-12.toml"];
    for name in chosen {
        for tall in [0.99, 1.01, 1.02] {
            let wrong = blind_difference(&root.join(name), tall);
            assert!(wrong.is_none(), "{name} {tall}x as tall: {}", wrong.unwrap_or_default());
        }
    }
}
