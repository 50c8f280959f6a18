//! Windows: the top-level windows as the system itself lists them (`EnumWindows`, topmost first),
//! with the few things the bot asks of one: title, program, process, place, minimised, focused, and a
//! capture. xcap's own list leaves out every window whose frame bounds the desktop compositor
//! (DWM) will not give, as under Wine, where DWM is absent and the list comes back empty. A
//! window's place here is its client area (`GetClientRect`, `ClientToScreen`): what the program
//! draws, without the title bar and frame the system draws, as X11 gives a window under a window
//! manager; a board just below a title bar of a board's colour is then never taken for one cut
//! off by the window's edge. A window is captured as
//! the monitors show it (xcap's monitor capture, cut to the window), which is what the bot reads
//! anyway: a cover is caught by the guard's checks, not hidden by the capture.
//! Same names and shapes as `xcap::Window`, so the rest of `screen` uses either.

use std::fmt;

use image::RgbaImage;
use windows_sys::Win32::Foundation::{HWND, LPARAM, POINT, RECT};
use windows_sys::Win32::Graphics::Gdi::ClientToScreen;
use windows_sys::Win32::System::Threading::GetCurrentProcessId;
use windows_sys::Win32::UI::WindowsAndMessaging::{
    EnumWindows, GetClientRect, GetForegroundWindow, GetWindowTextLengthW, GetWindowTextW, GetWindowThreadProcessId,
    IsIconic, IsWindow, IsWindowVisible,
};

/// Why the system could not tell something about a window.
#[derive(Debug)]
pub struct Win32Error(String);

impl fmt::Display for Win32Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

type Result<T> = std::result::Result<T, Win32Error>;

fn gone() -> Win32Error {
    Win32Error("the window is gone".into())
}

/// One top-level window, by its handle.
#[derive(Clone, Debug)]
pub struct Win32Window {
    hwnd: HWND,
}

// A window handle is a number the system owns, usable from any thread.
unsafe impl Send for Win32Window {}
unsafe impl Sync for Win32Window {}

unsafe extern "system" fn collect(hwnd: HWND, into: LPARAM) -> windows_sys::core::BOOL {
    // SAFETY: `into` is the Vec that `all` lends for the length of `EnumWindows`.
    let list = unsafe { &mut *(into as *mut Vec<HWND>) };
    list.push(hwnd);
    1
}

impl Win32Window {
    /// The visible top-level windows of other programs with a non-empty place, topmost first.
    pub fn all() -> Result<Vec<Win32Window>> {
        let mut handles: Vec<HWND> = Vec::new();
        // SAFETY: `collect` only pushes onto `handles`, which outlives the call.
        let listed = unsafe { EnumWindows(Some(collect), &mut handles as *mut Vec<HWND> as LPARAM) };
        if listed == 0 {
            return Err(Win32Error("the system would not list its windows (EnumWindows)".into()));
        }
        // SAFETY: plain queries on handles the system just gave.
        let ours = unsafe { GetCurrentProcessId() };
        let shown = |&h: &HWND| unsafe { IsWindowVisible(h) != 0 } && pid(h) != ours;
        let windows = handles.into_iter().filter(shown).map(|hwnd| Win32Window { hwnd });
        Ok(windows.filter(|w| w.rect().is_ok_and(|r| r.right > r.left && r.bottom > r.top)).collect())
    }

    /// The handle as the bot's window id (as xcap gives it).
    pub fn id(&self) -> Result<u32> {
        Ok(self.hwnd as usize as u32)
    }

    pub fn title(&self) -> Result<String> {
        // SAFETY: the buffer is as long as the length passed.
        unsafe {
            let length = GetWindowTextLengthW(self.hwnd).max(0) as usize;
            let mut text = vec![0u16; length + 1];
            let got = GetWindowTextW(self.hwnd, text.as_mut_ptr(), text.len() as i32).max(0) as usize;
            Ok(String::from_utf16_lossy(&text[..got.min(length)]))
        }
    }

    /// The process that owns the window (as xcap gives it): a dialog of the game's is the same.
    pub fn pid(&self) -> Result<u32> {
        Ok(pid(self.hwnd))
    }

    /// The program's process, for messages (its executable's name is not asked: no title, no name).
    pub fn app_name(&self) -> Result<String> {
        Ok(format!("process {}", pid(self.hwnd)))
    }

    pub fn x(&self) -> Result<i32> {
        Ok(self.rect()?.left)
    }

    pub fn y(&self) -> Result<i32> {
        Ok(self.rect()?.top)
    }

    pub fn width(&self) -> Result<u32> {
        let r = self.rect()?;
        Ok((r.right - r.left).max(0) as u32)
    }

    pub fn height(&self) -> Result<u32> {
        let r = self.rect()?;
        Ok((r.bottom - r.top).max(0) as u32)
    }

    pub fn is_minimized(&self) -> Result<bool> {
        // SAFETY: plain queries on a handle.
        unsafe {
            if IsWindow(self.hwnd) == 0 {
                return Err(gone());
            }
            Ok(IsIconic(self.hwnd) != 0)
        }
    }

    pub fn is_focused(&self) -> Result<bool> {
        // SAFETY: a plain query.
        Ok(unsafe { GetForegroundWindow() } == self.hwnd)
    }

    /// The window as the monitors show it, cut from each monitor it lies on (black where none does).
    pub fn capture_image(&self) -> Result<RgbaImage> {
        let r = self.rect()?;
        let (width, height) = ((r.right - r.left).max(0) as u32, (r.bottom - r.top).max(0) as u32);
        let mut image = RgbaImage::from_pixel(width, height, image::Rgba([0, 0, 0, 255]));
        let monitors = xcap::Monitor::all().map_err(|e| Win32Error(format!("cannot list the monitors: {e}")))?;
        for monitor in monitors {
            let (Ok(mx), Ok(my), Ok(mw), Ok(mh)) = (monitor.x(), monitor.y(), monitor.width(), monitor.height()) else {
                continue;
            };
            let (left, top) = (r.left.max(mx), r.top.max(my));
            let (right, bottom) = (r.right.min(mx + mw as i32), r.bottom.min(my + mh as i32));
            if right <= left || bottom <= top {
                continue;
            }
            // Only the window's part of the monitor (its coordinates are the monitor's own).
            let (x, y, w, h) = ((left - mx) as u32, (top - my) as u32, (right - left) as u32, (bottom - top) as u32);
            let part =
                monitor.capture_region(x, y, w, h).map_err(|e| Win32Error(format!("cannot capture a monitor: {e}")))?;
            image::imageops::replace(&mut image, &part, i64::from(left - r.left), i64::from(top - r.top));
        }
        Ok(image)
    }

    /// The window's client area (what the program draws, without the title bar, menu frame and
    /// borders the system draws around it, as an X11 window is captured) in physical pixels of the
    /// desktop.
    fn rect(&self) -> Result<RECT> {
        let mut rect = RECT { left: 0, top: 0, right: 0, bottom: 0 };
        let mut origin = POINT { x: 0, y: 0 };
        // SAFETY: `rect` and `origin` are our own.
        unsafe {
            if GetClientRect(self.hwnd, &mut rect) == 0 || ClientToScreen(self.hwnd, &mut origin) == 0 {
                return Err(gone());
            }
        }
        Ok(RECT {
            left: origin.x,
            top: origin.y,
            right: origin.x + rect.right - rect.left,
            bottom: origin.y + rect.bottom - rect.top,
        })
    }
}

/// The process that owns a window.
fn pid(hwnd: HWND) -> u32 {
    let mut pid = 0;
    // SAFETY: `pid` is a u32 of our own.
    unsafe { GetWindowThreadProcessId(hwnd, &mut pid) };
    pid
}
