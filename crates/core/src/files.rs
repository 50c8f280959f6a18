//! Reading and writing the files gamebot keeps: TOML (profiles, calibrations, cases, weights) and
//! PNG pictures. Errors name the file (and for TOML the line and column) on one line, and every
//! write is atomic (a temporary file in the same folder, synced, then renamed), never over an
//! existing file unless the caller says so.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A file that could not be read, parsed or written.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {kind}")]
pub struct FileError {
    pub path: PathBuf,
    pub kind: FileErrorKind,
}

#[derive(Debug, thiserror::Error)]
pub enum FileErrorKind {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("{0}")]
    Toml(String),
    #[error("{0}")]
    Invalid(String),
    #[error("already exists; pass --force to overwrite it")]
    Exists,
}

impl FileError {
    pub fn new(path: &Path, kind: impl Into<FileErrorKind>) -> FileError {
        FileError { path: path.to_path_buf(), kind: kind.into() }
    }

    pub fn invalid(path: &Path, reason: impl Into<String>) -> FileError {
        FileError::new(path, FileErrorKind::Invalid(reason.into()))
    }
}

/// Parses TOML text into `T`; errors are one line that names the line and column.
pub fn parse_toml<T: serde::de::DeserializeOwned>(text: &str, path: &Path) -> Result<T, FileError> {
    toml::from_str(text).map_err(|e| {
        let place = e.span().map(|span| {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("line {line}, column {column}: ")
        });
        let message = e.message().trim().replace('\n', " ");
        FileError::new(path, FileErrorKind::Toml(format!("TOML error at {}{message}", place.unwrap_or_default())))
    })
}

/// The largest TOML file read: profiles, calibrations and cases are a few kilobytes.
pub const MAX_TOML_BYTES: u64 = 1 << 20;

/// Reads a text file of at most `max` bytes; a larger one (or a folder) is a clear error, read no further.
pub fn read_text(path: &Path, max: u64) -> Result<String, FileError> {
    let meta = fs::metadata(path).map_err(|e| FileError::new(path, e))?;
    if meta.is_dir() {
        return Err(FileError::invalid(path, "is a folder, not a file"));
    }
    if meta.len() > max {
        return Err(FileError::invalid(path, format!("{} bytes, more than the {max} this file may have", meta.len())));
    }
    fs::read_to_string(path).map_err(|e| FileError::new(path, e))
}

/// Reads and parses a TOML file (at most `MAX_TOML_BYTES`).
pub fn load_toml<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, FileError> {
    let text = read_text(path, MAX_TOML_BYTES)?;
    parse_toml(&text, path)
}

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so a reader
/// never sees half a file and a crash never leaves one. Refuses to replace a file unless `overwrite`:
/// then the finished temporary file is hard-linked to `path`, which fails if `path` exists, so two
/// writers racing for one name cannot both win (where the file system has no hard links, an
/// existence check and a rename stand in).
pub fn write_atomic(path: &Path, bytes: &[u8], overwrite: bool) -> Result<(), FileError> {
    if path.exists() && !overwrite {
        return Err(FileError::new(path, FileErrorKind::Exists));
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(|e| FileError::new(dir, e))?;
    let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    static TEMPS: AtomicU64 = AtomicU64::new(0);
    let serial = TEMPS.fetch_add(1, Ordering::Relaxed);
    let temp = dir.join(format!(".{file_name}.{}.{serial}.tmp", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        if overwrite {
            fs::rename(&temp, path)?;
        } else {
            match fs::hard_link(&temp, path) {
                Ok(()) => fs::remove_file(&temp)?,
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return Err(e),
                Err(_) if path.exists() => return Err(std::io::ErrorKind::AlreadyExists.into()),
                Err(_) => fs::rename(&temp, path)?,
            }
        }
        // The new name itself is on disk once the folder is synced (Unix; elsewhere a no-op).
        #[cfg(unix)]
        fs::File::open(dir)?.sync_all()?;
        Ok::<(), std::io::Error>(())
    })();
    result.map_err(|e| {
        let _ = fs::remove_file(&temp);
        match e.kind() {
            std::io::ErrorKind::AlreadyExists => FileError::new(path, FileErrorKind::Exists),
            _ => FileError::new(path, e),
        }
    })
}

/// Saves an image as PNG, atomically; an existing file is kept unless `overwrite`.
pub fn save_png(image: &image::RgbaImage, path: &Path, overwrite: bool) -> Result<(), FileError> {
    let mut bytes = Vec::new();
    image
        .write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png)
        .map_err(|e| FileError::invalid(path, e.to_string()))?;
    write_atomic(path, &bytes, overwrite)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_refuses_to_overwrite_unless_asked() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/cal.toml");
        write_atomic(&path, b"one", false).unwrap();
        let err = write_atomic(&path, b"two", false).unwrap_err();
        assert!(matches!(err.kind, FileErrorKind::Exists));
        assert_eq!(fs::read_to_string(&path).unwrap(), "one");
        write_atomic(&path, b"two", true).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(fs::read_dir(path.parent().unwrap()).unwrap().count(), 1, "no temporary file left");
    }

    #[test]
    fn writers_racing_for_one_name_leave_one_whole_file_and_one_winner() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("record.txt");
        for round in 0..20 {
            let _ = fs::remove_file(&path);
            let wins: Vec<bool> = std::thread::scope(|s| {
                let handles: Vec<_> = (0..8u8)
                    .map(|i| {
                        let path = &path;
                        s.spawn(move || match write_atomic(path, &[b'a' + i; 4096], false) {
                            Ok(()) => true,
                            Err(FileError { kind: FileErrorKind::Exists, .. }) => false,
                            Err(e) => panic!("{e}"),
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let winner = wins.iter().position(|&w| w).expect("one writer wins");
            assert_eq!(wins.iter().filter(|&&w| w).count(), 1, "round {round}: {wins:?}");
            assert_eq!(fs::read(&path).unwrap(), vec![b'a' + winner as u8; 4096], "round {round}");
            assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file left");
        }
    }

    /// Regression (issue 20): a 10 MB TOML file is refused before it is read or parsed.
    #[test]
    fn an_oversized_toml_file_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.toml");
        fs::write(&path, "a = 1\n".repeat(2_000_000)).unwrap();
        let err = load_toml::<toml::Table>(&path).unwrap_err().to_string();
        assert!(err.contains("big.toml") && err.contains("more than"), "{err}");
        let err = load_toml::<toml::Table>(dir.path()).unwrap_err().to_string();
        assert!(err.contains("is a folder"), "{err}");
    }

    #[test]
    fn a_toml_error_names_the_line_and_column() {
        let err = parse_toml::<toml::Table>("a = 1\nb = = 2\n", Path::new("x.toml")).unwrap_err().to_string();
        assert!(err.starts_with("x.toml: TOML error at line 2"), "{err}");
    }
}
