//! Whether a program opens a 0's neighbours. Most do, and so an opened 0 beside a covered cell
//! says a covered look was taken for an opened one: the rule that tells most boards' looks apart.
//! Some open the clicked cell and its safe neighbours instead, and never a 0's (zuramai's canvas
//! page): their 0s stand beside covered cells. On such a board the reading that obeys the usual
//! rule may be a false one: the covered cells taken for flags drawn as a colour of their own, the
//! opened ones for covered cells, their numbers for flags drawn on them. Flags drawn both ways at
//! once, a colour of its own and shapes that read as numbers, is a reading no program gives, and
//! then the rule is tried the other way: blank cells on a look that numbers stand on are opened 0s
//! wherever they lie, and a reading that takes no number for a flag and so obeys every other rule
//! is taken. A reading that obeys the usual rule in any other way is taken as before: the split of
//! covered cells from numbers a shade apart (`split`) rests on it.

use super::{Groups, Mark, Reading, least_broken};

/// The looks whose blank cells are opened 0s wherever they lie (none by the usual rule).
pub(super) struct Zeros {
    free: Vec<bool>,
}

impl Zeros {
    /// The usual rule: an opened 0 has no covered neighbour.
    pub(super) fn usual() -> Self {
        Zeros { free: Vec::new() }
    }

    /// Blank cells on a look that numbers stand on are 0s beside covered cells or not.
    fn beside_covered(marks: &[Mark], groups: &Groups) -> Self {
        let mut free = vec![false; groups.looks.len()];
        for (i, &m) in marks.iter().enumerate() {
            free[groups.of[i]] |= matches!(m, Mark::Digit(n) if n > 0);
        }
        Zeros { free }
    }

    /// Whether the blank cells of look `g` may stand beside covered cells.
    pub(super) fn free(&self, g: usize) -> bool {
        self.free.get(g).copied().unwrap_or(false)
    }

    /// Whether the 0s of this reading may stand beside covered cells.
    pub(super) fn any_free(&self) -> bool {
        self.free.iter().any(|&f| f)
    }
}

/// The best reading as `least_broken` gives it, and the rule its 0s obey: the usual one, unless
/// its best reading draws flags both as a colour of their own (two cells or more) and as numbers on
/// covered cells while the other rule's best obeys every rule taking no number for a flag.
pub(super) fn best_reading(rows: usize, cols: usize, marks: &[Mark], groups: &Groups) -> Option<(Reading, Zeros)> {
    let usual = least_broken(rows, cols, marks, groups, &Zeros::usual())?;
    let (broken, numbers_as_flags, marking) = (usual.0, usual.1, usual.2);
    if broken == 0 && !(numbers_as_flags > 0 && marking >= 2) {
        return Some((usual, Zeros::usual()));
    }
    let zeros = Zeros::beside_covered(marks, groups);
    match least_broken(rows, cols, marks, groups, &zeros) {
        Some(other) if other.0 == 0 && other.1 == 0 => Some((other, zeros)),
        _ => Some((usual, Zeros::usual())),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::drawn;
    use super::super::{Role, blind_reading};

    const GREEN: [u8; 3] = [166, 212, 77];
    const TAN: [u8; 3] = [221, 188, 155];

    /// zuramai's page after its first click: the clicked cell and its safe neighbours opened (tan),
    /// 0s among them beside covered cells (green), two 1s. By the usual rule the only reading is the
    /// false one (green flags drawn as a colour, tan covered, the 1s flags on it); by the other the
    /// green cells are covered and the tan ones opened.
    #[test]
    fn zeros_beside_covered_cells_on_a_look_of_numbers_are_opened() {
        let (rows, cols, marks, groups) = drawn(
            &["ggggg", "gtttg", "gtttg", "gtttg", "ggggg"],
            &[".....", ".....", ".1...", ".1...", "....."],
            &[('g', GREEN), ('t', TAN)],
        );
        let (roles, zeros) = blind_reading(rows, cols, &marks, &groups).expect("a reading that obeys the rules");
        assert_eq!(roles, vec![Role::Covered, Role::Opened]);
        assert!(zeros.free(1) && !zeros.free(0));
    }

    /// The same cells with the tan cells' blanks beside no covered cell but their own: the usual rule
    /// is obeyed as it is and kept (no look's 0s free).
    #[test]
    fn zeros_that_obey_the_usual_rule_keep_it() {
        let (rows, cols, marks, groups) = drawn(
            &["ttttt", "ttttt", "ttttt", "tgggt", "tgggt"],
            &[".....", ".....", "12321", "2...2", "2...2"],
            &[('g', GREEN), ('t', TAN)],
        );
        let (roles, zeros) = blind_reading(rows, cols, &marks, &groups).expect("a reading that obeys the rules");
        assert_eq!(roles, vec![Role::Covered, Role::Opened]);
        assert!(!zeros.any_free());
    }
}
