//! Shared plumbing of the CSV formats: splitting a file into lines and
//! fields, checking the header, parsing numbers, building error messages,
//! formatting fixed-point numbers fast, and writing a file atomically.
//!
//! Everything here is crate-private: the public surface is the `parse`,
//! `read`, `to_csv` and `write` methods of each format.

use std::fmt::Write as _;
use std::path::Path;

use glam::{DQuat, DVec3};

use super::{FormatError, InvalidSamples};
use crate::transform::Transform;

/// How far a quaternion's length may be from 1 and still count as a rotation
/// (FORMATS.md section 1).
pub(crate) const UNIT_TOLERANCE: f64 = 1e-3;

/// Decimals written for times.
pub(crate) const TIME_DECIMALS: u32 = 6;
/// Decimals written for positions (FORMATS.md: at least 6).
pub(crate) const POSITION_DECIMALS: u32 = 6;
/// Decimals written for quaternion components (FORMATS.md: at least 7).
pub(crate) const QUATERNION_DECIMALS: u32 = 7;

/// The names of the seven pose columns, in file order.
pub(crate) const POSE_COLUMNS: [&str; 7] = ["px", "py", "pz", "qx", "qy", "qz", "qw"];

/// Builds a syntax error.
pub(crate) fn syntax(path: &str, line: usize, reason: impl Into<String>) -> FormatError {
    FormatError::Syntax {
        path: path.to_owned(),
        line,
        reason: reason.into(),
    }
}

/// The lines of a file: `(1-based number, text)`, without the `\n`, with
/// one trailing `\r` removed. A final newline does not make an extra line;
/// a leading UTF-8 byte order mark (written by some spreadsheets) is skipped.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let body = text.strip_suffix('\n').unwrap_or(text);
    let empty = text.is_empty();
    body.split('\n')
        .filter(move |_| !empty)
        .enumerate()
        .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
}

/// Reads the header line and checks it against the accepted headers; returns
/// the index of the one that matched, and the remaining lines.
///
/// Errors give the column number of the first unknown name, or show the
/// header expected; they never quote the line itself.
pub(crate) fn read_header<'a>(
    text: &'a str,
    path: &str,
    accepted: &[&[&str]],
) -> Result<(usize, impl Iterator<Item = (usize, &'a str)>), FormatError> {
    let expected = accepted
        .iter()
        .map(|h| format!("`{}`", h.join(",")))
        .collect::<Vec<_>>()
        .join(" or ");
    if text.trim().trim_start_matches('\u{feff}').is_empty() {
        return Err(syntax(
            path,
            1,
            format!("empty file (expected a header line {expected} first)"),
        ));
    }
    let mut it = lines(text);
    let Some((number, header)) = it.next() else {
        return Err(syntax(path, 1, format!("empty file (expected {expected})")));
    };
    let found: Vec<&str> = header.split(',').collect();
    if let Some(i) = accepted.iter().position(|h| *h == found.as_slice()) {
        return Ok((i, it));
    }
    // The header's own text is never quoted (the file may not be a take at
    // all): say where it differs and what was expected.
    let reason = if found.first().is_some_and(|f| f.parse::<f64>().is_ok()) {
        format!(
            "missing header line: the first line must be {expected}, found a number in column 1"
        )
    } else if let Some(unknown) = found
        .iter()
        .position(|f| !accepted.iter().any(|h| h.contains(f)))
    {
        format!(
            "unknown column name in column {} of the header (expected {expected})",
            unknown + 1
        )
    } else {
        format!(
            "wrong header: {} known column names, not in the expected order or number (expected {expected})",
            found.len()
        )
    };
    Err(syntax(path, number, reason))
}

/// Splits a data line into exactly `N` comma-separated fields.
pub(crate) fn split_fields<'a, const N: usize>(
    line: &'a str,
    path: &str,
    number: usize,
) -> Result<[&'a str; N], FormatError> {
    let mut out = [""; N];
    let mut found = 0;
    for field in line.split(',') {
        if found < N {
            out[found] = field;
        }
        found += 1;
    }
    if line.is_empty() {
        return Err(syntax(
            path,
            number,
            format!("expected {N} fields, found 0 (empty line)"),
        ));
    }
    if found != N {
        return Err(syntax(
            path,
            number,
            format!("expected {N} fields, found {found}"),
        ));
    }
    Ok(out)
}

/// Parses a number field (`1.5`, `1e-3`, `nan`, `inf`, `-inf` are numbers;
/// non-finite ones are the caller's business).
pub(crate) fn number(
    field: &str,
    column: &str,
    path: &str,
    line: usize,
) -> Result<f64, FormatError> {
    field
        .parse::<f64>()
        .map_err(|_| syntax(path, line, format!("field `{column}` is not a number")))
}

/// Parses the `time_s` field: a number that must be finite.
pub(crate) fn time(field: &str, path: &str, line: usize) -> Result<f64, FormatError> {
    let t = number(field, "time_s", path, line)?;
    if !t.is_finite() {
        return Err(syntax(path, line, "field `time_s` is not a finite number"));
    }
    Ok(t)
}

/// Checks that times never decrease from one row to the next.
#[derive(Debug, Default)]
pub(crate) struct TimeOrder {
    previous: Option<f64>,
}

impl TimeOrder {
    /// Accepts the time of the next row.
    pub(crate) fn check(&mut self, t: f64, path: &str, line: usize) -> Result<(), FormatError> {
        if self.previous.is_some_and(|prev| t < prev) {
            return Err(syntax(
                path,
                line,
                "field `time_s` goes backwards (earlier than the previous row's)",
            ));
        }
        self.previous = Some(t);
        Ok(())
    }
}

/// Parses the seven pose fields (`px,py,pz,qx,qy,qz,qw`) into numbers.
pub(crate) fn pose_numbers(
    fields: &[&str],
    path: &str,
    line: usize,
) -> Result<[f64; 7], FormatError> {
    let mut v = [0.0; 7];
    for ((out, field), column) in v.iter_mut().zip(fields).zip(POSE_COLUMNS) {
        *out = number(field, column, path, line)?;
    }
    Ok(v)
}

/// Turns seven pose numbers into a transform with a normalised rotation;
/// `None` for an invalid sample (a non-finite value, or a quaternion whose
/// length is more than [`UNIT_TOLERANCE`] from 1).
pub(crate) fn pose_from_numbers(v: [f64; 7]) -> Option<Transform> {
    if v.iter().any(|x| !x.is_finite()) {
        return None;
    }
    let q = DQuat::from_xyzw(v[3], v[4], v[5], v[6]);
    let length = q.length();
    if (length - 1.0).abs() > UNIT_TOLERANCE {
        return None;
    }
    Some(Transform::new(DVec3::new(v[0], v[1], v[2]), q / length))
}

impl InvalidSamples {
    /// Counts one more invalid sample found on `line`.
    pub(crate) fn record(&mut self, line: usize) {
        self.count += 1;
        if self.first_lines.len() < InvalidSamples::MAX_LINES {
            self.first_lines.push(line);
        }
    }
}

/// Appends `x` with exactly `decimals` decimals (rounded half away from
/// zero), never as `-0.000…`; `nan`/`inf`/`-inf` for non-finite values.
pub(crate) fn push_fixed(out: &mut String, x: f64, decimals: u32) {
    if !x.is_finite() {
        out.push_str(if x.is_nan() {
            "nan"
        } else if x > 0.0 {
            "inf"
        } else {
            "-inf"
        });
        return;
    }
    if decimals > 9 {
        // Beyond what the formats use: take the exact (slower) formatter.
        let _ = write!(out, "{:.*}", decimals as usize, x);
        return;
    }
    let scale = 10u64.pow(decimals);
    let scaled = (x * scale as f64).round();
    if scaled.abs() >= 1e15 {
        // Too large for the integer path: rare, use the exact formatter.
        let _ = write!(out, "{:.*}", decimals as usize, x);
        return;
    }
    // Exact: |scaled| < 1e15 < 2^53.
    let n = scaled as i64;
    if n < 0 {
        out.push('-');
    }
    let n = n.unsigned_abs();
    push_digits(out, n / scale, 1);
    out.push('.');
    push_digits(out, n % scale, decimals as usize);
}

/// Appends the decimal digits of `n`, left-padded with zeros to `width`
/// (at most 20).
fn push_digits(out: &mut String, mut n: u64, width: usize) {
    let mut buf = [b'0'; 20];
    let mut i = buf.len();
    while n > 0 || buf.len() - i < width.min(20) {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
    }
    for &b in &buf[i..] {
        out.push(char::from(b));
    }
}

/// Appends a time field.
pub(crate) fn push_time(out: &mut String, t: f64) {
    push_fixed(out, t, TIME_DECIMALS);
}

/// Appends `,px,py,pz,qx,qy,qz,qw` for a pose, or seven `nan` for none.
pub(crate) fn push_pose(out: &mut String, pose: Option<&Transform>) {
    match pose {
        Some(t) => {
            for c in t.position.to_array() {
                out.push(',');
                push_fixed(out, c, POSITION_DECIMALS);
            }
            for c in t.rotation.to_array() {
                out.push(',');
                push_fixed(out, c, QUATERNION_DECIMALS);
            }
        }
        None => out.push_str(",nan,nan,nan,nan,nan,nan,nan"),
    }
}

/// Reads a whole file as UTF-8 text, bounded ([`crate::bounded_read::CSV`]);
/// invalid UTF-8 is an error at the line, column and offset where it occurs.
pub(crate) fn read_text(path: &Path) -> Result<(String, String), FormatError> {
    let text = crate::bounded_read::read_text_bounded(path, crate::bounded_read::CSV)?;
    Ok((text, path.display().to_string()))
}

/// Writes `contents` to `path` atomically ([`crate::atomic_file`]), so a
/// reader never sees a half-written file and a failed write leaves any
/// previous file intact.
pub(crate) fn write_atomic(path: &Path, contents: &str) -> Result<(), FormatError> {
    crate::atomic_file::write_atomic(path, contents.as_bytes()).map_err(|source| FormatError::Io {
        path: path.display().to_string(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(x: f64, d: u32) -> String {
        let mut s = String::new();
        push_fixed(&mut s, x, d);
        s
    }

    #[test]
    fn format_fixed_point_numbers() {
        assert_eq!(fixed(0.0, 6), "0.000000");
        assert_eq!(fixed(1.6712, 6), "1.671200");
        assert_eq!(fixed(-0.0003, 7), "-0.0003000");
        assert_eq!(fixed(-1e-9, 6), "0.000000");
        assert_eq!(fixed(0.9998852, 7), "0.9998852");
        assert_eq!(fixed(-12.5, 6), "-12.500000");
        assert_eq!(fixed(123456.0000004, 6), "123456.000000");
        assert_eq!(fixed(1e12, 6), "1000000000000.000000");
        assert_eq!(fixed(f64::NAN, 6), "nan");
        assert_eq!(fixed(f64::NEG_INFINITY, 6), "-inf");
        // Within one unit of the last decimal of the exact formatter (they
        // may differ on values a hair from a half).
        for x in [
            0.1234565,
            -3.75,
            2.0 / 3.0,
            -1.0 / 7.0,
            42.4242424,
            1.0 - 1e-9,
        ] {
            let ours = fixed(x, 6).parse::<f64>().expect("number");
            let exact = format!("{x:.6}").parse::<f64>().expect("number");
            assert!(
                (ours - exact).abs() <= 1.000001e-6,
                "{x}: {ours} vs {exact}"
            );
            assert!((ours - x).abs() <= 5.000001e-7, "{x}: {ours}");
        }
        assert_eq!(fixed(1.0 - 1e-9, 6), "1.000000");
        assert_eq!(fixed(-0.9999999, 6), "-1.000000");
    }

    #[test]
    fn format_lines_strip_cr_bom_and_final_newline() {
        let v: Vec<_> = lines("\u{feff}a\r\nb\n").collect();
        assert_eq!(v, vec![(1, "a"), (2, "b")]);
        assert_eq!(lines("").count(), 0);
        let v: Vec<_> = lines("a\n\nb").collect();
        assert_eq!(v, vec![(1, "a"), (2, ""), (3, "b")]);
    }
}
