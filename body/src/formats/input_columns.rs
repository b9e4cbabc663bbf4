//! The tracker take's optional controller-input columns (issue 24,
//! `docs/FORMATS-INPUT.md`): `grip,trigger,primary,secondary,thumb_x,
//! thumb_y,touch` after the pose. A row's seven fields are all empty (no
//! input: a tracker, a headset, a controller whose source gave none) or
//! all given.

use super::csv;
use super::FormatError;
use crate::controller_input::{ControllerInput, Touch};

/// The input columns, in order.
pub(crate) const INPUT_COLUMNS: [&str; 7] = [
    "grip",
    "trigger",
    "primary",
    "secondary",
    "thumb_x",
    "thumb_y",
    "touch",
];

fn flag(field: &str, column: &str, path: &str, line: usize) -> Result<bool, FormatError> {
    match field {
        "0" => Ok(false),
        "1" => Ok(true),
        _ => Err(csv::syntax(
            path,
            line,
            format!("field `{column}` must be 0 or 1"),
        )),
    }
}

fn analogue(
    field: &str,
    column: &str,
    lo: f64,
    path: &str,
    line: usize,
) -> Result<f64, FormatError> {
    let v = csv::number(field, column, path, line)?;
    if v.is_finite() && (lo..=1.0).contains(&v) {
        Ok(v)
    } else {
        Err(csv::syntax(
            path,
            line,
            format!("field `{column}` must be a number from {lo} to 1"),
        ))
    }
}

/// Parses a row's seven input fields.
pub(crate) fn parse(
    fields: &[&str],
    path: &str,
    line: usize,
) -> Result<Option<ControllerInput>, FormatError> {
    if fields.iter().all(|f| f.is_empty()) {
        return Ok(None);
    }
    if let Some(i) = fields.iter().position(|f| f.is_empty()) {
        return Err(csv::syntax(
            path,
            line,
            format!(
                "field `{}` is empty while other input fields are given (give all seven or none)",
                INPUT_COLUMNS[i]
            ),
        ));
    }
    let touch = fields[6]
        .parse::<u8>()
        .ok()
        .and_then(Touch::from_bits)
        .ok_or_else(|| csv::syntax(path, line, "field `touch` must be a whole number 0-15"))?;
    Ok(Some(ControllerInput {
        grip: analogue(fields[0], "grip", 0.0, path, line)?,
        trigger: analogue(fields[1], "trigger", 0.0, path, line)?,
        primary: flag(fields[2], "primary", path, line)?,
        secondary: flag(fields[3], "secondary", path, line)?,
        thumbstick: [
            analogue(fields[4], "thumb_x", -1.0, path, line)?,
            analogue(fields[5], "thumb_y", -1.0, path, line)?,
        ],
        touch,
    }))
}

/// Appends `,grip,…,touch` for a row (seven empty fields without input).
pub(crate) fn push(out: &mut String, input: Option<&ControllerInput>) {
    let Some(i) = input.map(|i| i.sanitized()) else {
        out.push_str(",,,,,,,");
        return;
    };
    for v in [i.grip, i.trigger] {
        out.push(',');
        csv::push_fixed(out, v, 4);
    }
    for b in [i.primary, i.secondary] {
        out.push_str(if b { ",1" } else { ",0" });
    }
    for v in i.thumbstick {
        out.push(',');
        csv::push_fixed(out, v, 4);
    }
    out.push(',');
    out.push_str(&i.touch.bits().to_string());
}
