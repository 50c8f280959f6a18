//! Issue 26, live: programs of the zoo that gamebot was not built on, each calibrated blind from
//! its live window (`gamebot calibrate <game> --title ... --profile ...`: no screenshot, no known
//! board) and then won with the profile it learned, every move verified on screen by the play
//! loop; the profile's first moves confirm it, and play records that in it. The win is checked in
//! the program's own state (`common::zoo_programs`), never by gamebot's reader. The programs are
//! fetched outside the repository: each test is ignored unless its environment variable says
//! where (see calibration/zoo.md), and the Python ones need GAMEBOT_ZOO_PYTHON (tkinter, pygame-ce,
//! pymsgbox). Debian's peg-solitaire, the third peg solitaire, is won the same way in
//! `peg_solitaire.rs`. fromxt's marble page (a browser page of photographs) needs libjs-jquery.
//! Setko Puzzler 67 jumps along diagonals too and wins on its ringed square: its rules are told
//! in the learned profile before play, as a user would (a still screen does not show them).
//! TokeHOlesen's pixel-art peg solitaire (pygame-ce, bevelled tiles) needs platformdirs too.
//! b21phiro's canvas page (touching circles fitted to the window) is built with its own Vite and served.
//! fedelopez's SVG page (pegs and holes discs of one size) is bundled with esbuild; it is calibrated
//! with a peg selected, zoomed to 1.25. ZachJGreen's Tk grid of buttons is calibrated with the
//! pointer left on a peg (Tk draws the button under it lighter).

use std::path::Path;
use std::time::{Duration, Instant};

use crate::common::gamebot_on;
use crate::common::zoo::{Session, program_dir};
use crate::common::zoo_programs as programs;

/// A folder for the learned profile and the pictures.
struct Folders {
    _dir: tempfile::TempDir,
    config: String,
    calibration: String,
}

impl Folders {
    fn new() -> Folders {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("config").to_string_lossy().to_string();
        let calibration = dir.path().join("calibration").to_string_lossy().to_string();
        Folders { _dir: dir, config, calibration }
    }

    /// `gamebot --config-dir ... --calibration-dir ... args...` on `display`: its output, and
    /// whether it succeeded.
    fn gamebot(&self, display: &str, args: &[&str]) -> (bool, String) {
        let mut all = vec!["--config-dir", &self.config, "--calibration-dir", &self.calibration];
        all.extend(args);
        let out = gamebot_on(display, &all);
        let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        (out.status.success(), text)
    }

    fn profile(&self, name: &str) -> String {
        std::fs::read_to_string(Path::new(&self.config).join(format!("{name}.toml"))).unwrap()
    }
}

/// Calibrates `game` blind from the live window titled `title` as profile `name` (extra options
/// after), then plays it (`play` options after), and checks the run: learned as a proposal, won,
/// confirmed on the window's size and recorded so. Returns the play's output.
fn learn_and_win(display: &str, game: &str, title: &str, learn_extra: &[&str], play_extra: &[&str]) -> String {
    learn_tell_and_win(display, game, title, learn_extra, "", play_extra)
}

/// As `learn_and_win`, with `rules` (a profile's `[rules]` table) added to the learned profile
/// before play, as the user adds what a still screen cannot show.
fn learn_tell_and_win(
    display: &str,
    game: &str,
    title: &str,
    learn_extra: &[&str],
    rules: &str,
    play_extra: &[&str],
) -> String {
    let folders = Folders::new();
    let name = format!("learned-{game}");
    let mut learn = vec!["calibrate", game, "--title", title, "--profile", &name];
    learn.extend(learn_extra);
    let (ok, text) = folders.gamebot(display, &learn);
    assert!(ok && text.contains("PROPOSED"), "blind calibration from the live window:\n{text}");
    if !rules.is_empty() {
        let path = Path::new(&folders.config).join(format!("{name}.toml"));
        std::fs::write(&path, format!("{}\n{rules}", folders.profile(&name))).unwrap();
    }
    let mut play = vec!["play", game, "--profile", &name];
    play.extend(play_extra);
    let started = Instant::now();
    let (ok, text) = folders.gamebot(display, &play);
    println!("played in {:.1} s", started.elapsed().as_secs_f64());
    assert!(ok && text.contains("won:"), "{text}");
    assert!(text.contains("is a proposal on a") && text.contains("is confirmed on a"), "{text}");
    let profile: toml::Table = toml::from_str(&folders.profile(&name)).unwrap();
    let confirmed = profile["learned"]["confirmed"].as_array().unwrap();
    assert_eq!(confirmed.len(), 1, "the window's size is recorded as confirmed: {profile:?}");
    text
}

/// Waits for `done` to hold for the program's rows, and gives the rows (the last seen when the
/// program hung, for the caller's assertion to show).
fn program_shows(session: &Session, done: impl Fn(&[String]) -> bool) -> Vec<String> {
    let started = Instant::now();
    loop {
        let rows = session.state_now().map(|s| s.rows).unwrap_or_default();
        if !rows.is_empty() && done(&rows) || started.elapsed() > crate::common::GIVE_UP {
            return rows;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A Flood-it board of one colour.
fn flooded(rows: &[String]) -> bool {
    let first = rows.first().and_then(|r| r.bytes().next());
    rows.iter().all(|r| r.bytes().all(|c| Some(c) == first))
}

/// A peg solitaire board with one peg left.
fn one_peg(rows: &[String]) -> bool {
    rows.iter().map(|r| r.matches('o').count()).sum::<usize>() == 1
}

#[test]
#[ignore = "needs GAMEBOT_BUTTONPAD_DIR: asweigart/buttonpad fetched (and GAMEBOT_ZOO_PYTHON with tkinter, pymsgbox)"]
fn wins_buttonpads_tk_flood_it_from_a_blind_calibration() {
    let session = Session::python(&program_dir("GAMEBOT_BUTTONPAD_DIR"), programs::BUTTONPAD_FLOOD, 7, "Flood-It", &[]);
    let start = program_shows(&session, |rows| rows.len() == 18);
    assert!(!flooded(&start));
    let text = learn_and_win(&session.display, "flood", "Flood-It", &[], &[]);
    let end = program_shows(&session, flooded);
    assert!(flooded(&end), "the program's own board is one colour:\n{end:?}\n{text}");
}

#[test]
#[ignore = "needs GAMEBOT_METULBURR_FLOOD_DIR: metulburr/FloodIt fetched (and GAMEBOT_ZOO_PYTHON with pygame)"]
fn wins_metulburrs_pygame_flood_it_beside_its_ticking_clock_from_a_blind_calibration() {
    let mut session =
        Session::python(&program_dir("GAMEBOT_METULBURR_FLOOD_DIR"), programs::METULBURR_FLOOD, 7, "Flood It", &[]);
    programs::start_metulburr_game(&mut session);
    let start = program_shows(&session, |rows| rows.len() == 14);
    assert!(!flooded(&start));
    // Its 25th click loses: 24 fills at most.
    let text = learn_and_win(&session.display, "flood", "Flood It", &[], &["--limit", "24"]);
    let end = program_shows(&session, flooded);
    assert!(flooded(&end), "the program's own board is one colour:\n{end:?}\n{text}");
}

#[test]
#[ignore = "needs GAMEBOT_PHASER_FLOOD_DIR: TheBlueGamer55/PhaserFloodIt fetched (runs as fetched, in Chromium)"]
fn wins_a_phaser_canvas_flood_it_from_a_blind_calibration() {
    let dir = program_dir("GAMEBOT_PHASER_FLOOD_DIR");
    let url = format!("file://{}/index.html", dir.display());
    let (session, mut cdp) = Session::chromium(&url, (800, 640), "FloodIt Clone");
    let ready = "String(!!(window.Phaser&&Phaser.GAMES[0]&&Phaser.GAMES[0].state.getCurrentState()&&Phaser.GAMES[0].state.getCurrentState().gridColors))";
    crate::common::wait_until(
        "the game starting",
        std::time::Duration::from_millis(200),
        || (cdp.eval(ready) == "true").then_some(()),
        String::new,
    );
    assert!(!flooded(&programs::phaser_truth(&mut cdp).0));
    // Its 25 tries.
    let text = learn_and_win(&session.display, "flood", "FloodIt Clone", &[], &["--limit", "25"]);
    let (rows, tries) = programs::phaser_truth(&mut cdp);
    assert!(flooded(&rows), "the game's own grid is one colour after {tries} tries:\n{rows:?}\n{text}");
}

#[test]
#[ignore = "needs GAMEBOT_BUTTONPAD_DIR: asweigart/buttonpad fetched (and GAMEBOT_ZOO_PYTHON with tkinter, pymsgbox)"]
fn wins_buttonpads_peg_solitaire_of_push_buttons_after_finding_that_it_takes_clicks_not_drags() {
    let session =
        Session::python(&program_dir("GAMEBOT_BUTTONPAD_DIR"), programs::BUTTONPAD_PEGS, 1, "Peg Solitaire", &[]);
    program_shows(&session, |rows| rows.len() == 7);
    // Calibrated as if its pegs were dragged: its push buttons take clicks only, so the first jump
    // changes nothing, and play tries a click on the peg and then on the hole, and records it.
    let text = learn_and_win(&session.display, "pegs", "Peg Solitaire", &["--moves", "drag"], &[]);
    assert!(text.contains("changed nothing with input style \"drag\": trying \"click\""), "{text}");
    assert!(text.contains("input style \"click\" moved the game: recorded"), "{text}");
    let end = program_shows(&session, one_peg);
    assert!(one_peg(&end), "the program's own board has one peg:\n{end:?}\n{text}");
}

#[test]
#[ignore = "needs GAMEBOT_ZACH_PEGS_DIR: ZachJGreen/peg-solitaire fetched (and GAMEBOT_ZOO_PYTHON with tkinter)"]
fn wins_zachs_tk_grid_of_buttons_calibrated_with_the_pointer_left_on_a_peg() {
    const TITLE: &str = "Sprint 3 Peg Solitaire";
    let session = Session::python(&program_dir("GAMEBOT_ZACH_PEGS_DIR"), programs::ZACH_PEGS, 1, TITLE, &[]);
    let start = session.state_when(|s| s.rows.len() == 7 && s.targets.len() == 49);
    assert_eq!(start.rows.iter().map(|r| r.matches('o').count()).sum::<usize>(), 32, "{:?}", start.rows);
    // A person's hand left on a peg: Tk draws the button under the pointer in its lighter active
    // colour, which read as a hole before the pointer was moved off the board to read.
    let [x, y] = start.targets[2 * 7 + 3];
    session.point_at(x, y);
    let text = learn_and_win(&session.display, "pegs", TITLE, &[], &[]);
    let end = session.state_when(|s| s.verdict != "playing");
    assert!(end.verdict == "won" && one_peg(&end.rows), "the program's own game:\n{end:?}\n{text}");
}

#[test]
#[ignore = "needs GAMEBOT_WAISSI_PEGS_DIR: Waissi/peg-solitaire's src fetched (and GAMEBOT_ZOO_PYTHON with pygame-ce)"]
fn wins_waissis_pygame_peg_solitaire_of_discs_and_rings_from_a_blind_calibration() {
    let mut session =
        Session::python(&program_dir("GAMEBOT_WAISSI_PEGS_DIR"), programs::WAISSI_PEGS, 1, "Peg Solitaire", &[]);
    session.resize(700, 650);
    program_shows(&session, |rows| rows.len() == 7);
    let text = learn_and_win(&session.display, "pegs", "Peg Solitaire", &[], &[]);
    let end = program_shows(&session, one_peg);
    assert!(one_peg(&end), "the program's own board has one peg:\n{end:?}\n{text}");
}

#[test]
#[ignore = "needs GAMEBOT_FROMXT_PEGS_DIR: peaceiris/fromxt.github.io's post/peg_solitaire fetched (and libjs-jquery)"]
fn wins_fromxts_peg_solitaire_of_marble_photographs_from_a_blind_calibration() {
    let dir = program_dir("GAMEBOT_FROMXT_PEGS_DIR");
    let (session, mut cdp) = programs::open_fromxt(&dir, (800, 700), &[]);
    let (start, _) = programs::fromxt_truth(&mut cdp);
    assert_eq!(start.iter().map(|r| r.matches('o').count()).sum::<usize>(), 32, "{start:?}");
    // Click-click: a marble is selected (its photograph lit red), then the hole is clicked.
    let text = learn_and_win(&session.display, "pegs", "Peg Solitaire", &[], &[]);
    let (end, _) = programs::fromxt_truth(&mut cdp);
    assert!(one_peg(&end), "the page's own cells hold one marble:\n{end:?}\n{text}");
}

#[test]
#[ignore = "needs GAMEBOT_KANGANKHANKE_PEGS_DIR: kangankhanke/Peg-Solitaire fetched (runs as fetched, in Chromium)"]
fn wins_kangankhankes_pale_yellow_peg_solitaire_from_a_blind_calibration() {
    let dir = program_dir("GAMEBOT_KANGANKHANKE_PEGS_DIR");
    let (session, mut cdp) = programs::open_kangankhanke(&dir, (900, 900), &[], "classic");
    let start = programs::kangankhanke_truth(&mut cdp);
    assert_eq!(start.iter().map(|r| r.matches('o').count()).sum::<usize>(), 32, "{start:?}");
    let text = learn_and_win(&session.display, "pegs", "Peg Solitaire", &[], &[]);
    let end = programs::kangankhanke_truth(&mut cdp);
    assert!(one_peg(&end), "the page's own cells hold one peg:\n{end:?}\n{text}");
}

#[test]
#[ignore = "needs GAMEBOT_SETKO_PEGS_DIR: maksverver/setko-puzzler-67's gh-pages branch fetched (runs as fetched, in Chromium)"]
fn wins_setkos_diagonal_peg_solitaire_on_its_ringed_square_from_a_blind_calibration() {
    use crate::common::zoo_setko::{TITLE, open_setko, setko_take_first_peg, setko_truth};
    let dir = program_dir("GAMEBOT_SETKO_PEGS_DIR");
    let (session, mut cdp) = open_setko(&dir, (860, 600), &[]);
    // The page starts full: the person's first click takes a peg off (its centre).
    let start = setko_take_first_peg(&mut cdp, 3, 3);
    assert_eq!(start.iter().map(|r| r.matches('o').count()).sum::<usize>(), 24, "{start:?}");
    let rules = "[rules]\njumps = \"diagonal\"\ngoal = \"one-peg-on-square\"\nsquare = [3, 4]\n";
    let text = learn_tell_and_win(&session.display, "pegs", TITLE, &[], rules, &[]);
    let (end, _) = setko_truth(&mut cdp);
    assert!(one_peg(&end), "the page's own cells hold one peg:\n{end:?}\n{text}");
    assert_eq!(end[3].as_bytes()[4], b'o', "the last peg stands in the ringed hole (row 3 col 4):\n{end:?}\n{text}");
}

#[test]
#[ignore = "needs GAMEBOT_TOKE_PEGS_DIR: TokeHOlesen/PegSolitaire fetched with a placeholder icon (and GAMEBOT_ZOO_PYTHON with pygame-ce, platformdirs)"]
fn wins_tokes_pixel_art_peg_solitaire_on_bevelled_tiles_from_a_blind_calibration() {
    use crate::common::zoo_toke::{TITLE, open_toke};
    // Its English layout at its default scale (a 960x720 window), opened through its menu.
    let session = open_toke(&program_dir("GAMEBOT_TOKE_PEGS_DIR"), 3, 0);
    let start = program_shows(&session, |rows| rows.len() == 7);
    assert_eq!(start.iter().map(|r| r.matches('o').count()).sum::<usize>(), 32, "{start:?}");
    // Its pegs are dragged; calibrated so (play would find it by trying otherwise).
    let text = learn_and_win(&session.display, "pegs", TITLE, &["--moves", "drag"], &[]);
    let end = program_shows(&session, one_peg);
    assert!(one_peg(&end), "the program's own Board holds one peg:\n{end:?}\n{text}");
}

#[test]
#[ignore = "needs GAMEBOT_B21PHIRO_PEGS_DIR: b21phiro/peg-solitaire-ts built with its own Vite (its dist folder; served on 127.0.0.1)"]
fn wins_b21phiros_peg_solitaire_of_touching_circles_fitted_to_its_window_from_a_blind_calibration() {
    use crate::common::zoo_b21phiro::{TITLE, open_b21phiro};
    let mut page = open_b21phiro(&program_dir("GAMEBOT_B21PHIRO_PEGS_DIR"), (860, 600), &[]);
    let start = page.truth().rows;
    assert_eq!(start.iter().map(|r| r.matches('o').count()).sum::<usize>(), 32, "{start:?}");
    // Click-click: the chosen peg turns blue and its landing holes get a blue dot.
    let text = learn_and_win(&page.session.display, "pegs", TITLE, &[], &[]);
    let end = page.truth().rows;
    assert!(one_peg(&end), "the program's own board holds one peg:\n{end:?}\n{text}");
}

#[test]
#[ignore = "needs GAMEBOT_FEDE_PEGS_DIR: fedelopez/peg-solitaire-web bundled with jQuery (its bundled index.html's folder)"]
fn wins_fedes_peg_solitaire_of_discs_alike_calibrated_with_a_peg_selected_at_a_zoom() {
    use crate::common::zoo_fede::{TITLE, fede_click, fede_truth, open_fede};
    let dir = program_dir("GAMEBOT_FEDE_PEGS_DIR");
    let (session, mut cdp) = open_fede(&dir, (860, 700), &["--force-device-scale-factor=1.25"]);
    // A person's click on a peg left it selected (pale yellow, its rim pale pink) before the bot
    // was started: the calibration shot shows it.
    fede_click(&mut cdp, 5, 3);
    let (start, selected) = fede_truth(&mut cdp);
    assert_eq!(start.iter().map(|r| r.matches('o').count()).sum::<usize>(), 32, "{start:?}");
    assert_eq!(selected, Some((5, 3)), "the page did not select the peg");
    let text = learn_and_win(&session.display, "pegs", TITLE, &[], &[]);
    let (end, _) = fede_truth(&mut cdp);
    assert!(one_peg(&end), "the page's own circles hold one peg:\n{end:?}\n{text}");
}

#[test]
#[ignore = "needs GAMEBOT_U469_PEGS_DIR: user469fun/Square-Peg-Solitaire fetched (the folder of its main.html)"]
fn wins_user469funs_square_of_dots_with_holes_drawn_as_nothing_for_the_fewest_pegs_at_a_zoom() {
    use crate::common::zoo_u469::{TITLE, open_u469, u469_truth};
    let dir = program_dir("GAMEBOT_U469_PEGS_DIR");
    let (session, mut cdp) = open_u469(&dir, (900, 1000), &["--force-device-scale-factor=1.25"]);
    let (start, selected) = u469_truth(&mut cdp);
    assert_eq!((start.iter().map(|r| r.matches('o').count()).sum::<usize>(), selected), (48, None), "{start:?}");
    // Its 7x7 square cannot end in one peg: the rule a still screen does not show is told at
    // calibration. Its clock ticks beside the board all along; the page leaves each landing peg
    // selected, so the next jump of a chain clicks it down first and is made once more.
    let text = learn_and_win(&session.display, "pegs", TITLE, &["--goal", "fewest-pegs"], &[]);
    let (end, _) = u469_truth(&mut cdp);
    let pegs = end.iter().map(|r| r.matches('o').count()).sum::<usize>();
    assert!(
        pegs >= 1 && crate::common::zoo::legal_jump(&end).is_none(),
        "the page's own cells leave no jump:\n{end:?}\n{text}"
    );
}
