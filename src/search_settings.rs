//! The engine's settings by name: the search's (`null=on`, `lmrdiv=225`,
//! ...) and the evaluation's weights (`scale.pst=80`, `tempo=20`): one table
//! read by `wormhole match` (`--engine-a null=off`) and by the UCI engine's
//! `Settings` option, so the same variant of the engine plays in a match of
//! our own and under any tournament manager.

use anyhow::{Context, anyhow, bail};
use wormhole::Roles;
use wormhole::engine::{Features, TermShape};
use wormhole::rules::EvalWeights;

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
    ("qchecks", |f, on| f.qsearch_checks = on),
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

/// The search's features and the evaluation's weights from a list of
/// settings (`lmrdiv=225,null=off,scale.pst=80`, commas or spaces between
/// them), each on the defaults (`params` holds the game's default weights;
/// `names` are its piece letters); empty text is the defaults.
pub fn parse<W: EvalWeights>(text: &str, names: Roles, params: &mut W) -> anyhow::Result<Features> {
    let mut features = Features::default();
    for item in text.split([',', ' ']).filter(|s| !s.is_empty()) {
        let Some((key, value)) = item.split_once('=') else { bail!("setting '{item}' is not key=value") };
        let (key, value) = (key.trim().to_ascii_lowercase(), value.trim());
        if !apply(&key, value, &mut features)? && !set_weight(params, names, &key, value)? {
            bail!("unknown setting '{key}'");
        }
    }
    Ok(features)
}

/// Applies `key=value` if `key` names evaluation weights (see the game's
/// terms, [`EvalWeights::terms`]): `tempo=90` for a term with one weight,
/// `mob.N=40` for a per-piece term (by letter), `pawn.1=60` for a
/// per-count term, `scale.mob=150` to scale all of a term's weights by a
/// percentage, and `w.29=90` for a weight by its index. Returns whether it
/// did. The piece letters are the game's (`names`).
pub fn set_weight<W: EvalWeights>(params: &mut W, names: Roles, key: &str, value: &str) -> anyhow::Result<bool> {
    let count = params.weights().len();
    let (scale, key) = match key.strip_prefix("scale.") {
        Some(rest) => (true, rest),
        None => (false, key),
    };
    let (name, part) = match key.split_once('.') {
        Some((name, part)) => (name, Some(part)),
        None => (key, None),
    };
    let indices = if name == "w" && !scale {
        let i: usize =
            part.and_then(|p| p.parse().ok()).ok_or_else(|| anyhow!("setting '{key}': expected w.<index>"))?;
        if i >= count {
            bail!("setting '{key}': there are {count} weights");
        }
        i..i + 1
    } else {
        let Some(term) = W::terms().iter().find(|t| t.name == name) else { return Ok(false) };
        let len = term.shape.weights();
        match (part, term.shape) {
            (None, TermShape::One) => term.start..term.start + 1,
            (None, _) if scale => term.start..term.start + len,
            (Some(p), TermShape::PerRole) => {
                let role = p.chars().next().and_then(|c| names.from_letter(c)).filter(|_| p.len() == 1);
                let role = role.ok_or_else(|| anyhow!("setting '{key}': '{p}' is not a piece letter"))?;
                let i = term.at(role.index());
                i..i + 1
            }
            (Some(p), TermShape::PerCount(n)) => {
                let i = p.parse::<usize>().ok().filter(|&i| i < n);
                let i = i.ok_or_else(|| anyhow!("setting '{key}': expected a count below {n}, not '{p}'"))?;
                term.at(i)..term.at(i) + 1
            }
            (Some(_), TermShape::One) => {
                bail!("setting '{key}': '{name}' is a single weight ({}): write {name}=N", term.doc)
            }
            (None, TermShape::PerRole) => bail!(
                "setting '{key}': '{name}' has a weight per piece ({}): write {name}.<letter>=N or scale.{name}=PERCENT",
                term.doc
            ),
            (None, TermShape::PerCount(n)) => bail!(
                "setting '{key}': '{name}' has {n} weights ({}): write {name}.<0..{}>=N or scale.{name}=PERCENT",
                term.doc,
                n - 1
            ),
        }
    };
    let number: i32 = value.parse().with_context(|| format!("setting '{key}' needs a number, got '{value}'"))?;
    for w in &mut params.weights_mut()[indices] {
        *w = if scale { *w * number / 100 } else { number };
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use wormhole::engine::Tuning;
    use wormhole::rules::Evaluate;
    use wormhole::{ListedGame, Position, Variant};

    use super::*;

    /// The features `text` sets in Wormhole chess, and whether it changed the weights.
    fn parse_in_wormhole(text: &str) -> anyhow::Result<(Features, bool)> {
        let pos = Position::new(Variant::Classic);
        let mut params = pos.default_params();
        let features = parse(text, pos.kind().role_names(), &mut params)?;
        Ok((features, params != pos.default_params()))
    }

    #[test]
    fn settings_change_the_features_they_name_and_nothing_else() {
        let (features, weights) = parse_in_wormhole("lmrdiv=225, singular=on,null=off,rfpmargin=80").unwrap();
        let tuning = Tuning { deep_rfp_margin: 80, ..Tuning::default() };
        let expected = Features {
            lmr_divisor: Some(225),
            singular: Some(true),
            null_move: Some(false),
            tuning,
            ..Features::default()
        };
        assert_eq!((features, weights), (expected, false));
        assert_eq!(parse_in_wormhole("").unwrap(), (Features::default(), false));
        assert_eq!(parse_in_wormhole("scale.mob=50").unwrap(), (Features::default(), true));
    }

    #[test]
    fn bad_settings_say_what_is_wrong() {
        let err = |text: &str| parse_in_wormhole(text).unwrap_err().to_string();
        assert_eq!(err("lmrdiv=9"), "setting 'lmrdiv' must be from 50 to 1000, got 9");
        assert_eq!(err("null=maybe"), "setting 'null' needs on or off, got 'maybe'");
        assert_eq!(err("nodes=5"), "unknown setting 'nodes'");
        assert_eq!(err("lmr"), "setting 'lmr' is not key=value");
        assert_eq!(err("w.100000=3").split(':').next(), Some("setting 'w.100000'"));
    }
}
