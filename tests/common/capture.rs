//! Shared by the capture tests (each game's `capture_tests.rs`, in the `capture` binary): a virtual
//! display large enough for the biggest fixture windows, a real program opened on it with a clean
//! environment and driven with xdotool, settled captures, and the end of every capture run. Each new
//! capture is first replayed against the truth derived for it (from game IDs and rules, never from our
//! reader); then, by default, its truth is compared with the committed fixture of the same name and
//! `gamebot replay` must pass the new picture with the committed case's truth; with `REGENERATE=1` the
//! fixtures are rewritten on purpose instead. Nothing under `fixtures/` is ever written without
//! `REGENERATE=1`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use gamebot::frame::{Frame, Point};
use gamebot::profile::WindowMatch;
use gamebot::screen::capture_settled;
use gamebot::screen::x11::WindowScreen;
use gamebot::xsession::{Children, find_program, launch_game, start_virtual_display_of};
use image::RgbaImage;

/// The screen the captures are made on: room for a 1200x1100 window with its title bar.
pub const SCREEN: (u32, u32) = (1600, 1200);

/// Where the pointer rests while a capture is taken: the screen's bottom-right corner, outside
/// every window.
const PARK: (u32, u32) = (SCREEN.0 - 5, SCREEN.1 - 5);

/// True when the fixtures are to be rewritten (`REGENERATE=1`).
pub fn regenerating() -> bool {
    std::env::var("REGENERATE").is_ok_and(|v| v == "1")
}

/// The cases to capture: those named in `CAPTURE_ONLY` (comma-separated), or all of them. Also says
/// whether all were selected (checks over the whole table apply only then). An unknown name panics.
pub fn selected<T>(cases: &[T], name: impl Fn(&T) -> &str) -> (Vec<&T>, bool) {
    let Ok(only) = std::env::var("CAPTURE_ONLY") else { return (cases.iter().collect(), true) };
    let wanted: Vec<&str> = only.split(',').map(str::trim).filter(|w| !w.is_empty()).collect();
    for w in &wanted {
        assert!(cases.iter().any(|c| name(c) == *w), "CAPTURE_ONLY names {w}, which is not a case of this program");
    }
    let chosen: Vec<&T> = cases.iter().filter(|c| wanted.contains(&name(c))).collect();
    let all = chosen.len() == cases.len();
    (chosen, all)
}

/// The installed version of a Debian package, for a case's `source`.
pub fn package_version(package: &str) -> String {
    let out = Command::new("dpkg-query").args(["-W", "-f", "${Version}", package]).output();
    match out {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).trim().to_string(),
        _ => panic!("{package} is not installed (apt-get install {package})"),
    }
}

/// A TOML basic string holding `text`.
pub fn toml_string(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A virtual display with a window manager, stopped when dropped.
pub struct Desk {
    pub display: String,
    _children: Children,
}

impl Desk {
    pub fn start() -> Desk {
        let mut children = Children::default();
        let display =
            start_virtual_display_of(SCREEN, &mut children).expect("a virtual display (apt-get install xvfb jwm)");
        Desk { display, _children: children }
    }

    /// Starts `program` (of the Debian package `package`) with `args` in a clean environment (only
    /// DISPLAY, PATH, a fresh HOME and `env`), and waits for its window titled `title`.
    pub fn open(&self, program: &str, package: &str, env: &[(&str, &str)], args: &[&str], title: &str) -> Program {
        let path = find_program(program, package).unwrap_or_else(|e| panic!("{e}"));
        let launcher = find_program("env", "coreutils").unwrap_or_else(|e| panic!("{e}"));
        let home = tempfile::tempdir().expect("a home folder for the program");
        let mut words = vec![
            "-i".to_string(),
            format!("DISPLAY={}", self.display),
            "PATH=/usr/bin:/bin".to_string(),
            format!("HOME={}", home.path().display()),
        ];
        words.extend(env.iter().map(|(k, v)| format!("{k}={v}")));
        words.push(path.display().to_string());
        words.extend(args.iter().map(|a| a.to_string()));
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let mut children = Children::default();
        let window = WindowMatch { title: title.into(), exact: true };
        let screen = launch_game(&launcher, &words, &self.display, &window, &mut children)
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        Program { screen, display: self.display.clone(), home, _children: children }
    }
}

/// A program running on a `Desk`, stopped when dropped.
pub struct Program {
    pub screen: WindowScreen,
    display: String,
    pub home: tempfile::TempDir,
    _children: Children,
}

impl Program {
    /// A capture once two in a row, 250 ms apart, are identical (nothing is being drawn).
    pub fn settled(&mut self) -> Frame {
        let (frame, settled) =
            capture_settled(&mut self.screen, Duration::from_millis(250), 2, Duration::from_secs(15)).expect("capture");
        assert!(settled, "the window \"{}\" never stopped changing", self.screen.title());
        frame
    }

    /// Resizes the window to `width` x `height` and returns the settled capture, which must have
    /// that size.
    pub fn resize(&mut self, width: u32, height: u32) -> Frame {
        self.screen.resize(width, height).expect("resize");
        pause(1000);
        let frame = self.settled();
        assert_eq!((frame.width(), frame.height()), (width, height), "the window was resized to another size");
        frame
    }

    /// Runs xdotool with `args` on this program's display.
    pub fn xdotool(&self, args: &[&str]) {
        let status = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display)
            .status()
            .unwrap_or_else(|e| panic!("xdotool: {e} (apt-get install xdotool)"));
        assert!(status.success(), "xdotool {args:?} failed");
    }

    /// Moves the pointer to `at` (a point in `frame`) and clicks the left button.
    pub fn click(&self, frame: &Frame, at: Point) {
        let (x, y) = on_screen(frame, at);
        self.xdotool(&["mousemove", &x, &y, "click", "1"]);
    }

    /// Presses the left button at `from`, moves over the half-way point to `to` and releases
    /// there (points in `frame`).
    pub fn drag(&self, frame: &Frame, from: Point, to: Point) {
        let half = Point::new((from.x + to.x) / 2, (from.y + to.y) / 2);
        for (i, at) in [from, half, to].into_iter().enumerate() {
            let (x, y) = on_screen(frame, at);
            self.xdotool(&["mousemove", &x, &y]);
            pause(200);
            if i == 0 {
                self.xdotool(&["mousedown", "1"]);
                pause(200);
            }
        }
        self.xdotool(&["mouseup", "1"]);
        pause(300);
    }

    /// Moves the pointer out of every window, so no hover highlight is captured.
    pub fn park_pointer(&self) {
        self.xdotool(&["mousemove", &PARK.0.to_string(), &PARK.1.to_string()]);
    }
}

/// A point of `frame` as screen coordinates for xdotool.
fn on_screen(frame: &Frame, at: Point) -> (String, String) {
    let p = at.offset(frame.origin);
    (p.x.to_string(), p.y.to_string())
}

pub fn pause(ms: u64) {
    std::thread::sleep(Duration::from_millis(ms));
}

/// One capture and the case file written for it.
pub struct Captured {
    pub name: String,
    pub image: RgbaImage,
    /// The case's TOML (`spec/CASES.md`), its truth derived from the game, not from the picture.
    pub case: String,
}

/// The project's folder.
pub fn project() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `image` as a truecolour PNG without alpha (the captures are opaque), as the committed ones are,
/// compressed hard (fixtures are written once and kept in git).
fn png_bytes(image: &RgbaImage) -> Vec<u8> {
    use image::ImageEncoder as _;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let rgb = image::DynamicImage::ImageRgba8(image.clone()).to_rgb8();
    let mut bytes = Vec::new();
    PngEncoder::new_with_quality(&mut bytes, CompressionType::Best, FilterType::Adaptive)
        .write_image(rgb.as_raw(), rgb.width(), rgb.height(), image::ExtendedColorType::Rgb8)
        .expect("PNG encoding");
    bytes
}

/// Writes `image` as a truecolour PNG to `path`, replacing a file there only if `overwrite`.
pub fn write_png(path: &Path, image: &RgbaImage, overwrite: bool) {
    gamebot::files::write_atomic(path, &png_bytes(image), overwrite).unwrap_or_else(|e| panic!("{e}"));
}

/// Writes a capture and its case as `<dir>/<name>.png` and `.toml`, replacing them only if `overwrite`.
fn write_case(dir: &Path, name: &str, image: &RgbaImage, case: &str, overwrite: bool) {
    write_png(&dir.join(format!("{name}.png")), image, overwrite);
    let path = dir.join(format!("{name}.toml"));
    gamebot::files::write_atomic(&path, case.as_bytes(), overwrite).unwrap_or_else(|e| panic!("{e}"));
}

/// `gamebot replay <dir>`: true when every case passed. Prints its lines (and its errors when it fails).
fn replay(dir: &Path) -> bool {
    let out = super::gamebot(&["replay", dir.to_str().expect("a UTF-8 path")]);
    print!("{}", String::from_utf8_lossy(&out.stdout));
    if !out.status.success() {
        print!("{}", String::from_utf8_lossy(&out.stderr));
    }
    out.status.success()
}

/// The end of a capture run. Every capture must first replay against its own derived truth. Then
/// either (REGENERATE=1) the captures are written over `fixtures/<fixtures>/`, or each one's truth
/// (game, profile, `[board]`, `[answer]`) must equal the committed case's of its name, and the new
/// picture must replay with the committed case file. Pixels are only reported, never compared:
/// they may differ slightly between runs.
pub fn conclude(fixtures: &str, captured: &[Captured]) {
    assert!(!captured.is_empty(), "nothing was captured");
    let work = tempfile::tempdir().expect("a temporary folder");
    let fresh = work.path().join("new");
    for c in captured {
        write_case(&fresh, &c.name, &c.image, &c.case, false);
    }
    println!("--- the new captures with the truth derived for them:");
    assert!(replay(&fresh), "a new capture does not read as the truth derived for it (see the FAIL lines)");

    let target = project().join("fixtures").join(fixtures);
    if regenerating() {
        for c in captured {
            write_case(&target, &c.name, &c.image, &c.case, true);
            println!("wrote {}/{}.png and .toml", target.display(), c.name);
        }
        return;
    }

    let with_committed = work.path().join("committed");
    let mut problems = Vec::new();
    for c in captured {
        let committed = target.join(format!("{}.toml", c.name));
        if !committed.exists() {
            problems.push(format!("{}: no committed fixture (REGENERATE=1 writes it)", c.name));
            continue;
        }
        let theirs = gamebot::case::load(&committed).unwrap_or_else(|e| panic!("{e}"));
        let ours = gamebot::case::load(&fresh.join(format!("{}.toml", c.name))).unwrap_or_else(|e| panic!("{e}"));
        let same = theirs.game == ours.game
            && theirs.profile == ours.profile
            && theirs.board == ours.board
            && theirs.answer == ours.answer;
        if !same {
            problems.push(format!(
                "{}: the truth differs from the committed case's\n  committed: {:?} {:?} {} {:?}\n  new:       {:?} {:?} {} {:?}",
                c.name, theirs.game, theirs.profile, theirs.board, theirs.answer, ours.game, ours.profile, ours.board,
                ours.answer
            ));
        }
        let text = std::fs::read_to_string(&committed).unwrap_or_else(|e| panic!("{}: {e}", committed.display()));
        write_case(&with_committed, &c.name, &c.image, &text, false);
        println!("{:<40} truth {}  pixels: {}", c.name, if same { "same" } else { "DIFFERS" }, pixel_note(c, &target));
    }
    println!("--- the new captures with the committed case files:");
    if !replay(&with_committed) {
        problems.push("a new capture does not read as its committed case (see the FAIL lines)".into());
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// How the new capture's pixels compare with the committed picture's, for the log.
fn pixel_note(c: &Captured, dir: &Path) -> String {
    let path = dir.join(format!("{}.png", c.name));
    let Ok(old) = gamebot::screen::load_png(&path) else { return "no committed picture".into() };
    let new = Frame::from_image(c.image.clone());
    if (old.width(), old.height()) != (new.width(), new.height()) {
        return format!("size {}x{} (committed {}x{})", new.width(), new.height(), old.width(), old.height());
    }
    match new.differing_pixels(&old, 0) {
        0 => "identical".into(),
        n => format!("{n} of {} differ", new.width() * new.height()),
    }
}
