//! Recognising a tetromino by the shape of its four cells (never by colour: quadrapassel can colour
//! blocks at random), using the engine's table of each piece's shapes.

use super::super::Piece;

/// Cells as (row, col) with row 0 at the top, in any order.
pub type Cells = Vec<(i32, i32)>;

/// The cells normalised the engine's way: x right, y up, lowest x and y at 0, sorted by (y, x).
pub fn normalise(cells: &[(i32, i32)]) -> Vec<(u8, u8)> {
    let (Some(min_col), Some(max_row)) = (cells.iter().map(|c| c.1).min(), cells.iter().map(|c| c.0).max()) else {
        return Vec::new();
    };
    let mut out: Vec<(u8, u8)> = cells.iter().map(|&(r, c)| ((c - min_col) as u8, (max_row - r) as u8)).collect();
    out.sort_by_key(|&(x, y)| (y, x));
    out
}

/// The piece whose shape (in some rotation) the four cells make, if any.
pub fn recognise(cells: &[(i32, i32)]) -> Option<Piece> {
    if cells.len() != 4 {
        return None;
    }
    let shape = normalise(cells);
    Piece::ALL.into_iter().find(|p| p.shapes().iter().any(|s| s[..] == shape[..]))
}

/// The leftmost column of some cells.
pub fn left(cells: &[(i32, i32)]) -> Option<i32> {
    cells.iter().map(|c| c.1).min()
}

/// Cells from text rows ('#' filled), row 0 at the top.
pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Cells {
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.as_ref().chars().enumerate() {
            if ch == '#' {
                cells.push((r as i32, c as i32));
            }
        }
    }
    cells
}

/// Text rows of a normalised shape, top row first.
pub fn to_rows(shape: &[(u8, u8)]) -> Vec<String> {
    let width = shape.iter().map(|c| c.0).max().map_or(0, |m| m + 1) as usize;
    let height = shape.iter().map(|c| c.1).max().map_or(0, |m| m + 1);
    (0..height)
        .rev()
        .map(|y| (0..width).map(|x| if shape.contains(&(x as u8, y)) { '#' } else { '.' }).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_piece_is_told_by_its_shape_in_every_rotation() {
        let cases: [(&[&str], Piece); 8] = [
            (&["####"], Piece::I),
            (&["#", "#", "#", "#"], Piece::I),
            (&["##", "##"], Piece::O),
            (&["###", ".#."], Piece::T),
            (&["#..", "###"], Piece::J),
            (&["##", "#.", "#."], Piece::J),
            (&[".##", "##."], Piece::S),
            (&["#.", "##", ".#"], Piece::S),
        ];
        for (rows, piece) in cases {
            assert_eq!(recognise(&from_rows(rows)), Some(piece), "{rows:?}");
        }
        assert_eq!(recognise(&from_rows(&["##.", ".##"])), Some(Piece::Z));
        assert_eq!(recognise(&from_rows(&["..#", "###"])), Some(Piece::L));
    }

    #[test]
    fn four_cells_that_are_no_tetromino_are_not_recognised() {
        assert_eq!(recognise(&from_rows(&["#.#", ".##"])), None);
        assert_eq!(recognise(&from_rows(&["###"])), None);
    }

    #[test]
    fn shapes_round_trip_through_text_rows() {
        let cells = from_rows(&[".#.", "###"]);
        assert_eq!(to_rows(&normalise(&cells)), vec![".#.", "###"]);
    }
}
