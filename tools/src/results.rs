//! The fidelity tables of `docs/RESULTS.md`, from `posewire eval --json`
//! with a training corpus: per setting the training / validation figures
//! (no-prop means), then the validation bars of issue 25, each met or not.

use std::fmt::Write as _;

use serde_json::Value;

/// What was missing from the evaluation JSON.
#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    /// A field the tables need is absent or not of its kind.
    #[error(
        "the evaluation JSON has no {0} (was it written by `posewire eval --train ... --json`?)"
    )]
    Missing(String),
}

/// The validation bars: clean MPJPE per device count, cm.
const MPJPE_BARS_CM: [(u64, f64); 3] = [(6, 2.7), (4, 6.0), (3, 9.3)];
/// Noisy MPJPE at most this much above clean, cm.
const NOISY_EXTRA_CM: f64 = 0.5;
/// Jitter and foot skate at most this many times the ground truth's.
const RATIO_BAR: f64 = 1.3;
/// Lag at most this, ms.
const LAG_BAR_MS: f64 = 15.0;

/// One setting's no-prop means in one set.
#[derive(Debug, Clone)]
struct Means {
    devices: u64,
    noisy: bool,
    clips: u64,
    causal: u64,
    metrics: Value,
}

impl Means {
    fn get(&self, key: &str) -> Result<f64, ResultsError> {
        self.metrics
            .get(key)
            .and_then(Value::as_f64)
            .ok_or_else(|| ResultsError::Missing(format!("no_prop.{key}")))
    }

    fn label(&self) -> String {
        let condition = if self.noisy { "noisy" } else { "clean" };
        format!("{} {condition}", self.devices)
    }
}

fn field<'a>(v: &'a Value, key: &str) -> Result<&'a Value, ResultsError> {
    v.get(key)
        .ok_or_else(|| ResultsError::Missing(key.to_string()))
}

fn number(v: &Value, key: &str) -> Result<u64, ResultsError> {
    field(v, key)?
        .as_u64()
        .ok_or_else(|| ResultsError::Missing(key.to_string()))
}

/// The `means` of one set (the top level is validation; `train` the corpus).
fn means(set: &Value) -> Result<Vec<Means>, ResultsError> {
    let list = field(set, "means")?
        .as_array()
        .ok_or_else(|| ResultsError::Missing("means".into()))?;
    list.iter()
        .map(|m| {
            Ok(Means {
                devices: number(m, "devices")?,
                noisy: field(m, "condition")?.as_str() == Some("noisy"),
                clips: number(m, "no_prop_clips")?,
                causal: number(m, "no_prop_causality_passed")?,
                metrics: field(m, "no_prop")?.clone(),
            })
        })
        .collect()
}

/// The training / validation table and the bars, as markdown.
pub fn fidelity_tables(eval: &Value) -> Result<String, ResultsError> {
    let val = means(eval)?;
    let train = means(field(eval, "train")?)?;
    let mut out = String::new();
    out.push_str("| setting | MPJPE cm | root | lower | jitter / GT | skate / GT | lag ms | falls % | causality |\n");
    out.push_str("| ------- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    for v in &val {
        let t = train
            .iter()
            .find(|t| t.devices == v.devices && t.noisy == v.noisy)
            .ok_or_else(|| ResultsError::Missing(format!("train means for {}", v.label())))?;
        out.push_str(&row(t, v)?);
    }
    out.push('\n');
    out.push_str(&bars(&val)?);
    Ok(out)
}

/// One setting's row: each cell training / validation.
fn row(t: &Means, v: &Means) -> Result<String, ResultsError> {
    let pair = |key: &str, digits: usize| -> Result<String, ResultsError> {
        Ok(format!(
            "{:.digits$} / {:.digits$}",
            t.get(key)?,
            v.get(key)?
        ))
    };
    let bar = MPJPE_BARS_CM
        .iter()
        .find(|(d, _)| *d == v.devices && !v.noisy)
        .map_or(String::new(), |(_, b)| format!(" ({b:.1})"));
    Ok(format!(
        "| {} | {}{bar} | {} | {} | {} | {} | {} | {} | {}/{}, {}/{} |\n",
        v.label(),
        pair("mpjpe_cm", 2)?,
        pair("root_pe_cm", 2)?,
        pair("lower_pe_cm", 2)?,
        pair("jitter_ratio", 2)?,
        pair("skate_ratio", 2)?,
        pair("lag_ms", 0)?,
        pair("falls_pct", 1)?,
        t.causal,
        t.clips,
        v.causal,
        v.clips
    ))
}

/// The validation bars, each with its figure and whether it is met.
fn bars(val: &[Means]) -> Result<String, ResultsError> {
    let mut out = String::from("| validation bar | figure | met |\n| --- | ---: | --- |\n");
    let mut line = |bar: String, figure: String, met: bool| {
        let met = if met { "yes" } else { "**no**" };
        let _ = writeln!(out, "| {bar} | {figure} | {met} |");
    };
    for (devices, bar) in MPJPE_BARS_CM {
        if let Some(m) = val.iter().find(|m| m.devices == devices && !m.noisy) {
            let x = m.get("mpjpe_cm")?;
            line(
                format!("{devices} devices clean MPJPE at most {bar:.1} cm"),
                format!("{x:.3}"),
                x <= bar,
            );
        }
    }
    let mut worst_extra = f64::NEG_INFINITY;
    for noisy in val.iter().filter(|m| m.noisy) {
        if let Some(clean) = val.iter().find(|m| m.devices == noisy.devices && !m.noisy) {
            worst_extra = worst_extra.max(noisy.get("mpjpe_cm")? - clean.get("mpjpe_cm")?);
        }
    }
    line(
        format!("noisy MPJPE at most clean + {NOISY_EXTRA_CM} cm"),
        format!("+{worst_extra:.3} at most"),
        worst_extra <= NOISY_EXTRA_CM,
    );
    for (key, what) in [("jitter_ratio", "jitter"), ("skate_ratio", "foot skate")] {
        let (x, at) = worst(val, key)?;
        line(
            format!("{what} at most {RATIO_BAR}x GT, every setting"),
            format!("{x:.3} ({at})"),
            x <= RATIO_BAR,
        );
    }
    let (lag, at) = worst(val, "lag_ms")?;
    line(
        format!("lag at most {LAG_BAR_MS} ms"),
        format!("{lag:.1} ({at})"),
        lag <= LAG_BAR_MS,
    );
    let (falls, at) = worst(val, "falls_pct")?;
    line(
        "falls 0".into(),
        format!("{falls:.1} % ({at})"),
        falls == 0.0,
    );
    let causal = val.iter().all(|m| m.causal == m.clips);
    line(
        "causality on every clip".into(),
        format!(
            "{} of {} settings",
            val.iter().filter(|m| m.causal == m.clips).count(),
            val.len()
        ),
        causal,
    );
    Ok(out)
}

/// The largest value of `key` over the settings and which setting it is.
fn worst(val: &[Means], key: &str) -> Result<(f64, String), ResultsError> {
    let mut best = (f64::NEG_INFINITY, String::new());
    for m in val {
        let x = m.get(key)?;
        if x > best.0 {
            best = (x, m.label());
        }
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(jitter_3n: f64) -> Value {
        let means: Vec<Value> = [
            (3, "clean"),
            (3, "noisy"),
            (4, "clean"),
            (4, "noisy"),
            (6, "clean"),
            (6, "noisy"),
        ]
        .iter()
        .map(|(d, c)| {
            let noisy = *c == "noisy";
            serde_json::json!({
                "devices": d, "condition": c, "no_prop_clips": 18, "no_prop_causality_passed": 18,
                "no_prop": {
                    "mpjpe_cm": 10.0 / f64::from(*d) + if noisy { 0.2 } else { 0.0 },
                    "root_pe_cm": 1.0, "lower_pe_cm": 2.0,
                    "jitter_ratio": if noisy && *d == 3 { jitter_3n } else { 1.0 },
                    "skate_ratio": 0.5, "lag_ms": 10.0, "falls_pct": 0.0
                }
            })
        })
        .collect();
        serde_json::json!({ "means": means })
    }

    fn eval(jitter_3n: f64) -> Value {
        let mut v = set(jitter_3n);
        v["train"] = set(1.1);
        v
    }

    #[test]
    fn the_tables_show_both_sets_and_judge_every_bar() {
        let ok = fidelity_tables(&eval(1.2)).expect("tables");
        assert!(ok.contains("| 3 clean | 3.33 / 3.33 (9.3) |"), "{ok}");
        assert!(
            ok.contains("| 3 noisy | 3.53 / 3.53 | 1.00 / 1.00 | 2.00 / 2.00 | 1.10 / 1.20 |"),
            "{ok}"
        );
        assert!(ok.contains("18/18, 18/18"), "{ok}");
        assert!(!ok.contains("**no**"), "{ok}");
        let bad = fidelity_tables(&eval(1.37)).expect("tables");
        assert!(
            bad.contains("| jitter at most 1.3x GT, every setting | 1.370 (3 noisy) | **no** |"),
            "{bad}"
        );
        // 6 devices clean: 10 / 6 = 1.667 <= 2.7; 4 devices 2.5 <= 6.0.
        assert_eq!(bad.matches("**no**").count(), 1, "{bad}");
    }

    #[test]
    fn a_json_without_a_training_set_is_named() {
        let err = fidelity_tables(&set(1.0)).expect_err("no train");
        assert!(err.to_string().contains("train"), "{err}");
    }
}
