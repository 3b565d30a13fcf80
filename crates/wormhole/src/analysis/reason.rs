//! Why a judged move is bad, in words: the opponent's reply that punishes
//! it, what that reply wins (a forced win, or material, each piece named),
//! and the line that shows it.

use super::{Eval, MoveReview};
use crate::core::{Color, Role};
use crate::games::{AnyMove, AnyPosition};
use crate::rules::Rules;

/// Plies of the reply line that count the material it wins.
const MATERIAL_PLIES: usize = 10;

/// Plies of the reply line the text shows.
const SHOWN_PLIES: usize = 8;

/// Less than this many centipawns of material is no material won.
const MATERIAL_WON: i32 = 80;

/// The reason a judged move is bad, after its SAN: `allows mate in 3:
/// 6...Qxh2+ 7.Kf1 Qh1#`, `allows 6.Qxh6, winning a knight (+7.10, White
/// wins 96%): 6.Qxh6 Nf6 7.Qg5`, or `allows 6.Nd5 (+2.10, White wins 73%):
/// ...`. `before` and `after` are the positions around the move; `exact`
/// whether a proved distance after it is exact. `None` when the game
/// ended with the move (no reply).
pub(super) fn reason(before: &AnyPosition, after: &AnyPosition, review: &MoveReview, exact: bool) -> Option<String> {
    let line = &review.reply_line;
    let first = line_san(after, &line[..1.min(line.len())], 1);
    if first.is_empty() {
        return None;
    }
    let shown = line_san(after, line, SHOWN_PLIES);
    let kind = after.kind();
    if let Eval::Proved { winner, plies } = review.after
        && winner != review.mover
        && plies > 0
    {
        let moves = plies.div_ceil(2);
        let bound = if exact { "" } else { "at most " };
        let what = if ends_in_mate(after, line) { "mate" } else { "a forced win" };
        return Some(format!("allows {what} in {bound}{moves}: {shown}"));
    }
    let eval = match review.after {
        Eval::Cp(cp) if cp > 0 => format!("+{}", review.after),
        e => e.to_string(),
    };
    let chances = format!("{eval}, {}", review.after.chances(kind));
    Some(match material_won(before, review.played, line, review.mover) {
        Some(won) => format!("allows {first}, winning {won} ({chances}): {shown}"),
        None => format!("allows {first} ({chances}): {shown}"),
    })
}

/// Whether playing `line` from `pos` ends the game with the side to move
/// checked and without a move.
fn ends_in_mate(pos: &AnyPosition, line: &[AnyMove]) -> bool {
    let mut pos = pos.clone();
    for &m in line {
        if pos.play(m).is_err() {
            return false;
        }
    }
    pos.is_check() && pos.legal_moves().is_empty()
}

/// What the opponent wins over the first plies of `line`, after `mover`
/// played `played` in `before`: `a knight`, `a rook for a bishop`,
/// `material`; `None` when the mover's material did not fall by a pawn or
/// near it.
fn material_won(before: &AnyPosition, played: AnyMove, line: &[AnyMove], mover: Color) -> Option<String> {
    let side = |pos: &AnyPosition| if pos.turn() == mover { pos.material() } else { -pos.material() };
    let start = side(before);
    let mut pos = before.clone();
    let mut taken: [Vec<Role>; 2] = [Vec::new(), Vec::new()];
    for &m in std::iter::once(&played).chain(line.iter().take(MATERIAL_PLIES)) {
        let by_mover = usize::from(pos.turn() == mover);
        if let Some(piece) = pos.captured_by(m) {
            taken[by_mover].push(piece.role);
        }
        if pos.play(m).is_err() {
            break;
        }
    }
    if start - side(&pos) < MATERIAL_WON {
        return None;
    }
    let [mut won, mut lost] = taken;
    // A piece taken on each side is a trade, not a gain.
    won.retain(|role| match lost.iter().position(|r| r == role) {
        Some(i) => {
            lost.remove(i);
            false
        }
        None => true,
    });
    let names = |roles: &[Role]| pieces(before, roles);
    Some(match (won.is_empty(), lost.is_empty()) {
        (true, _) => "material".to_string(),
        (false, true) => names(&won),
        (false, false) => format!("{} for {}", names(&won), names(&lost)),
    })
}

/// Pieces named by kind, most valuable first as taken: `a knight`, `a rook
/// and two pawns`.
fn pieces(pos: &AnyPosition, roles: &[Role]) -> String {
    let names = pos.kind().role_names();
    let mut kinds: Vec<Role> = roles.to_vec();
    kinds.sort_by(|a, b| b.cmp(a));
    kinds.dedup();
    let parts: Vec<String> = kinds
        .iter()
        .map(|&role| {
            let name = names.name(role);
            match roles.iter().filter(|&&r| r == role).count() {
                1 => format!("a{} {name}", if name.starts_with(['a', 'e', 'i', 'o', 'u']) { "n" } else { "" }),
                n => format!("{} {name}s", number_word(n)),
            }
        })
        .collect();
    match parts.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

fn number_word(n: usize) -> String {
    const WORDS: [&str; 9] = ["", "one", "two", "three", "four", "five", "six", "seven", "eight"];
    WORDS.get(n).map_or_else(|| n.to_string(), |w| w.to_string())
}

/// The moves of `line` from `pos` in SAN with move numbers, at most `max`
/// of them, stopping before a move that is not legal: `6...Qxh2+ 7.Kf1 Qh1#`.
///
/// ```
/// use wormhole::analysis::line_san;
/// use wormhole::{AnyPosition, GameKind, Rules};
/// let start = AnyPosition::new(GameKind::Porthole);
/// let mut pos = start.clone();
/// let moves: Vec<_> = ["e4", "e5", "Nf3"].iter().map(|m| pos.play_text(m).unwrap()).collect();
/// assert_eq!(line_san(&start, &moves, 2), "1.e4 e5");
/// assert_eq!(line_san(&start.after(moves[0]).unwrap(), &moves[1..], 9), "1...e5 2.Nf3");
/// ```
pub fn line_san(pos: &AnyPosition, line: &[AnyMove], max: usize) -> String {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for &m in line.iter().take(max) {
        let Ok(next) = pos.after(m) else { break };
        let san = pos.san(m);
        let number = pos.move_number();
        if pos.turn() == Color::White {
            out.push(format!("{number}.{san}"));
        } else if out.is_empty() {
            out.push(format!("{number}...{san}"));
        } else {
            out.push(san);
        }
        pos = next;
    }
    out.join(" ")
}
