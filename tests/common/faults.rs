//! Faults during live play, shared by the live fault tests and the stop-latency benchmark: the real
//! sgt-flood under Xvfb with the bot playing it slowed by the profile's `[timing] after_action_ms`
//! (so a fault lands mid-game), and a "trap" window of our own placed where stray clicks would land,
//! which counts the button and key events it receives. Linux only (X11, xdotool).

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use x11rb::connection::Connection;
use x11rb::protocol::Event;
use x11rb::protocol::xproto::{ConnectionExt, CreateWindowAux, EventMask, PropMode, WindowClass};
use x11rb::rust_connection::RustConnection;
use x11rb::wrapper::ConnectionExt as _;

use super::{GIVE_UP, LiveGame, generate};

/// A plain window of our own that counts the clicks and keys it receives.
pub struct Trap {
    conn: RustConnection,
    window: u32,
    display: String,
}

impl Trap {
    /// Opens the trap on `display` at (x, y), `width`x`height`, on top of everything.
    pub fn open(display: &str, (x, y): (i32, i32), (width, height): (u16, u16)) -> Trap {
        let (conn, screen) = x11rb::connect(Some(display)).unwrap();
        let root = conn.setup().roots[screen].root;
        let window = conn.generate_id().unwrap();
        let events =
            EventMask::BUTTON_PRESS | EventMask::BUTTON_RELEASE | EventMask::KEY_PRESS | EventMask::KEY_RELEASE;
        let aux = CreateWindowAux::new().background_pixel(0x00ff00ff).event_mask(events);
        conn.create_window(0, window, root, x as i16, y as i16, width, height, 0, WindowClass::INPUT_OUTPUT, 0, &aux)
            .unwrap();
        conn.change_property8(
            PropMode::REPLACE,
            window,
            x11rb::protocol::xproto::AtomEnum::WM_NAME,
            x11rb::protocol::xproto::AtomEnum::STRING,
            b"trap",
        )
        .unwrap();
        conn.map_window(window).unwrap();
        conn.flush().unwrap();
        let trap = Trap { conn, window, display: display.into() };
        std::thread::sleep(Duration::from_millis(100));
        // The window manager places new windows itself: put it exactly where asked, on top.
        let id = window.to_string();
        xdotool(&trap.display, &["windowmove", "--sync", &id, &x.to_string(), &y.to_string()]);
        xdotool(&trap.display, &["windowraise", &id]);
        trap
    }

    /// Gives the trap the keyboard focus (as a user clicking it would), the server done with it
    /// when this returns.
    pub fn take_focus(&self) {
        use x11rb::protocol::xproto::InputFocus;
        self.conn.set_input_focus(InputFocus::PARENT, self.window, x11rb::CURRENT_TIME).unwrap();
        self.conn.sync().unwrap();
    }

    /// Button and key events the trap has received so far.
    pub fn hits(&self) -> usize {
        let mut hits = 0;
        while let Ok(Some(event)) = self.conn.poll_for_event() {
            if matches!(
                event,
                Event::ButtonPress(_) | Event::ButtonRelease(_) | Event::KeyPress(_) | Event::KeyRelease(_)
            ) {
                hits += 1;
            }
        }
        hits
    }
}

/// A window below every other, as large as the screen, that counts the presses and releases of a
/// button, and the keys, reaching it: what a desktop would take when one misses the game (jwm opens
/// its root menu on a lone release as on a press).
/// It is unmanaged (override-redirect) so no window manager raises or frames it.
pub struct Floor {
    conn: RustConnection,
    presses: std::cell::Cell<usize>,
}

impl Floor {
    /// Lays the floor on `display`, under everything.
    pub fn lay(display: &str) -> Floor {
        use x11rb::protocol::xproto::{ConfigureWindowAux, StackMode};
        let (conn, screen) = x11rb::connect(Some(display)).unwrap();
        let screen = &conn.setup().roots[screen];
        let (root, width, height) = (screen.root, screen.width_in_pixels, screen.height_in_pixels);
        let window = conn.generate_id().unwrap();
        let aux = CreateWindowAux::new()
            .background_pixel(0x00203040)
            .override_redirect(1)
            .event_mask(EventMask::BUTTON_PRESS | EventMask::BUTTON_RELEASE | EventMask::KEY_PRESS);
        conn.create_window(0, window, root, 0, 0, width, height, 0, WindowClass::INPUT_OUTPUT, 0, &aux).unwrap();
        conn.map_window(window).unwrap();
        conn.configure_window(window, &ConfigureWindowAux::new().stack_mode(StackMode::BELOW)).unwrap();
        conn.sync().unwrap();
        Floor { conn, presses: std::cell::Cell::new(0) }
    }

    /// The presses and releases of a button, and the keys, that have reached the floor so far.
    pub fn presses(&self) -> usize {
        self.conn.sync().unwrap();
        while let Ok(Some(event)) = self.conn.poll_for_event() {
            if matches!(event, Event::ButtonPress(_) | Event::ButtonRelease(_) | Event::KeyPress(_)) {
                self.presses.set(self.presses.get() + 1);
            }
        }
        self.presses.get()
    }
}

/// Starts `gamebot play flood --profile <profile>` on `display`, its output piped.
pub fn play_flood(display: &str, profile: &std::path::Path) -> Child {
    let args = ["play", "flood", "--profile", profile.to_str().unwrap(), "--calibration-dir", "/nonexistent"];
    super::bot(&args, Some(display)).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap()
}

/// Waits for a bot started with piped output to end (killed after `limit`, a hung bot): (exited
/// 0, stdout, stderr, time taken).
pub fn wait_for_bot(bot: &mut Child, limit: Duration) -> (bool, String, String, Duration) {
    let (status, took) = wait_or_kill(bot, limit);
    let (mut out, mut err) = (String::new(), String::new());
    bot.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    bot.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    (status.success(), out, err, took)
}

/// Waits for `bot` to end, killed after `limit` (a hung bot): its exit and the time taken.
fn wait_or_kill(bot: &mut Child, limit: Duration) -> (std::process::ExitStatus, Duration) {
    let started = Instant::now();
    let status = loop {
        if let Some(status) = bot.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            let _ = bot.kill();
            break bot.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    (status, started.elapsed())
}

/// A bot started with piped output whose output is read as it comes, so that a test can wait for
/// its first moves before it makes a fault (a fixed sleep does not do: on a busy machine the plan
/// alone may take seconds).
pub struct WatchedBot {
    bot: Child,
    out: Arc<Mutex<Vec<u8>>>,
    err: Arc<Mutex<Vec<u8>>>,
    readers: Vec<std::thread::JoinHandle<()>>,
}

impl WatchedBot {
    pub fn new(mut bot: Child) -> WatchedBot {
        let (out, err) = (Arc::new(Mutex::new(Vec::new())), Arc::new(Mutex::new(Vec::new())));
        let readers = vec![
            copy_into(bot.stdout.take().expect("stdout piped"), out.clone()),
            copy_into(bot.stderr.take().expect("stderr piped"), err.clone()),
        ];
        WatchedBot { bot, out, err, readers }
    }

    /// Waits until the bot has printed `n` "move " lines; panics if it ends first or makes none
    /// in `GIVE_UP`.
    pub fn wait_for_moves(&mut self, n: usize) {
        let started = Instant::now();
        loop {
            let moves = self.output().0.lines().filter(|l| l.starts_with("move ")).count();
            if moves >= n {
                return;
            }
            let ended = self.bot.try_wait().unwrap().is_some();
            if ended || started.elapsed() > GIVE_UP {
                let _ = self.bot.kill();
                let (out, err) = self.output();
                panic!(
                    "the bot made {moves} of {n} moves before it {}:\n{out}{err}",
                    ["hung", "ended"][ended as usize]
                );
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Waits for the bot to end (killed after `limit`, a hung bot): (exited 0, stdout, stderr,
    /// time taken).
    pub fn finish(mut self, limit: Duration) -> (bool, String, String, Duration) {
        let (status, took) = wait_or_kill(&mut self.bot, limit);
        for reader in self.readers.drain(..) {
            reader.join().unwrap();
        }
        let (out, err) = self.output();
        (status.success(), out, err, took)
    }

    /// What the bot has printed so far: (stdout, stderr).
    fn output(&self) -> (String, String) {
        let text = |bytes: &Mutex<Vec<u8>>| String::from_utf8_lossy(&bytes.lock().unwrap()).into_owned();
        (text(&self.out), text(&self.err))
    }
}

/// Copies `from` into `into` as it comes, until it ends.
fn copy_into(mut from: impl Read + Send + 'static, into: Arc<Mutex<Vec<u8>>>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let mut chunk = [0u8; 4096];
        while let Ok(n) = from.read(&mut chunk) {
            if n == 0 {
                break;
            }
            into.lock().unwrap().extend_from_slice(&chunk[..n]);
        }
    })
}

pub fn xdotool(display: &str, args: &[&str]) -> String {
    let out =
        Command::new("xdotool").args(args).env("DISPLAY", display).output().expect("xdotool (apt-get install xdotool)");
    assert!(out.status.success(), "xdotool {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A live sgt-flood game on its own display and the bot playing it, slowed to `pause_ms` a move.
pub struct Session {
    pub game: LiveGame,
    bot: WatchedBot,
    pub window: String,
    _dir: tempfile::TempDir,
}

impl Session {
    /// A 12x12 board with five spare moves, `pause_ms` a move.
    pub fn start(pause_ms: u64) -> Session {
        Session::start_on("12x12c6m5", pause_ms)
    }

    /// A board of sgt-flood's `params`, `pause_ms` a move; the bot has made its first move on
    /// return.
    pub fn start_on(params: &str, pause_ms: u64) -> Session {
        let id = generate("sgt-flood", params);
        let game = LiveGame::start("sgt-flood", &[&id], "Flood", None);
        let dir = tempfile::tempdir().unwrap();
        let profile = dir.path().join("slow-flood.toml");
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config/sgt-flood.toml"))
            .unwrap()
            .replace("after_action_ms = 0", &format!("after_action_ms = {pause_ms}"));
        std::fs::write(&profile, text).unwrap();
        let window = xdotool(&game.display, &["search", "--name", "^Flood$"]).lines().next().unwrap().to_string();
        let mut bot = WatchedBot::new(play_flood(&game.display, &profile));
        bot.wait_for_moves(1);
        Session { game, bot, window, _dir: dir }
    }

    /// The game window's (x, y, width, height) on the screen.
    pub fn geometry(&self) -> (i32, i32, u16, u16) {
        let (at, w, h) = self.game.screen.geometry().unwrap();
        (at.x, at.y, w, h)
    }

    pub fn xdotool(&self, args: &[&str]) {
        xdotool(&self.game.display, args);
    }

    /// Waits for the bot to end (at most `limit`): (exited 0, stdout, stderr, time taken).
    pub fn finish(self, limit: Duration) -> (bool, String, String, Duration) {
        let ended = self.bot.finish(limit);
        println!("{}{}", ended.1, ended.2);
        ended
    }
}
