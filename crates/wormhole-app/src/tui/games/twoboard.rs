//! Two-board portal chess: the app refuses it (two boards, see
//! `drawn`), so only what the panel would say of its position and its
//! pieces' moves.

use ratatui::text::Line;
use wormhole::{AnyPosition, Color, GameKind};

use super::{GameView, rules_page};

/// Two-board portal chess.
pub struct Twoboard;

impl GameView for Twoboard {
    fn rules(&self) -> Vec<Line<'static>> {
        rules_page(GameKind::Twoboard, &[], &[])
    }

    /// The board to play and the intents.
    fn board_state(&self, pos: &AnyPosition) -> Option<String> {
        let AnyPosition::Twoboard(p) = pos else { return None };
        let intents: Vec<String> = Color::ALL.iter().filter_map(|&c| p.intent(c)).map(|i| i.to_string()).collect();
        let intents = if intents.is_empty() { "none".to_string() } else { intents.join(" ") };
        Some(format!("Board {} to play  intents {intents}  quiet plies {}/100", p.board_to_play(), p.halfmoves()))
    }
}
