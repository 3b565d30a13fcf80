//! The search's settings by name (`null=on`, `lmrdiv=225`, ...): one table
//! read by `wormhole match` (`--engine-a null=off`) and by the UCI engine's
//! `Settings` option, so the same variant of the search plays in a match of
//! our own and under any tournament manager.

use anyhow::{Context, bail};
use wormhole::engine::Features;

use crate::limits;

/// Turns one of the engine's switches on or off.
type SetSwitch = fn(&mut Features, bool);

/// The engine's on/off switches by their setting name (`name=on|off`).
const SWITCHES: &[(&str, SetSwitch)] = &[
    ("null", |f, on| f.null_move = Some(on)),
    ("lmr", |f, on| f.lmr = on),
    ("futility", |f, on| f.futility = on),
    ("positional", |f, on| f.positional_eval = on),
    ("lazy", |f, on| f.lazy_eval = on),
    ("lmp", |f, on| f.late_move_pruning = on),
    ("checkext", |f, on| f.check_extension = on),
    ("solver", |f, on| f.proof_search = on),
    ("seeorder", |f, on| f.see_order = Some(on)),
    ("seeq", |f, on| f.see_qsearch = Some(on)),
    ("qtt", |f, on| f.qsearch_tt = on),
    ("iir", |f, on| f.iir = on),
    ("caphist", |f, on| f.capture_history = Some(on)),
    ("histlmr", |f, on| f.history_lmr = Some(on)),
    ("counter", |f, on| f.counter_moves = Some(on)),
    ("conthist", |f, on| f.continuation_history = Some(on)),
    ("singular", |f, on| f.singular = Some(on)),
    ("deep", |f, on| f.deep_pruning = Some(on)),
    ("seeprune", |f, on| f.see_prune = Some(on)),
    ("histprune", |f, on| f.history_prune = on),
    ("implmr", |f, on| f.improving_lmr = on),
    ("caplmr", |f, on| f.capture_lmr = on),
    ("tteval", |f, on| f.tt_eval = on),
    ("razor", |f, on| f.razoring = on),
    ("corr", |f, on| f.correction = Some(on)),
    ("corrpieces", |f, on| f.correction_pieces = Some(on)),
    ("corrprev", |f, on| f.correction_previous = Some(on)),
];

/// Sets one numeric value of the search.
type SetNumber = fn(&mut Features, i64);

/// The search's numeric settings by name; their ranges are in
/// [`limits::MATCH_SETTINGS`].
const NUMBERS: &[(&str, SetNumber)] = &[
    ("fmargin", |f, n| f.futility_margin = n as i32),
    ("lmrdiv", |f, n| f.lmr_divisor = Some(n as u32)),
    ("corrmax", |f, n| f.correction_limit = Some(n as u32)),
    ("prooffrom", |f, n| f.proof_from_move = Some(n as u32)),
    ("temperature", |f, n| f.temperature = Some(n as u32)),
    ("hquad", |f, n| f.tuning.history_bonus_quadratic = n as i32),
    ("hlin", |f, n| f.tuning.history_bonus_linear = n as i32),
    ("hmax", |f, n| f.tuning.history_bonus_max = n as i32),
    ("rfpmargin", |f, n| f.tuning.deep_rfp_margin = n as i32),
    ("rfpdepth", |f, n| f.tuning.deep_rfp_depth = n as i32),
    ("fbase", |f, n| f.tuning.deep_futility_base = n as i32),
    ("fdeep", |f, n| f.tuning.deep_futility_margin = n as i32),
    ("fdepth", |f, n| f.tuning.deep_futility_depth = n as i32),
    ("lmpbase", |f, n| f.tuning.deep_lmp_base = n as i32),
    ("lmpdepth", |f, n| f.tuning.deep_lmp_depth = n as i32),
    ("nullr", |f, n| f.tuning.null_reduction = n as i32),
    ("seeqm", |f, n| f.tuning.see_quiet_margin = n as i32),
    ("seecm", |f, n| f.tuning.see_capture_margin = n as i32),
];

/// A number `value` for setting `key`, within the setting's range.
pub fn number(key: &str, value: &str) -> anyhow::Result<i64> {
    let n: i64 = value.parse().with_context(|| format!("setting '{key}' needs a number, got '{value}'"))?;
    match limits::MATCH_SETTINGS.iter().find(|(k, _)| *k == key) {
        Some((_, range)) if !range.contains(&n) => {
            bail!("setting '{key}' must be from {} to {}, got {n}", range.start(), range.end())
        }
        _ => Ok(n),
    }
}

/// Applies `key=value` to `features` if `key` names a search setting;
/// returns whether it does.
pub fn apply(key: &str, value: &str, features: &mut Features) -> anyhow::Result<bool> {
    if let Some((_, set)) = SWITCHES.iter().find(|(name, _)| *name == key) {
        let on = match value {
            "on" | "true" | "1" | "yes" => true,
            "off" | "false" | "0" | "no" => false,
            _ => bail!("setting '{key}' needs on or off, got '{value}'"),
        };
        set(features, on);
        return Ok(true);
    }
    if let Some((_, set)) = NUMBERS.iter().find(|(name, _)| *name == key) {
        set(features, number(key, value)?);
        return Ok(true);
    }
    Ok(false)
}

/// The search's features from a list of settings (`lmrdiv=225,null=off`,
/// commas or spaces between them), each on the defaults; empty text is the
/// defaults.
pub fn parse(text: &str) -> anyhow::Result<Features> {
    let mut features = Features::default();
    for item in text.split([',', ' ']).filter(|s| !s.is_empty()) {
        let Some((key, value)) = item.split_once('=') else { bail!("setting '{item}' is not key=value") };
        let key = key.trim().to_ascii_lowercase();
        if !apply(&key, value.trim(), &mut features)? {
            bail!("unknown search setting '{key}'");
        }
    }
    Ok(features)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_change_the_features_they_name_and_nothing_else() {
        let features = parse("lmrdiv=225, singular=on,null=off").unwrap();
        let expected =
            Features { lmr_divisor: Some(225), singular: Some(true), null_move: Some(false), ..Features::default() };
        assert_eq!(features, expected);
        assert_eq!(parse("").unwrap(), Features::default());
    }

    #[test]
    fn bad_settings_say_what_is_wrong() {
        let err = |text: &str| parse(text).unwrap_err().to_string();
        assert_eq!(err("lmrdiv=9"), "setting 'lmrdiv' must be from 50 to 1000, got 9");
        assert_eq!(err("null=maybe"), "setting 'null' needs on or off, got 'maybe'");
        assert_eq!(err("nodes=5"), "unknown search setting 'nodes'");
        assert_eq!(err("lmr"), "setting 'lmr' is not key=value");
    }
}
