//! The hub's [`Records`] on the server's SQLite store
//! ([`Store`](crate::server::store::Store)): the store's rows turned into
//! the hub's values (a game's kind, its seats with their accounts).

use wormhole::GameKind;

use super::records::*;
use super::types::{ChallengeId, ChallengeSpec, ColourChoice};
use crate::server::store::{self, Colour, Side, Store, StoreError};

/// How many games a player's page lists.
pub const PAGE_GAMES: u32 = 20;

fn account(a: store::Account) -> Account {
    Account { id: a.id.0, name: a.name }
}

fn side(seat: &Seat) -> Side {
    match seat {
        Seat::Player(a) => Side::Player(store::AccountId(a.id)),
        Seat::Engine { level } => Side::Engine { level: *level },
    }
}

fn seat(s: store::Seat) -> Seat {
    match s.side {
        Side::Player(id) => Seat::Player(Account { id: id.0, name: s.name }),
        Side::Engine { level } => Seat::Engine { level },
    }
}

fn kind(g: &store::StoredGame) -> Result<GameKind, RecordsError> {
    g.variant.parse::<GameKind>().map_err(|e| format!("game {}: {e}", g.id).into())
}

fn stored(g: store::StoredGame) -> Result<StoredGame, RecordsError> {
    let game = NewGame {
        kind: kind(&g)?,
        start_fen: g.start_fen,
        seats: [seat(g.white), seat(g.black)],
        rated: g.rated,
        clock: g.clock.map(|(initial, increment)| (initial.max(0) as u64, increment.max(0) as u64)),
    };
    let moves = g
        .moves
        .into_iter()
        .map(|m| StoredMove { mv: m.mv, white_ms: m.white_ms, black_ms: m.black_ms, at_ms: m.at_ms.max(0) as u64 })
        .collect();
    let result = g.finish.map(|f| (f.result, f.termination));
    let final_clocks = g.final_clocks.map(|(white, black)| [white, black]);
    Ok(StoredGame { id: g.id.0, game, created_ms: g.created_ms.max(0) as u64, moves, result, final_clocks })
}

fn new_game(game: &NewGame) -> store::NewGame {
    store::NewGame {
        variant: game.kind.name().to_string(),
        start_fen: game.start_fen.clone(),
        white: side(&game.seats[0]),
        black: side(&game.seats[1]),
        rated: game.rated,
        clock: game.clock.map(|(initial, increment)| (initial as i64, increment as i64)),
    }
}

fn challenge(c: store::StoredChallenge) -> Result<StoredChallenge, RecordsError> {
    let kind = c.challenge.variant.parse::<GameKind>().map_err(|e| format!("challenge {}: {e}", c.id))?;
    let colour = match c.challenge.colour {
        Colour::White => ColourChoice::White,
        Colour::Black => ColourChoice::Black,
        Colour::Random => ColourChoice::Random,
    };
    let clock = c.challenge.clock.map(|(initial, increment)| (initial.max(0) as u64, increment.max(0) as u64));
    let spec = ChallengeSpec { kind, clock, colour, rated: c.challenge.rated, to: c.to_name };
    let from = Account { id: c.challenge.from.0, name: c.from_name };
    Ok(StoredChallenge { id: c.id.0 as ChallengeId, from, spec, created_ms: c.created_ms.max(0) as u64 })
}

fn boxed(e: StoreError) -> RecordsError {
    Box::new(e)
}

impl Records for Store {
    fn open_again(&mut self) -> Result<Box<dyn Records>, RecordsError> {
        Ok(Box::new(Store::open_again(self).map_err(boxed)?))
    }

    fn account_by_key(&mut self, fp: &str) -> Result<Option<Account>, RecordsError> {
        Ok(Store::account_by_key(self, fp).map_err(boxed)?.map(account))
    }

    fn account_by_name(&mut self, name: &str) -> Result<Option<Account>, RecordsError> {
        Ok(Store::account_by_name(self, name).map_err(boxed)?.map(account))
    }

    fn register(&mut self, name: &str, fp: &str, key_text: &str) -> Result<Account, RecordsError> {
        Ok(account(Store::register(self, name, fp, key_text).map_err(boxed)?))
    }

    fn offer_key(&mut self, id: AccountId, fp: &str, key_text: &str) -> Result<(), RecordsError> {
        Store::offer_key(self, store::AccountId(id), fp, key_text).map_err(boxed)
    }

    fn key_offers(&mut self, fp: &str) -> Result<Vec<Account>, RecordsError> {
        Ok(Store::key_offers(self, fp).map_err(boxed)?.into_iter().map(account).collect())
    }

    fn confirm_key(&mut self, fp: &str, id: AccountId) -> Result<(), RecordsError> {
        Store::confirm_key(self, fp, store::AccountId(id)).map_err(boxed)
    }

    fn refuse_key_offers(&mut self, fp: &str) -> Result<(), RecordsError> {
        Store::refuse_key_offers(self, fp).map_err(boxed)
    }

    fn account_keys(&mut self, id: AccountId) -> Result<Vec<(String, bool)>, RecordsError> {
        let rows = Store::account_keys(self, store::AccountId(id)).map_err(boxed)?;
        Ok(rows.into_iter().map(|k| (k.fingerprint, k.pending)).collect())
    }

    fn remove_key(&mut self, id: AccountId, fp: &str) -> Result<(), RecordsError> {
        Store::remove_key(self, store::AccountId(id), fp).map_err(boxed)
    }

    fn create_game(&mut self, game: &NewGame, now_ms: u64) -> Result<GameId, RecordsError> {
        Ok(Store::create_game(self, &new_game(game), now_ms as i64).map_err(boxed)?.0)
    }

    fn add_challenge(
        &mut self,
        from: AccountId,
        to: Option<AccountId>,
        spec: &ChallengeSpec,
        now_ms: u64,
    ) -> Result<ChallengeId, RecordsError> {
        let colour = match spec.colour {
            ColourChoice::White => Colour::White,
            ColourChoice::Black => Colour::Black,
            ColourChoice::Random => Colour::Random,
        };
        let new = store::NewChallenge {
            from: store::AccountId(from),
            variant: spec.kind.name().to_string(),
            clock: spec.clock.map(|(initial, increment)| (initial as i64, increment as i64)),
            colour,
            rated: spec.rated,
            to: to.map(store::AccountId),
        };
        Ok(Store::add_challenge(self, &new, now_ms as i64).map_err(boxed)?.0 as ChallengeId)
    }

    fn remove_challenge(&mut self, id: ChallengeId) -> Result<(), RecordsError> {
        Store::remove_challenge(self, store::ChallengeId(id as i64)).map_err(boxed)
    }

    fn accept_challenge(&mut self, id: ChallengeId, game: &NewGame, now_ms: u64) -> Result<GameId, RecordsError> {
        let id = store::ChallengeId(id as i64);
        Ok(Store::accept_challenge(self, id, &new_game(game), now_ms as i64).map_err(boxed)?.0)
    }

    fn challenges(&mut self) -> Result<Vec<StoredChallenge>, RecordsError> {
        Store::challenges(self).map_err(boxed)?.into_iter().map(challenge).collect()
    }

    fn add_moves(&mut self, moves: &[MoveWrite]) -> BatchResult {
        let rows: Vec<_> = moves
            .iter()
            .map(|(game, ply, m)| {
                let row = store::StoredMove {
                    ply: *ply,
                    mv: m.mv.clone(),
                    white_ms: m.white_ms,
                    black_ms: m.black_ms,
                    at_ms: m.at_ms as i64,
                };
                (store::GameId(*game), row)
            })
            .collect();
        let results = Store::add_moves(self, &rows).map_err(boxed)?;
        Ok(results.into_iter().map(|r| r.map_err(boxed)).collect())
    }

    fn take_back(&mut self, game: GameId, keep: u32) -> Result<(), RecordsError> {
        Store::take_back(self, store::GameId(game), keep).map_err(boxed)?;
        Ok(())
    }

    fn finish_game(
        &mut self,
        game: GameId,
        result: &str,
        why: &str,
        at_ms: u64,
        clocks: Option<[i64; 2]>,
    ) -> Result<Option<RatingChange>, RecordsError> {
        let end = store::Finish { result: result.to_string(), termination: why.to_string(), at_ms: at_ms as i64 };
        Store::finish(self, store::GameId(game), &end, clocks.map(|[w, b]| (w, b))).map_err(boxed)
    }

    fn set_alive(&mut self, at_ms: u64) -> Result<(), RecordsError> {
        Store::set_alive(self, at_ms as i64).map_err(boxed)
    }

    fn last_alive(&mut self) -> Result<Option<u64>, RecordsError> {
        Ok(Store::last_alive(self).map_err(boxed)?.map(|at| at.max(0) as u64))
    }

    fn active_games(&mut self) -> Result<Vec<StoredGame>, RecordsError> {
        Store::active_games(self).map_err(boxed)?.into_iter().map(stored).collect()
    }

    fn game(&mut self, id: GameId) -> Result<Option<StoredGame>, RecordsError> {
        Store::game(self, store::GameId(id)).map_err(boxed)?.map(stored).transpose()
    }

    fn leaderboard(&mut self, kind: GameKind, limit: usize) -> Result<Vec<LeaderRow>, RecordsError> {
        let rows = Store::leaderboard(self, kind.name(), limit.min(u32::MAX as usize) as u32).map_err(boxed)?;
        Ok(rows.into_iter().map(|r| LeaderRow { name: r.name, rating: r.rating, games: r.games }).collect())
    }

    fn player(&mut self, name: &str) -> Result<Option<PlayerPage>, RecordsError> {
        let Some(a) = Store::account_by_name(self, name).map_err(boxed)? else { return Ok(None) };
        let (mut ratings, mut history) = (Vec::new(), Vec::new());
        for kind in GameKind::ALL {
            let points = Store::rating_history(self, a.id, kind.name()).map_err(boxed)?;
            if let Some(last) = points.last() {
                ratings.push((kind, last.rating));
                history.push((kind, points.iter().map(|p| (p.at_ms.max(0) as u64, p.rating)).collect()));
            }
        }
        let mut recent = Vec::new();
        for g in Store::games_of(self, a.id, PAGE_GAMES).map_err(boxed)? {
            let result = g.finish.as_ref().map_or("*".to_string(), |f| f.result.clone());
            let names = [g.white.name.clone(), g.black.name.clone()];
            recent.push(GameSummary {
                id: g.id.0,
                kind: kind(&g)?,
                names,
                result,
                created_ms: g.created_ms.max(0) as u64,
            });
        }
        Ok(Some(PlayerPage { account: account(a), ratings, recent, history }))
    }
}
