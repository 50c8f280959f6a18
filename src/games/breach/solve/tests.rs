//! Tests of the breach solver: against a brute-force enumeration of every legal path on small
//! random puzzles, and against the answers of the screenshot cases in `../shared/corpus/breach`.

use super::*;
use crate::rng::SplitMix64;

/// Every legal path, depth first; returns (best value, fewest picks for it).
fn brute(p: &Puzzle) -> (u32, usize) {
    fn go(p: &Puzzle, path: &mut Vec<(usize, usize)>, best: &mut (u32, usize)) {
        let codes = p.check_path(path).expect("brute force builds legal paths");
        let v = Puzzle::value(&p.completed(&codes));
        if v > best.0 || (v == best.0 && path.len() < best.1) {
            *best = (v, path.len());
        }
        if path.len() == p.buffer {
            return;
        }
        let next: Vec<(usize, usize)> = match path.last() {
            None => (0..p.cols()).map(|c| (0, c)).collect(),
            Some(&(_, c)) if path.len() % 2 == 1 => (0..p.rows()).map(|nr| (nr, c)).collect(),
            Some(&(r, _)) => (0..p.cols()).map(|nc| (r, nc)).collect(),
        };
        for cell in next {
            if !path.contains(&cell) {
                path.push(cell);
                go(p, path, best);
                path.pop();
            }
        }
    }
    let mut best = (0, 0);
    go(p, &mut Vec::new(), &mut best);
    best
}

/// A random puzzle of up to `side` x `side` cells with a buffer of at most `max_buffer`.
fn random_puzzle(rng: &mut SplitMix64, side: usize, max_buffer: usize) -> Puzzle {
    let rows = 4 + rng.index(side - 3);
    let cols = 4 + rng.index(side - 3);
    // Few distinct codes, so daemons overlap and share prefixes often.
    let alphabet = 2 + rng.index(3);
    let code = |rng: &mut SplitMix64| Code::ALL[rng.index(alphabet)];
    let grid = (0..rows).map(|_| (0..cols).map(|_| code(rng)).collect()).collect();
    let n = 1 + rng.index(4);
    let daemons = (0..n).map(|_| (0..1 + rng.index(4)).map(|_| code(rng)).collect()).collect();
    let buffer = 3 + rng.index(max_buffer - 2);
    Puzzle { grid, daemons, buffer }
}

fn check_claims(p: &Puzzle, s: &Solution) {
    let codes = p.check_path(&s.path).unwrap_or_else(|e| panic!("illegal solver path {:?}: {e}", s.path));
    assert_eq!(p.completed(&codes), s.daemons, "claimed daemons on {p:?}");
    assert_eq!(Puzzle::value(&s.daemons), s.value);
}

#[test]
fn matches_brute_force_on_random_puzzles() {
    let mut rng = SplitMix64(0xB4EAC4);
    for case in 0..600 {
        // Mostly small boards with buffers up to 6; some 7x7 with 5; some 4x4 with 8.
        let p = match case % 3 {
            0 => random_puzzle(&mut rng, 7, 5),
            1 => random_puzzle(&mut rng, 4, 8),
            _ => random_puzzle(&mut rng, 5, 6),
        };
        let s = solve(&p);
        check_claims(&p, &s);
        let (value, picks) = brute(&p);
        assert_eq!((s.value, s.path.len()), (value, picks), "case {case}: {p:?}");
    }
}

#[test]
fn unreachable_daemons_give_the_empty_path() {
    let row = "1C 1C 1C 1C".to_string();
    let grid = vec![row.clone(), row.clone(), row.clone(), row];
    let p = Puzzle::from_case(&grid, &["55".to_string(), "1C 1C 1C 1C 1C".to_string()], 4).unwrap();
    assert_eq!(solve(&p), Solution { path: vec![], daemons: vec![], value: 0 });
}

#[test]
fn duplicate_and_nested_daemons_come_together() {
    let grid: Vec<String> = ["1C 55 7A BD", "E9 FF 1C 55", "BD 7A E9 FF", "55 1C BD 7A"].map(String::from).to_vec();
    let ds: Vec<String> = ["1C 55", "1C 55", "1C"].map(String::from).to_vec();
    let p = Puzzle::from_case(&grid, &ds, 4).unwrap();
    let s = solve(&p);
    check_claims(&p, &s);
    assert_eq!((s.daemons.clone(), s.path.len()), (vec![0, 1, 2], 2));
}

#[derive(serde::Deserialize)]
struct Case {
    board: CaseBoard,
    answer: CaseAnswer,
}

#[derive(serde::Deserialize)]
struct CaseBoard {
    grid: Vec<String>,
    daemons: Vec<String>,
    buffer: usize,
}

#[derive(serde::Deserialize)]
struct CaseAnswer {
    best_daemons: Vec<usize>,
    min_length: usize,
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn corpus_cases_match_their_answers() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/breach");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 6, "expected the 6 breach cases in {}", dir.display());
    for path in names {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let case: Case = toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let b = &case.board;
        let p = Puzzle::from_case(&b.grid, &b.daemons, b.buffer).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let s = solve(&p);
        check_claims(&p, &s);
        assert_eq!(s.daemons, case.answer.best_daemons, "{}", path.display());
        assert_eq!(s.path.len(), case.answer.min_length, "{}", path.display());
        // The brute force agrees too (buffers here are at most 8).
        assert_eq!(brute(&p), (s.value, s.path.len()), "{}", path.display());
    }
}

/// Whether some legal path of exactly `pat.len()` picks matches the pattern, by enumeration.
fn brute_realisable(p: &Puzzle, pat: &Pattern) -> bool {
    fn go(p: &Puzzle, pat: &Pattern, path: &mut Vec<(usize, usize)>) -> bool {
        if path.len() == pat.len() {
            return true;
        }
        let next: Vec<(usize, usize)> = match path.last() {
            None => (0..p.cols()).map(|c| (0, c)).collect(),
            Some(&(_, c)) if path.len() % 2 == 1 => (0..p.rows()).map(|nr| (nr, c)).collect(),
            Some(&(r, _)) => (0..p.cols()).map(|nc| (r, nc)).collect(),
        };
        for (r, c) in next {
            if !path.contains(&(r, c)) && pat[path.len()].is_none_or(|t| t == p.at(r, c)) {
                path.push((r, c));
                if go(p, pat, path) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    go(p, pat, &mut Vec::new())
}

#[test]
fn pattern_search_matches_enumeration() {
    let mut rng = SplitMix64(0x9A77);
    let (mut yes, mut no) = (0, 0);
    for case in 0..1500 {
        let mut p = random_puzzle(&mut rng, 4 + case % 2, 4);
        p.daemons.clear();
        let alphabet = 2 + rng.index(2);
        let len = 1 + rng.index(9);
        let pat: Pattern =
            (0..len).map(|_| if rng.index(2) == 0 { None } else { Some(Code::ALL[rng.index(alphabet)]) }).collect();
        let got = Dfs::new(&p, &Start::default()).realise(&pat);
        assert_eq!(got.is_some(), brute_realisable(&p, &pat), "case {case}: {pat:?} on {p:?}");
        if let Some(path) = got {
            p.buffer = len;
            let codes = p.check_path(&path).unwrap_or_else(|e| panic!("case {case}: illegal {path:?}: {e}"));
            assert!(codes.iter().zip(&pat).all(|(c, t)| t.is_none_or(|t| t == *c)), "case {case}");
            yes += 1;
        } else {
            no += 1;
        }
    }
    assert!(yes > 100 && no > 100, "both outcomes exercised: {yes} yes, {no} no");
}

#[test]
fn a_spent_budget_falls_back_to_the_best_single_daemon_and_says_so() {
    let mut rng = SplitMix64(0xB0D6E7);
    let mut fell_back = 0;
    for _ in 0..200 {
        let p = random_puzzle(&mut rng, 7, 10);
        let (full, proven) = solve_within(&p, crate::budget::Budget::UNLIMITED);
        assert!(proven);
        assert_eq!(full, solve(&p));
        let (quick, proven) = solve_within(&p, crate::budget::Budget::nodes(0));
        check_claims(&p, &quick);
        assert!(quick.value <= full.value);
        if !proven {
            fell_back += 1;
            let best_single = (0..p.daemons.len()).rev().find(|&i| full.value >> i & 1 == 1 || brute_single(&p, i));
            assert!(quick.value >= best_single.map_or(0, |i| 1 << i), "{p:?}");
        } else {
            assert_eq!(quick, full);
        }
    }
    assert!(fell_back > 0, "a budget of 0 nodes must stop some searches");
}

/// True when daemon i alone can be completed (by brute force).
fn brute_single(p: &Puzzle, i: usize) -> bool {
    let alone = Puzzle { grid: p.grid.clone(), daemons: vec![p.daemons[i].clone()], buffer: p.buffer };
    brute(&alone).0 == 1
}
