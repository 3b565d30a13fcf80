//! The games, one folder each: everything one game means (rules, notation,
//! FEN, evaluation terms, level settings, descriptions). The engine,
//! analysis and PGN reach a game through [`crate::rules::Rules`] and
//! [`crate::game_info::GameInfo`].
//!
//! The list at the end of this file is the one place that names every
//! game: from it, `games!` generates [`GameKind`] and [`GAMES`], the
//! "any game" types ([`AnyMove`], [`AnyUndo`], [`AnyOutcome`],
//! [`AnyMoveError`], [`GameFenError`], [`AnyPosition`]), the visitor
//! dispatch ([`GameKind::with_position`], [`AnyPosition::with`]) and each
//! game's [`ListedGame`]. [`AnyPosition`] implements the game trait
//! [`Rules`](crate::rules::Rules) (and [`AnyMove`]
//! [`GameMove`](crate::rules::GameMove), as shakmaty's `VariantPosition`
//! implements its `Position`): each method hands the call to the game's
//! own position, so a new capability of positions is one trait method. A
//! new game is its folder, a `mod` line and its entry in the list.
//!
//! A game's folder imports nothing from here (but Wormhole chess's
//! `kind.rs`, which maps its piece sets to [`GameKind`]s and which the
//! list does not read): a folder says what it is through the traits below
//! the list ([`Rules`](crate::rules::Rules),
//! [`GameKinds`], [`PuzzleThemes`]) and its [`GameInfo`](crate::game_info::GameInfo)
//! lines, and the list gathers them.

use crate::engine::Searchable;
use crate::game_info::GameKinds;
use crate::puzzle_themes::PuzzleThemes;

/// A game of the list below, as a program holding any game holds it: a
/// game the engine searches ([`Searchable`]) with its puzzle themes
/// ([`PuzzleThemes`]), the kinds of [`GameKind`] it plays, and moves that
/// convert to and from [`AnyMove`]. The list implements it for each game,
/// from the game's own [`GameKinds`]; generic code that needs only the
/// rules or the engine asks for those traits instead.
pub trait ListedGame:
    Searchable<Move: Into<AnyMove> + TryFrom<AnyMove>, MoveError: Into<AnyMoveError>> + PuzzleThemes + GameKinds
{
    /// The position `fen` describes in `kind`, one of the kinds this
    /// game plays (for Wormhole chess, the piece set; another game's kind
    /// reads as the first).
    fn from_fen_in(kind: GameKind, fen: &str) -> Result<Self, Self::FenError>;
    /// The game (for Wormhole chess, its piece set).
    fn kind(&self) -> GameKind;
}

/// Something to do with a position of whichever game was chosen
/// ([`GameKind::with_position`]): a generic method, so each game gets its
/// own compiled copy.
pub trait WithPosition {
    /// What it gives back.
    type Output;
    /// Does it with `pos`.
    fn run<P: ListedGame>(self, pos: P) -> Self::Output;
}

/// A move of another game than the one asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{0} is a move of another game")]
pub struct WrongGameMove(pub AnyMove);

/// A move given to a position of another game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{mv} is a move of another game than {kind}")]
pub struct OtherGameError {
    /// The move.
    pub mv: AnyMove,
    /// The position's game.
    pub kind: GameKind,
}

/// Why [`AnyPosition`]'s [`Rules::play`](crate::rules::Rules::play) refused a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The move is one of another game.
    #[error(transparent)]
    OtherGame(#[from] OtherGameError),
    /// The move is of this game but not legal in this position.
    #[error("{mv} is not a legal move in {fen}")]
    Illegal {
        /// The move.
        mv: AnyMove,
        /// The position, as a FEN of its game.
        fen: String,
    },
}

/// Implements the game traits for the "any game" types, from the list of
/// games (the variants `games!` generates): [`Rules`] for [`AnyPosition`],
/// [`GameMove`] for [`AnyMove`], [`GameOutcome`] for [`AnyOutcome`],
/// [`MoveTextError`] for [`AnyMoveError`]. Each method hands the call to
/// the game's own value. A move of another game is no legal move here:
/// [`Rules::is_legal`] says no, [`Rules::why_illegal`] says whose it is,
/// [`Rules::san`] writes its coordinates and [`Rules::captured_by`] finds
/// nothing; [`Rules::play_unchecked`], which takes legal moves only,
/// panics on one.
///
/// [`GameOutcome`]: crate::rules::GameOutcome
/// [`MoveTextError`]: crate::rules::MoveTextError
macro_rules! any_traits {
    ($( $game:ident: $feature:literal ),+) => { const _: () = {
        // Expanded in `games.rs`: the names the impls use, imported here.
        use std::fmt;

        use $crate::rules::{GameMove, GameOutcome, MoveSet, MoveTextError, Rules};
        use $crate::core::{Bitboard, Board, Color, Piece, Role, Square};
        use $crate::games::{AnyMove, AnyMoveError, AnyOutcome, AnyPosition, AnyUndo, GameFenError, OtherGameError, PlayError};

        /// Any game's facts: the game's own position answers; a move of
        /// another game has no warning and carries nothing.
        impl $crate::facts::Facts for AnyPosition {
            fn marks(&self) -> Vec<$crate::facts::Mark> {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => $crate::facts::Facts::marks(p), )+ }
            }
            fn forced_move(&self) -> Option<$crate::facts::Forced<AnyMove>> {
                match self {
                    $( #[cfg(feature = $feature)] AnyPosition::$game(p) => $crate::facts::Facts::forced_move(p).map(|f| f.map(AnyMove::$game)), )+
                }
            }
            fn warning(&self, m: AnyMove) -> Option<String> {
                match (self, m) {
                    $( #[cfg(feature = $feature)] (AnyPosition::$game(p), AnyMove::$game(m)) => $crate::facts::Facts::warning(p, m), )+
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
            fn carried(&self, m: AnyMove) -> Option<$crate::facts::Carried> {
                match (self, m) {
                    $( #[cfg(feature = $feature)] (AnyPosition::$game(p), AnyMove::$game(m)) => $crate::facts::Facts::carried(p, m), )+
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        }

        /// Any game's rules: the game's own position answers.
        impl Rules for AnyPosition {
            type Move = AnyMove;
            type Undo = AnyUndo;
            type MoveList = Vec<AnyMove>;
            type Outcome = AnyOutcome;
            type MoveError = AnyMoveError;
            type FenError = GameFenError;
            type IllegalMove = PlayError;
            const DRAWS: bool = true;

            fn turn(&self) -> Color {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::turn(p), )+ }
            }
            fn hash(&self) -> u64 {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::hash(p), )+ }
            }
            fn boards(&self) -> &[Board] {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::boards(p), )+ }
            }
            fn board_to_play(&self) -> usize {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::board_to_play(p), )+ }
            }
            fn is_check(&self) -> bool {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::is_check(p), )+ }
            }
            fn fen(&self) -> String {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::fen(p), )+ }
            }
            fn chess_fen(&self) -> Option<String> {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::chess_fen(p), )+ }
            }
            fn move_number(&self) -> u32 {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::move_number(p), )+ }
            }
            fn outcome(&self, earlier: &[u64]) -> Option<AnyOutcome> {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::outcome(p, earlier).map(AnyOutcome::$game), )+ }
            }
            fn parse_move(&self, text: &str) -> Result<AnyMove, AnyMoveError> {
                match self {
                    $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::parse_move(p, text).map(AnyMove::$game).map_err(AnyMoveError::$game), )+
                }
            }
            fn san(&self, m: AnyMove) -> String {
                match (self, m) {
                    $( #[cfg(feature = $feature)] (AnyPosition::$game(p), AnyMove::$game(m)) => Rules::san(p, m), )+
                    #[allow(unreachable_patterns)]
                    _ => m.to_string(),
                }
            }
            fn san_moves(&self) -> Vec<(AnyMove, String)> {
                match self {
                    $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::san_moves(p).into_iter().map(|(m, san)| (AnyMove::$game(m), san)).collect(), )+
                }
            }
            fn reach(&self, sq: Square) -> Bitboard {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::reach(p, sq), )+ }
            }
            fn legal_moves(&self) -> Vec<AnyMove> {
                match self {
                    $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::legal_moves(p).iter().map(AnyMove::$game).collect(), )+
                }
            }
            fn legal_move_count(&self) -> usize {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::legal_move_count(p), )+ }
            }
            fn is_legal(&self, m: AnyMove) -> bool {
                match (self, m) {
                    $( #[cfg(feature = $feature)] (AnyPosition::$game(p), AnyMove::$game(m)) => Rules::is_legal(p, m), )+
                    #[allow(unreachable_patterns)]
                    _ => false,
                }
            }
            fn play_unchecked(&mut self, m: AnyMove) -> AnyUndo {
                match (self, m) {
                    $( #[cfg(feature = $feature)] (AnyPosition::$game(p), AnyMove::$game(m)) => AnyUndo::$game(Rules::play_unchecked(p, m)), )+
                    #[allow(unreachable_patterns)]
                    (p, m) => panic!("{}", OtherGameError { mv: m, kind: p.kind() }),
                }
            }
            fn undo(&mut self, m: AnyMove, undo: AnyUndo) {
                match (self, m, undo) {
                    $( #[cfg(feature = $feature)] (AnyPosition::$game(p), AnyMove::$game(m), AnyUndo::$game(u)) => Rules::undo(p, m, u), )+
                    #[allow(unreachable_patterns)]
                    (p, m, _) => panic!("{}", OtherGameError { mv: m, kind: p.kind() }),
                }
            }
            fn captured_by(&self, m: AnyMove) -> Option<Piece> {
                match (self, m) {
                    $( #[cfg(feature = $feature)] (AnyPosition::$game(p), AnyMove::$game(m)) => Rules::captured_by(p, m), )+
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
            fn why_illegal(&self, m: AnyMove) -> PlayError {
                match (self, m) {
                    $( #[cfg(feature = $feature)] (AnyPosition::$game(_), AnyMove::$game(_)) => PlayError::Illegal { mv: m, fen: self.fen() }, )+
                    #[allow(unreachable_patterns)]
                    _ => OtherGameError { mv: m, kind: self.kind() }.into(),
                }
            }
            fn is_rule_draw(&self) -> bool {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::is_rule_draw(p), )+ }
            }
            fn plies_to_rule_draw(&self) -> Option<u32> {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::plies_to_rule_draw(p), )+ }
            }
            fn moves_to_plan(&self) -> u32 {
                match self { $( #[cfg(feature = $feature)] AnyPosition::$game(p) => Rules::moves_to_plan(p), )+ }
            }
        }

        /// Any game's move: the game's own move answers.
        impl GameMove for AnyMove {
            fn from(self) -> Square {
                match self { $( #[cfg(feature = $feature)] AnyMove::$game(m) => GameMove::from(m), )+ }
            }
            fn to(self) -> Square {
                match self { $( #[cfg(feature = $feature)] AnyMove::$game(m) => GameMove::to(m), )+ }
            }
            fn promotion(self) -> Option<Role> {
                match self { $( #[cfg(feature = $feature)] AnyMove::$game(m) => GameMove::promotion(m), )+ }
            }
            fn board(self) -> usize {
                match self { $( #[cfg(feature = $feature)] AnyMove::$game(m) => GameMove::board(m), )+ }
            }
            fn entry(self) -> Option<Square> {
                match self { $( #[cfg(feature = $feature)] AnyMove::$game(m) => GameMove::entry(m), )+ }
            }
            fn moves_piece(self) -> bool {
                match self { $( #[cfg(feature = $feature)] AnyMove::$game(m) => GameMove::moves_piece(m), )+ }
            }
            fn to_bits(self) -> u32 {
                match self { $( #[cfg(feature = $feature)] AnyMove::$game(m) => GameMove::to_bits(m), )+ }
            }
        }

        /// The coordinate form of the game's move (`e2e4`, `g1h1d4`).
        impl fmt::Display for AnyMove {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self { $( #[cfg(feature = $feature)] AnyMove::$game(m) => fmt::Display::fmt(m, f), )+ }
            }
        }

        /// Any game's outcome: the game's own outcome answers.
        impl GameOutcome for AnyOutcome {
            fn winner(self) -> Option<Color> {
                match self { $( #[cfg(feature = $feature)] AnyOutcome::$game(o) => GameOutcome::winner(o), )+ }
            }
        }

        /// The game's own sentence: "White wins by checkmate", "draw by threefold repetition".
        impl fmt::Display for AnyOutcome {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self { $( #[cfg(feature = $feature)] AnyOutcome::$game(o) => fmt::Display::fmt(o, f), )+ }
            }
        }

        /// Any game's reason: the game's own reason answers.
        impl MoveTextError for AnyMoveError {
            fn syntax_problem(&self) -> Option<&dyn std::error::Error> {
                match self { $( #[cfg(feature = $feature)] AnyMoveError::$game(e) => MoveTextError::syntax_problem(e), )+ }
            }
        }
    }; };
}

/// Generates, from the one list of games in `games.rs`, the types and
/// dispatch that name every game: each game is its position type (which
/// implements [`Rules`]) with the kinds ([`GameKind`]s) it plays, each kind
/// with its [`GameInfo`](crate::game_info::GameInfo) line.
macro_rules! games {
    ($(
        $(#[$gdoc:meta])*
        $game:ident($title:literal, feature = $feature:literal): $pos:ty {
            $( $(#[$kdoc:meta])* $kind:ident: $info:expr, )+
        }
    )+) => {
        /// Which game to play.
        ///
        /// ```
        /// use wormhole::games::GameKind;
        /// let kind: GameKind = "porthole".parse().unwrap();
        /// assert_eq!(kind.pgn_name(), "Porthole");
        /// assert_eq!(GameKind::from_pgn_tag("Wormhole fairy"), Some(GameKind::Fairy));
        /// // A FEN says which game it is when it can.
        /// assert_eq!(GameKind::detect_fen(GameKind::Porthole.start_fen()), Some(GameKind::Porthole));
        /// assert_eq!(GameKind::detect_fen("cnwmkwnc/pppppppp/8/8/8/8/PPPPPPPP/CNWMKWNC w 0"), Some(GameKind::Fairy));
        /// assert_eq!(
        ///     "chess".parse::<GameKind>().unwrap_err().to_string(),
        ///     "unknown variant 'chess' (expected 'classic', 'fairy', 'porthole', 'linked' or 'twoboard')"
        /// );
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $( $( #[cfg(feature = $feature)] $(#[$kdoc])* $kind, )+ )+
        }

        /// How many games [`GAMES`] lists.
        const GAME_COUNT: usize = [$( $( #[cfg(feature = $feature)] stringify!($kind), )+ )+].len();

        /// Every game, in the order menus list them: each game's line is
        /// defined in its folder.
        pub const GAMES: [$crate::game_info::GameInfo; GAME_COUNT] = [$( $( #[cfg(feature = $feature)] $info, )+ )+];

        impl GameKind {
            /// Every game, in the order of [`GAMES`].
            pub const ALL: [GameKind; GAME_COUNT] = [$( $( #[cfg(feature = $feature)] GameKind::$kind, )+ )+];

            /// Runs `job` with the position `fen` describes (the start
            /// position when `None`) in this game: `job` is compiled once
            /// per game.
            pub fn with_position<J: $crate::games::WithPosition>(self, fen: Option<&str>, job: J) -> Result<J::Output, GameFenError> {
                let fen = fen.unwrap_or(self.start_fen());
                Ok(match self {
                    $( #[cfg(feature = $feature)] $( GameKind::$kind )|+ => job.run(<$pos as $crate::games::ListedGame>::from_fen_in(self, fen)?), )+
                })
            }

            /// Whether `self` and `other` are played by the same rules (the
            /// same position type: the piece sets of Wormhole chess).
            pub fn same_rules(self, other: GameKind) -> bool {
                self.rules_index() == other.rules_index()
            }

            fn rules_index(self) -> usize {
                let mut index = 0;
                $(
                    #[cfg(feature = $feature)]
                    {
                        if matches!(self, $( GameKind::$kind )|+) {
                            return index;
                        }
                        index += 1;
                    }
                )+
                index
            }
        }

        /// A move of any game.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum AnyMove {
            $( #[cfg(feature = $feature)] #[doc = concat!("A move of ", $title, ".")] $game(<$pos as $crate::rules::Rules>::Move), )+
        }

        $(
            #[cfg(feature = $feature)]
            impl From<<$pos as $crate::rules::Rules>::Move> for AnyMove {
                fn from(m: <$pos as $crate::rules::Rules>::Move) -> AnyMove {
                    AnyMove::$game(m)
                }
            }

            #[cfg(feature = $feature)]
            impl TryFrom<AnyMove> for <$pos as $crate::rules::Rules>::Move {
                type Error = $crate::games::WrongGameMove;
                fn try_from(m: AnyMove) -> Result<Self, $crate::games::WrongGameMove> {
                    match m {
                        AnyMove::$game(m) => Ok(m),
                        #[allow(unreachable_patterns)]
                        other => Err($crate::games::WrongGameMove(other)),
                    }
                }
            }
        )+

        /// How a game of any kind ended.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum AnyOutcome {
            $( #[cfg(feature = $feature)] #[doc = concat!("How a game of ", $title, " ended.")] $game(<$pos as $crate::rules::Rules>::Outcome), )+
        }

        /// What [`AnyPosition`]'s [`Rules::play_unchecked`](crate::rules::Rules::play_unchecked)
        /// returns: the game's own undo.
        #[derive(Debug, Clone, Copy)]
        pub enum AnyUndo {
            $( #[cfg(feature = $feature)] #[doc = concat!("An undo of ", $title, ".")] $game(<$pos as $crate::rules::Rules>::Undo), )+
        }

        /// Why a typed move was refused, in any game.
        #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
        pub enum AnyMoveError {
            $(
                #[cfg(feature = $feature)]
                #[doc = concat!($title, "'s reason.")]
                #[error(transparent)]
                $game(#[from] <$pos as $crate::rules::Rules>::MoveError),
            )+
        }


        /// A FEN of the chosen game that could not be read.
        #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
        pub enum GameFenError {
            $(
                #[cfg(feature = $feature)]
                #[doc = concat!("A FEN of ", $title, ".")]
                #[error(transparent)]
                $game(#[from] <$pos as $crate::rules::Rules>::FenError),
            )+
        }

        /// A position of any game.
        ///
        /// ```
        /// use wormhole::games::{AnyPosition, GameKind};
        /// use wormhole::rules::Rules;
        /// let mut pos = AnyPosition::new(GameKind::Porthole);
        /// for text in ["f3", "e5", "fg4>c4"] {
        ///     let m = pos.parse_move(text).unwrap();
        ///     pos.play(m).unwrap();
        /// }
        /// assert!(pos.fen().ends_with(" b5,c5,f5,g5,b4,c4,f4,f3"), "a token moved to f3");
        /// assert_eq!(pos.kind(), GameKind::Porthole);
        /// let classic = AnyPosition::new(GameKind::Classic);
        /// assert_eq!(classic.legal_moves().len(), 29);
        /// // A move of another game is refused, with the move and the game.
        /// let e4 = classic.parse_move("e4").unwrap();
        /// assert!(!pos.is_legal(e4));
        /// assert_eq!(pos.play(e4).unwrap_err().to_string(), "e2e4 is a move of another game than porthole");
        /// ```
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum AnyPosition {
            $( #[cfg(feature = $feature)] $(#[$gdoc])* $game($pos), )+
        }

        impl AnyPosition {
            /// The position `fen` describes in the game `kind`.
            pub fn from_fen(kind: GameKind, fen: &str) -> Result<AnyPosition, GameFenError> {
                Ok(match kind {
                    $( #[cfg(feature = $feature)] $( GameKind::$kind )|+ => AnyPosition::$game(<$pos as $crate::games::ListedGame>::from_fen_in(kind, fen)?), )+
                })
            }

            /// Runs `job` with the game's own position (a copy).
            pub fn with<J: $crate::games::WithPosition>(&self, job: J) -> J::Output {
                match self {
                    $( #[cfg(feature = $feature)] AnyPosition::$game(p) => job.run(p.clone()), )+
                }
            }

            /// The game (for Wormhole chess, its piece set).
            pub fn kind(&self) -> GameKind {
                match self {
                    $( #[cfg(feature = $feature)] AnyPosition::$game(p) => $crate::games::ListedGame::kind(p), )+
                }
            }
        }

        $(
            #[cfg(feature = $feature)]
            #[doc = concat!($title, " in the list of games, by the numbers of its kinds ([`GameKinds`]).")]
            impl $crate::games::ListedGame for $pos {
                fn from_fen_in(kind: GameKind, fen: &str) -> Result<$pos, <$pos as $crate::rules::Rules>::FenError> {
                    let index = [$( GameKind::$kind ),+].iter().position(|&k| k == kind).unwrap_or(0);
                    <$pos as $crate::game_info::GameKinds>::from_fen_at(index, fen)
                }
                fn kind(&self) -> GameKind {
                    [$( GameKind::$kind ),+][$crate::game_info::GameKinds::kind_index(self)]
                }
            }
        )+

        $(
            #[cfg(feature = $feature)]
            impl From<$pos> for AnyPosition {
                fn from(p: $pos) -> AnyPosition {
                    AnyPosition::$game(p)
                }
            }
        )+

        any_traits!($( $game: $feature ),+);
    };
}

/// What a game of one kind, whose evaluation is its folder's `eval`
/// module with default weights, writes as every such game does: its
/// [`Evaluate`](crate::rules::Evaluate), its one kind
/// ([`GameKinds`](crate::game_info::GameKinds), read from a FEN of its own),
/// the engine's seal, its start position (`$start_fen`) as
/// `Position::new`, documented by `$start`, and `Default`, and the getters
/// of the fields every such position has (`turn`, `move_number` of the
/// `fullmoves` field, `hash`). Called once in
/// the module file of Porthole, Linked-portal and Two-board chess (their
/// `Rules` take the rest of what they share from
/// `forward_rules!(orthodox)`).
#[cfg(any(feature = "porthole", feature = "linked", feature = "twoboard"))]
macro_rules! one_kind_game {
    ($game:literal, $start:literal, $start_fen:expr) => {
        #[doc = concat!($game, "'s evaluation (its terms and weights).")]
        impl $crate::rules::Evaluate for Position {
            type Params = EvalParams;
            const FEATURE_SCALE: i32 =
                $crate::engine::orthodox_eval::PHASE_MAX * $crate::engine::orthodox_eval::SCALE_MAX;
            fn default_params(&self) -> EvalParams {
                EvalParams::default()
            }
            #[inline]
            fn evaluate(&self, params: &EvalParams, positional: bool) -> i32 {
                eval::evaluate(self, params, positional)
            }
            #[inline]
            fn material(&self, params: &EvalParams) -> i32 {
                eval::material(self, params)
            }
            fn piece_balance(&self) -> [i32; $crate::core::Role::MAX] {
                eval::piece_balance(self)
            }
            fn judged_values(&self) -> &'static [i32; $crate::core::Role::MAX] {
                &$crate::core::orthodox::JUDGED_VALUES
            }
            fn eval_features(&self) -> Vec<i32> {
                eval::features(self).to_vec()
            }
        }

        #[doc = concat!($game, " plays one kind.")]
        impl $crate::game_info::GameKinds for Position {
            fn from_fen_at(_index: usize, fen: &str) -> Result<Position, FenError> {
                Position::from_fen(fen)
            }
            fn kind_index(&self) -> usize {
                0
            }
        }

        impl $crate::engine::sealed::Sealed for Position {}

        impl Position {
            #[doc = $start]
            pub fn new() -> Position {
                match Position::from_fen($start_fen) {
                    Ok(pos) => pos,
                    Err(e) => unreachable!("the start position is valid: {e}"),
                }
            }

            /// The side to move.
            #[inline]
            pub fn turn(&self) -> $crate::core::Color {
                self.turn
            }

            /// The move number: 1 at the start, one more after each Black move.
            #[inline]
            pub fn move_number(&self) -> u32 {
                self.fullmoves
            }

            /// The Zobrist hash, kept up to date incrementally (see the
            /// game's `zobrist` module).
            #[inline]
            pub fn hash(&self) -> u64 {
                self.hash
            }
        }

        impl Default for Position {
            fn default() -> Position {
                Position::new()
            }
        }
    };
}
#[cfg(any(feature = "porthole", feature = "linked", feature = "twoboard"))]
use one_kind_game;

#[cfg(feature = "linked")]
pub mod linked;
#[cfg(feature = "porthole")]
pub mod porthole;
#[cfg(feature = "twoboard")]
pub mod twoboard;
#[cfg(feature = "wormhole")]
pub mod wormhole;

games! {
    /// A Wormhole chess position (either piece set).
    Wormhole("Wormhole chess", feature = "wormhole"): self::wormhole::Position {
        /// Wormhole chess with the classic piece set.
        Classic: wormhole::info::CLASSIC,
        /// Wormhole chess with the fairy piece set.
        Fairy: wormhole::info::FAIRY,
    }
    /// A Porthole chess position.
    Porthole("Porthole chess", feature = "porthole"): porthole::Position {
        /// Porthole chess.
        Porthole: porthole::INFO,
    }
    /// A Linked-portal chess position.
    Linked("Linked-portal chess", feature = "linked"): linked::Position {
        /// Linked-portal chess.
        Linked: linked::INFO,
    }
    /// A Two-board portal chess position.
    Twoboard("Two-board portal chess", feature = "twoboard"): twoboard::Position {
        /// Two-board portal chess.
        Twoboard: twoboard::INFO,
    }
}
