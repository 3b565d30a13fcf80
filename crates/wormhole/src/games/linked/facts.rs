//! What Linked-portal chess shows and says besides its pieces and moves
//! ([`Facts`]): the portals with their owners (or frozen), the piece a
//! portal move teleports, and the choice of the portals' squares at the
//! start ([`SETUP`]).

use super::fen::start_with_portals;
use super::{Move, Portals, Position};
use crate::core::{Color, Square};
use crate::facts::{Carried, Facts, Mark, MarkKind, StartChoice, StartChoices};

/// The portals (a disc of each owner, or the crossed one of frozen
/// portals) and the piece a portal steps onto, sent to the other portal.
impl Facts for Position {
    fn marks(&self) -> Vec<Mark> {
        let at = |square, kind| Mark { board: 0, square, kind };
        match self.portals() {
            Portals::None => Vec::new(),
            Portals::Active { white, black } => {
                vec![at(white, MarkKind::Disc(Color::White)), at(black, MarkKind::Disc(Color::Black))]
            }
            Portals::Frozen(square) => vec![at(square, MarkKind::CrossedDisc)],
        }
    }

    fn carried(&self, m: Move) -> Option<Carried> {
        let other = self.opponent_portal()?;
        let piece = self.board().piece_at(m.to())?;
        (m.is_portal() && other != m.to()).then_some(Carried { piece, from: m.to(), to: other })
    }
}

impl Position {
    /// The opponent's portal while the portals are active: where a portal
    /// move sends a piece it steps onto (and where it makes a black hole).
    pub fn opponent_portal(&self) -> Option<Square> {
        Some(self.portals()).filter(|portals| portals.is_active()).and_then(|portals| portals.of(!self.turn()))
    }
}

/// The set-up: each player places a portal on a file of their rank (4 for
/// White, 5 for Black); the default start has them on e4 and a5.
pub const SETUP: StartChoices = StartChoices { choices: &PORTAL_CHOICES, value_text, fen: setup_fen };

/// The two lines of [`SETUP`]: each portal's file.
const PORTAL_CHOICES: [StartChoice; 2] = [
    StartChoice { label: "White portal", count: 8, default: 4 },
    StartChoice { label: "Black portal", count: 8, default: 0 },
];

/// The square of the portal of `Color::ALL[choice]` on `file` (rank 4 for
/// White, 5 for Black).
fn portal(choice: usize, file: u8) -> Square {
    Square::from_coords(file, 3 + choice as u8).unwrap_or(Square::new(0))
}

/// The portal's square and the rank it may stand on.
fn value_text(choice: usize, value: u8) -> String {
    let sq = portal(choice, value);
    format!("{sq} (any square of rank {})", sq.rank() + 1)
}

/// The start with White's portal on file `white` and Black's on `black`.
fn setup_fen(values: &[u8]) -> Option<String> {
    let &[white, black] = values else { return None };
    start_with_portals(portal(0, white), portal(1, black))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_setup_is_the_start_and_the_portals_are_discs() {
        let defaults: Vec<u8> = SETUP.choices.iter().map(|c| c.default).collect();
        let fen = (SETUP.fen)(&defaults).unwrap();
        assert_eq!(fen, super::super::fen::START);
        assert_eq!((SETUP.value_text)(1, 7), "h5 (any square of rank 5)");
        let pos = Position::from_fen(&fen).unwrap();
        let discs: Vec<(Square, MarkKind)> = pos.marks().iter().map(|m| (m.square, m.kind)).collect();
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(discs, [(sq("e4"), MarkKind::Disc(Color::White)), (sq("a5"), MarkKind::Disc(Color::Black))]);
    }
}
