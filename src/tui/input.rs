//! The input line: what the user is typing, which legal moves it matches,
//! and Tab completion. Commands start with `:`.

use wormhole::rules::{GameMove, MoveTextError};
use wormhole::{AnyMove, AnyPosition, Rules};

use super::commands;
use crate::limits::MAX_INPUT_CHARS;

/// A legal move that the typed text could be the start of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub mv: AnyMove,
    /// Its SAN (with `+`/`#`), what the list shows and Tab completes to.
    pub san: String,
}

/// What the line under the input says about the text typed so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputHint {
    /// Nothing typed.
    Empty,
    /// Nothing typed, and the only move is forced: why, and that Enter plays it.
    Forced(String),
    /// A `:` command: the commands the word could be.
    Command(Vec<&'static str>),
    /// Text typed while the engine is to move.
    EngineToMove,
    /// The text is a legal move: its SAN.
    Exact(String),
    /// The text starts these legal moves (SAN).
    Matches(Vec<String>),
    /// No legal move starts like this.
    NoMatch,
}

/// What typed text is, for the line under the input and for Enter alike
/// (one reading, so the two never disagree).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// It names one legal move: the line says so and Enter plays it.
    Move(Candidate),
    /// It starts (or names, ambiguously) these legal moves: the line lists
    /// them and Enter says what to type, or, when the text reads as a
    /// whole move, the game's reason (`ambiguous: Rbd1 Rfd1`, `write
    /// e4>a5`).
    Starts(Vec<Candidate>, Option<String>),
    /// No legal move starts like this: why not, in the game's words.
    Refused(String),
}

impl Reading {
    /// What Enter says when the text plays no move (`None`: it plays one).
    pub fn refusal(&self, text: &str) -> Option<String> {
        let sans = |c: &[Candidate]| c.iter().map(|c| c.san.as_str()).collect::<Vec<_>>().join(" ");
        match self {
            Reading::Move(_) => None,
            Reading::Starts(_, Some(why)) => Some(why.clone()),
            Reading::Starts(c, None) if c.len() > 1 => {
                Some(format!("it could be {}: type more (Tab completes)", sans(c)))
            }
            Reading::Starts(c, None) => {
                Some(format!("'{}' is the start of {}: Tab completes it", text.trim(), sans(c)))
            }
            Reading::Refused(why) => Some(why.clone()),
        }
    }
}

/// Reads `text` in `pos`: the move it names (its SAN), the legal moves it
/// starts, or why it is no legal move.
pub fn reading(pos: &AnyPosition, text: &str) -> Reading {
    match pos.parse_move(text.trim()) {
        Ok(mv) => Reading::Move(Candidate { mv, san: pos.san(mv) }),
        Err(e) => match candidates(pos, text) {
            found if found.is_empty() => Reading::Refused(e.to_string()),
            found => Reading::Starts(found, e.syntax_problem().is_none().then(|| e.to_string())),
        },
    }
}

impl InputHint {
    /// What the line says of a [`Reading`] of typed text.
    pub fn of(reading: Reading) -> InputHint {
        match reading {
            Reading::Move(c) => InputHint::Exact(c.san),
            Reading::Starts(c, _) => InputHint::Matches(c.into_iter().map(|c| c.san).collect()),
            Reading::Refused(_) => InputHint::NoMatch,
        }
    }
}

/// The text being typed. The cursor is always at the end.
#[derive(Debug, Clone, Default)]
pub struct InputLine {
    text: String,
}

impl InputLine {
    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn set(&mut self, text: &str) {
        self.text = text.to_string();
    }

    /// Adds `c` at the end, unless the line already holds
    /// [`MAX_INPUT_CHARS`] characters: then nothing changes and the error
    /// says the limit (input is refused whole, never cut).
    pub fn push(&mut self, c: char) -> Result<(), String> {
        // Fewer bytes than the limit means fewer characters: no count needed.
        if self.text.len() >= MAX_INPUT_CHARS && self.text.chars().count() >= MAX_INPUT_CHARS {
            return Err(format!("the input line holds at most {MAX_INPUT_CHARS} characters: '{c}' was not added"));
        }
        self.text.push(c);
        Ok(())
    }

    pub fn backspace(&mut self) {
        self.text.pop();
    }

    pub fn delete_word(&mut self) {
        let trimmed = self.text.trim_end();
        let keep = trimmed.rfind(' ').map_or(0, |i| i + 1);
        self.text.truncate(keep);
    }

    pub fn clear(&mut self) {
        self.text.clear();
    }

    /// Completes the text: a move prefix to the one matching move's SAN (or
    /// to the common prefix of several), a command prefix to the command.
    /// Returns whether the text changed.
    pub fn complete(&mut self, pos: &AnyPosition) -> bool {
        let new = if let Some(cmd) = self.text.strip_prefix(':') {
            if cmd.contains(' ') {
                return false;
            }
            let names = commands::completions(cmd);
            common_prefix(&names).map(|p| if names.len() == 1 { format!(":{p} ") } else { format!(":{p}") })
        } else {
            let cands = candidates(pos, &self.text);
            match cands.as_slice() {
                [] => None,
                [one] => Some(one.san.clone()),
                many => {
                    let sans: Vec<&str> =
                        many.iter().map(|c| c.san.as_str()).filter(|s| s.starts_with(&self.text)).collect();
                    common_prefix(&sans).map(str::to_string)
                }
            }
        };
        match new {
            Some(t) if t != self.text && (t.len() >= self.text.len() || self.candidate_count(pos) == 1) => {
                self.text = t;
                true
            }
            _ => false,
        }
    }
}

impl InputLine {
    fn candidate_count(&self, pos: &AnyPosition) -> usize {
        candidates(pos, &self.text).len()
    }
}

fn common_prefix<'a>(words: &[&'a str]) -> Option<&'a str> {
    let first = *words.first()?;
    let mut len = first.len();
    for w in &words[1..] {
        len = len.min(first.bytes().zip(w.bytes()).take_while(|(a, b)| a == b).count());
    }
    Some(&first[..len])
}

/// The ways a move can be written that the prefix matching tries: its SAN,
/// its SAN without the disambiguation (`Rd3` for `Rad3`, so that the list
/// shows every rook that can go there), and the long forms.
fn forms(pos: &AnyPosition, m: AnyMove, san: &str) -> Vec<String> {
    let letter = match pos.role_at(m.from()) {
        Some(wormhole::Role::Pawn) | None => String::new(),
        Some(r) => pos.kind().role_names().letter(r).to_string(),
    };
    let promo = m.promotion().map(|r| pos.kind().role_names().letter(r).to_string()).unwrap_or_default();
    let (from, to) = (m.from(), m.to());
    // A porthole move's target is its entry and exit: `e4>h5` in SAN and
    // the long forms, `e4h5` in coordinates.
    let (target, squares) = match m.entry() {
        Some(entry) => (format!("{entry}>{to}"), format!("{entry}{to}")),
        None => (to.to_string(), to.to_string()),
    };
    let capture = pos.captured_by(m).is_some();
    let mut v = vec![san.to_string(), san.trim_end_matches(['+', '#']).to_string()];
    if let Some((_, body)) = san.split_once(':') {
        // Two-board's move without its board (`h5`, `h4^`, `Nf3`), as a
        // player starts typing it: a bare file letter lists both boards' moves.
        v.push(body.to_string());
        v.push(body.trim_end_matches(['+', '#', '^']).to_string());
    }
    if !m.moves_piece() {
        // A portal's own move (`Z@d3`) is written only so; its square is no piece's origin.
        return v;
    }
    if let Some((board, body)) = san.split_once(':') {
        // Two-board's SAN without its colon (`Bc4` for `B:c4`), which it reads too.
        v.push(format!("{board}{body}"));
    }
    if !letter.is_empty() {
        v.push(format!("{letter}{}{target}", if capture { "x" } else { "" }));
    } else if capture {
        // A pawn capture without its file (`xd5`), which the games read too.
        v.push(format!("x{target}{promo}"));
        if !promo.is_empty() {
            v.push(format!("x{target}={promo}"));
        }
    }
    let seps: &[&str] = if capture { &["", "-", "x"] } else { &["", "-"] };
    for sep in seps {
        v.push(format!("{letter}{from}{sep}{target}{promo}"));
        v.push(format!("{letter}{from}{sep}{target}={promo}"));
        v.push(format!("{from}{sep}{squares}{}", promo.to_lowercase()));
    }
    v
}

/// Whether typed `text` starts `form`. A bare square form (`e2e4`) counts
/// only once its square is typed in full: `e` alone means the e-pawn, not
/// a king standing on the e-file.
fn starts(form: &str, text: &str) -> bool {
    let bare_square = form.as_bytes().first().is_some_and(u8::is_ascii_lowercase)
        && form.as_bytes().get(1).is_some_and(u8::is_ascii_digit);
    // A pawn's push (`e4`) is its SAN; longer bare forms start with a from-square.
    form.starts_with(text) && (!bare_square || form.len() <= 2 || text.len() >= 2)
}

/// The legal moves whose SAN or long form starts with `text` (none for
/// empty text or a command).
pub fn candidates(pos: &AnyPosition, text: &str) -> Vec<Candidate> {
    let text = text.trim();
    if text.is_empty() || text.starts_with(':') {
        return Vec::new();
    }
    pos.san_moves()
        .into_iter()
        .filter_map(|(mv, san)| forms(pos, mv, &san).iter().any(|f| starts(f, text)).then_some(Candidate { mv, san }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wormhole::GameKind;

    fn classic(fen: &str) -> AnyPosition {
        AnyPosition::from_fen(GameKind::Classic, fen).unwrap()
    }

    fn sans(c: &[Candidate]) -> Vec<&str> {
        let mut v: Vec<&str> = c.iter().map(|c| c.san.as_str()).collect();
        v.sort();
        v
    }

    #[test]
    fn typing_n_lists_the_knight_moves() {
        let pos = AnyPosition::new(GameKind::Classic);
        assert_eq!(sans(&candidates(&pos, "N")), ["Na3", "Nc3", "Nf3", "Nh3"]);
        assert_eq!(sans(&candidates(&pos, "Ng")), ["Nf3", "Nh3"]);
        assert_eq!(sans(&candidates(&pos, "e")), ["e3", "e4"]);
        assert_eq!(sans(&candidates(&pos, "e2")), ["e3", "e4"]);
        assert_eq!(sans(&candidates(&pos, "e2e4")), ["e4"]);
        assert!(candidates(&pos, "Nf6").is_empty());
        assert!(candidates(&pos, ":quit").is_empty());
    }

    #[test]
    fn tab_completes_an_unambiguous_prefix() {
        let pos = AnyPosition::new(GameKind::Classic);
        let mut line = InputLine::default();
        line.set("Nf");
        assert!(line.complete(&pos));
        assert_eq!(line.text(), "Nf3");
        line.set("N");
        assert!(!line.complete(&pos), "four knight moves share only 'N'");
        line.set("g1");
        assert!(!line.complete(&pos));
        line.set(":qu");
        assert!(line.complete(&pos));
        assert_eq!(line.text(), ":quit ");
        line.set(":re");
        assert!(!line.complete(&pos), "redo, resign, review");
    }

    #[test]
    fn a_san_that_needs_a_file_lists_every_piece_that_fits() {
        let pos = classic("4k3/8/8/8/8/8/8/1R3RK1 w 0");
        assert_eq!(sans(&candidates(&pos, "Rd1")), ["Rbd1", "Rfd1"], "not 'no legal move starts like this'");
        assert_eq!(pos.parse_move("Rd1").unwrap_err().to_string(), "ambiguous: Rbd1 Rfd1");
        assert_eq!(sans(&candidates(&pos, "Rbd")), ["Rbd1"]);
    }

    #[test]
    fn a_file_letter_means_a_pawn_not_a_piece_on_that_file() {
        let pos = classic("4k3/8/8/8/8/8/3PK3/8 w 0");
        assert_eq!(sans(&candidates(&pos, "e")), Vec::<&str>::new(), "the king on e2 is not an e-pawn");
        assert_eq!(sans(&candidates(&pos, "d")), ["d3", "d4"]);
        assert!(sans(&candidates(&pos, "e2")).contains(&"Kf3"), "the full square names the king");
    }

    #[test]
    fn long_forms_match_in_a_position_with_holes() {
        let pos = classic("rbkxxxbn/ppxppppx/2qxxB2/4x2p/3P1x2/3n1x2/PPPxPPPP/RBxxxNKR b 17");
        let c = candidates(&pos, "Nd3");
        assert_eq!(sans(&c), ["Nb4", "Nc5", "Ndg5", "Nxb2", "Nxf2", "Nxf6"]);
        assert_eq!(sans(&candidates(&pos, "Nd3x")), ["Nxb2", "Nxf2", "Nxf6"]);
        assert_eq!(sans(&candidates(&pos, "d3-f")), ["Nxf2", "Nxf6"]);
    }
}

#[cfg(test)]
mod fuzz {
    use super::*;
    use proptest::prelude::*;

    /// What a key does to the line.
    #[derive(Debug, Clone)]
    enum LineEdit {
        Char(char),
        /// The same character many times (a paste, a held key).
        Run(char, usize),
        Backspace,
        DeleteWord,
        Clear,
    }

    fn key() -> impl Strategy<Value = LineEdit> {
        prop_oneof![
            8 => any::<char>().prop_map(LineEdit::Char),
            2 => (any::<char>(), 0..2 * MAX_INPUT_CHARS).prop_map(|(c, n)| LineEdit::Run(c, n)),
            2 => Just(LineEdit::Backspace),
            1 => Just(LineEdit::DeleteWord),
            1 => Just(LineEdit::Clear),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Whatever is typed, the line holds exactly the characters that
        /// were accepted, never more than the limit, and every refused
        /// character is reported: input is never cut silently.
        #[test]
        fn the_line_keeps_what_was_typed_or_says_why_not(keys in proptest::collection::vec(key(), 0..60)) {
            let mut line = InputLine::default();
            let mut model: Vec<char> = Vec::new();
            let push = |line: &mut InputLine, model: &mut Vec<char>, c: char| -> Result<(), TestCaseError> {
                let fits = model.len() < MAX_INPUT_CHARS;
                match line.push(c) {
                    Ok(()) => { prop_assert!(fits); model.push(c); }
                    Err(e) => { prop_assert!(!fits); prop_assert!(e.contains(&MAX_INPUT_CHARS.to_string()), "{}", e); }
                }
                Ok(())
            };
            for k in keys {
                match k {
                    LineEdit::Char(c) => push(&mut line, &mut model, c)?,
                    LineEdit::Run(c, n) => for _ in 0..n { push(&mut line, &mut model, c)? },
                    LineEdit::Backspace => { line.backspace(); model.pop(); }
                    LineEdit::DeleteWord => {
                        line.delete_word();
                        let text: String = model.iter().collect();
                        let keep = text.trim_end().rfind(' ').map_or(0, |i| i + 1);
                        model = text[..keep].chars().collect();
                    }
                    LineEdit::Clear => { line.clear(); model.clear(); }
                }
                prop_assert_eq!(line.text().chars().collect::<Vec<_>>(), model.clone());
                prop_assert!(line.text().chars().count() <= MAX_INPUT_CHARS);
            }
        }
    }

    #[test]
    fn a_300_character_path_is_kept_whole() {
        let path = format!(":save /tmp/{}.pgn", "b".repeat(300));
        let mut line = InputLine::default();
        for c in path.chars() {
            line.push(c).unwrap();
        }
        assert_eq!(line.text(), path);
    }
}

#[cfg(test)]
mod porthole_tests {
    use super::*;
    use wormhole::GameKind;

    #[test]
    fn typing_an_entry_lists_its_exits() {
        // docs/porthole.md#worked-examples, example 2: f3 can go in at g4 and
        // out at seven portholes.
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2 b5,c5,f5,g5,b4,c4,f4,g4";
        let pos = AnyPosition::from_fen(GameKind::Porthole, fen).unwrap();
        let mut sans: Vec<String> = candidates(&pos, "fg4").into_iter().map(|c| c.san).collect();
        sans.sort();
        assert_eq!(sans, ["fg4>b4", "fg4>b5", "fg4>c4", "fg4>c5", "fg4>f4", "fg4>f5", "fg4>g5"]);
        assert_eq!(candidates(&pos, "f3g4c").len(), 2, "coordinates: c4 and c5");
        let mut line = InputLine::default();
        line.set("fg4>c");
        assert!(!line.complete(&pos), "c4 or c5");
        line.set("fg4>c4");
        assert_eq!(candidates(&pos, line.text()).len(), 1);
    }
}

#[cfg(test)]
mod twoboard_tests {
    use super::*;
    use wormhole::GameKind;

    #[test]
    fn a_bare_file_letter_lists_the_moves_on_that_file() {
        // At the start White moves on board A: its h- and a-pawns.
        let pos = AnyPosition::new(GameKind::Twoboard);
        let sans = |text: &str| {
            let mut v: Vec<String> = candidates(&pos, text).into_iter().map(|c| c.san).collect();
            v.sort();
            v
        };
        assert_eq!(sans("h"), ["A:h3", "A:h4"]);
        assert_eq!(sans("a3"), ["A:a3"]);
        assert_eq!(sans("N"), ["A:Na3", "A:Nc3", "A:Nf3", "A:Nh3"]);
    }
}
