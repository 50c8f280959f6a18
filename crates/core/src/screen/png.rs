//! PNG files as frames, decoded with limits a hostile file cannot talk past.
//!
//! A screenshot handed to `read`, `replay`, `play --from` or `calibrate --from` may be anything: a
//! truncated file, a header claiming 100000x100000 pixels, text with a `.png` name. Before any
//! pixel buffer is made the header is checked against three limits: the side (16384), the pixel
//! count (`MAX_PIXELS`, so the decoded and the RGBA copy together stay under 512 MB) and what the
//! file's bytes can hold at all (deflate expands a byte into at most 1032, so a 100-byte file
//! cannot fill a 4000x4000 image, and no buffer of that size is made for it). Every failure is one
//! line naming the file.

use std::io::Cursor;
use std::path::Path;

use image::ImageDecoder;
use image::codecs::png::PngDecoder;

use super::ScreenError;
use crate::frame::Frame;

/// The largest PNG file read (a 16K screenshot compresses to far less).
const MAX_PNG_BYTES: u64 = 256 << 20;
/// The widest and tallest image decoded: twice 8K.
const MAX_SIDE: u32 = 16_384;
/// The most pixels one image may have: an 8K screen (33 Mpx) fits; at 16 bits per channel the
/// decoded image and its 8-bit RGBA copy stay under 512 MB.
pub const MAX_PIXELS: u64 = 40_000_000;
/// The most memory the decoder itself may take.
const MAX_DECODE_BYTES: u64 = 512 << 20;
/// Deflate's largest expansion, bytes out per byte in (1032), with a margin.
const MAX_EXPANSION: u64 = 1100;

/// Loads a PNG file as a frame; a corrupt, empty or implausibly large image is an error naming it.
pub fn load_png(path: &Path) -> Result<Frame, ScreenError> {
    let size = std::fs::metadata(path).map_err(|source| ScreenError::Io { path: path.into(), source })?.len();
    if size > MAX_PNG_BYTES {
        let reason = format!("{size} bytes, more than a screenshot ({MAX_PNG_BYTES} at most)");
        return Err(ScreenError::Decode { path: path.into(), reason });
    }
    let bytes = std::fs::read(path).map_err(|source| ScreenError::Io { path: path.into(), source })?;
    decode_png(&bytes, MAX_PIXELS).map_err(|error| match error {
        Decoded::Empty => ScreenError::Empty { path: path.into() },
        Decoded::Bad(reason) => ScreenError::Decode { path: path.into(), reason },
    })
}

/// Why bytes did not decode.
#[derive(Debug)]
pub enum Decoded {
    /// Zero pixels wide or tall.
    Empty,
    /// Not a PNG, damaged, or over a limit: the reason.
    Bad(String),
}

/// Decodes PNG bytes into a frame, refusing more than `max_pixels` (the command line passes
/// `MAX_PIXELS`; the fuzz targets a smaller number, to keep each run short).
pub fn decode_png(bytes: &[u8], max_pixels: u64) -> Result<Frame, Decoded> {
    let bad = |e: image::ImageError| Decoded::Bad(e.to_string().replace('\n', " "));
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    let decoder = PngDecoder::with_limits(Cursor::new(bytes), limits).map_err(bad)?;
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 {
        return Err(Decoded::Empty);
    }
    let pixels = u64::from(width) * u64::from(height);
    if pixels > max_pixels {
        return Err(Decoded::Bad(format!("{width}x{height} is more than the {max_pixels} pixels an image may have")));
    }
    // Every row holds a filter byte and at least one bit per pixel.
    let least_data = u64::from(height) * (1 + u64::from(width).div_ceil(8));
    if least_data > bytes.len() as u64 * MAX_EXPANSION {
        return Err(Decoded::Bad(format!(
            "the header says {width}x{height}, more than its {} bytes can hold",
            bytes.len()
        )));
    }
    let image = image::DynamicImage::from_decoder(decoder).map_err(bad)?;
    Ok(Frame::from_image(image.to_rgba8()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG of `width`x`height` black RGBA pixels.
    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut bytes = Vec::new();
        image::RgbaImage::new(width, height).write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
        bytes
    }

    /// The 13-byte IHDR of `bytes` rewritten to claim `width`x`height` (its CRC fixed too).
    fn claim(mut bytes: Vec<u8>, width: u32, height: u32) -> Vec<u8> {
        bytes[16..20].copy_from_slice(&width.to_be_bytes());
        bytes[20..24].copy_from_slice(&height.to_be_bytes());
        let crc = crc32(&bytes[12..29]);
        bytes[29..33].copy_from_slice(&crc.to_be_bytes());
        bytes
    }

    fn crc32(data: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &b in data {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }

    #[test]
    fn a_small_png_decodes() {
        let frame = decode_png(&png(7, 5), MAX_PIXELS).unwrap();
        assert_eq!((frame.width(), frame.height()), (7, 5));
    }

    /// Regression (issue 20): a 100-byte file claiming 6000x6000 pixels is refused from its
    /// header, before a 144 MB buffer is made for it (and 16000x16000, and 100000x100000).
    #[test]
    fn a_tiny_file_claiming_a_huge_image_is_refused_before_decoding() {
        let err = decode_png(&claim(png(4, 4), 6_000, 6_000), MAX_PIXELS).unwrap_err();
        assert!(matches!(&err, Decoded::Bad(r) if r.contains("more than its")), "{err:?}");
        let err = decode_png(&claim(png(4, 4), 16_000, 16_000), MAX_PIXELS).unwrap_err();
        assert!(matches!(&err, Decoded::Bad(r) if r.contains("pixels an image may have")), "{err:?}");
        let err = decode_png(&claim(png(4, 4), 100_000, 100_000), MAX_PIXELS).unwrap_err();
        assert!(matches!(err, Decoded::Bad(_)), "{err:?}");
    }

    #[test]
    fn text_and_truncated_files_are_refused() {
        assert!(matches!(decode_png(b"not a png at all", MAX_PIXELS), Err(Decoded::Bad(_))));
        assert!(matches!(decode_png(&[], MAX_PIXELS), Err(Decoded::Bad(_))));
        let whole = png(40, 40);
        for cut in [8, 20, 33, whole.len() - 12] {
            assert!(matches!(decode_png(&whole[..cut], MAX_PIXELS), Err(Decoded::Bad(_))), "cut at {cut}");
        }
    }
}
