//! The new-game screen's form: game, a game or puzzles, who plays, level
//! and clock, with the last choices preselected so that Enter starts at once.

use wormhole::engine::Level;
use wormhole::facts::StartChoice;
use wormhole::{AnyPosition, GameKind};

use super::choice::Choice;
use super::clock::TimeControl;
use super::config::Prefs;
use super::game::SideChoice;
use super::game_settings::GameSettings;

/// The clocks offered (besides the one in the config, if another).
const CLOCKS: [&str; 6] = ["1+0", "3+2", "5+3", "10+5", "15+10", "30+0"];

/// The most setup lines a game offers ([`GameInfo::setup`](wormhole::GameInfo::setup)).
const MAX_SETUP: usize = 2;

/// A line of the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Variant,
    /// A game, or the puzzle trainer of the game.
    Play,
    /// A choice of the chosen game's start position (its `index`th setup choice).
    Setup {
        index: usize,
        label: &'static str,
    },
    Side,
    Level,
    Clock,
}

impl Field {
    pub const fn label(self) -> &'static str {
        match self {
            Field::Variant => "Game",
            Field::Setup { label, .. } => label,
            Field::Play => "Play",
            Field::Side => "Players",
            Field::Level => "Engine level",
            Field::Clock => "Clock",
        }
    }
}

/// The choices being made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewGameForm {
    /// The line being changed.
    pub field: Field,
    pub variant: GameKind,
    pub side: SideChoice,
    pub level: Level,
    pub clock: Option<TimeControl>,
    /// The values of the game's setup choices, in their order.
    pub setup: [u8; MAX_SETUP],
    /// Puzzles of the game (the trainer) rather than a game.
    pub puzzles: bool,
}

impl NewGameForm {
    /// The form with the choices of the game on the board (`settings`,
    /// of a game of `kind`) preselected, the rest `prefs`' last choices.
    pub fn of_game(settings: &GameSettings, kind: GameKind, prefs: &Prefs) -> NewGameForm {
        let prefs = Prefs {
            variant: kind,
            side: SideChoice::of(settings.players),
            level: settings.level,
            clock: settings.clock,
            ..*prefs
        };
        NewGameForm::new(&prefs)
    }

    /// The form with the last choices.
    pub fn new(prefs: &Prefs) -> NewGameForm {
        NewGameForm {
            field: Field::Variant,
            variant: prefs.variant,
            side: prefs.side,
            level: prefs.level,
            clock: prefs.clock,
            setup: default_setup(prefs.variant),
            puzzles: false,
        }
    }

    /// The lines shown: the game, a game or puzzles, the game's setup
    /// choices, then the rest; for puzzles only the game.
    pub fn fields(&self) -> Vec<Field> {
        if self.puzzles {
            return vec![Field::Variant, Field::Play];
        }
        let setup = choices(self.variant).iter().enumerate();
        let mut fields = vec![Field::Variant, Field::Play];
        fields.extend(setup.map(|(index, c)| Field::Setup { index, label: c.label }));
        fields.extend([Field::Side, Field::Level, Field::Clock]);
        fields
    }

    /// Moves to the line above (`-1`) or below (`1`), wrapping around.
    pub fn move_field(&mut self, d: i32) {
        self.field = step(&self.fields(), self.field, d);
    }

    /// Changes the value of the current line to the previous (`-1`) or next (`1`) choice.
    pub fn change(&mut self, d: i32) {
        match self.field {
            Field::Variant => {
                self.variant = step(&GameKind::ALL, self.variant, d);
                self.setup = default_setup(self.variant);
            }
            Field::Play => self.puzzles = !self.puzzles,
            Field::Side => self.side = step(SideChoice::ALL, self.side, d),
            Field::Level => {
                let n = (i32::from(self.level.number()) + d).clamp(1, i32::from(Level::MAX.number()));
                self.level = Level::new(n as u8).unwrap_or(self.level);
            }
            Field::Clock => self.clock = step(&clock_choices(self.clock), self.clock, d),
            Field::Setup { index, .. } => {
                let count = choices(self.variant).get(index).map_or(1, |c| i32::from(c.count));
                self.setup[index] = (i32::from(self.setup[index]) + d).rem_euclid(count) as u8;
            }
        }
    }

    /// The start position chosen: the game's start with its setup choices
    /// made ([`StartChoices::fen`](wormhole::facts::StartChoices::fen)).
    pub fn start(&self) -> AnyPosition {
        let Some(setup) = self.variant.info().setup else { return AnyPosition::new(self.variant) };
        let values = &self.setup[..setup.choices.len()];
        (setup.fen)(values)
            .and_then(|fen| AnyPosition::from_fen(self.variant, &fen).ok())
            .unwrap_or_else(|| AnyPosition::new(self.variant))
    }

    /// What a line shows.
    pub fn value(&self, field: Field) -> String {
        match field {
            Field::Variant => {
                let letters: Vec<String> =
                    self.variant.roles().iter().map(|&r| self.variant.role_names().letter(r).to_string()).collect();
                format!("{} ({}): {}", self.variant, letters.join(" "), self.variant.title())
            }
            Field::Setup { index, .. } => match self.variant.info().setup {
                Some(setup) => (setup.value_text)(index, self.setup[index]),
                None => self.setup[index].to_string(),
            },
            Field::Play if self.puzzles => "puzzles: the tactics trainer, rated (Glicko-2)".to_string(),
            Field::Play => "a game".to_string(),
            Field::Side => self.side.describe().to_string(),
            Field::Level if self.side == SideChoice::Hotseat => format!("{}, not used by two players", self.level),
            Field::Level => self.level.to_string(),
            Field::Clock => self.clock.map_or("off".to_string(), |c| format!("{c} (minutes + seconds a move)")),
        }
    }

    /// Writes the choices into the prefs (to be saved as the last choices).
    pub fn apply(&self, prefs: &mut Prefs) {
        prefs.variant = self.variant;
        prefs.side = self.side;
        prefs.level = self.level;
        prefs.clock = self.clock;
    }
}

/// The first values of `kind`'s setup choices.
fn default_setup(kind: GameKind) -> [u8; MAX_SETUP] {
    let choices = choices(kind);
    std::array::from_fn(|i| choices.get(i).map_or(0, |c| c.default))
}

/// The choices of `kind`'s start position (none for most games).
fn choices(kind: GameKind) -> &'static [StartChoice] {
    kind.info().setup.map_or(&[], |setup| setup.choices)
}

/// Off, the usual clocks, and `current` if it is another.
fn clock_choices(current: Option<TimeControl>) -> Vec<Option<TimeControl>> {
    let mut v: Vec<Option<TimeControl>> = vec![None];
    v.extend(CLOCKS.iter().filter_map(|c| c.parse().ok()).map(Some));
    if !v.contains(&current) {
        v.push(current);
    }
    v
}

/// The neighbour of `current` in `all`, wrapping around.
fn step<T: Copy + PartialEq>(all: &[T], current: T, d: i32) -> T {
    let n = all.len() as i32;
    let i = all.iter().position(|&x| x == current).unwrap_or(0) as i32;
    all[(i + d).rem_euclid(n) as usize]
}

#[cfg(test)]
mod tests {
    use wormhole::Rules;

    use super::*;

    #[test]
    fn the_form_starts_from_the_last_choices_and_cycles_values() {
        let prefs = Prefs { side: SideChoice::Black, clock: "7+1".parse().ok(), ..Prefs::default() };
        let mut form = NewGameForm::new(&prefs);
        assert_eq!((form.field, form.side), (Field::Variant, SideChoice::Black));
        form.change(1);
        assert_eq!(form.variant, GameKind::Fairy);
        form.move_field(-1);
        assert_eq!(form.field, Field::Clock, "wraps to the last line");
        assert_eq!(form.value(Field::Clock), "7+1 (minutes + seconds a move)");
        form.change(1);
        assert_eq!(form.clock, None, "after the config's own clock comes off");
        form.move_field(-1);
        form.change(-1);
        assert_eq!(form.level.number(), Level::FOR_NEW_PLAYERS.number() - 1);
        let mut p = Prefs::default();
        form.apply(&mut p);
        assert_eq!((p.variant, p.side, p.clock), (GameKind::Fairy, SideChoice::Black, None));
        form.move_field(-2);
        assert_eq!(form.field, Field::Play);
        form.change(1);
        assert!(form.puzzles);
        assert_eq!(form.fields(), [Field::Variant, Field::Play], "puzzles: only the game to choose");
        assert_eq!(form.value(Field::Play), "puzzles: the tactics trainer, rated (Glicko-2)");
    }

    #[test]
    fn the_players_place_their_portals_on_ranks_4_and_5() {
        let mut form = NewGameForm::new(&Prefs { variant: GameKind::Linked, ..Prefs::default() });
        assert_eq!(form.start().fen(), GameKind::Linked.start_fen(), "e4 and a5 by default");
        form.move_field(2);
        assert_eq!((form.field.label(), form.value(form.field)), ("White portal", "e4 (any square of rank 4)".into()));
        form.change(-2);
        form.move_field(1);
        form.change(-1);
        assert_eq!((form.field.label(), form.value(form.field)), ("Black portal", "h5 (any square of rank 5)".into()));
        assert!(form.start().fen().ends_with(" c4,h5"), "{}", form.start().fen());
        form.variant = GameKind::Porthole;
        assert!(!form.fields().iter().any(|f| matches!(f, Field::Setup { .. })), "no portal lines in other games");
        assert_eq!(form.start().fen(), GameKind::Porthole.start_fen());
    }

    #[test]
    fn no_game_offers_more_setup_lines_than_the_form_holds() {
        for kind in GameKind::ALL {
            assert!(choices(kind).len() <= MAX_SETUP, "{kind}");
        }
    }
}
