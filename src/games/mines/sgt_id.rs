//! sgt-mines game IDs, the truth of its boards: `<w>x<h>[n<mines>]:<x>,<y>,m<hex>` (or `u<hex>`, or
//! bare hex). `x,y` is the cell the game opens when it starts (column, row from the top-left), and the
//! hex digits are the mine bitmap, one bit per cell row-major, most significant bit first, padded to
//! whole bytes. With `m` (what `sgt-mines --generate` writes) the bitmap is masked, so that an ID
//! does not give the layout away at a glance: the bytes are split in two halves (the first rounded
//! down); SHA-1 of the second half followed by the decimal counters "0", "1", ... gives a stream
//! XORed over the first half, then SHA-1 of the masked first half gives a stream XORed over the
//! second, and the pad bits are cleared. Unmasking runs the two steps in the other order. The format
//! is the program's (mines.c and misc.c of Simon Tatham's puzzles); this decoder is written here.

use super::sim::Layout;

/// A decoded game ID: the layout, and the cell the game opens first (row, column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameId {
    pub layout: Layout,
    pub start: Option<(usize, usize)>,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum IdError {
    #[error("a game ID is <w>x<h>:<x>,<y>,m<hex>; this one has no ':'")]
    NoColon,
    #[error("the size '{0}' is not <w>x<h>")]
    Size(String),
    #[error("a {0}x{1} board is outside what the game allows")]
    TooBig(usize, usize),
    #[error("the start cell is not <x>,<y> inside the board")]
    Start,
    #[error("the mine bitmap has {found} hex digits, a {w}x{h} board needs {wanted}")]
    Length { found: usize, wanted: usize, w: usize, h: usize },
    #[error("'{0}' is not a hex digit")]
    Hex(char),
    #[error("the ID says {said} mines, its bitmap holds {held}")]
    Count { said: usize, held: usize },
}

/// Parses a game ID as `sgt-mines --generate` prints it.
pub fn parse(id: &str) -> Result<GameId, IdError> {
    let (params, desc) = id.trim().split_once(':').ok_or(IdError::NoColon)?;
    let (w, h, said) = parse_params(params)?;
    let mut rest = desc;
    let mut start = None;
    if rest.starts_with(|c: char| c.is_ascii_digit()) {
        let mut parts = rest.splitn(3, ',');
        let x: usize = parts.next().and_then(|s| s.parse().ok()).ok_or(IdError::Start)?;
        let y: usize = parts.next().and_then(|s| s.parse().ok()).ok_or(IdError::Start)?;
        rest = parts.next().ok_or(IdError::Start)?;
        if x >= w || y >= h {
            return Err(IdError::Start);
        }
        start = Some((y, x));
    }
    let masked = rest.starts_with('m');
    if masked || rest.starts_with('u') {
        rest = &rest[1..];
    }
    let area = w * h;
    let wanted = area.div_ceil(4);
    if rest.chars().count() != wanted {
        return Err(IdError::Length { found: rest.chars().count(), wanted, w, h });
    }
    let mut bitmap = vec![0u8; area.div_ceil(8)];
    for (i, ch) in rest.chars().enumerate() {
        let v = ch.to_digit(16).ok_or(IdError::Hex(ch))? as u8;
        bitmap[i / 2] |= v << (4 * (1 - i % 2));
    }
    if masked {
        unmask(&mut bitmap, area);
    }
    let mine: Vec<bool> = (0..area).map(|i| bitmap[i / 8] & (0x80 >> (i % 8)) != 0).collect();
    let layout = Layout { rows: h, cols: w, mine };
    if let Some(n) = said
        && n != layout.mines()
    {
        return Err(IdError::Count { said: n, held: layout.mines() });
    }
    Ok(GameId { layout, start })
}

/// `<w>x<h>`, optionally `n<mines>` and other letters the game ignores here.
fn parse_params(params: &str) -> Result<(usize, usize, Option<usize>), IdError> {
    let bad = || IdError::Size(params.to_string());
    let digits = |s: &str| s.chars().take_while(|c| c.is_ascii_digit()).count();
    let n = digits(params);
    let w: usize = params[..n].parse().map_err(|_| bad())?;
    let mut rest = &params[n..];
    let h = match rest.strip_prefix('x') {
        Some(after) => {
            let n = digits(after);
            let h = after[..n].parse().map_err(|_| bad())?;
            rest = &after[n..];
            h
        }
        None => w,
    };
    let said = match rest.strip_prefix('n') {
        Some(after) => Some(after[..digits(after)].parse().map_err(|_| bad())?),
        None => None,
    };
    if w == 0 || h == 0 || w * h > super::board::MAX_CELLS {
        return Err(IdError::TooBig(w, h));
    }
    Ok((w, h, said))
}

/// Undoes the masking of a bitmap of `bits` bits (see the module's description); the pad bits are
/// cleared after each step, as the masking clears them.
fn unmask(bytes: &mut [u8], bits: usize) {
    let first = bytes.len() / 2;
    let pad = |bytes: &mut [u8]| {
        if !bits.is_multiple_of(8) {
            bytes[bits / 8] &= 0xFFu8 << (8 - bits % 8);
        }
    };
    let (a, b) = bytes.split_at_mut(first);
    xor_stream(a, b);
    pad(bytes);
    let (a, b) = bytes.split_at_mut(first);
    xor_stream(b, a);
    pad(bytes);
}

/// The masking step: XORs the stream made from `seed` over `target`.
fn xor_stream(seed: &[u8], target: &mut [u8]) {
    for (counter, chunk) in target.chunks_mut(20).enumerate() {
        let mut input = seed.to_vec();
        input.extend_from_slice(counter.to_string().as_bytes());
        for (t, d) in chunk.iter_mut().zip(sha1(&input)) {
            *t ^= d;
        }
    }
}

/// SHA-1 (FIPS 180-1) of `message`.
pub fn sha1(message: &[u8]) -> [u8; 20] {
    let mut h: [u32; 5] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0];
    let mut data = message.to_vec();
    data.push(0x80);
    while data.len() % 64 != 56 {
        data.push(0);
    }
    data.extend_from_slice(&((message.len() as u64) * 8).to_be_bytes());
    for block in data.chunks(64) {
        let mut w = [0u32; 80];
        for (t, word) in block.chunks(4).enumerate() {
            w[t] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for t in 16..80 {
            w[t] = (w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]).rotate_left(1);
        }
        let [mut a, mut b, mut c, mut d, mut e] = h;
        for (t, &wt) in w.iter().enumerate() {
            let (f, k) = match t {
                0..=19 => ((b & c) | (!b & d), 0x5A82_7999),
                20..=39 => (b ^ c ^ d, 0x6ED9_EBA1),
                40..=59 => ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC),
                _ => (b ^ c ^ d, 0xCA62_C1D6),
            };
            let next = a.rotate_left(5).wrapping_add(f).wrapping_add(e).wrapping_add(k).wrapping_add(wt);
            (e, d, c, b, a) = (d, c, b.rotate_left(30), a, next);
        }
        for (hv, v) in h.iter_mut().zip([a, b, c, d, e]) {
            *hv = hv.wrapping_add(v);
        }
    }
    let mut out = [0u8; 20];
    for (i, v) in h.iter().enumerate() {
        out[i * 4..i * 4 + 4].copy_from_slice(&v.to_be_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn sha1_of_known_messages() {
        assert_eq!(hex(&sha1(b"abc")), "a9993e364706816aba3e25717850c26c9cd0d89d");
        assert_eq!(hex(&sha1(b"")), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
        let long = b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
        assert_eq!(hex(&sha1(long)), "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
    }

    #[test]
    fn the_masking_is_undone() {
        // The game's own test vector: the 28 bits 1234567 mask to 07FA650.
        let mut bytes = [0x07, 0xfa, 0x65, 0x00];
        unmask(&mut bytes, 28);
        assert_eq!(bytes, [0x12, 0x34, 0x56, 0x70]);
    }

    #[test]
    fn an_unmasked_id_is_read_bit_by_bit() {
        // 3x3, start at x=0,y=2, one mine at row 0 col 2 (bit 2): 0010 0000 0 -> "200".
        let id = parse("3x3:0,2,u200").unwrap();
        assert_eq!(id.start, Some((2, 0)));
        assert_eq!(id.layout.mine, vec![false, false, true, false, false, false, false, false, false]);
    }

    #[test]
    fn generated_ids_decode_to_their_mine_count_with_the_start_clear() {
        // Made with `sgt-mines --generate 1 9x9n10` and `30x16n99` (sgt-puzzles 20230122).
        for (id, mines) in [
            ("9x9:0,6,m37c209079088c55b5c1c0", 10),
            (
                "30x16:1,8,m160a0ed9bf2709868e6a3dcf5144c22240816608b11f614ea67e303c9b1e609942cb584aef8ad8ed2aa8cfac5313cf0f28da32bfb800b188d67acd5e",
                99,
            ),
        ] {
            let parsed = parse(id).unwrap();
            assert_eq!(parsed.layout.mines(), mines, "{id}");
            let (r, c) = parsed.start.unwrap();
            assert_eq!(parsed.layout.number(r * parsed.layout.cols + c), 0, "{id}");
            assert!(!parsed.layout.mine[r * parsed.layout.cols + c]);
        }
    }

    #[test]
    fn bad_ids_are_refused() {
        assert_eq!(parse("9x9"), Err(IdError::NoColon));
        assert!(matches!(parse("9x9:0,6,m37c2"), Err(IdError::Length { .. })));
        assert_eq!(parse("3x3:5,0,u200"), Err(IdError::Start));
        assert_eq!(parse("3x3:0,0,u2g0"), Err(IdError::Hex('g')));
        assert_eq!(parse("3x3n2:0,0,u200"), Err(IdError::Count { said: 2, held: 1 }));
        assert!(parse("0x3:0,0,u").is_err());
        assert!(parse("99999x99999:0,0,u").is_err());
    }
}
