//! Issue 29, the one mapping from what the bot sees to where it acts, on simulated desktops: every
//! game's kinds of action (a click on a cell or a palette button, a drag or click-click of a peg,
//! Minesweeper's clicks on covered cells, 11 px cells too, Breach's clicks and its keyboard route,
//! Collapse's keys, Tetris's keys) go through the one guard onto a window placed on simulated
//! monitors: one monitor at 1, 1.25, 1.5 and 2 capture pixels per desktop unit (macOS points over
//! backing pixels); monitors left of and above the primary with negative origins, in physical
//! pixels (Windows, per-monitor DPI aware) and in points (macOS); a window across two monitors of
//! different scales; a window hanging off the screen. The desktop point each input is sent to is
//! mapped back to the pixel it lands on, which must lie in the cell the game meant (the grid's
//! cell; Breach's matrix cell; for a palette button, a pixel of the same colour) and less than one
//! unit from the intended pixel; an input on a part no monitor shows is refused before anything is
//! sent. Keys go only while the game has the keyboard focus. The games are those of the one list,
//! each matched to its checks (`every_game_s_inputs_land_where_it_means_on_every_layout`).

use std::path::{Path, PathBuf};

use gamebot::budget::Budget;
use gamebot::case::load;
use gamebot::frame::{Area, Frame, Point};
use gamebot::game::{TurnBased, find_and_read};
use gamebot::games::{Breach, Collapse, Flood, GameKind, Mines, Pegs};
use gamebot::input::Action;
use gamebot::input::guard::Guard;
use gamebot::input::recorder::Recorder;
use gamebot::profile::{GuardSettings, Profile};
use gamebot::screen::desktop::{Desktop, Monitor};
use gamebot::screen::{Screen, ScreenError};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn monitor(name: &str, (x, y, w, h): (i32, i32, u32, u32), scale: f64) -> Monitor {
    Monitor { name: name.into(), area: Area::new(x, y, w, h), scale, primary: x == 0 && y == 0 }
}

/// A simulated desktop and where a window goes on it: (layout name, desktop, window's top-left in
/// desktop units given its size in units, the window's scale).
struct Placement {
    name: String,
    desktop: Desktop,
    at: fn(u32, u32) -> Point,
    scale: f64,
}

/// Every layout the mapping must handle.
fn placements() -> Vec<Placement> {
    let mut all = Vec::new();
    // One large monitor at each scale (points over pixels, as on macOS; 1 is also Linux and Windows).
    for scale in [1.0, 1.25, 1.5, 2.0] {
        all.push(Placement {
            name: format!("one monitor, {scale} pixels per unit"),
            desktop: Desktop { monitors: vec![monitor("main", (0, 0, 4000, 3000), scale)] },
            at: |_, _| Point::new(37, 29),
            scale,
        });
    }
    // Windows, per-monitor DPI aware: physical pixels everywhere, monitors left of and above the
    // primary at negative origins (their scaling only makes programs draw larger).
    let windows = || Desktop {
        monitors: vec![
            monitor("primary", (0, 0, 3840, 2160), 1.0),
            monitor("left", (-4000, -400, 4000, 3000), 1.0),
            monitor("above", (-500, -3000, 4000, 3000), 1.0),
        ],
    };
    all.push(Placement {
        name: "Windows, on the monitor left of the primary".into(),
        desktop: windows(),
        at: |_, _| Point::new(-3950, -350),
        scale: 1.0,
    });
    all.push(Placement {
        name: "Windows, on the monitor above the primary".into(),
        desktop: windows(),
        at: |_, _| Point::new(-450, -2990),
        scale: 1.0,
    });
    all.push(Placement {
        name: "Windows, across the primary and the monitor left of it".into(),
        desktop: windows(),
        at: |w, _| Point::new(-(w as i32) / 2, 40),
        scale: 1.0,
    });
    // macOS: points; a Retina primary (2 pixels per point) with a plain monitor left of it and a
    // 1.5 one above; a window across the Retina and the plain monitor is drawn at its main
    // display's scale (2) or at the other's (1).
    let mac = || Desktop {
        monitors: vec![
            monitor("retina", (0, 0, 2000, 1500), 2.0),
            monitor("left", (-3000, -200, 3000, 2000), 1.0),
            monitor("above", (-400, -2000, 3000, 2000), 1.5),
        ],
    };
    all.push(Placement {
        name: "macOS, on the plain monitor left of the Retina one".into(),
        desktop: mac(),
        at: |_, _| Point::new(-2990, -190),
        scale: 1.0,
    });
    all.push(Placement {
        name: "macOS, on the 1.5 monitor above".into(),
        desktop: mac(),
        at: |_, _| Point::new(-390, -1990),
        scale: 1.5,
    });
    for scale in [2.0, 1.0] {
        all.push(Placement {
            name: format!("macOS, across the Retina and the left monitor, drawn at {scale}"),
            desktop: mac(),
            at: |w, _| Point::new(-(w as i32) / 3, 60),
            scale,
        });
    }
    all
}

/// A desktop with one window on it, showing `frame`; the game has the keyboard focus or not.
struct SimScreen {
    frame: Frame,
    desktop: Desktop,
    focused: bool,
}

impl SimScreen {
    /// `image` as a window placed by `placement`.
    fn new(image: &image::RgbaImage, placement: &Placement) -> SimScreen {
        let units = |pixels: u32| (pixels as f64 / placement.scale).ceil() as u32;
        let (w, h) = (units(image.width()), units(image.height()));
        let origin = (placement.at)(w, h);
        let shown = placement.desktop.shown_parts(Area::new(origin.x, origin.y, w, h), placement.scale, &[]);
        let frame = Frame { image: image.clone(), origin, scale: placement.scale, shown };
        SimScreen { frame, desktop: placement.desktop.clone(), focused: true }
    }
}

impl Screen for SimScreen {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        Ok(self.frame.clone())
    }

    fn describe(&self) -> String {
        "a simulated window".into()
    }

    fn focus_elsewhere(&self) -> Option<String> {
        (!self.focused).then(|| "\"Terminal\"".into())
    }

    fn check_target(&self, _frame: &Frame, points: &[Point]) -> Result<(), ScreenError> {
        match points.iter().find(|&&q| !self.desktop.shows(q)) {
            Some(q) => Err(ScreenError::OffScreen { detail: format!("({}, {}) is on no monitor", q.x, q.y) }),
            None => Ok(()),
        }
    }
}

/// Which target a frame pixel is on: a cell (row, column), or None off the game's cells.
type CellOf = Box<dyn Fn(Point) -> Option<(usize, usize)>>;

fn grid_cells(grid: gamebot::vision::grid::Grid) -> CellOf {
    Box::new(move |p: Point| {
        let r = &grid.rect;
        let (x, y) = (p.x as f64 - r.x, p.y as f64 - r.y);
        let (cw, ch) = (r.width / grid.cols as f64, r.height / grid.rows as f64);
        (x >= 0.0 && y >= 0.0 && x < r.width && y < r.height).then(|| ((y / ch) as usize, (x / cw) as usize))
    })
}

/// A fixture's screenshot, its profile (as its case file names it, else the game's default) with
/// `input.style` set when given.
fn fixture(game: &str, file: &str, default_profile: &str, style: Option<&str>) -> (image::RgbaImage, Profile) {
    let png = root().join("fixtures").join(game).join(file);
    let case = load(&png.with_extension("toml")).unwrap_or_else(|e| panic!("{}: {e}", png.display()));
    let name = case.profile.clone().unwrap_or_else(|| default_profile.into());
    let mut profile = Profile::load_for(&name, &root().join("config"), game).unwrap();
    if let Some(style) = style {
        let mut input = toml::Table::new();
        input.insert("style".into(), toml::Value::String(style.into()));
        profile.game_settings.insert("input".into(), toml::Value::Table(input));
    }
    (gamebot::screen::load_png(&png).unwrap().image, profile)
}

/// The actions of the first `moves` moves of the plan for a fixture, in frame pixels.
fn planned<G: TurnBased>(image: &image::RgbaImage, profile: &Profile, moves: usize) -> (Vec<Action>, G::Layout) {
    let frame = Frame::from_image(image.clone());
    let config = G::config(profile).unwrap();
    let found = find_and_read::<G>(&frame, &config, None).unwrap();
    let plan = G::solve(&found.board, &config, Budget::default()).unwrap();
    let (mut board, mut actions) = (found.board.clone(), Vec::new());
    for mv in plan.moves.iter().take(moves) {
        actions.extend(G::actions(mv, &board, &found.layout, &config).unwrap());
        board = G::predict(&board, mv, &config);
    }
    (actions, found.layout)
}

/// Sends `actions` through the guard on every layout and checks where each lands; returns how many
/// points were checked.
#[track_caller]
fn lands_on_the_intended_cells(what: &str, image: &image::RgbaImage, actions: &[Action], cell_of: &CellOf) -> usize {
    assert!(!actions.is_empty(), "{what}: no actions planned");
    let mut checked = 0;
    for placement in placements() {
        let screen = SimScreen::new(image, &placement);
        let frame = &screen.frame;
        assert!(frame.fully_shown(), "{what}, {}: the window is meant to be wholly on the monitors", placement.name);
        let mut device = Recorder::new(frame.to_desktop(Point::new(0, 0)));
        let mut guard = Guard::new(&mut device, &GuardSettings::default());
        for action in actions {
            guard
                .perform(action, frame, &screen)
                .unwrap_or_else(|e| panic!("{what}, {}: {action}: {e:#}", placement.name));
        }
        assert_eq!(device.performed.len(), actions.len());
        for (intended, sent) in actions.iter().zip(&device.performed) {
            assert_eq!(
                std::mem::discriminant(intended),
                std::mem::discriminant(sent),
                "{what}: the kind of action changed"
            );
            for (p, q) in intended.points().into_iter().zip(sent.points()) {
                let landed = frame.from_desktop(q);
                let context =
                    format!("{what}, {}: {intended} sent as {sent} lands on pixel {landed:?}", placement.name);
                assert!(screen.desktop.shows(q), "{context}: on no monitor");
                let off = (landed.x - p.x).abs().max((landed.y - p.y).abs()) as f64;
                assert!(off < placement.scale.max(1.0), "{context}: {off} pixels from {p:?}");
                match cell_of(p) {
                    Some(cell) => assert_eq!(cell_of(landed), Some(cell), "{context}: not in the intended cell"),
                    None => assert_eq!(
                        image.get_pixel(landed.x as u32, landed.y as u32),
                        image.get_pixel(p.x as u32, p.y as u32),
                        "{context}: not on the intended button"
                    ),
                }
                checked += 1;
            }
        }
    }
    checked
}

fn flood_clicks_on_cells_land_on_the_intended_cell_on_every_layout() {
    let (image, profile) = fixture("flood", "sgt-14x14c6m0-06-300x340.png", "sgt-flood", None);
    let (actions, layout) = planned::<Flood>(&image, &profile, 6);
    let cells = grid_cells(Flood::to_calibration(&layout).unwrap());
    assert!(actions.iter().all(|a| matches!(a, Action::Click(p) if cells(*p).is_some())), "cell clicks");
    assert!(lands_on_the_intended_cells("flood cells", &image, &actions, &cells) > 0);
}

fn flood_clicks_on_palette_buttons_land_on_the_intended_button_on_every_layout() {
    let dir = root().join("fixtures/flood/olerichard-flood");
    let png = files(&dir, "png").into_iter().next().expect("an olerichard fixture");
    let name = format!("olerichard-flood/{}", png.file_name().unwrap().to_string_lossy());
    let (image, profile) = fixture("flood", &name, "sgt-flood", None);
    let (actions, layout) = planned::<Flood>(&image, &profile, 4);
    let cells = grid_cells(Flood::to_calibration(&layout).unwrap());
    assert!(actions.iter().any(|a| matches!(a, Action::Click(p) if cells(*p).is_none())), "palette buttons");
    assert!(lands_on_the_intended_cells("flood buttons", &image, &actions, &cells) > 0);
}

fn peg_drags_and_clicks_land_on_the_intended_holes_on_every_layout() {
    let png =
        files(&root().join("fixtures/pegs"), "png").into_iter().find(|p| p.to_string_lossy().contains("sgt")).unwrap();
    let name = png.file_name().unwrap().to_string_lossy().into_owned();
    for (style, kind) in [("drag", "drag"), ("click", "click")] {
        let (image, profile) = fixture("pegs", &name, "sgt-pegs", Some(style));
        let (actions, layout) = planned::<Pegs>(&image, &profile, 3);
        let drags = actions.iter().filter(|a| matches!(a, Action::Drag { .. })).count();
        assert_eq!(drags > 0, kind == "drag", "{style}: {actions:?}");
        let cells = grid_cells(Pegs::to_calibration(&layout).unwrap());
        assert!(lands_on_the_intended_cells(&format!("pegs by {style}"), &image, &actions, &cells) > 0);
    }
}

fn mines_clicks_land_on_the_intended_cell_on_every_layout() {
    // Mid-game boards: the plan opens covered cells; the expert board in a small window has 11 px
    // cells, where a unit's rounding is a large share of a cell.
    for file in ["sgt-16x16n40-01-700x760-mid-flags.png", "sgt-30x16n99-03-380x280-mid.png"] {
        let (image, profile) = fixture("mines", file, "sgt-mines", None);
        let (actions, layout) = planned::<Mines>(&image, &profile, 1);
        let cells = grid_cells(Mines::to_calibration(&layout).unwrap());
        assert!(actions.iter().all(|a| matches!(a, Action::Click(p) if cells(*p).is_some())), "{file}: cell clicks");
        assert!(lands_on_the_intended_cells(&format!("mines {file}"), &image, &actions, &cells) > 0);
    }
}

fn breach_clicks_land_on_the_intended_matrix_cell_on_every_layout() {
    let (image, profile) = fixture("breach", "clone-1280x800-s1001-p0.png", "breach-clone", None);
    let (actions, _) = planned::<Breach>(&image, &profile, 3);
    let read = gamebot::games::breach::read::read(&Frame::from_image(image.clone())).unwrap();
    let cells: CellOf = Box::new(move |p: Point| {
        read.cells.iter().enumerate().find_map(|(r, row)| row.iter().position(|c| c.contains(p)).map(|c| (r, c)))
    });
    let clicks: Vec<Action> = actions.into_iter().filter(|a| matches!(a, Action::Click(_))).collect();
    assert!(clicks.iter().all(|a| cells(a.points()[0]).is_some()), "every pick is a click on a cell");
    assert!(lands_on_the_intended_cells("breach", &image, &clicks, &cells) > 0);
}

/// Keys carry no point: on every layout they reach the game while it has the keyboard focus, and
/// none is sent while another window has it.
#[track_caller]
fn keys_go_only_to_the_focused_game(what: &str, image: &image::RgbaImage, keys: &[Action]) {
    assert!(!keys.is_empty() && keys.iter().all(|k| matches!(k, Action::Key(_))), "{what}: keys");
    for placement in placements() {
        let mut screen = SimScreen::new(image, &placement);
        let mut device = Recorder::new(Point::new(0, 0));
        let mut guard = Guard::new(&mut device, &GuardSettings::default());
        for key in keys {
            guard.perform(key, &screen.frame, &screen).unwrap();
        }
        screen.focused = false;
        let refused = guard.perform(&keys[0], &screen.frame, &screen).unwrap_err().to_string();
        assert!(refused.contains("keyboard focus is on \"Terminal\""), "{what}, {}: {refused}", placement.name);
        assert_eq!(&device.performed, keys, "{what}, {}", placement.name);
    }
}

fn breach_keyboard_routes_go_only_to_the_focused_game() {
    let (image, profile) = fixture("breach", "clone-1280x800-s1001-p0.png", "breach-clone", Some("keys"));
    let (breach, _) = planned::<Breach>(&image, &profile, 3);
    keys_go_only_to_the_focused_game("breach by keys", &image, &breach);
}

fn collapse_keys_go_only_to_the_focused_game() {
    let (image, profile) = fixture("collapse", "easy_n04_start.png", "collapse", None);
    let (collapse, _) = planned::<Collapse>(&image, &profile, 3);
    keys_go_only_to_the_focused_game("collapse", &image, &collapse);
}

fn tetris_keys_go_only_to_the_focused_game() {
    let (image, _) = fixture("collapse", "easy_n04_start.png", "collapse", None);
    let tetris: Vec<Action> =
        ["Left", "Right", "Up", "Down", "space"].iter().map(|k| Action::Key(k.to_string())).collect();
    keys_go_only_to_the_focused_game("tetris", &image, &tetris);
}

/// Every game of the one list (`GameKind::ALL`), each kind of its inputs on every layout. The
/// match has an arm per game and no other: a game added to the list does not compile here until
/// its inputs are checked too.
#[test]
fn every_game_s_inputs_land_where_it_means_on_every_layout() {
    for &kind in GameKind::ALL {
        match kind {
            GameKind::Flood => {
                flood_clicks_on_cells_land_on_the_intended_cell_on_every_layout();
                flood_clicks_on_palette_buttons_land_on_the_intended_button_on_every_layout();
            }
            GameKind::Pegs => peg_drags_and_clicks_land_on_the_intended_holes_on_every_layout(),
            GameKind::Mines => mines_clicks_land_on_the_intended_cell_on_every_layout(),
            GameKind::Breach => {
                breach_clicks_land_on_the_intended_matrix_cell_on_every_layout();
                breach_keyboard_routes_go_only_to_the_focused_game();
            }
            GameKind::Collapse => collapse_keys_go_only_to_the_focused_game(),
            GameKind::Tetris => tetris_keys_go_only_to_the_focused_game(),
        }
    }
}

/// A window hanging below the bottom of a Retina screen: inputs on the part in view land on their
/// cells; one on the hidden part is refused, and nothing is sent for it.
#[test]
fn an_input_where_no_monitor_shows_the_window_is_refused() {
    let (image, profile) = fixture("flood", "sgt-14x14c6m0-06-300x340.png", "sgt-flood", None);
    let (_, layout) = planned::<Flood>(&image, &profile, 1);
    let grid = Flood::to_calibration(&layout).unwrap();
    let cells = grid_cells(grid.clone());
    // A click on every cell's centre: some on the part in view, some below the screen.
    let (cw, ch) = (grid.rect.width / grid.cols as f64, grid.rect.height / grid.rows as f64);
    let actions: Vec<Action> = (0..grid.rows)
        .flat_map(|r| (0..grid.cols).map(move |c| (r, c)))
        .map(|(r, c)| {
            let (x, y) = (grid.rect.x + (c as f64 + 0.5) * cw, grid.rect.y + (r as f64 + 0.5) * ch);
            Action::Click(Point::new(x as i32, y as i32))
        })
        .collect();
    let placement = Placement {
        name: "hanging below a Retina screen".into(),
        desktop: Desktop { monitors: vec![monitor("retina", (0, 0, 1440, 900), 2.0)] },
        at: |_, h| Point::new(100, 900 - h as i32 / 2),
        scale: 2.0,
    };
    let screen = SimScreen::new(&image, &placement);
    assert!(!screen.frame.fully_shown());
    let (mut sent, mut refused) = (0, 0);
    for action in &actions {
        let mut device = Recorder::new(Point::new(0, 0));
        let mut guard = Guard::new(&mut device, &GuardSettings::default());
        let shown = action.points().iter().all(|&p| screen.frame.shows(p));
        match guard.perform(action, &screen.frame, &screen) {
            Ok(()) => {
                assert!(shown, "{action} was sent although it is off the screen");
                let q = device.performed[0].points()[0];
                assert_eq!(cells(screen.frame.from_desktop(q)), cells(action.points()[0]));
                sent += 1;
            }
            Err(e) => {
                assert!(!shown, "{action} was refused although it is on the screen: {e}");
                assert!(e.to_string().contains("not fully on the screen"), "{e}");
                assert!(device.performed.is_empty());
                refused += 1;
            }
        }
    }
    assert!(sent > 0 && refused > 0, "{sent} inputs sent, {refused} refused");
}

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    found.sort();
    found
}
