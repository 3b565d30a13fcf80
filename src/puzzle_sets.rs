//! The puzzle sets shipped inside the program (so the trainer works
//! offline), found from the library's list of games: each game names its
//! set in its line ([`GameInfo::puzzles`](wormhole::GameInfo::puzzles),
//! a file of the game's folder), made by `wormhole puzzles generate` and
//! re-proved by `wormhole puzzles check`.

use wormhole::GameKind;

/// Each game's shipped set, in the order of [`GameKind::ALL`]: the game and the
/// text of its puzzle file.
pub fn sets() -> impl Iterator<Item = (GameKind, &'static str)> {
    GameKind::ALL.into_iter().filter_map(|kind| Some((kind, kind.info().puzzles?)))
}

/// The text of the shipped set of `kind`, if it has one.
pub fn set_text(kind: GameKind) -> Option<&'static str> {
    kind.info().puzzles
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use wormhole::puzzles::{
        Effort, Judge, MATE_IN_ONE_SHARE, MIN_SET_SIZE, Puzzle, Theme, is_mate_in_one, parse_file, repeats, win_shows,
    };

    use super::*;

    /// Every set of [`sets`] (a game's new set is checked with no test of its own).
    #[test]
    fn every_shipped_set_reads_repeats_nothing_and_shows_its_wins() {
        assert_eq!(sets().count(), GameKind::ALL.len(), "every game ships a set");
        for (kind, text) in sets() {
            set_holds(kind, text);
        }
    }

    /// The puzzles of a set, each line read (a line that does not read
    /// fails the test).
    fn read_set(kind: GameKind, text: &str) -> Vec<Puzzle> {
        let lines = parse_file(text).unwrap_or_else(|e| panic!("{kind}: {e}"));
        lines.into_iter().map(|(line, p)| p.unwrap_or_else(|e| panic!("{kind} line {line}: {e}"))).collect()
    }

    fn set_holds(kind: GameKind, text: &str) {
        let puzzles = read_set(kind, text);
        assert!(!puzzles.is_empty(), "{kind}: no puzzle");
        // Written back, each puzzle is its line again: the themes (a
        // game's own among them) keep their names.
        let written: Vec<String> = puzzles.iter().map(Puzzle::to_line).collect();
        assert_eq!(written, text.lines().skip(1).filter(|l| !l.trim().is_empty()).collect::<Vec<_>>(), "{kind}");
        let mut ids = HashSet::new();
        for p in &puzzles {
            assert_eq!(p.game, kind, "{}", p.id);
            assert!(ids.insert(&p.id), "{}: id used twice", p.id);
        }
        // Issue #41: no puzzle repeats another (a tail of another's line, a
        // same-solution sibling), and every line ends with its win visible
        // (a mate or stalemate, or the solver not behind in material).
        assert_eq!(repeats(&puzzles), [], "{kind}");
        for p in &puzzles {
            assert_eq!(win_shows(p), Ok(true), "{kind}: the win does not show at the end of {}", p.to_line());
        }
    }

    /// Issue #56: every shipped puzzle is proved again, all of them (a
    /// random sample let a puzzle the judge no longer accepts pass most
    /// runs): about 32 s of one core in release, spread over the cores.
    /// Every refusal is listed, not only the first.
    #[test]
    fn every_shipped_puzzle_is_proved_again() {
        let puzzles: Vec<Puzzle> = sets().flat_map(|(kind, text)| read_set(kind, text)).collect();
        let next = AtomicUsize::new(0);
        let refused = Mutex::new(Vec::new());
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut judge = Judge::new(Effort::CHECK);
                    while let Some(p) = puzzles.get(next.fetch_add(1, Ordering::Relaxed)) {
                        if let Err(why) = judge.check_puzzle(p) {
                            refused.lock().unwrap().push(format!("{}: {why}", p.to_line()));
                        }
                    }
                });
            }
        });
        assert_eq!(refused.into_inner().unwrap(), Vec::<String>::new(), "of {} puzzles", puzzles.len());
    }

    /// Issue #55 item 5: every set teaches. At most one puzzle in
    /// [`MATE_IN_ONE_SHARE`] is a mate in one, every set holds at least
    /// [`MIN_SET_SIZE`] puzzles, and the sets of the games with draws (the
    /// Portal games) hold puzzles that win material, each with a theme
    /// that names its trick besides the first move's kind.
    #[test]
    fn every_set_is_big_enough_few_of_it_mates_in_one_and_portal_sets_win_material() {
        for (kind, text) in sets() {
            let puzzles: Vec<Puzzle> = parse_file(text).unwrap().into_iter().filter_map(|(_, p)| p.ok()).collect();
            let mates = puzzles.iter().filter(|p| is_mate_in_one(p)).count();
            assert!(puzzles.len() >= MIN_SET_SIZE, "{kind}: {} puzzles", puzzles.len());
            assert!(mates * MATE_IN_ONE_SHARE <= puzzles.len(), "{kind}: {mates} of {} mates in one", puzzles.len());
            let material: Vec<&Puzzle> = puzzles.iter().filter(|p| p.themes.contains(&Theme::WinsMaterial)).collect();
            // The Portal games: Wormhole chess has no draws (its proved lines win).
            if !matches!(kind, GameKind::Classic | GameKind::Fairy) {
                let plain = [Theme::Capture, Theme::Check, Theme::QuietMove, Theme::WinsMaterial];
                let trick = |p: &&Puzzle| p.themes.iter().any(|t| !plain.contains(t));
                assert!(material.iter().any(trick), "{kind}: no material puzzle with a theme naming its trick");
            }
        }
    }
}
