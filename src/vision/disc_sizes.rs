//! Picks the pegs and holes among round shapes by their sizes: a board's pegs are all about one
//! size and its holes about another (a known ratio of it), while letters, icons and buttons that
//! happen to be round are other sizes.

use super::discs::Disc;

/// How far (as a share) a disc's diameter may differ from the size it is taken for.
const TOLERANCE: f64 = 0.25;

fn near(diameter: f64, size: f64) -> bool {
    (diameter / size - 1.0).abs() <= TOLERANCE
}

/// The discs of two sizes, `size` and `size * ratio`, where `size` is chosen among the discs'
/// diameters to keep the most discs (the larger size on a tie).
pub fn two_sizes(discs: &[Disc], ratio: f64) -> Vec<Disc> {
    let keeps = |size: f64| move |d: &&Disc| near(d.diameter, size) || near(d.diameter, size * ratio);
    let best = discs
        .iter()
        .map(|d| (discs.iter().filter(keeps(d.diameter)).count(), d.diameter))
        .max_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    match best {
        Some((_, size)) => discs.iter().filter(keeps(size)).copied().collect(),
        None => Vec::new(),
    }
}

/// The discs grouped by size: sorted by diameter, a new group starting wherever the next disc is
/// more than the tolerance larger than the previous one.
pub fn size_groups(discs: &[Disc]) -> Vec<Vec<Disc>> {
    let mut sorted = discs.to_vec();
    sorted.sort_by(|a, b| a.diameter.total_cmp(&b.diameter));
    let mut groups: Vec<Vec<Disc>> = Vec::new();
    for d in sorted {
        match groups.last_mut() {
            Some(g) if d.diameter <= g[g.len() - 1].diameter * (1.0 + TOLERANCE) => g.push(d),
            _ => groups.push(vec![d]),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn disc(diameter: f64) -> Disc {
        Disc { x: 0.0, y: 0.0, diameter }
    }

    #[test]
    fn pegs_and_smaller_holes_are_kept_and_odd_sizes_dropped() {
        let discs = [disc(40.0), disc(41.0), disc(39.0), disc(16.0), disc(17.0), disc(25.0), disc(90.0)];
        let kept: Vec<f64> = two_sizes(&discs, 0.4).iter().map(|d| d.diameter).collect();
        assert_eq!(kept, vec![40.0, 41.0, 39.0, 16.0, 17.0]);
    }

    #[test]
    fn sizes_fall_into_groups() {
        let groups = size_groups(&[disc(40.0), disc(16.0), disc(41.0), disc(17.0)]);
        assert_eq!(groups.iter().map(Vec::len).collect::<Vec<_>>(), vec![2, 2]);
    }
}
