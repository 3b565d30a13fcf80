//! Quoting what the user typed inside an error message, at most
//! [`MAX_QUOTE`] characters of it, so that a megabyte of bad input gives a
//! one-line message.

use std::fmt;

/// The most characters of the offending input an error message quotes.
pub const MAX_QUOTE: usize = 80;

/// Displays a text, cut to [`MAX_QUOTE`] characters (ending in `...` when
/// cut): how every error of this crate quotes its input, for programs that
/// report their own errors the same way.
///
/// ```
/// use wormhole::excerpt::{Excerpt, MAX_QUOTE};
/// assert_eq!(Excerpt("e4").to_string(), "e4");
/// let long = Excerpt(&"x".repeat(1000)).to_string();
/// assert_eq!(long.len(), MAX_QUOTE);
/// assert!(long.ends_with("..."));
/// ```
pub struct Excerpt<'a>(pub &'a str);

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(MAX_QUOTE) {
            None => f.write_str(self.0),
            Some(_) => {
                let cut = self.0.char_indices().nth(MAX_QUOTE - 3).map_or(self.0.len(), |(i, _)| i);
                write!(f, "{}...", &self.0[..cut])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_to_the_limit() {
        assert_eq!(Excerpt("e4").to_string(), "e4");
        let exact = "é".repeat(MAX_QUOTE);
        assert_eq!(Excerpt(&exact).to_string(), exact);
        let long = Excerpt(&"é".repeat(10_000)).to_string();
        assert_eq!(long.chars().count(), MAX_QUOTE);
        assert!(long.ends_with("é..."), "{long}");
    }
}
