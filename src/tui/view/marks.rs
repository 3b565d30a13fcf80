//! What the view reads off the state beyond its parts, for the mode on
//! screen: what the board marks ([`highlights`]) and what the line under
//! the input says about the text typed ([`input_hint`]).

use wormhole::facts::Facts;
use wormhole::{Bitboard, Rules};

use crate::tui::commands;
use crate::tui::game::PlayerKind;
use crate::tui::highlights::Highlights;
use crate::tui::input::{self, Candidate, InputHint};
use crate::tui::state::{AppState, Mode, forced_move, game_candidates};

/// What the board marks: last move, check, the piece about to move and
/// its targets (the review's and the live analysis' own marks on theirs).
pub fn highlights(session: &AppState) -> Highlights {
    let (mode, study) = (session.mode(), session.study());
    if let (Mode::Review, Some(review)) = (mode, &study.review) {
        return review.highlights();
    }
    if let (Mode::Analyze, Some(explore)) = (mode, &study.explore) {
        let thinking = session.core().engine.thinking.as_ref();
        let info = thinking.and_then(|t| t.info.as_ref()).or(explore.finished.as_ref());
        return explore.highlights(info, session.core().view.selected, session.core().view.cursor);
    }
    game_highlights(session)
}

/// What the game's board marks at the ply shown: the last move; at the
/// current ply also the piece about to move and its targets, the
/// `:explain`ed pieces, the hint, or the moves the typed text could be.
fn game_highlights(session: &AppState) -> Highlights {
    let (game, view) = (&session.core().game, &session.core().view);
    let ply = session.shown_ply();
    let last_move = game.line().move_before(ply);
    let carried = last_move.and_then(|m| game.line().position_at(ply - 1).carried(m));
    let last_also = carried.map_or(Bitboard::EMPTY, |c| Bitboard::from_square(c.to));
    let mut hl = Highlights { last_move, last_also, cursor: view.cursor, ..Highlights::of(session.shown_position()) };
    if ply != game.line().len() {
        return hl;
    }
    let candidates = candidates(session);
    if let Some(from) = view.selected {
        hl.show_moves_of(game.line().position(), from, view.entry);
    } else if let Some((from, to)) = view.explained {
        hl.selected = from;
        hl.targets = to;
    } else if let Some(m) = view.hint {
        hl.show_move(m);
    } else if let Some(sq) = session.activity().trainer().and_then(|t| t.hint_square(ply)) {
        hl.selected |= Bitboard::from_square(sq);
    } else if !candidates.is_empty() {
        for c in candidates {
            hl.show_move(c.mv);
        }
    } else if let Some(sq) = view.cursor.filter(|_| session.activity().human_to_move(game)) {
        // The piece under the keyboard cursor: where it could go.
        let pos = game.line().position();
        if pos.played_board().piece_at(sq).is_some_and(|p| p.color == pos.turn()) {
            hl.show_moves_of(pos, sq, None);
            hl.selected = Bitboard::EMPTY;
        }
    }
    hl
}

/// The legal moves the typed text could be.
fn candidates(session: &AppState) -> Vec<Candidate> {
    let text = session.core().view.input.text();
    if let (Mode::Analyze, Some(explore)) = (session.mode(), &session.study().explore) {
        return input::candidates(&explore.position, text);
    }
    game_candidates(&session.core().game, text, session.activity(), session.mode())
}

/// What the line under the input says about the text typed: the
/// commands it could be, the forced move Enter plays on an empty line
/// (and why it is forced: the game's words, then how to play it), or
/// the moves the text could be.
pub fn input_hint(session: &AppState) -> InputHint {
    let (game, text) = (&session.core().game, session.core().view.input.text());
    if let Some(cmd) = text.strip_prefix(':') {
        return InputHint::Command(commands::matching(cmd.split_whitespace().next().unwrap_or("")));
    }
    if text.is_empty() {
        return match forced_move(game, session.activity(), session.mode()) {
            Some(forced) => InputHint::Forced(forced.why),
            None => InputHint::Empty,
        };
    }
    if let (Mode::Analyze, Some(explore)) = (session.mode(), &session.study().explore) {
        return InputHint::of(input::reading(&explore.position, text));
    }
    if !game.is_over() && game.player_to_move() == PlayerKind::Engine {
        return InputHint::EngineToMove;
    }
    InputHint::of(input::reading(game.line().position(), text))
}
