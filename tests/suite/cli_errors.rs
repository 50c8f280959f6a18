//! Bad input to the command line: each gets a clear message and a non-zero exit, never a panic.
//! The last two use a live X display with a window that is not the game (sgt-pegs).

use std::io::Write;
use std::path::Path;
use std::process::Output;

use gamebot::profile::Profile;
use gamebot::xsession::{Children, find_program, launch_game, start_virtual_display};

fn output(args: &[&str], display: Option<&str>) -> Output {
    crate::common::bot(args, display).output().unwrap()
}

fn fails_with(out: &Output, needle: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "expected failure: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains(needle), "expected {needle:?} in: {stderr}");
}

#[test]
fn one_folder_for_profiles_and_calibrations_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().to_str().unwrap();
    let out = output(&["--config-dir", folder, "--calibration-dir", folder, "replay", "fixtures/flood"], None);
    fails_with(&out, "--config-dir and --calibration-dir are one folder");
    let dotted = format!("{folder}/.");
    let out = output(&["--config-dir", folder, "--calibration-dir", &dotted, "replay", "fixtures/flood"], None);
    fails_with(&out, "would be the same file");
}

#[test]
fn a_corrupt_png_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("shot.png");
    std::fs::write(&png, b"not a png at all").unwrap();
    fails_with(&output(&["read", "flood", png.to_str().unwrap()], None), "shot.png: not a readable PNG");
}

#[test]
fn a_malformed_profile_names_its_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join("mine.toml");
    std::fs::write(&profile, "name = \"mine\"\ngame = \"flood\"\n\n[window]\ntitle = Flood\n").unwrap();
    let png = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/flood");
    let any = std::fs::read_dir(png)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "png"))
        .unwrap();
    let out = output(&["read", "flood", any.to_str().unwrap(), "--profile", profile.to_str().unwrap()], None);
    fails_with(&out, "mine.toml");
    fails_with(&out, "line 5");
}

#[test]
fn an_image_without_a_board_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("desktop.png");
    image::RgbaImage::from_pixel(300, 200, image::Rgba([40, 40, 40, 255])).save(&png).unwrap();
    fails_with(&output(&["read", "flood", png.to_str().unwrap()], None), "no coloured board found");
}

/// A learned Minesweeper (gnome-mines' shipped profile) in a screenshot with no board, one cut by
/// the window's right edge, one half covered by a window and one too small for its cells: each
/// gets one line and a non-zero exit, the cut one naming the edge; none is read in part.
#[test]
fn a_minesweeper_shot_with_no_board_a_cut_or_covered_board_or_tiny_cells_is_refused() {
    let shot = image::open("fixtures/mines/gnome-mines/gnome-8x8n10-02-default-start.png").unwrap().to_rgba8();
    let (w, h) = shot.dimensions();
    let mut covered = shot.clone();
    for y in h / 4..h * 3 / 4 {
        for x in w / 4..w * 3 / 4 {
            covered.put_pixel(x, y, image::Rgba([127, 127, 127, 255]));
        }
    }
    let cases = [
        ("blank", image::RgbaImage::from_pixel(w, h, image::Rgba([246, 245, 244, 255])), "no board"),
        ("cut", image::imageops::crop_imm(&shot, 0, 0, w * 6 / 10, h).to_image(), "cut off by the window's right edge"),
        ("covered", covered, "no board"),
        (
            "tiny",
            image::imageops::resize(&shot, w * 4 / 10, h * 4 / 10, image::imageops::FilterType::Triangle),
            "no board",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (name, picture, needle) in cases {
        let png = dir.path().join(format!("{name}.png"));
        picture.save(&png).unwrap();
        let out = output(&["read", "mines", "--profile", "gnome-mines", png.to_str().unwrap()], None);
        fails_with(&out, needle);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.trim_end().lines().count(), 1, "{name}: one line: {stderr}");
    }
}

#[test]
fn a_screen_without_a_breach_matrix_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("desktop.png");
    image::RgbaImage::from_pixel(1920, 1080, image::Rgba([20, 20, 30, 255])).save(&png).unwrap();
    fails_with(&output(&["read", "breach", png.to_str().unwrap()], None), "no code matrix found");
    fails_with(&output(&["play", "breach", "--from", png.to_str().unwrap()], None), "no code matrix found");
}

/// `gamebot solve flood` with `rows` on its standard input.
fn solve_flood_from_stdin(rows: &[u8]) -> Output {
    let mut child = crate::common::bot(&["solve", "flood"], None)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(rows).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn solving_garbage_rows_is_refused() {
    fails_with(&solve_flood_from_stdin(b"012\n01x\n"), "row 1 col 2: 'x' is not a colour");
}

#[test]
fn playing_without_a_display_says_so() {
    fails_with(&output(&["play", "flood"], None), "cannot connect to the X display");
}

#[test]
fn commands_a_game_does_not_have_are_refused_clearly() {
    fails_with(&output(&["solve", "tetris"], None), "add --contest --out record.txt");
    fails_with(&output(&["tune", "flood"], None), "tune is not available for flood");
    fails_with(&output(&["calibrate", "breach"], None), "calibrate is not available for breach: it needs none");
}

/// Regression (issue 11): `solve flood --at`, `calibrate tetris --from` (since issue 37 an option
/// of tetris: here `--moves`, a peg option) and `play flood --lines` were accepted and silently
/// ignored; an option a game does not have is now a command-line error.
#[test]
fn options_of_another_game_were_silently_ignored() {
    fails_with(&output(&["solve", "flood", "--at", "1,1"], None), "unexpected argument '--at'");
    fails_with(&output(&["calibrate", "tetris", "--moves", "drag"], None), "unexpected argument '--moves'");
    fails_with(&output(&["bench", "flood", "x.txt", "--games", "3"], None), "unexpected argument '--games'");
}

/// Regression (issue 11): `demo` read its profile from ./config whatever --config-dir said.
#[test]
fn demo_ignored_the_config_dir() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sgt-flood.toml"), "name = \"sgt-flood\"\ngame = \"flood\"\n[window\n").unwrap();
    let out = output(&["--config-dir", dir.path().to_str().unwrap(), "demo"], None);
    fails_with(&out, "sgt-flood.toml: TOML error at line 3");
}

#[test]
fn the_wrong_window_is_refused_live() {
    let mut children = Children::default();
    let display = start_virtual_display(&mut children).expect("a virtual display (apt-get install xvfb jwm)");
    let pegs = find_program("sgt-pegs", "sgt-puzzles").unwrap();
    let profile = Profile::load("sgt-flood", Path::new("config")).unwrap();
    let window = gamebot::profile::WindowMatch { title: "Pegs".into(), exact: true };
    launch_game(&pegs, &["7x7cross"], &display, &window, &mut children).unwrap();
    // No Flood window is open: the error names the windows that are.
    fails_with(&output(&["play", "flood"], Some(&display)), "no window titled \"Flood\" is open; open windows: ");
    // A profile pointed at the pegs window finds no Flood-it board there, and clicks nothing.
    let dir = tempfile::tempdir().unwrap();
    let wrong = dir.path().join("wrong.toml");
    let text = toml::to_string(&gamebot::profile::Profile { window, ..profile }).unwrap();
    std::fs::write(&wrong, text).unwrap();
    let out = output(&["play", "flood", "--profile", wrong.to_str().unwrap()], Some(&display));
    fails_with(&out, "error: cannot ");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot find the board") || stderr.contains("cannot read the board"), "{stderr}");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("move 1:"), "nothing was played");
}

#[test]
fn solve_flood_starts_where_the_case_or_the_option_says() {
    // A 5x5 checkerboard: every move floods one step further, so the plan is as long as the
    // distance from the start to the farthest corner (8 from a corner, 4 from the centre).
    let dir = tempfile::tempdir().unwrap();
    let case = dir.path().join("checkers.toml");
    let rows = r#"rows = ["01010", "10101", "01010", "10101", "01010"]"#;
    std::fs::write(&case, format!("game = \"flood\"\n\n[board]\n{rows}\nstart = [2, 2]\n")).unwrap();
    let path = case.to_str().unwrap();
    let moves = |out: &Output| {
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).lines().nth(1).unwrap().split(' ').next().unwrap().to_string()
    };
    assert_eq!(moves(&output(&["solve", "flood", path], None)), "4");
    assert_eq!(moves(&output(&["solve", "flood", path, "--start", "top-left"], None)), "8");
    assert_eq!(moves(&output(&["solve", "flood", path, "--start", "0,4"], None)), "8");
    fails_with(&output(&["solve", "flood", path, "--start", "7,7"], None), "outside the 5x5 board");
}

/// Issue 19: boards of more than ten colours (labels `0`-`9` then `a`-`f`), from a case file and
/// from text on standard input. Every cell of a 4x4 board has a colour of its own, so the only
/// plans take each of the other 15 colours once; the moves are written with the board's labels.
#[test]
fn solve_flood_takes_sixteen_colours_from_a_case_and_from_text() {
    let rows = ["0123", "4567", "89ab", "cdef"];
    let check = |out: &Output| {
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let mut moves: Vec<&str> = text.lines().next().unwrap().split(' ').collect();
        moves.sort_unstable();
        let want: Vec<String> = "123456789abcdef".chars().map(String::from).collect();
        assert_eq!(moves, want, "{text}");
        assert!(text.contains("15 moves, proven optimal"), "{text}");
    };
    let dir = tempfile::tempdir().unwrap();
    let case = dir.path().join("sixteen.toml");
    std::fs::write(&case, format!("game = \"flood\"\n\n[board]\nrows = {rows:?}\n")).unwrap();
    check(&output(&["solve", "flood", case.to_str().unwrap()], None));
    check(&solve_flood_from_stdin(format!("{}\n", rows.join("\n")).as_bytes()));
}
