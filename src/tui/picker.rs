//! The list of saved games and autosaves (Ctrl-O, `:open`, `o` on the
//! new-game screen): typing filters it, Up/Down choose, Enter opens.

use std::path::PathBuf;

use crate::saved_games::SavedGame;
use crate::tui::action::UserAction;

/// What a key did to the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picked {
    /// The list stays up.
    Stays,
    /// Enter with no game shown: the list stays up.
    NoMatch,
    /// The list closes (Esc), or opens this game (Enter).
    Closed(Option<PathBuf>),
}

/// The list on screen, and `Back`, where Esc goes back to: the app's mode,
/// which the list only keeps (so that it needs nothing of the app's state).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GamePicker<Back> {
    /// The games, newest first; None while the folders are read.
    pub games: Option<Vec<SavedGame>>,
    /// The folders looked in (games, autosaves).
    pub folders: Vec<PathBuf>,
    /// What has been typed: every word must be in a game's row.
    pub filter: String,
    /// The row chosen among those the filter keeps.
    pub selected: usize,
    /// Where Esc goes back to.
    pub back: Back,
}

impl<Back> GamePicker<Back> {
    /// An empty list, until the folders are read.
    pub fn new(back: Back) -> GamePicker<Back> {
        GamePicker { games: None, folders: Vec::new(), filter: String::new(), selected: 0, back }
    }

    /// The list's own update: typing filters, arrows choose, Enter opens,
    /// Esc goes back.
    pub fn update(&mut self, action: UserAction) -> Picked {
        match action {
            UserAction::Char(c) => self.type_char(c),
            UserAction::Backspace => self.backspace(),
            UserAction::Cursor(_, dy) => self.move_by(-i32::from(dy)),
            UserAction::Submit => {
                return match self.chosen() {
                    Some(game) => Picked::Closed(Some(game.path.clone())),
                    None => Picked::NoMatch,
                };
            }
            UserAction::Escape => return Picked::Closed(None),
            _ => {}
        }
        Picked::Stays
    }

    /// The games found in `folders`, read.
    pub fn listed(&mut self, games: Vec<SavedGame>, folders: &[PathBuf]) {
        self.games = Some(games);
        self.folders = folders.to_vec();
    }

    /// The games the filter keeps: the files read, and once something is
    /// typed, the older ones whose name or date it matches too.
    pub fn shown(&self) -> Vec<&SavedGame> {
        let typed = !self.filter.trim().is_empty();
        self.games.iter().flatten().filter(|g| (g.read || typed) && g.matches(&self.filter)).collect()
    }

    /// How many files are older than those read (listed only when the filter finds them).
    pub fn left_out(&self) -> usize {
        self.games.iter().flatten().filter(|g| !g.read).count()
    }

    /// The game Enter opens.
    pub fn chosen(&self) -> Option<&SavedGame> {
        self.shown().get(self.selected).copied()
    }

    /// Chooses the row `d` down (negative: up), stopping at the ends.
    pub fn move_by(&mut self, d: i32) {
        let last = self.shown().len().saturating_sub(1) as i32;
        self.selected = (self.selected as i32 + d).clamp(0, last) as usize;
    }

    /// Types into the filter (back to the first row).
    pub fn type_char(&mut self, c: char) {
        self.filter.push(c);
        self.selected = 0;
    }

    pub fn backspace(&mut self) {
        self.filter.pop();
        self.selected = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::SystemTime;

    fn game(name: &str, players: &str) -> SavedGame {
        let (path, modified, opening) = (PathBuf::from(name), SystemTime::UNIX_EPOCH, "1. e4".to_string());
        let (game, players) = ("Wormhole chess (classic)".to_string(), players.to_string());
        SavedGame { path, modified, autosave: false, read: true, game, players, opening }
    }

    #[test]
    fn files_older_than_those_read_are_found_by_the_filter() {
        let mut p = GamePicker::new(());
        let old = SavedGame { read: false, ..game("old-linked.pgn", "") };
        p.games = Some(vec![game("a.pgn", "You - Engine"), old]);
        assert_eq!((p.shown().len(), p.left_out()), (1, 1), "listed only when typed for");
        "linked".chars().for_each(|c| p.type_char(c));
        assert_eq!(p.chosen().unwrap().path, PathBuf::from("old-linked.pgn"));
    }

    #[test]
    fn typing_filters_and_the_choice_stays_in_the_list() {
        let mut p = GamePicker::new(());
        assert!(p.chosen().is_none(), "nothing until the folders are read");
        p.games =
            Some(vec![game("a.pgn", "You - Engine"), game("b.pgn", "White - Black"), game("c.pgn", "You - Anna")]);
        p.move_by(5);
        assert_eq!(p.chosen().unwrap().path, PathBuf::from("c.pgn"), "stops at the last row");
        "you".chars().for_each(|c| p.type_char(c));
        assert_eq!(p.shown().len(), 2);
        assert_eq!(p.chosen().unwrap().path, PathBuf::from("a.pgn"), "the filter starts from the top");
        p.move_by(-3);
        assert_eq!(p.selected, 0);
        p.type_char('x');
        assert!(p.chosen().is_none());
        p.backspace();
        assert_eq!(p.shown().len(), 2);
    }

    #[test]
    fn the_list_s_own_update_filters_chooses_opens_and_closes() {
        let mut p = GamePicker::new(());
        assert_eq!(p.update(UserAction::Submit), Picked::NoMatch, "nothing listed yet");
        p.listed(vec![game("a.pgn", "You - Engine"), game("b.pgn", "Ann - Bob")], &[PathBuf::from("games")]);
        assert_eq!(p.update(UserAction::Cursor(0, -1)), Picked::Stays);
        assert_eq!(p.chosen().map(|g| g.path.clone()), Some(PathBuf::from("b.pgn")), "Down chose the second");
        for c in "ann".chars() {
            assert_eq!(p.update(UserAction::Char(c)), Picked::Stays);
        }
        assert_eq!(p.update(UserAction::Submit), Picked::Closed(Some(PathBuf::from("b.pgn"))));
        p.update(UserAction::Char('z'));
        assert_eq!(p.update(UserAction::Submit), Picked::NoMatch, "the filter keeps no game");
        assert_eq!(p.update(UserAction::Escape), Picked::Closed(None));
    }
}
