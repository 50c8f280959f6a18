//! Case files (`spec/CASES.md`) from arbitrary text: the TOML parse `replay` and `solve` use, then
//! the named game's own `[board]` and `[answer]` parsing (its case check, against a blank frame
//! that cannot be read), for every game in the list.
#![no_main]

use std::path::Path;

use gamebot::games::GameKind;
use gamebot::case::CaseFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some(text) = gamebot_fuzz::text(bytes) else { return };
    let Ok(case) = gamebot::files::parse_toml::<CaseFile>(text, Path::new("fuzz.toml")) else { return };
    let Some(kind) = GameKind::from_name(&case.game) else { return };
    let frame = gamebot::frame::Frame::from_image(image::RgbaImage::new(8, 8));
    let _ = kind.check_case(&case, &frame, &gamebot_fuzz::profile(kind.default_profile()), None);
});
