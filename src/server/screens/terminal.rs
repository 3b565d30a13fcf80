//! What a client's terminal can show, from what its SSH client says: the
//! terminal's name in the pty request (TERM) and, when the client sends it
//! (`ssh -o SetEnv=COLORTERM=truecolor`, or `SendEnv COLORTERM`), the
//! COLORTERM variable. [`TERMINALS`] is the one table of names and the
//! colours they show: a `dumb`, empty or unknown terminal gets no colour
//! and letters for pieces, a 256-colour one the 256-colour palette, and
//! 24-bit colour only when the terminal says it has it.

use crate::tui::theme::{ColorDepth, Display};

/// The colours a terminal shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colours {
    /// None: plain text, pieces as letters.
    Plain,
    /// The 16 basic colours.
    Basic,
    /// The xterm 256-colour palette.
    Indexed,
    /// 24-bit colour.
    True,
}

/// Terminal names and their colours, the first match winning: `*x` is a
/// name ending in `x`, `x*` one starting with it, else the exact name.
/// A name found nowhere is [`Colours::Plain`].
pub const TERMINALS: &[(&str, Colours)] = &[
    ("dumb", Colours::Plain),
    ("unknown", Colours::Plain),
    ("*-direct", Colours::True),
    ("*-truecolor", Colours::True),
    ("*-24bit", Colours::True),
    ("*-256color", Colours::Indexed),
    ("*-256colour", Colours::Indexed),
    ("*-88color", Colours::Basic),
    ("*-mono", Colours::Plain),
    ("*-m", Colours::Plain),
    ("vt52", Colours::Plain),
    ("vt100*", Colours::Plain),
    ("vt2*", Colours::Plain),
    ("vt3*", Colours::Plain),
    ("xterm-kitty", Colours::Indexed),
    ("alacritty", Colours::Indexed),
    ("foot", Colours::Indexed),
    ("wezterm", Colours::Indexed),
    ("xterm*", Colours::Basic),
    ("screen*", Colours::Basic),
    ("tmux*", Colours::Basic),
    ("rxvt*", Colours::Basic),
    ("konsole*", Colours::Basic),
    ("gnome*", Colours::Basic),
    ("putty*", Colours::Basic),
    ("linux", Colours::Basic),
    ("ansi", Colours::Basic),
    ("cygwin", Colours::Basic),
    ("st", Colours::Basic),
    ("st-*", Colours::Basic),
    ("vte*", Colours::Basic),
    ("eterm*", Colours::Basic),
];

/// The longest terminal name or COLORTERM value kept.
const MAX_NAME: usize = 64;

/// What a client said of its terminal.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TerminalInfo {
    /// The pty request's terminal name (TERM).
    pub name: String,
    /// COLORTERM, when the client sent it.
    pub colorterm: Option<String>,
}

/// `text` cut to [`MAX_NAME`] characters.
pub fn kept(text: &str) -> String {
    text.chars().take(MAX_NAME).collect()
}

/// The colours of the terminal called `name`, by [`TERMINALS`].
pub fn colours_of(name: &str) -> Colours {
    let name = name.to_ascii_lowercase();
    let fits = |pattern: &str| match (pattern.strip_prefix('*'), pattern.strip_suffix('*')) {
        (Some(end), _) => name.ends_with(end),
        (_, Some(start)) => name.starts_with(start),
        _ => name == pattern,
    };
    TERMINALS.iter().find(|(pattern, _)| fits(pattern)).map_or(Colours::Plain, |&(_, c)| c)
}

impl TerminalInfo {
    /// The colours to draw with: the name's, raised to 24-bit colour when
    /// a terminal with colours says COLORTERM=truecolor (or 24bit).
    pub fn colours(&self) -> Colours {
        let by_name = colours_of(&self.name);
        let says_true = self.colorterm.as_deref().is_some_and(|c| c == "truecolor" || c == "24bit");
        if says_true && by_name != Colours::Plain { Colours::True } else { by_name }
    }

    /// How the screens draw for this terminal.
    pub fn display(&self) -> Display {
        let depth = |depth| Display { depth, color: true, unicode: true };
        match self.colours() {
            Colours::Plain => Display { depth: ColorDepth::Basic16, color: false, unicode: false },
            Colours::Basic => depth(ColorDepth::Basic16),
            Colours::Indexed => depth(ColorDepth::Indexed256),
            Colours::True => depth(ColorDepth::True),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_names_map_to_their_colours() {
        let cases = [
            ("dumb", Colours::Plain),
            ("", Colours::Plain),
            ("frobterm", Colours::Plain),
            ("vt100", Colours::Plain),
            ("xterm", Colours::Basic),
            ("linux", Colours::Basic),
            ("screen", Colours::Basic),
            ("xterm-256color", Colours::Indexed),
            ("tmux-256color", Colours::Indexed),
            ("screen.xterm-256color", Colours::Indexed),
            ("xterm-direct", Colours::True),
            ("XTERM-DIRECT", Colours::True),
        ];
        for (name, colours) in cases {
            assert_eq!(colours_of(name), colours, "{name:?}");
        }
    }

    #[test]
    fn colorterm_raises_a_colour_terminal_to_24_bit_only() {
        let info = |name: &str, colorterm: Option<&str>| TerminalInfo {
            name: name.into(),
            colorterm: colorterm.map(String::from),
        };
        assert_eq!(info("xterm-256color", Some("truecolor")).colours(), Colours::True);
        assert_eq!(info("xterm-256color", Some("yes")).colours(), Colours::Indexed);
        assert_eq!(info("dumb", Some("truecolor")).colours(), Colours::Plain);
        let plain = info("dumb", None).display();
        assert!(!plain.color && !plain.unicode, "{plain:?}");
        assert_eq!(info("xterm-256color", None).display().depth, ColorDepth::Indexed256);
    }
}
