//! sgt-flood game IDs (`14x14:3044303025...,26`): the board's digits, row by row, and the move limit.
//!
//! IDs are the ground truth for captures of the real game: `sgt-flood <id>` opens exactly that
//! board, so a test can compare what gamebot reads with what the game was told to show.

use super::board::Board;

/// A parsed game ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameId {
    pub board: Board,
    /// The game's move limit.
    pub limit: usize,
}

/// Parses `WxH:digits,limit`.
pub fn parse(id: &str) -> Result<GameId, String> {
    let bad = |why: &str| format!("game ID \"{id}\": {why}");
    let (size, rest) = id.trim().split_once(':').ok_or_else(|| bad("no ':' after the size"))?;
    let (w, h) = size.split_once('x').ok_or_else(|| bad("the size is not WxH"))?;
    let (cols, rows): (usize, usize) =
        (w.parse().map_err(|_| bad("bad width"))?, h.parse().map_err(|_| bad("bad height"))?);
    let (digits, limit) = rest.split_once(',').ok_or_else(|| bad("no ',' before the move limit"))?;
    if digits.len() != rows * cols {
        return Err(bad(&format!("{} digits for a {cols}x{rows} board", digits.len())));
    }
    let lines: Vec<&str> = (0..rows).map(|r| &digits[r * cols..(r + 1) * cols]).collect();
    let board = Board::from_rows(&lines).map_err(|e| bad(&e.to_string()))?;
    Ok(GameId { board, limit: limit.trim().parse().map_err(|_| bad("bad move limit"))? })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_size_digits_and_limit() {
        let id = parse("3x2:012345,7").unwrap();
        assert_eq!(id.board.to_rows(), vec!["012", "345"]);
        assert_eq!(id.limit, 7);
    }

    #[test]
    fn rejects_malformed_ids() {
        assert!(parse("3x2:01234,7").unwrap_err().contains("5 digits for a 3x2 board"));
        assert!(parse("3x2:012345").is_err());
        assert!(parse("012345,7").is_err());
    }
}
