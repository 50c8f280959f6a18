//! Property tests (proptest): a board drawn from a random state by a test renderer, with the
//! profile's own colours, encoded as a PNG in memory, reads back through the command line's
//! decode and `read` path as that very state. Flood-it is drawn as sgt-flood draws it (the
//! simulator's renderer), peg solitaire as sgt-pegs does (discs on grey, drawn here).

use gamebot::frame::Frame;
use gamebot::game::{ReadsBoard, TurnBased};
use gamebot::games::{Flood, Pegs, flood, pegs};
use gamebot::profile::Profile;
use image::{Rgba, RgbaImage};
use proptest::prelude::*;

fn profile(name: &str) -> Profile {
    Profile::load(name, std::path::Path::new("/nonexistent")).unwrap()
}

/// The frame the command line gets from a PNG file holding `image`.
fn through_png(image: &RgbaImage) -> Frame {
    let mut bytes = Vec::new();
    image.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
    gamebot::screen::decode_png(&bytes, gamebot::screen::MAX_PIXELS).unwrap()
}

/// Rows of text as `read` prints them: the `rows = [...]` of a `[board]`.
fn rows_of(toml_rows: &str) -> Vec<String> {
    let table: toml::Table = toml::from_str(toml_rows).unwrap();
    table["rows"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
}

/// A flood board every line of whose grid shows somewhere (two different colours across it), so
/// its rows and columns can be seen at all.
fn visible_flood_board() -> impl Strategy<Value = flood::board::Board> {
    (2usize..=12, 2usize..=12, 3u8..=6)
        .prop_flat_map(|(rows, cols, colours)| {
            proptest::collection::vec(0..colours, rows * cols)
                .prop_map(move |cells| flood::board::Board::new(rows, cols, cells))
        })
        .prop_filter("every grid line shows", |b| {
            let cell = |r: usize, c: usize| b.get(r, c);
            (1..b.cols).all(|c| (0..b.rows).any(|r| cell(r, c) != cell(r, c - 1)))
                && (1..b.rows).all(|r| (0..b.cols).any(|c| cell(r, c) != cell(r - 1, c)))
        })
}

/// Draws a peg board as sgt-pegs does: blue pegs and grey holes, discs on a light grey board.
fn draw_pegs(board: &pegs::board::Board, pitch: u32) -> RgbaImage {
    let margin = pitch;
    let (w, h) = (2 * margin + board.cols as u32 * pitch, 2 * margin + board.rows as u32 * pitch);
    let mut image = RgbaImage::from_pixel(w, h, Rgba([0xd5, 0xd5, 0xd5, 255]));
    for r in 0..board.rows {
        for c in 0..board.cols {
            let rgb = match board.get((r, c)) {
                pegs::board::Cell::Peg => [0, 0, 0xff],
                pegs::board::Cell::Hole => [0xad, 0xad, 0xad],
                pegs::board::Cell::Off => continue,
            };
            let (cx, cy) = (
                (margin + c as u32 * pitch) as f64 + pitch as f64 / 2.0,
                (margin + r as u32 * pitch) as f64 + pitch as f64 / 2.0,
            );
            let radius = pitch as f64 * 0.35;
            for y in 0..h {
                for x in 0..w {
                    if (x as f64 + 0.5 - cx).hypot(y as f64 + 0.5 - cy) <= radius {
                        image.put_pixel(x, y, Rgba([rgb[0], rgb[1], rgb[2], 255]));
                    }
                }
            }
        }
    }
    image
}

/// A peg board whose outer rows and columns each hold a hole or a peg (else the drawn board is a
/// smaller one) and with at least two holes side by side somewhere (the lattice's pitch).
fn visible_pegs_board() -> impl Strategy<Value = pegs::board::Board> {
    (3usize..=9, 3usize..=9)
        .prop_flat_map(|(rows, cols)| {
            proptest::collection::vec(prop_oneof![1 => Just('#'), 2 => Just('.'), 3 => Just('o')], rows * cols)
                .prop_map(move |cells| {
                    let text: Vec<String> = cells.chunks(cols).map(|r| r.iter().collect()).collect();
                    pegs::board::Board::from_rows(&text).unwrap()
                })
        })
        .prop_filter("every outer line holds a hole", |b| {
            let on = |r: usize, c: usize| b.get((r, c)) != pegs::board::Cell::Off;
            (0..b.cols).any(|c| on(0, c))
                && (0..b.cols).any(|c| on(b.rows - 1, c))
                && (0..b.rows).any(|r| on(r, 0))
                && (0..b.rows).any(|r| on(r, b.cols - 1))
        })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(20),
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_drawn_flood_board_reads_back_as_itself(board in visible_flood_board(), pitch in 12u32..=40) {
        let config = <Flood as TurnBased>::config(&profile("sgt-flood")).unwrap();
        let palette = config.palette.clone().unwrap();
        let size = (26 + board.cols as u32 * pitch, 46 + board.rows as u32 * pitch);
        let drawn = flood::sim_window::render(&board, &palette, pitch, size);
        let frame = through_png(&drawn.image);
        let read = <Flood as ReadsBoard>::read_board(&frame, &profile("sgt-flood")).map_err(|e| TestCaseError::fail(format!("{e:#}")))?;
        prop_assert_eq!(rows_of(&read), board.to_rows());
    }

    #[test]
    fn a_drawn_peg_board_reads_back_as_itself(board in visible_pegs_board(), pitch in 16u32..=48) {
        let frame = through_png(&draw_pegs(&board, pitch));
        let read = <Pegs as ReadsBoard>::read_board(&frame, &profile("sgt-pegs")).map_err(|e| TestCaseError::fail(format!("{e:#}")))?;
        prop_assert_eq!(rows_of(&read), board.to_rows());
    }
}
