//! The general reader against drawn screens, one test per rule it stands on: seams and flat cells,
//! grid lines, a light page with drop shadows and bevels, a gradient behind the well, faint and
//! outlined ghosts, several previews and a hold box, cell sizes small and large, and a profile
//! learned from one shot reading a later one whose stack reaches the top rows.

use super::super::Piece;
use super::draw::{Ghost, Scene, Style, render};
use super::look;
use super::read::read;

const START: [&str; 20] = [
    "....xx....",
    "...xx.....",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "#.........",
    "##......##",
    "###.#..###",
    "####.#####",
];

pub(super) const MID: [&str; 20] = [
    "..........",
    "..........",
    "...xxx....",
    "....x.....",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "#.........",
    "##.......#",
    "##.#....##",
    "####...###",
    "####.#####",
    "#.########",
    "##.#######",
    "###.######",
    "#########.",
    "####.#####",
    "#.########",
];

pub(super) fn settled(rows: &[&str]) -> Vec<String> {
    rows.iter().map(|r| r.replace('x', ".")).collect()
}

/// Draws the scene in a style and checks the reading: settled cells, piece, previews, hold.
fn reads_exactly(style: &Style, rows: &[&str], piece: Piece, next: &[Piece], hold: Option<Piece>) {
    let frame = render(style, &Scene { rows, next, hold });
    let seen = read(&frame, None).unwrap_or_else(|e| panic!("{style:?}: {e:#}"));
    assert_eq!(seen.settled_rows(), settled(rows), "{style:?}");
    assert_eq!(seen.piece(), Some(piece), "{style:?}");
    assert_eq!(seen.boxes.next, next, "{style:?}");
    assert_eq!(seen.boxes.hold, hold, "{style:?}");
    assert!((seen.well.pitch - f64::from(style.pitch)).abs() < 0.5, "pitch {} for {}", seen.well.pitch, style.pitch);
}

/// Boxes on a panel of their own colour, not the well's (a translucent canvas over a gradient
/// page), the preview keeping a trace of the piece before it faded to 70% (a box filled with a
/// translucent colour before each draw instead of cleared).
#[test]
fn boxes_of_their_own_colour_with_a_faded_trace_read() {
    for pitch in [16, 30] {
        let own = Style { box_colour: Some([40, 42, 72]), ..Style::plain(pitch) };
        reads_exactly(&own, &MID, Piece::T, &[Piece::Z], Some(Piece::L));
        let traced = Style { faded: Some(Piece::O), ..own };
        reads_exactly(&traced, &MID, Piece::T, &[Piece::Z], Some(Piece::L));
        reads_exactly(&Style { faded: Some(Piece::I), ..Style::plain(pitch) }, &START, Piece::S, &[Piece::J], None);
    }
}

#[test]
fn flat_cells_with_seams_read_at_small_and_large_sizes() {
    for pitch in [12, 24, 37] {
        reads_exactly(&Style::plain(pitch), &START, Piece::S, &[Piece::T], None);
        reads_exactly(&Style { seam: 0, ..Style::plain(pitch) }, &MID, Piece::T, &[Piece::I], None);
    }
}

#[test]
fn grid_lines_across_the_well_do_not_cut_it_nor_fill_cells() {
    let style = Style { grid: Some([90, 90, 90]), seam: 0, ..Style::plain(26) };
    reads_exactly(&style, &START, Piece::S, &[Piece::L], None);
    reads_exactly(&Style { grid: Some([255, 255, 255]), ..style }, &MID, Piece::T, &[Piece::O], None);
}

#[test]
fn a_light_page_with_drop_shadows_and_bevels_reads() {
    let light = Style {
        page: [235, 235, 240],
        well: [250, 250, 250],
        well_bottom: [250, 250, 250],
        border: [120, 120, 140],
        bevel: true,
        shadow: Some((4, [150, 150, 160])),
        ..Style::plain(28)
    };
    reads_exactly(&light, &START, Piece::S, &[Piece::J], None);
    reads_exactly(&light, &MID, Piece::T, &[Piece::Z], None);
}

/// khushisharmaa00/Tetris-Game: a white well (#ffffff) on a whitesmoke page (#f5f5f5). Both fall
/// in one 16-level colour bin, whose mean is near the page only: no well was found. The exact
/// colours of a common bin are candidates too.
#[test]
fn a_white_well_on_a_page_a_few_levels_darker_reads() {
    for pitch in [20, 30] {
        let style = Style {
            page: [245, 245, 245],
            well: [255, 255, 255],
            well_bottom: [255, 255, 255],
            border: [245, 245, 245],
            seam: 0,
            boxed: false,
            ..Style::plain(pitch)
        };
        reads_exactly(&style, &START, Piece::S, &[], None);
        reads_exactly(&style, &MID, Piece::T, &[], None);
    }
}

#[test]
fn a_gradient_behind_the_well_is_still_its_background() {
    // As steep as the contest page's (#00170c to #002e15): a region is one colour within `NEAR`
    // of its commonest colour, so a gradient of more than twice that across the well is cut.
    let style = Style { well: [0, 23, 12], well_bottom: [0, 46, 21], ..Style::plain(30) };
    reads_exactly(&style, &MID, Piece::T, &[Piece::S], None);
}

#[test]
fn a_ghost_is_no_settled_cell_whether_faint_or_outlined() {
    for ghost in [Ghost::Faint, Ghost::Outline] {
        let style = Style { ghost, ..Style::plain(24) };
        reads_exactly(&style, &START, Piece::S, &[Piece::T], None);
        reads_exactly(&style, &MID, Piece::T, &[Piece::T], None);
        let frame = render(&style, &Scene { rows: &MID, next: &[], hold: None });
        let seen = read(&frame, None).expect("reads");
        let shown = seen.falling.expect("a falling piece").ghost;
        assert!(!shown.is_empty(), "{ghost:?}: the ghost is seen as one");
    }
}

#[test]
fn a_ghost_the_piece_partly_covers_is_told_apart_by_its_look() {
    let mut rows = MID;
    rows[2] = "..........";
    rows[3] = "..........";
    rows[6] = "...xxx....";
    rows[7] = "....x.....";
    reads_exactly(&Style { ghost: Ghost::Faint, ..Style::plain(24) }, &rows, Piece::T, &[Piece::L], None);
}

#[test]
fn several_previews_and_a_hold_box_are_read_by_shape() {
    let next = [Piece::I, Piece::O, Piece::Z, Piece::L, Piece::J];
    reads_exactly(&Style::plain(30), &START, Piece::S, &next, Some(Piece::T));
    let dark_grid = Style { grid: Some([40, 40, 40]), seam: 0, ghost: Ghost::Faint, ..Style::plain(22) };
    reads_exactly(&dark_grid, &MID, Piece::T, &next[..3], Some(Piece::I));
}

#[test]
fn previews_drawn_straight_on_a_page_of_the_wells_colour_are_read_there() {
    let page = [8, 24, 14];
    let open = Style { page, well: page, well_bottom: page, boxed: false, border: [40, 200, 90], ..Style::plain(26) };
    reads_exactly(&open, &START, Piece::S, &[Piece::L], None);
    reads_exactly(&open, &MID, Piece::T, &[Piece::Z, Piece::I], None);
}

/// A scroll bar at the window's right edge (a page taller than its window), on a page of the
/// well's colour, is no preview: its thumb, a grey bar four cells tall, was read as an I. A
/// preview drawn on the same page still reads.
#[test]
fn a_scroll_bar_at_the_windows_edge_is_no_preview_on_an_open_page() {
    let page = [255, 255, 255];
    let open = Style { page, well: page, well_bottom: page, boxed: false, border: [0, 0, 0], ..Style::plain(24) };
    for next in [&[][..], &[Piece::L][..]] {
        let mut frame = render(&open, &Scene { rows: &MID, next, hold: None });
        let (width, height) = (frame.width(), frame.height());
        for y in height / 5..height / 5 + 4 * 24 {
            for x in width - 10..width - 2 {
                frame.image.put_pixel(x, y, image::Rgba([160, 160, 160, 255]));
            }
        }
        let seen = read(&frame, None).expect("reads");
        assert_eq!(seen.boxes.next, next, "the previews read");
    }
}

/// A program with no preview and no hold, its well on a page of its own colour (a canvas with a
/// border on a white page): the blank page beside the well is learned as no box at all (it was
/// taken for an empty hold box).
#[test]
fn the_blank_page_beside_a_well_with_no_preview_is_no_hold_box() {
    let page = [255, 255, 255];
    let open = Style { page, well: page, well_bottom: page, boxed: false, border: [0, 0, 0], ..Style::plain(26) };
    let frame = render(&open, &Scene { rows: &MID, next: &[], hold: None });
    let learned = look::learn(&frame).expect("learns");
    assert!(!learned.settings.hold, "no hold box: {:?}", learned.settings.boxes);
    assert_eq!(learned.settings.previews, 0);
    assert!(learned.settings.boxes.is_empty(), "{:?}", learned.settings.boxes);
}

/// A well at the window's very top (a canvas at the top of a page with no margin) reads; one the
/// top edge cuts through a row is refused, not read as a shorter well.
#[test]
fn a_well_starting_at_the_windows_top_reads_and_one_cut_there_does_not() {
    let style = Style { grid: Some([0, 0, 0]), ..Style::plain(30) };
    let frame = render(&style, &Scene { rows: &MID, next: &[], hold: None });
    let below = |y: u32| {
        let (width, height) = (frame.width(), frame.height());
        crate::frame::Frame::from_image(image::imageops::crop_imm(&frame.image, 0, y, width, height - y).to_image())
    };
    let well_top = 2 * style.pitch;
    let seen = read(&below(well_top), None).unwrap_or_else(|e| panic!("the well at the top: {e:#}"));
    assert_eq!(seen.settled_rows(), settled(&MID));
    assert_eq!(seen.piece(), Some(Piece::T));
    assert!(seen.well.y0 < 1.0, "the well's top: {}", seen.well.y0);
    let cut = read(&below(well_top + style.pitch / 2), None);
    assert!(cut.is_err(), "a well cut through its first row was read: {:?}", cut.map(|s| s.settled_rows()));
}

#[test]
fn the_same_pieces_in_other_colours_read_the_same() {
    let mut style = Style::plain(25);
    style.colours.reverse();
    reads_exactly(&style, &MID, Piece::T, &[Piece::S, Piece::Z], Some(Piece::O));
}

#[test]
fn a_profile_learned_from_one_shot_reads_a_stack_up_to_the_top() {
    let style = Style { grid: Some([70, 70, 70]), seam: 0, ghost: Ghost::Faint, ..Style::plain(24) };
    let first = render(&style, &Scene { rows: &START, next: &[Piece::T], hold: None });
    let learned = look::learn(&first).expect("learns");
    assert_eq!((learned.settings.cols, learned.settings.rows, learned.settings.previews), (10, 20, 1));
    assert!(learned.settings.ghost, "the ghost was seen");
    let text = look::profile_text("drawn", "Drawn", "first.png", &learned.settings).expect("text");
    let profile: crate::profile::Profile = toml::from_str(&text).expect("the profile parses");
    let config = super::super::live::config::LiveConfig::from_profile(&profile).expect("a tetris profile");
    let settings = config.look.expect("with [look]");
    let mut high = MID;
    high[0] = "...xxxx...";
    high[2] = "##.....###";
    high[3] = "###.######";
    let frame = render(&style, &Scene { rows: &high, next: &[Piece::Z], hold: None });
    let seen = read(&frame, Some(&settings)).expect("reads");
    assert_eq!(seen.settled_rows(), settled(&high));
    assert_eq!(seen.piece(), Some(Piece::I));
}

#[test]
fn no_well_is_one_clear_error() {
    let blank = crate::frame::Frame::from_image(image::RgbaImage::from_pixel(300, 200, image::Rgba([9, 9, 9, 255])));
    let err = format!("{:#}", read(&blank, None).unwrap_err());
    assert!(err.contains("no tetris well"), "{err}");
    let tiny = crate::frame::Frame::from_image(image::RgbaImage::new(10, 10));
    assert!(format!("{:#}", read(&tiny, None).unwrap_err()).contains("too small"));
}

/// Each program with a folder of its own under `fixtures/tetris` (issue 37's zoo, `zoo-*`, and the
/// contest page; truth from each program's own state) is learned blind from its first case's
/// shot (at most one box learned as the hold box), and every one of its cases, at every window
/// size, then reads exactly.
#[test]
fn every_program_reads_exactly_after_a_calibration_from_its_first_shot() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/tetris");
    let mut programs: Vec<_> = std::fs::read_dir(&root)
        .expect("fixtures/tetris")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    programs.sort();
    assert!(programs.len() >= 2, "only {} program folders in {}", programs.len(), root.display());
    for program in programs {
        let mut cases: Vec<_> = std::fs::read_dir(&program)
            .expect("a zoo folder")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        cases.sort();
        let shot = |case: &std::path::Path| crate::screen::load_png(&case.with_extension("png")).expect("its png");
        let learned = look::learn(&shot(&cases[0])).unwrap_or_else(|e| panic!("{}: {e:#}", cases[0].display()));
        // Panels of text beside the well (controls, scores) are no hold box.
        let holds = learned.settings.boxes.iter().filter(|b| b.role == "hold").count();
        assert!(holds <= 1, "{}: {holds} boxes learned as the hold box", cases[0].display());
        for case in &cases {
            let file = crate::case::load(case).expect("a case file");
            let board = super::super::case_board::case_board(&file.board).expect("its [board]");
            let result = super::case::check(&shot(case), &learned.settings, &board);
            assert!(result.is_ok(), "{}: {}", case.display(), result.err().unwrap_or_default());
        }
    }
}

/// A program whose only preview sits left of the well, above two black panels of white text (a
/// score, a level): the preview is learned as one preview and no hold box (the blind reading takes
/// the first box left of the well showing a piece for a hold box, and it was counted as both), and
/// the text panels as neither.
#[test]
fn a_preview_left_of_the_well_over_text_panels_is_one_preview_and_no_hold_box() {
    let style = Style::plain(24);
    let mut frame = render(&style, &Scene { rows: &MID, next: &[], hold: Some(Piece::T) });
    let p = style.pitch;
    // No box right of the well: the page there.
    let (width, height) = (frame.width(), frame.height());
    let right = 17 * p + 4;
    super::draw::put(&mut frame.image, (right, 0, width - right, height), style.page);
    for i in 0..2 {
        let y = 7 * p + i * 3 * p;
        super::draw::put(&mut frame.image, (p, y, 5 * p, 2 * p), [0, 0, 0]);
        for bar in 0..3 {
            super::draw::put(&mut frame.image, (p + p + bar * p, y + p / 2, p / 2, p / 3), [250, 250, 250]);
        }
        super::draw::put(&mut frame.image, (p + 2 * p, y + p + p / 3, p / 6, p / 3), [250, 250, 250]);
    }
    let learned = look::learn(&frame).expect("learns");
    assert!(!learned.settings.hold, "no hold box: {:?}", learned.settings.boxes);
    assert_eq!(learned.settings.previews, 1, "{:?}", learned.settings.boxes);
}

/// Boxes on grey panels, and left of the well a grey panel of black fields with white numbers in
/// them (hona9/tetris sets its score, lines and level so): a field in the well's own colour is no
/// piece, nor a number in it. Each field, four cells long and one tall, was read as an I (the hold
/// piece blind, and the four of them as that program's previews after its calibration, so that its
/// play planned for an I next every time and stacked high waiting for it); with the fields left
/// out, each "0" in them was read as an O.
#[test]
fn fields_of_the_wells_colour_on_a_panel_are_no_pieces() {
    let panel = [165, 165, 165];
    let style = Style { box_colour: Some(panel), ..Style::plain(24) };
    let mut frame = render(&style, &Scene { rows: &MID, next: &[Piece::Z], hold: None });
    let p = style.pitch;
    super::draw::put(&mut frame.image, (p / 2, 7 * p, 5 * p, 8 * p), panel);
    for i in 0..3 {
        let y = 8 * p + i * 2 * p;
        super::draw::put(&mut frame.image, (p, y, 4 * p, p), [0, 0, 0]);
        // A "1" and a "0" (a square ring, which alone reads as an O) in white.
        let (white, size, stroke) = ([250, 250, 250], p * 3 / 5, p / 4);
        super::draw::put(&mut frame.image, (2 * p, y + p / 5, stroke, size), white);
        let (gx, gy) = (3 * p, y + p / 5);
        super::draw::put(&mut frame.image, (gx, gy, size, size), white);
        super::draw::put(&mut frame.image, (gx + stroke, gy + stroke, size - 2 * stroke, size - 2 * stroke), [0, 0, 0]);
    }
    let seen = read(&frame, None).expect("reads");
    assert_eq!(seen.boxes.next, [Piece::Z], "the preview");
    assert_eq!(seen.boxes.hold, None, "no hold piece");
}
