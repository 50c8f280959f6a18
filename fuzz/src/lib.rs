//! What the fuzz targets share: the game an input is for (its first byte picks one from the list),
//! PNG bytes decoded the way the command line decodes them (with a smaller pixel cap, so a run stays
//! fast), the built-in profiles, and text from raw bytes.

use gamebot::frame::Frame;
use gamebot::games::GameKind;
use gamebot::profile::Profile;

/// The largest image a fuzz run decodes (512x512); the command line allows `MAX_PIXELS`.
pub const FUZZ_PIXELS: u64 = 1 << 18;

/// The frame the command line would make of these bytes, if they decode within `FUZZ_PIXELS`.
pub fn frame(bytes: &[u8]) -> Option<Frame> {
    gamebot::screen::decode_png(bytes, FUZZ_PIXELS).ok()
}

/// A built-in profile, as `--profile NAME` loads it from any folder.
pub fn profile(name: &str) -> Profile {
    Profile::load(name, std::path::Path::new("/nonexistent")).expect("a built-in profile")
}

/// The game a fuzz input is for (its first byte, modulo the number of games in the list) and the
/// rest of the input.
pub fn game_and_rest(bytes: &[u8]) -> Option<(GameKind, &[u8])> {
    let (&first, rest) = bytes.split_first()?;
    Some((GameKind::ALL[first as usize % GameKind::ALL.len()], rest))
}

/// The bytes as text, as a file read with `read_to_string` would be (None when not UTF-8).
pub fn text(bytes: &[u8]) -> Option<&str> {
    std::str::from_utf8(bytes).ok()
}

/// A small frame with something board-like in it: a 6x6 grid of 8-pixel squares in four colours
/// on grey, so parsed settings and layouts reach the readers' inner loops.
pub fn small_board_frame() -> Frame {
    let colours = [[220, 40, 40, 255], [40, 160, 40, 255], [40, 40, 220, 255], [230, 220, 40, 255]];
    let image = image::RgbaImage::from_fn(64, 64, |x, y| {
        if (8..56).contains(&x) && (8..56).contains(&y) {
            image::Rgba(colours[(((x - 8) / 8 + (y - 8) / 8 * 3) % 4) as usize])
        } else {
            image::Rgba([128, 128, 128, 255])
        }
    });
    Frame::from_image(image)
}
