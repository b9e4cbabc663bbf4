//! Splitting a take's bytes into records, surviving damage: a record that
//! is not whole, checked and readable is skipped, and reading goes on at
//! the next offset where a whole record frames, checksums and decodes
//! (its kind known, its lengths agreeing with the layout). Damage with no
//! valid record after it is the torn tail.

use std::path::Path;

use crate::codec::{decode, plausible};
use crate::damage::{Damage, TailCut};
use crate::error::TakeError;
use crate::frame::{
    checksum_ok, framing_at, record_at, FILE_HEADER_BYTES, FORMAT_VERSION, RECORD_OVERHEAD_BYTES,
    SIGNATURE,
};
use crate::record::{Record, VitalCopy};

/// A take's bytes as records: every valid one in file order, with what was
/// skipped.
#[derive(Debug, Clone, PartialEq)]
pub struct Scan {
    /// The valid records of known kinds, each with the byte offset it
    /// starts at, in file order.
    pub records: Vec<(u64, Record)>,
    /// The damaged regions skipped, in file order (valid records follow
    /// each).
    pub damage: Vec<Damage>,
    /// The torn tail: damage that no valid record follows.
    pub cut: Option<TailCut>,
    /// Valid records of kinds this build does not know, skipped.
    pub unknown_records: usize,
}

/// Reads the file header and every record of a take's bytes. `path` only
/// names the file in errors. Fails only when the bytes are not a take at
/// all or are of a newer format; damage is reported in the [`Scan`].
pub fn scan(path: &Path, bytes: &[u8]) -> Result<Scan, TakeError> {
    let header = header(path, bytes)?;
    let mut out = Scan {
        records: Vec::new(),
        damage: Vec::new(),
        cut: None,
        unknown_records: 0,
    };
    let mut at = FILE_HEADER_BYTES as usize;
    while at < bytes.len() {
        match valid_at(bytes, at) {
            Ok((size, record)) => {
                match record {
                    Some(r) => out.records.push((at as u64, r)),
                    None => out.unknown_records += 1,
                }
                if let Some(d) = out.damage.last_mut() {
                    d.recovered_records += 1;
                }
                at += size;
            }
            Err(reason) => match resync(bytes, at + 1) {
                Some(next) => {
                    out.damage.push(Damage {
                        offset: at as u64,
                        skipped_bytes: (next - at) as u64,
                        skipped_records: records_between(bytes, at, next),
                        recovered_records: 0,
                        reason,
                    });
                    at = next;
                }
                None => {
                    out.cut = Some(TailCut {
                        offset: at as u64,
                        dropped_bytes: (bytes.len() - at) as u64,
                        reason,
                    });
                    break;
                }
            },
        }
    }
    if let Some(reason) = header {
        damaged_header(path, &mut out, reason)?;
    }
    Ok(out)
}

/// Checks the signature and format version: `Ok(None)` when both are
/// right, `Ok(Some(why))` when they are damaged (the records decide
/// whether this is a take), an error for a newer format.
fn header(path: &Path, bytes: &[u8]) -> Result<Option<String>, TakeError> {
    let signed = bytes.get(..SIGNATURE.len()) == Some(&SIGNATURE[..]);
    let version = bytes
        .get(8..12)
        .map(|v| u32::from_le_bytes([v[0], v[1], v[2], v[3]]));
    match version {
        Some(v) if (1..=FORMAT_VERSION).contains(&v) && signed => Ok(None),
        // Only a file whose signature is whole can claim a newer format:
        // zeroed or scrambled header bytes are damage.
        Some(v) if v > FORMAT_VERSION && signed => Err(TakeError::NewerVersion {
            path: path.to_path_buf(),
            found: v,
            supported: FORMAT_VERSION,
        }),
        Some(0) if signed => Ok(Some("the format version is damaged (0)".into())),
        _ if bytes.len() < FILE_HEADER_BYTES as usize => Err(TakeError::NotATake {
            path: path.to_path_buf(),
        }),
        _ => Ok(Some("the take's signature and version are damaged".into())),
    }
}

/// A damaged header is forgiven when the take's identity (or a copy of
/// it) is among the valid records: no other file holds one. It is
/// reported as damage from byte 0, joined with damage that starts right
/// after it.
fn damaged_header(path: &Path, out: &mut Scan, reason: String) -> Result<(), TakeError> {
    let identity = out
        .records
        .iter()
        .any(|(_, r)| matches!(r, Record::Info(_) | Record::Copy(VitalCopy::Info(_))));
    if !identity {
        return Err(TakeError::NotATake {
            path: path.to_path_buf(),
        });
    }
    let header = FILE_HEADER_BYTES;
    match out.damage.first_mut() {
        Some(d) if d.offset == header => {
            d.offset = 0;
            d.skipped_bytes += header;
            d.skipped_records = None;
            d.reason = format!("{reason}; {}", d.reason);
        }
        _ => {
            let recovered = match out.damage.first() {
                Some(d) => out.records.iter().filter(|(at, _)| *at < d.offset).count(),
                None => out.records.len(),
            };
            out.damage.insert(
                0,
                Damage {
                    offset: 0,
                    skipped_bytes: header,
                    skipped_records: Some(0),
                    recovered_records: recovered as u64,
                    reason,
                },
            );
        }
    }
    Ok(())
}

/// The record at `at` if it is whole, checked and readable: its size and
/// the record (`None` for a kind this build does not know).
fn valid_at(bytes: &[u8], at: usize) -> Result<(usize, Option<Record>), String> {
    let framed = record_at(bytes, at)?;
    let record = decode(framed.kind, framed.payload)
        .map_err(|e| format!("a record that cannot be read: {e}"))?;
    Ok((framed.size, record))
}

/// The first offset from `from` on where a record of a known kind frames,
/// agrees with its layout, decodes and checksums. The cheap tests come
/// first, so junk is passed over at little cost.
fn resync(bytes: &[u8], from: usize) -> Option<usize> {
    let last = bytes.len().checked_sub(RECORD_OVERHEAD_BYTES)?;
    (from..=last).find(|&p| {
        let Ok((len, kind)) = framing_at(bytes, p) else {
            return false;
        };
        let payload = &bytes[p + 5..p + 5 + len];
        plausible(kind, payload)
            && matches!(decode(kind, payload), Ok(Some(_)))
            && checksum_ok(
                kind,
                payload,
                &bytes[p + 5 + len..p + RECORD_OVERHEAD_BYTES + len],
            )
    })
}

/// How many records lie from `from` to `to` when their length fields still
/// chain from one to the next; `None` when they do not.
fn records_between(bytes: &[u8], from: usize, to: usize) -> Option<u64> {
    let mut at = from;
    let mut count = 0u64;
    while at < to {
        let (len, _) = framing_at(bytes, at).ok()?;
        at += len + RECORD_OVERHEAD_BYTES;
        count += 1;
    }
    (at == to).then_some(count)
}
