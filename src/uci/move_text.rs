//! A move as the GUI writes it, read in the game's position: shared by
//! `position ... moves` ([`game`](super::game)) and `go searchmoves`
//! ([`go`](super::go)).

use anyhow::anyhow;
use wormhole::rules::{GameMove, MoveSet};
use wormhole::{Rules, Square};

/// The legal move `text` names in `pos`, or why there is none, with a hint
/// when `text` is coordinates whose target a legal move of that piece only
/// passes through (in Linked-portal chess, `e2e4` from the start: the pawn
/// enters the portal on e4 and comes out on a5, "write e2a5 (e4>a5)").
pub fn parse_move<P: Rules>(pos: &P, text: &str) -> anyhow::Result<P::Move> {
    pos.parse_move(text).map_err(|e| match through_hint(pos, text) {
        Some(hint) => anyhow!("{e}; {hint}"),
        None => anyhow!(e),
    })
}

/// For coordinates `text` (origin, then target), the legal moves of the
/// piece on the origin that end elsewhere but name the target in SAN: they
/// pass through it. "write e2a5 (e4>a5)", or "write one of ...".
fn through_hint<P: Rules>(pos: &P, text: &str) -> Option<String> {
    let from: Square = text.get(0..2)?.parse().ok()?;
    let target: Square = text.get(2..4)?.parse().ok()?;
    let name = target.to_string();
    let through: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|&m| m.from() == from && m.to() != target)
        .map(|m| (m, pos.san(m)))
        .filter(|(_, san)| san.contains(&name))
        .map(|(m, san)| format!("{m} ({san})"))
        .collect();
    match through.as_slice() {
        [] => None,
        [one] => Some(format!("write {one}")),
        many => Some(format!("write one of {}", many.join(", "))),
    }
}
