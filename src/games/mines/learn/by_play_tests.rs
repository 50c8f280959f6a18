//! Learning the opened 0s' look by play (`by_play`), on shots drawn from the zoo's own fixtures:
//! a profile learned blind from a lone number after the first click (its untouched board with one
//! numbered cell of its started board drawn in, as `lone_tests` draws them) lacks the look of an
//! opened 0; the started board then shows an area opened round the clicked cell. Read after the
//! click, that area must read as the started board's, through the play loop too; and what the
//! rules do not allow (a blank cell beside a covered one, a cell opened before) learns nothing.

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;

use image::RgbaImage;

use super::by_play::opened_looks;
use super::learn;
use crate::frame::{Frame, Point};
use crate::games::mines::Mines;
use crate::games::mines::board::{Board, Cell, FirstClick};
use crate::games::mines::config::MinesConfig;
use crate::games::mines::read;
use crate::games::mines::sim::{Game, Layout, Status};
use crate::input::{Action, InputDevice, InputError};
use crate::profile::Profile;
use crate::runner::{PlayOptions, Played, play};
use crate::screen::{Screen, ScreenError};
use crate::vision::grid::Grid;

/// A shot drawn for a program: the lone-number shot, its truth, the started shot and its truth.
struct Drawn {
    what: String,
    lone: Frame,
    lone_board: Board,
    started: Frame,
    truth: Board,
}

/// `program`'s untouched shot with the pixels of the started shot's numbered cell `(row, col)`
/// copied in, and the started shot, each with its truth.
fn drawn(program: &str, untouched: &str, started: &str, cell: Option<(usize, usize)>) -> Option<Drawn> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/mines").join(program);
    let (covered, blank) = super::every_tests::load(&dir, untouched);
    let (opened, truth) = super::every_tests::load(&dir, started);
    let grid = learn(&opened, None).expect("learned blind from the started board").grid;
    let i = match cell {
        Some((r, c)) => r * truth.cols + c,
        None => truth.cells.iter().position(|&c| matches!(c, Cell::Open(n) if n > 0))?,
    };
    let Cell::Open(n) = truth.cells[i] else { return None };
    let rect = grid.cell_rect(i / truth.cols, i % truth.cols);
    let mut image: RgbaImage = covered.image.clone();
    let (x0, y0) = (rect.x.round() as u32, rect.y.round() as u32);
    let (x1, y1) = ((rect.x + rect.width).round() as u32, (rect.y + rect.height).round() as u32);
    for y in y0..y1 {
        for x in x0..x1 {
            image.put_pixel(x, y, *opened.image.get_pixel(x, y));
        }
    }
    let mut lone_board = blank;
    lone_board.cells[i] = Cell::Open(n);
    let what = format!("{program}: a lone {n} at row {} col {}", i / truth.cols, i % truth.cols);
    Some(Drawn { what, lone: Frame::from_image(image), lone_board, started: opened, truth })
}

/// Learned blind from the lone number: the profile, and the grid it finds on the started shot.
fn learned(d: &Drawn) -> (MinesConfig, Grid) {
    let learnt = learn(&d.lone, None).unwrap_or_else(|e| panic!("{}: {e}", d.what));
    assert_eq!(learnt.board.cells, d.lone_board.cells, "{}: the lone shot read back", d.what);
    (learnt.config, learnt.grid)
}

/// The first opened 0 of a board.
fn a_zero(board: &Board) -> usize {
    board.cells.iter().position(|&c| c == Cell::Open(0)).expect("an opened 0")
}

/// RaderH2O draws its 0s #f5f5f5, a shade no lone number shows: the started board (one click at
/// row 5 col 9) did not read with the profile learned from its lone 1 or 2 ("its look ... is none
/// of the profile's cells"); with the 0s' look learned from what the click opened, it reads as its
/// truth, and so does every later fixture whose cells are of kinds the profile then has.
#[test]
fn an_area_opened_after_a_blind_calibration_from_a_lone_number_teaches_the_zeros_look() {
    let program = ("raderh2o-mines", "raderh2o-10x10n14-01-untouched", "raderh2o-10x10n14-02-start");
    for cell in [(8, 9), (1, 8)] {
        let d = drawn(program.0, program.1, program.2, Some(cell)).expect("a numbered cell");
        let (mut config, grid) = learned(&d);
        let refused = read::read(&d.started, &grid, &config).expect_err("the 0s' look unknown before");
        assert!(refused.to_string().contains("none of the profile's cells"), "{}: {refused}", d.what);
        let predicted = d.lone_board.opening(&[a_zero(&d.truth)]);
        let line = opened_looks(&d.started, &grid, &mut config, &predicted).unwrap_or_else(|| panic!("{}", d.what));
        assert!(line.contains("opened 0s"), "{line}");
        let board = read::read(&d.started, &grid, &config).unwrap_or_else(|e| panic!("{}: {e}", d.what));
        assert_eq!(board.to_rows(), d.truth.to_rows(), "{}", d.what);
    }
}

/// The rest of the zoo's drawn shots: wherever a started board is what the rules allow after one
/// click on its first 0, it reads as its truth once the move has been judged (learned or read at
/// once), never otherwise.
#[test]
fn every_zoo_program_reads_its_started_board_after_a_click_on_a_zero() {
    let rader = ("raderh2o-mines", "raderh2o-10x10n14-01-untouched", "raderh2o-10x10n14-02-start");
    let (mut report, mut learned_by_play) = (Vec::new(), 0);
    for (program, untouched, started) in super::lone_tests::ZOO_STARTS.into_iter().chain([rader]) {
        let d = drawn(program, untouched, started, None).expect("a numbered cell");
        let (mut config, grid) = learned(&d);
        let Some(zero) = d.truth.cells.iter().position(|&c| c == Cell::Open(0)) else {
            report.push(format!("{}: no area opened", d.what));
            continue;
        };
        let predicted = d.lone_board.opening(&[zero]);
        let allowed = predicted.allows(&d.truth);
        let before = read::read(&d.started, &grid, &config).map(|b| b.cells);
        let line = opened_looks(&d.started, &grid, &mut config, &predicted);
        learned_by_play += usize::from(line.is_some());
        let after = read::read(&d.started, &grid, &config).map(|b| b.cells);
        report.push(format!("{}: allowed {allowed}, before {:?}, learned {line:?}", d.what, before.as_ref().err()));
        if let Ok(cells) = &after {
            assert_eq!(cells, &d.truth.cells, "{}", report.last().unwrap());
        }
        if allowed {
            assert!(after.is_ok(), "{}", report.join("\n"));
        }
    }
    // gnome-mines' 1s on a tint of their own and RaderH2O's 0s: both refused before.
    assert_eq!(learned_by_play, 2, "{}", report.join("\n"));
}

/// RaderH2O's window drawn anew for any board: its untouched shot with each cell's pixels copied
/// from a cell of that kind in its fixtures (its cells are rounded squares apart on white, each
/// drawn alone, at whole pixels).
pub(super) struct Rader {
    untouched: RgbaImage,
    pub(super) grid: Grid,
    /// A fixture's picture and the cell of it that shows each symbol: covered, 0, 1 to 4.
    tiles: Vec<(char, RgbaImage, usize)>,
}

impl Rader {
    pub(super) fn new() -> Rader {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/mines/raderh2o-mines");
        let (untouched, _) = super::every_tests::load(&dir, "raderh2o-10x10n14-01-untouched");
        let (start, _) = super::every_tests::load(&dir, "raderh2o-10x10n14-02-start");
        let grid = learn(&start, None).expect("learned blind from the started board").grid;
        let mut tiles = Vec::new();
        for name in ["raderh2o-10x10n14-02-start", "raderh2o-10x10n14-06-mid"] {
            let (frame, truth) = super::every_tests::load(&dir, name);
            for (i, &cell) in truth.cells.iter().enumerate() {
                let symbol = cell.symbol();
                if "#.1234".contains(symbol) && !tiles.iter().any(|(s, _, _)| *s == symbol) {
                    tiles.push((symbol, frame.image.clone(), i));
                }
            }
        }
        assert_eq!(tiles.len(), 6, "a cell of each kind in the fixtures");
        Rader { untouched: untouched.image, grid, tiles }
    }

    /// The window showing `board`.
    pub(super) fn draw(&self, board: &Board) -> RgbaImage {
        let mut image = self.untouched.clone();
        for (i, cell) in board.cells.iter().enumerate() {
            // The program leaves its mines covered once every other cell is opened.
            let symbol = if *cell == Cell::Flagged { '#' } else { cell.symbol() };
            let (_, from, k) = self
                .tiles
                .iter()
                .find(|(s, _, _)| *s == symbol)
                .unwrap_or_else(|| panic!("a tile of its kind: {symbol}"));
            let (to, at) = (self.grid.cell_rect(i / board.cols, i % board.cols), self.grid.cell_rect(k / 10, k % 10));
            let (dx, dy) = ((to.x - at.x).round() as i64, (to.y - at.y).round() as i64);
            let (x0, y0) = (at.x.round() as i64, at.y.round() as i64);
            let (x1, y1) = ((at.x + at.width).round() as i64, (at.y + at.height).round() as i64);
            for y in y0..y1 {
                for x in x0..x1 {
                    image.put_pixel((x + dx) as u32, (y + dy) as u32, *from.get_pixel(x as u32, y as u32));
                }
            }
        }
        image
    }
}

/// The simulated window: a game over a known layout, drawn as RaderH2O draws it; a click opens
/// the cell under it.
#[derive(Clone)]
pub(super) struct Window(pub(super) Rc<RefCell<Sim>>);

/// What the simulated window holds: how it draws, the game, and the clicks made.
pub(super) struct Sim {
    pub(super) rader: Rc<Rader>,
    pub(super) game: Game,
    pub(super) clicks: Vec<Point>,
    /// Where the last click or move left the pointer.
    pub(super) pointer: Point,
}

impl Screen for Window {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        let state = self.0.borrow();
        Ok(Frame::from_image(state.rader.draw(&state.game.board)))
    }

    fn describe(&self) -> String {
        "a simulated window of RaderH2O's Minesweeper".into()
    }
}

impl InputDevice for Window {
    fn perform(&mut self, action: &Action) -> Result<(), InputError> {
        if let Action::Click(p) = action {
            let mut state = self.0.borrow_mut();
            let grid = state.rader.grid.clone();
            let col = ((p.x as f64 - grid.rect.x) / grid.cell_width()) as usize;
            let row = ((p.y as f64 - grid.rect.y) / grid.cell_height()) as usize;
            state.game.open(row * grid.cols + col);
            state.clicks.push(*p);
            state.pointer = *p;
        } else if let Action::Move(p) = action {
            self.0.borrow_mut().pointer = *p;
        }
        Ok(())
    }

    fn pointer(&mut self) -> Option<Point> {
        Some(self.0.borrow().pointer)
    }

    fn escape_down(&mut self) -> bool {
        false
    }
}

/// The simulated window with something drawn over what it shows (the function, given the game and
/// its picture), as a program draws its own text or marks; input goes to the window.
#[derive(Clone)]
pub(super) struct DrawnOver(pub(super) Window, pub(super) fn(&Sim, &mut RgbaImage));

impl Screen for DrawnOver {
    fn capture(&mut self) -> Result<Frame, ScreenError> {
        let state = self.0.0.borrow();
        let mut image = state.rader.draw(&state.game.board);
        (self.1)(&state, &mut image);
        Ok(Frame::from_image(image))
    }

    fn describe(&self) -> String {
        "a simulated window of RaderH2O's Minesweeper, drawn over".into()
    }
}

impl InputDevice for DrawnOver {
    fn perform(&mut self, action: &Action) -> Result<(), InputError> {
        self.0.perform(action)
    }

    fn pointer(&mut self) -> Option<Point> {
        self.0.pointer()
    }

    fn escape_down(&mut self) -> bool {
        false
    }
}

/// A profile of `config`, learned and not yet confirmed on any window (a proposal), told the total
/// of mines (as `--mines`: RaderH2O's counter reads none), with the timings of a simulated window
/// and no file of its own.
pub(super) fn proposal(config: &MinesConfig, mines: u32) -> Profile {
    let mut config = config.clone();
    config.rules.mines = Some(mines);
    let mut profile = Profile::load("raderh2o-mines", std::path::Path::new("config")).expect("a profile to start from");
    profile.game_settings = toml::Table::try_from(&config).expect("the learned section");
    crate::games::mines::lost::play_tests::without_waits(&mut profile);
    profile.learned.get_or_insert_with(Default::default).confirmed.clear();
    profile
}

/// Plays on a simulated window with `profile` to the game's end: how it ended, and the lines the
/// loop wrote.
pub(super) fn play_on<W: Screen + InputDevice + Clone>(window: &W, profile: &Profile) -> (Played<Board>, Vec<String>) {
    let pictures = std::env::temp_dir().join(format!("gamebot-by-play-{}", std::process::id()));
    let options = PlayOptions { pictures: Some(pictures), ..PlayOptions::default() };
    let (mut screen, mut device) = (window.clone(), window.clone());
    let mut lines = Vec::new();
    let played =
        play::<Mines>(&mut screen, &mut device, profile, None, &options, &mut |l: &str| lines.push(l.to_string()));
    (played, lines)
}

/// 14 mines, none near the top-left corner, where a first guess opens an area; numbers up to 3.
const LAYOUT: [&str; 10] = [
    "..........",
    "..........",
    "......*...",
    "..*.......",
    "*....*..*.",
    "...*......",
    ".*....*...",
    "....*...*.",
    "..*....*..",
    "*.....*...",
];

/// Through the whole play loop, on a simulated RaderH2O window (the live case of issue 36): the
/// profile, a proposal, is learned blind from the shot after a first click that opened a lone
/// number; the bot's first guess opens an area whose 0s are drawn in a look the profile lacks.
/// The loop learns it, and the game is played to its win. Before, play stopped at that move: "did
/// not show what the rules predict ... the board no longer reads: row R col C: its look (inside
/// #f5f5f5 ...) is none of the profile's cells".
#[test]
fn play_learns_the_zeros_look_from_the_first_area_it_opens_and_wins() {
    // A lone 1, and a lone 3 on a darker shade, which widens the profile's ΔE so far that the 1s'
    // and 2s' shades fall within the covered cells' look.
    for (lone, n) in [(98, 1), (77, 3)] {
        let rader = Rc::new(Rader::new());
        let mine: Vec<bool> = LAYOUT.iter().flat_map(|r| r.chars().map(|c| c == '*')).collect();
        let mut game = Game::new(Layout { rows: 10, cols: 10, mine }, FirstClick::Unsafe);
        // The first click, by hand: a lone number, far from the corner.
        game.open(lone);
        assert_eq!(game.board.cells[lone], Cell::Open(n));
        let shot = Frame::from_image(rader.draw(&game.board));
        let learnt = learn(&shot, None).expect("learned blind from the lone number");
        assert_eq!(learnt.board.cells, game.board.cells, "the lone number read back");
        let profile = proposal(&learnt.config, 14);
        let window = Window(Rc::new(RefCell::new(Sim { rader, game, clicks: Vec::new(), pointer: Point::new(0, 0) })));
        let (played, lines) = play_on(&window, &profile);
        let text = format!("a lone {n}:\n{}", lines.join("\n"));
        assert!(played.ending.won(), "{}\n{text}", played.ending);
        assert_eq!(window.0.borrow().game.status, Status::Won, "{text}");
        assert!(text.contains("learned by play the looks of opened cells"), "{text}");
    }
}

/// What the rules do not allow learns nothing, and the reading's error stands: blank cells in the
/// 0s' look beside covered cells (no area flood-opened: a covered cell drawn otherwise, a panel),
/// and an area whose first 0 was opened before the move (only what the move uncovered is
/// evidence: a cell read before that now reads otherwise was drawn otherwise, not opened).
#[test]
fn a_new_look_the_rules_do_not_allow_as_an_opened_0_is_not_learned() {
    let rader = Rader::new();
    let mine: Vec<bool> = LAYOUT.iter().flat_map(|r| r.chars().map(|c| c == '*')).collect();
    let mut game = Game::new(Layout { rows: 10, cols: 10, mine }, FirstClick::Unsafe);
    game.open(98);
    let lone = game.board.clone();
    let learnt = learn(&Frame::from_image(rader.draw(&lone)), None).expect("learned blind");
    let (config, grid) = (learnt.config, learnt.grid);
    game.open(0);
    let mut beside_covered = lone.clone();
    beside_covered.cells[0] = Cell::Open(0);
    let mut opened_before = lone.opening(&[1]);
    opened_before.cells[0] = Cell::Open(0);
    let cases = [(beside_covered, lone.opening(&[0])), (game.board.clone(), opened_before)];
    for (shown, predicted) in cases {
        let frame = Frame::from_image(rader.draw(&shown));
        let mut learning = config.clone();
        assert_eq!(opened_looks(&frame, &grid, &mut learning, &predicted), None, "{shown}");
        assert_eq!(learning, config, "{shown}: the profile as it was");
        let refused = read::read(&frame, &grid, &config).expect_err("unread");
        assert!(refused.to_string().contains("none of the profile's cells"), "{refused}");
    }
    // The same move and screen, the first 0 covered before it: learned.
    let mut learning = config.clone();
    assert!(
        opened_looks(&Frame::from_image(rader.draw(&game.board)), &grid, &mut learning, &lone.opening(&[0])).is_some()
    );
}
