//! A static file server for a fetched program's folder, on 127.0.0.1 only (`python3 -m
//! http.server` on a free port), stopped when dropped: how the browser zoo programs are served to
//! Chromium in the capture and live tests.

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The server; `port` is where it answers.
pub struct FileServer {
    child: Child,
    pub port: u16,
}

impl Drop for FileServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Serves `dir` on 127.0.0.1, once it answers.
pub fn serve(dir: &Path) -> FileServer {
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = Command::new("python3")
        .args(["-m", "http.server", "--bind", "127.0.0.1", &port.to_string(), "--directory"])
        .arg(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("python3 -m http.server");
    super::wait_until(
        "the file server",
        Duration::from_millis(100),
        || std::net::TcpStream::connect(("127.0.0.1", port)).ok(),
        String::new,
    );
    FileServer { child, port }
}
