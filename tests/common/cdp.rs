//! The DevTools protocol over Chromium's pipes, for live tests that read a browser game's truth
//! from its page (DOM, game objects), never from gamebot's reader. A reply that does not come (a
//! command Chromium could not parse is dropped without one) fails the test after `REPLY_WITHIN`
//! rather than hanging it: the pipe is read on a thread of its own.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long a command may wait for its reply.
const REPLY_WITHIN: Duration = Duration::from_secs(60);

/// The DevTools protocol over Chromium's pipes: NUL-terminated JSON messages, one page session.
pub struct Cdp {
    to: File,
    /// Chromium's messages, each as it came, from the thread reading its pipe (closed at its end).
    from: Receiver<String>,
    next_id: u32,
    session: String,
}

/// Reads Chromium's NUL-terminated messages from `pipe` on a thread of its own until the pipe ends.
fn messages(pipe: File) -> Receiver<String> {
    let (sender, receiver) = channel();
    std::thread::spawn(move || {
        let mut from = BufReader::new(pipe);
        loop {
            let mut message = Vec::new();
            if from.read_until(0, &mut message).map_or(true, |n| n == 0) {
                return;
            }
            let text = String::from_utf8_lossy(&message).trim_end_matches('\0').to_string();
            if sender.send(text).is_err() {
                return;
            }
        }
    });
    receiver
}

impl Cdp {
    /// Attaches to the page of the Chromium started with `--remote-debugging-pipe 3<>DIR/in 4<>DIR/out`
    /// (two named pipes in `dir`).
    pub fn open(dir: &Path) -> Cdp {
        let to = std::fs::OpenOptions::new().write(true).open(dir.join("in")).unwrap();
        let from = messages(File::open(dir.join("out")).unwrap());
        let mut cdp = Cdp { to, from, next_id: 0, session: String::new() };
        let targets = cdp.send("Target.getTargets", "{}");
        let page = targets
            .split("{\"targetId\":\"")
            .skip(1)
            .find(|t| t.contains("\"type\":\"page\""))
            .and_then(|t| t.split('"').next())
            .unwrap_or_else(|| panic!("no page among Chromium's targets: {targets}"))
            .to_string();
        let attached = cdp.send("Target.attachToTarget", &format!("{{\"targetId\":\"{page}\",\"flatten\":true}}"));
        cdp.session = string_field(&attached, "sessionId").expect("a DevTools session");
        cdp
    }

    /// Sends one command (in the page's session once there is one) and returns its response.
    pub fn send(&mut self, method: &str, params: &str) -> String {
        self.next_id += 1;
        let id = self.next_id;
        let session =
            if self.session.is_empty() { String::new() } else { format!(",\"sessionId\":\"{}\"", self.session) };
        write!(self.to, "{{\"id\":{id}{session},\"method\":\"{method}\",\"params\":{params}}}\0").unwrap();
        self.to.flush().unwrap();
        let wanted = format!("{{\"id\":{id},");
        let deadline = Instant::now() + REPLY_WITHIN;
        loop {
            match self.from.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(text) if text.starts_with(&wanted) => return text,
                Ok(_) => {}
                Err(RecvTimeoutError::Disconnected) => panic!("Chromium closed its DevTools pipe"),
                Err(RecvTimeoutError::Timeout) => panic!(
                    "no reply to DevTools {method} {params} in {} s (a command Chromium cannot parse gets none)",
                    REPLY_WITHIN.as_secs()
                ),
            }
        }
    }

    /// Waits until the page has loaded (`document.readyState` complete).
    pub fn wait_loaded(&mut self) {
        super::wait_until(
            "the page loading",
            std::time::Duration::from_millis(200),
            || (self.eval("String(document.readyState==='complete')") == "true").then_some(()),
            String::new,
        );
    }

    /// Evaluates JavaScript in the page; its value must be a string with no quote or backslash.
    pub fn eval(&mut self, expression: &str) -> String {
        let params = format!(
            "{{\"expression\":\"{}\",\"returnByValue\":true}}",
            expression.replace('"', "\\\"").replace('\n', " ")
        );
        let reply = self.send("Runtime.evaluate", &params);
        assert!(!reply.contains("\"exceptionDetails\""), "the page threw: {reply}");
        string_field(&reply, "value").unwrap_or_else(|| panic!("no string value in {reply}"))
    }
}

/// The string value of `"key":"..."` in a JSON text whose values hold no escaped quotes.
pub fn string_field(json: &str, key: &str) -> Option<String> {
    let start = json.find(&format!("\"{key}\":\""))? + key.len() + 4;
    Some(json[start..].split('"').next()?.to_string())
}
