//! The lobby's lines typed before, recalled with Ctrl-P (older) and
//! Ctrl-N (newer), as a shell's line editor does: Up and Down move the
//! lobby's pick, so they are not the history's keys here.

use crate::limits::LOBBY_TYPED_LINES;

/// The lines run in the lobby, oldest first, and where a recall stands.
#[derive(Debug, Default)]
pub struct TypedLines {
    lines: Vec<String>,
    /// The line recalled (an index into `lines`); `None`: a new line.
    at: Option<usize>,
    /// What was on the input line when the recall began, given back past
    /// the newest line.
    draft: String,
}

impl TypedLines {
    /// Keeps a line that was run (not an empty one, not the same as the
    /// line before it), forgetting the oldest past [`LOBBY_TYPED_LINES`];
    /// the next recall starts from the newest again.
    pub fn keep(&mut self, line: &str) {
        self.at = None;
        if line.is_empty() || self.lines.last().is_some_and(|l| l == line) {
            return;
        }
        if self.lines.len() == LOBBY_TYPED_LINES {
            self.lines.remove(0);
        }
        self.lines.push(line.to_string());
    }

    /// The line before the one recalled (the newest at first, keeping
    /// `input` as the draft); `None` when there is none older.
    pub fn older(&mut self, input: &str) -> Option<&str> {
        let at = match self.at {
            None if self.lines.is_empty() => return None,
            None => {
                self.draft = input.to_string();
                self.lines.len() - 1
            }
            Some(0) => return None,
            Some(i) => i - 1,
        };
        self.at = Some(at);
        Some(&self.lines[at])
    }

    /// The line after the one recalled, or the draft past the newest;
    /// `None` when no recall is under way.
    pub fn newer(&mut self) -> Option<&str> {
        let at = self.at?;
        if at + 1 < self.lines.len() {
            self.at = Some(at + 1);
            return Some(&self.lines[at + 1]);
        }
        self.at = None;
        Some(&self.draft)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_come_back_newest_first_and_the_draft_after_the_newest() {
        let mut typed = TypedLines::default();
        assert_eq!(typed.older("x"), None, "nothing typed yet");
        for line in ["new classic", "", "top", "top", "open 3"] {
            typed.keep(line);
        }
        assert_eq!(typed.older("acc"), Some("open 3"));
        assert_eq!(typed.older("ignored"), Some("top"), "the same line twice is kept once");
        assert_eq!(typed.older(""), Some("new classic"));
        assert_eq!(typed.older(""), None, "no line older than the first");
        assert_eq!(typed.newer(), Some("top"));
        assert_eq!(typed.newer(), Some("open 3"));
        assert_eq!(typed.newer(), Some("acc"), "past the newest: what was being typed");
        assert_eq!(typed.newer(), None);
    }

    #[test]
    fn only_the_newest_lines_are_kept() {
        let mut typed = TypedLines::default();
        for i in 0..LOBBY_TYPED_LINES + 5 {
            typed.keep(&format!("player p{i}"));
        }
        let mut oldest = String::new();
        while let Some(line) = typed.older("") {
            oldest = line.to_string();
        }
        assert_eq!(oldest, "player p5");
    }
}
