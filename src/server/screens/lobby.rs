//! The lobby's list: the player's games, the open challenges and the
//! games being played, as rows under three headings (no game twice), one
//! of them picked. The pick moves with Up/Down/PgUp/PgDn/Home/End, the
//! list scrolls to keep it in view, and Enter acts on it (open, accept,
//! watch). The list's drawing is [`super::view`]'s.

use crate::server::hub::GameId;
use crate::server::hub::{ChallengeId, ChallengeInfo, Lobby, LobbyGame};

/// The lobby's three parts, in the order they are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    /// The player's unfinished games.
    Mine,
    /// Open challenges (to anyone, or to this player).
    Challenges,
    /// Games being played by others (watch).
    Live,
}

impl Section {
    /// The heading's words.
    pub fn heading(self) -> &'static str {
        match self {
            Section::Mine => "Your games",
            Section::Challenges => "Open challenges",
            Section::Live => "Games being played",
        }
    }
}

/// A row of the list.
#[derive(Debug, Clone, Copy)]
pub enum Row<'a> {
    /// A section's heading, with how many it holds.
    Heading(Section, usize),
    /// A section with nothing in it.
    Nothing,
    /// A game: the player's own (`Section::Mine`) or another's.
    Game(&'a LobbyGame, Section),
    Challenge(&'a ChallengeInfo),
}

/// What a row that can be picked stands for (kept across a re-read of the
/// lobby, so the pick stays on the same game).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LobbyEntry {
    Game(GameId),
    Challenge(ChallengeId),
}

impl Row<'_> {
    /// The entry of a row that can be picked.
    pub fn entry(&self) -> Option<LobbyEntry> {
        match self {
            Row::Game(g, _) => Some(LobbyEntry::Game(g.id)),
            Row::Challenge(c) => Some(LobbyEntry::Challenge(c.id)),
            Row::Heading(..) | Row::Nothing => None,
        }
    }
}

/// The rows of `lobby`: the player's games (`mine`: not for a guest), the
/// challenges, then the games being played that are not the player's.
pub fn rows(lobby: &Lobby, mine: bool) -> Vec<Row<'_>> {
    let mut rows = Vec::new();
    if mine {
        section(&mut rows, Section::Mine, lobby.mine.iter().map(|g| Row::Game(g, Section::Mine)).collect());
    }
    section(&mut rows, Section::Challenges, lobby.challenges.iter().map(Row::Challenge).collect());
    let others = lobby.live.iter().filter(|g| !lobby.mine.iter().any(|m| m.id == g.id));
    section(&mut rows, Section::Live, others.map(|g| Row::Game(g, Section::Live)).collect());
    rows
}

/// A section's heading, then its items (or that it has none).
fn section<'a>(rows: &mut Vec<Row<'a>>, section: Section, items: Vec<Row<'a>>) {
    rows.push(Row::Heading(section, items.len()));
    if items.is_empty() {
        rows.push(Row::Nothing);
    }
    rows.extend(items);
}

/// A move of the pick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PickStep {
    Up,
    Down,
    PageUp,
    PageDown,
    Home,
    End,
}

/// The picked row and the first row shown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LobbyPick {
    /// The picked row's index among the rows that can be picked.
    pub index: usize,
    /// The first row shown (headings count).
    pub top: usize,
    /// What the picked row stands for, to find it again after a re-read.
    pub entry: Option<LobbyEntry>,
}

/// The indices (in `rows`) of the rows that can be picked.
fn pickable(rows: &[Row<'_>]) -> Vec<usize> {
    rows.iter().enumerate().filter(|(_, r)| r.entry().is_some()).map(|(i, _)| i).collect()
}

impl LobbyPick {
    /// The row index of the pick in `rows`, if anything can be picked.
    pub fn row(&self, rows: &[Row<'_>]) -> Option<usize> {
        let at = pickable(rows);
        at.get(self.index.min(at.len().saturating_sub(1))).copied()
    }

    /// The picked entry.
    pub fn entry_in(&self, rows: &[Row<'_>]) -> Option<LobbyEntry> {
        self.row(rows).and_then(|r| rows[r].entry())
    }

    /// Moves the pick by `step` in a list showing `height` rows.
    pub fn step(&mut self, step: PickStep, rows: &[Row<'_>], height: usize) {
        let count = pickable(rows).len();
        let last = count.saturating_sub(1);
        let page = height.saturating_sub(2).max(1);
        self.index = match step {
            PickStep::Up => self.index.saturating_sub(1),
            PickStep::Down => (self.index + 1).min(last),
            PickStep::PageUp => self.index.saturating_sub(page),
            PickStep::PageDown => (self.index + page).min(last),
            PickStep::Home => 0,
            PickStep::End => last,
        };
        if step == PickStep::Home {
            self.top = 0;
        }
        self.follow(rows, height);
    }

    /// After the rows changed (the lobby read again): the pick goes back
    /// to its entry if it is still listed, else stays where it was.
    pub fn relocate(&mut self, rows: &[Row<'_>], height: usize) {
        if let Some(entry) = self.entry
            && let Some(i) = pickable(rows).iter().position(|&r| rows[r].entry() == Some(entry))
        {
            self.index = i;
        }
        self.follow(rows, height);
    }

    /// Scrolls so the pick is in view (with its heading when it is the
    /// first of its section) and the list does not end above the bottom.
    fn follow(&mut self, rows: &[Row<'_>], height: usize) {
        let count = pickable(rows).len();
        self.index = self.index.min(count.saturating_sub(1));
        self.entry = self.entry_in(rows);
        let height = height.max(1);
        self.top = self.top.min(rows.len().saturating_sub(height));
        let Some(row) = self.row(rows) else {
            self.top = 0;
            return;
        };
        let shown_from = if row > 0 && matches!(rows[row - 1], Row::Heading(..)) { row - 1 } else { row };
        if shown_from < self.top {
            self.top = shown_from;
        }
        if row >= self.top + height {
            self.top = row + 1 - height;
        }
    }
}

#[cfg(test)]
mod tests {
    use wormhole::{Color, GameKind};

    use super::*;

    fn game(id: GameId) -> LobbyGame {
        LobbyGame {
            id,
            kind: GameKind::Classic,
            names: ["alice".into(), "bob".into()],
            rated: false,
            clock: None,
            plies: 0,
            turn: Color::White,
            clocks: None,
        }
    }

    fn lobby(mine: std::ops::Range<i64>, live: std::ops::Range<i64>) -> Lobby {
        Lobby {
            online: Vec::new(),
            challenges: Vec::new(),
            live: live.map(GameId).map(game).collect(),
            mine: mine.map(GameId).map(game).collect(),
        }
    }

    #[test]
    fn a_game_is_listed_once_under_its_heading() {
        // Games 1-3 are the player's and are being played: listed once, as theirs.
        let l = lobby(1..4, 1..6);
        let rows = rows(&l, true);
        let games: Vec<(GameId, Section)> = rows
            .iter()
            .filter_map(|r| match r {
                Row::Game(g, s) => Some((g.id, *s)),
                _ => None,
            })
            .collect();
        use Section::{Live, Mine};
        assert_eq!(games, [(1, Mine), (2, Mine), (3, Mine), (4, Live), (5, Live)].map(|(id, s)| (GameId(id), s)));
        assert!(matches!(rows[4], Row::Heading(Section::Challenges, 0)) && matches!(rows[5], Row::Nothing));
    }

    #[test]
    fn the_pick_moves_and_the_list_scrolls_to_keep_it_shown() {
        let l = lobby(1..11, 11..31);
        let rows = rows(&l, true);
        let height = 10;
        let mut pick = LobbyPick::default();
        pick.relocate(&rows, height);
        assert_eq!((pick.entry, pick.top), (Some(LobbyEntry::Game(GameId(1))), 0));
        for _ in 0..9 {
            pick.step(PickStep::Down, &rows, height);
        }
        // Game 10 is row 10 (after the heading): the list has scrolled by one.
        assert_eq!((pick.entry, pick.top), (Some(LobbyEntry::Game(GameId(10))), 1));
        pick.step(PickStep::PageDown, &rows, height);
        assert_eq!(pick.entry, Some(LobbyEntry::Game(GameId(18))));
        let row = pick.row(&rows).unwrap();
        assert!(row >= pick.top && row < pick.top + height, "{pick:?}");
        pick.step(PickStep::End, &rows, height);
        assert_eq!((pick.entry, pick.top), (Some(LobbyEntry::Game(GameId(30))), rows.len() - height));
        pick.step(PickStep::Home, &rows, height);
        assert_eq!((pick.entry, pick.top), (Some(LobbyEntry::Game(GameId(1))), 0));
        // Read again without game 1: the pick stays at the top; with game
        // 5 picked and game 2 gone, it stays on game 5.
        pick.step(PickStep::Down, &rows, height);
        pick.step(PickStep::Down, &rows, height);
        pick.step(PickStep::Down, &rows, height);
        pick.step(PickStep::Down, &rows, height);
        let fewer = Lobby { mine: l.mine.iter().filter(|g| g.id != GameId(2)).cloned().collect(), ..l.clone() };
        pick.relocate(&super::rows(&fewer, true), height);
        assert_eq!(pick.entry, Some(LobbyEntry::Game(GameId(5))));
    }
}
