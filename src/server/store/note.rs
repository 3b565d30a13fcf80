//! What one server node tells the others sharing its database (`wormhole
//! serve --database postgres://...`, several processes): a [`Note`] names
//! what changed (a game's rows, the open challenges) or carries what is not
//! stored (an offer, a chat line); the receiving node reads the rows and
//! feeds its hub as if one of its own sessions had made the change. On
//! PostgreSQL a note is a `NOTIFY` on [`CHANNEL`], sent in the transaction
//! of the change it tells (so it goes out exactly when the change is
//! committed), its payload the sending node's id, then the note
//! ([`Note::payload`], [`Note::parse`]); a node ignores its own.

use wormhole::Color;

use super::{AccountId, ChallengeId, GameId};

/// The PostgreSQL channel the nodes talk on.
pub const CHANNEL: &str = "wormhole";

/// Which offer a [`Note::Offer`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferKind {
    Draw,
    Takeback,
    Rematch,
}

/// A change another node made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// A game's rows changed (created, a move, a takeback, its end): read it again.
    Game(GameId),
    /// The open challenges changed: read them again.
    Challenges,
    /// A challenge by name was declined by `by`: its maker `from` is told.
    Declined { id: ChallengeId, from: AccountId, by: String },
    /// `by` made (`made`) or took back / was refused (`!made`) an offer in `game`.
    Offer { game: GameId, kind: OfferKind, by: Color, made: bool },
    /// A chat line (already inert) in `game`, from a player or a spectator.
    Chat { game: GameId, from: String, spectator: bool, text: String },
    /// Who is online on the nodes changed (a player's first session on a
    /// node opened, or their last closed): read it again.
    Presence,
    /// The node's listening connection was lost and is back: notes may have
    /// been missed, so everything is read again (never sent, only received).
    Resync,
}

fn colour_char(c: Color) -> char {
    if c == Color::White { 'w' } else { 'b' }
}

fn offer_char(kind: OfferKind) -> char {
    match kind {
        OfferKind::Draw => 'd',
        OfferKind::Takeback => 't',
        OfferKind::Rematch => 'r',
    }
}

impl Note {
    /// The `NOTIFY` payload of this note from node `node` (an id without spaces).
    pub fn payload(&self, node: &str) -> String {
        match self {
            Note::Game(game) => format!("{node} g {game}"),
            Note::Challenges => format!("{node} c"),
            Note::Declined { id, from, by } => format!("{node} x {id} {from} {by}"),
            Note::Offer { game, kind, by, made } => {
                format!("{node} o {game} {} {} {}", offer_char(*kind), colour_char(*by), u8::from(*made))
            }
            // A chat line holds no control character (it is made inert), so no tab.
            Note::Chat { game, from, spectator, text } => {
                format!("{node} t {game} {} {from}\t{text}", u8::from(*spectator))
            }
            Note::Presence => format!("{node} p"),
            Note::Resync => format!("{node} r"),
        }
    }

    /// The sending node's id and the note of a payload; `None` for one
    /// this program does not read (a newer node's, say).
    pub fn parse(payload: &str) -> Option<(&str, Note)> {
        let (node, rest) = payload.split_once(' ')?;
        let (kind, rest) = rest.split_once(' ').unwrap_or((rest, ""));
        let mut words = rest.split(' ');
        let mut id = || words.next()?.parse::<i64>().ok();
        let note = match kind {
            "g" => Note::Game(GameId(id()?)),
            "c" => Note::Challenges,
            "p" => Note::Presence,
            "x" => {
                let (id, from) = (ChallengeId(id()?), AccountId(id()?));
                Note::Declined { id, from, by: rest.splitn(3, ' ').nth(2)?.to_string() }
            }
            "o" => parse_offer(rest)?,
            "t" => parse_chat(rest)?,
            _ => return None,
        };
        Some((node, note))
    }
}

fn parse_offer(rest: &str) -> Option<Note> {
    let [game, kind, by, made] = <[&str; 4]>::try_from(rest.split(' ').collect::<Vec<_>>()).ok()?;
    let kind = match kind {
        "d" => OfferKind::Draw,
        "t" => OfferKind::Takeback,
        "r" => OfferKind::Rematch,
        _ => return None,
    };
    let by = match by {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return None,
    };
    Some(Note::Offer { game: GameId(game.parse().ok()?), kind, by, made: made == "1" })
}

fn parse_chat(rest: &str) -> Option<Note> {
    let (head, text) = rest.split_once('\t')?;
    let mut words = head.splitn(3, ' ');
    let game = GameId(words.next()?.parse().ok()?);
    let spectator = words.next()? == "1";
    let from = words.next()?.to_string();
    Some(Note::Chat { game, from, spectator, text: text.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_note_reads_back_as_itself_with_its_node() {
        let notes = [
            Note::Game(GameId(42)),
            Note::Challenges,
            Note::Presence,
            Note::Declined { id: ChallengeId(7), from: AccountId(3), by: "bob".into() },
            Note::Offer { game: GameId(5), kind: OfferKind::Takeback, by: Color::Black, made: true },
            Note::Offer { game: GameId(5), kind: OfferKind::Rematch, by: Color::White, made: false },
            Note::Chat { game: GameId(9), from: "ann".into(), spectator: true, text: "well played, 1 2 3".into() },
        ];
        for note in notes {
            let payload = note.payload("n1a2");
            assert_eq!(Note::parse(&payload), Some(("n1a2", note.clone())), "{payload}");
        }
    }

    #[test]
    fn a_payload_not_understood_is_none() {
        for bad in ["", "n1", "n1 z 3", "n1 g x", "n1 o 5 q w 1", "n1 t 5 0 ann no tab"] {
            assert_eq!(Note::parse(bad), None, "{bad:?}");
        }
    }
}
