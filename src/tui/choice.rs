//! Settings with a fixed set of named values (theme, piece style, who
//! plays): one way to list, print and parse them, with errors that name
//! every value.

/// A value out of a fixed, named set.
pub trait Choice: Copy + PartialEq + 'static {
    /// Every value, in the order they are offered.
    const ALL: &'static [Self];
    /// What the values are, for errors: `theme`.
    const KIND: &'static str;
    /// The name the config file and the commands use.
    fn name(self) -> &'static str;

    /// The value named `s` (any case); the error lists the names.
    fn parse_choice(s: &str) -> Result<Self, String> {
        Self::ALL.iter().copied().find(|c| c.name().eq_ignore_ascii_case(s)).ok_or_else(|| {
            let names: Vec<&str> = Self::ALL.iter().map(|c| c.name()).collect();
            let (last, rest) = names.split_last().expect("a choice has values");
            format!("unknown {} '{s}' (expected {} or {last})", Self::KIND, rest.join(", "))
        })
    }
}

/// `Display` and `FromStr` through [`Choice`].
macro_rules! choice_text {
    ($t:ty) => {
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::tui::choice::Choice::name(*self))
            }
        }

        impl std::str::FromStr for $t {
            type Err = String;
            fn from_str(s: &str) -> Result<$t, String> {
                <$t as $crate::tui::choice::Choice>::parse_choice(s)
            }
        }
    };
}
pub(crate) use choice_text;
