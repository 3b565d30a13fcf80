//! Panics contained (issue #54): the writer, the ticker and the engine
//! pool's workers run the hub's game logic for everyone, so a bug that
//! panics in one game's handling must not stop them. Each catches the
//! panic of the one piece of work it ran, logs it with the game's id, and
//! the hub ends that game with an error result told to both players
//! ([`Ctx::end_by_error`]); every other game goes on.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};

use super::{Ctx, Ending, HubError};
use crate::server::store::GameId;

/// The result of a game ended by a server error: no result, unrated.
pub const ERROR_RESULT: &str = "*";
/// Why such a game ended, as both players are told.
pub const ERROR_WHY: &str = "ended by a server error";

/// Runs `work`; a panic in it is caught and returned as its message.
pub fn contained<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|panic| panic_text(&*panic))
}

/// The message a panic carried.
pub fn panic_text(panic: &(dyn Any + Send)) -> String {
    match (panic.downcast_ref::<&str>(), panic.downcast_ref::<String>()) {
        (Some(text), _) => text.to_string(),
        (_, Some(text)) => text.clone(),
        _ => "a panic without a message".to_string(),
    }
}

impl Ctx<'_> {
    /// Runs `work` on `game`; if it panics, the game is ended by error
    /// (`what` panicked) and the rest of the server goes on.
    pub(super) fn guarded<T>(
        &mut self,
        game: GameId,
        what: &str,
        work: impl FnOnce(&mut Self) -> Result<T, HubError>,
    ) -> Result<T, HubError> {
        match contained(|| work(self)) {
            Ok(result) => result,
            Err(why) => Err(self.end_by_error(game, &format!("{what} panicked: {why}"))),
        }
    }

    /// Ends `game` after its handling panicked (`what`): logged, stored as
    /// ended with no result where the storage still takes it (else in
    /// memory only), told to both players and its watchers. The game's
    /// moves stay as stored.
    pub(super) fn end_by_error(&mut self, game: GameId, what: &str) -> HubError {
        tracing::error!(game = %game, "hub: game {game}: {what}: the game is ended");
        let Some(live) = self.st.games.get_mut(&game) else { return HubError::ServerError(game) };
        live.saving = false;
        live.engine_ply = None;
        if live.ending.is_some() {
            return HubError::ServerError(game);
        }
        let ending = Ending::new(ERROR_RESULT, ERROR_WHY);
        let stored = contained(|| self.end_game(game, ending.clone()));
        if !matches!(stored, Ok(Ok(()))) {
            tracing::error!(game = %game, "hub: game {game}: its end was not stored; ended in memory");
            self.ended_in_memory(game, ending);
        }
        HubError::ServerError(game)
    }
}
