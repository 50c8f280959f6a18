//! The failsafe's watch: a thread that looks at the real keyboard all the time (device_query, every
//! few milliseconds), so that a short press of Esc between two actions is remembered until the bot's
//! next check, instead of being missed because the key was already up again.
//!
//! `DeviceState::checked_new()` is used: without a display it is a clear error, never a panic. The
//! thread stops when the watch is dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use device_query::{DeviceQuery, DeviceState, Keycode};

use super::InputError;

/// How often the keyboard is looked at: a press shorter than this could still slip through.
const POLL: Duration = Duration::from_millis(4);

#[derive(Default)]
struct Shared {
    stop: AtomicBool,
    escape: AtomicBool,
}

/// A running keyboard watch.
pub struct Watch {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl Watch {
    /// Starts watching; an error when no keyboard can be watched (no display).
    pub fn start() -> Result<Watch, InputError> {
        let shared = Arc::new(Shared::default());
        let (ready, started) = mpsc::channel();
        let inside = Arc::clone(&shared);
        let thread = std::thread::spawn(move || {
            // The device is made on this thread: it holds a display connection that stays here.
            let Some(device) = DeviceState::checked_new() else {
                let _ =
                    ready.send(Err(InputError::Open("cannot watch the keyboard: no display (is DISPLAY set?)".into())));
                return;
            };
            let _ = ready.send(Ok(()));
            while !inside.stop.load(Ordering::Relaxed) {
                if device.get_keys().contains(&Keycode::Escape) {
                    inside.escape.store(true, Ordering::Relaxed);
                }
                std::thread::sleep(POLL);
            }
        });
        match started.recv() {
            Ok(Ok(())) => Ok(Watch { shared, thread: Some(thread) }),
            Ok(Err(e)) => Err(e),
            Err(_) => Err(InputError::Open("the keyboard watch did not start".into())),
        }
    }

    /// True once Esc has been seen down since the watch started.
    pub fn escape_pressed(&self) -> bool {
        self.shared.escape.load(Ordering::Relaxed)
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
