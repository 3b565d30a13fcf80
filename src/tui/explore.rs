//! Live analysis: a position the engine searches without limit, showing
//! its best lines (MultiPV) as they deepen, and moves the player tries on
//! it without changing the game.

use super::ai::{EngineReport, SearchLimits};
use wormhole::{AnyMove, AnyPosition, Bitboard, Rules, Square};

use super::action::UserAction;
use super::highlights::Highlights;

/// How many best lines the live analysis shows.
pub const ANALYSIS_LINES: usize = 3;

/// Where the live analysis returns to when it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The game (playing, or its end).
    Game,
    /// The review screen.
    Review,
}

/// The analysis board: where it started, the moves tried since, the
/// position they lead to.
#[derive(Debug, Clone)]
pub struct Explore {
    /// Tags the search, so a report from an earlier one is dropped.
    pub id: u64,
    pub origin: Origin,
    pub base: AnyPosition,
    pub tried: Vec<AnyMove>,
    /// `base` after the moves tried.
    pub position: AnyPosition,
    /// The last report of a search that ended by itself (it proved the
    /// result), shown until the next move is tried.
    pub finished: Option<EngineReport>,
}

impl Explore {
    pub fn new(id: u64, base: AnyPosition, origin: Origin) -> Explore {
        Explore { id, origin, position: base.clone(), base, tried: Vec::new(), finished: None }
    }

    /// The search: until stopped, the best [`ANALYSIS_LINES`] lines.
    pub fn limits() -> SearchLimits {
        SearchLimits { infinite: true, multipv: ANALYSIS_LINES, ..SearchLimits::default() }
    }

    /// What the board marks: the last move tried, the piece picked and its
    /// targets, or else the best line's first move (from the search's
    /// latest report) as a hint.
    pub fn highlights(
        &self,
        info: Option<&EngineReport>,
        selected: Option<Square>,
        cursor: Option<Square>,
    ) -> Highlights {
        let mut hl = Highlights { last_move: self.tried.last().copied(), cursor, ..Highlights::of(&self.position) };
        if let Some(from) = selected {
            hl.selected = Bitboard::from_square(from);
            hl.show_moves_of(&self.position, from, None);
        } else if let Some(&best) = info.and_then(|i| i.pv.first()).filter(|&&m| self.position.is_legal(m)) {
            hl.show_move(best);
        }
        hl
    }

    /// Whether the live analysis does `action` (what its keys offer).
    pub fn offers(&self, action: UserAction) -> bool {
        use UserAction as A;
        match action {
            A::Undo => !self.tried.is_empty(),
            A::Redo | A::Hint | A::MoveNow | A::Save | A::NewGame | A::Review | A::Help | A::Legend | A::ShowFen => {
                false
            }
            _ => true,
        }
    }

    /// Tries a legal move (the game is not changed); refuses one that
    /// cannot be played here.
    pub fn try_move(&mut self, m: AnyMove, id: u64) -> Result<(), wormhole::PlayError> {
        self.position = self.position.after(m)?;
        self.tried.push(m);
        self.id = id;
        self.finished = None;
        Ok(())
    }

    /// Takes back the last move tried; false if none was.
    pub fn take_back(&mut self, id: u64) -> bool {
        if self.tried.pop().is_none() {
            return false;
        }
        let mut pos = self.base.clone();
        // Every tried move was played from here before (try_move keeps
        // only those), so none is refused.
        for &m in &self.tried {
            if pos.play(m).is_err() {
                break;
            }
        }
        self.position = pos;
        self.id = id;
        self.finished = None;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wormhole::GameKind;

    #[test]
    fn moves_tried_and_taken_back_leave_the_base_alone() {
        let base = AnyPosition::new(GameKind::Fairy);
        let mut e = Explore::new(1, base.clone(), Origin::Game);
        let m = base.parse_move("e4").unwrap();
        e.try_move(m, 2).unwrap();
        assert_eq!(Ok(&e.position), base.after(m).as_ref());
        assert_eq!(e.id, 2);
        assert!(e.take_back(3));
        assert_eq!(e.position, base);
        assert!(!e.take_back(4));
        assert_eq!(e.base, base);
        assert_eq!(Explore::limits().multipv, ANALYSIS_LINES);
    }
}
