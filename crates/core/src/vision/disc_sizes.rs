//! Picks the pegs and holes among round shapes by their sizes: a board's pegs are all about one
//! size and its holes about another (a known ratio of it), while letters, icons and buttons that
//! happen to be round are other sizes.

use super::discs::Disc;

/// How far (as a share) a disc's diameter may differ from the size it is taken for.
const TOLERANCE: f64 = 0.25;

fn near(diameter: f64, size: f64) -> bool {
    (diameter / size - 1.0).abs() <= TOLERANCE
}

/// The discs of two sizes, `size` and `size * ratio`, for every `size` among the discs'
/// diameters (one set per distinct choice), the sets covering the most area first: a board's
/// pegs cover more of its window than the round letters of a list beside it, even when those are
/// more numerous.
pub fn two_size_choices(discs: &[Disc], ratio: f64) -> Vec<Vec<Disc>> {
    let keeps = |size: f64| move |d: &&Disc| near(d.diameter, size) || near(d.diameter, size * ratio);
    let mut sizes: Vec<f64> = discs.iter().map(|d| d.diameter).collect();
    sizes.sort_by(f64::total_cmp);
    sizes.dedup();
    let mut choices: Vec<Vec<Disc>> = Vec::new();
    for size in sizes.into_iter().rev() {
        let kept: Vec<Disc> = discs.iter().filter(keeps(size)).copied().collect();
        if !kept.is_empty() && !choices.contains(&kept) {
            choices.push(kept);
        }
    }
    let area = |set: &Vec<Disc>| set.iter().map(|d| d.diameter * d.diameter).sum::<f64>();
    choices.sort_by(|a, b| area(b).total_cmp(&area(a)));
    choices
}

/// The largest group of discs that reach each other: two are neighbours when their centres are at
/// most `reach` times the larger one's diameter apart. A board's pegs and holes form one group;
/// round letters, a clock's digits or icons elsewhere in the window form others.
pub fn largest_group(discs: &[Disc], reach: f64) -> Vec<Disc> {
    let mut group_of: Vec<Option<usize>> = vec![None; discs.len()];
    let mut best: Vec<usize> = Vec::new();
    for start in 0..discs.len() {
        if group_of[start].is_some() {
            continue;
        }
        group_of[start] = Some(start);
        let mut members = vec![start];
        let mut next = 0;
        while next < members.len() {
            let a = discs[members[next]];
            next += 1;
            for (j, b) in discs.iter().enumerate() {
                if group_of[j].is_none() && (a.x - b.x).hypot(a.y - b.y) <= reach * a.diameter.max(b.diameter) {
                    group_of[j] = Some(start);
                    members.push(j);
                }
            }
        }
        if members.len() > best.len() {
            best = members;
        }
    }
    best.sort_unstable();
    best.into_iter().map(|i| discs[i]).collect()
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
    fn pegs_and_smaller_holes_come_before_many_small_letters() {
        let mut discs = vec![disc(40.0), disc(41.0), disc(39.0), disc(16.0), disc(17.0), disc(25.0), disc(90.0)];
        discs.extend((0..30).map(|_| disc(7.0)));
        let choices: Vec<Vec<f64>> =
            two_size_choices(&discs, 0.4).iter().map(|set| set.iter().map(|d| d.diameter).collect()).collect();
        let board = choices.iter().position(|set| *set == vec![40.0, 41.0, 39.0, 16.0, 17.0]).unwrap();
        let letters = choices.iter().position(|set| set.iter().all(|&d| d == 7.0)).unwrap();
        assert!(board < letters, "{choices:?}");
    }

    #[test]
    fn the_board_is_the_largest_group_of_neighbours() {
        let at = |x: f64, y: f64| Disc { x, y, diameter: 30.0 };
        let mut discs: Vec<Disc> =
            (0..9).map(|i| at(200.0 + 40.0 * (i % 3) as f64, 100.0 + 40.0 * (i / 3) as f64)).collect();
        discs.extend([at(10.0, 10.0), at(40.0, 10.0), at(400.0, 400.0)]);
        let group = largest_group(&discs, 1.6);
        assert_eq!(group.len(), 9);
        assert!(group.iter().all(|d| d.x >= 200.0));
    }

    #[test]
    fn sizes_fall_into_groups() {
        let groups = size_groups(&[disc(40.0), disc(16.0), disc(41.0), disc(17.0)]);
        assert_eq!(groups.iter().map(Vec::len).collect::<Vec<_>>(), vec![2, 2]);
    }
}
