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
use crate::record::Record;

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
    let mut damage = Vec::new();
    if bytes.get(..SIGNATURE.len()) != Some(&SIGNATURE[..]) {
        // A damaged signature is forgiven when the take's identity record
        // follows it whole: no other file starts so.
        let header = FILE_HEADER_BYTES as usize;
        let identity =
            valid_at(bytes, header).is_ok_and(|(_, r)| matches!(r, Some(Record::Info(_))));
        if bytes.len() < SIGNATURE.len() || !identity {
            return Err(TakeError::NotATake {
                path: path.to_path_buf(),
            });
        }
        damage.push(Damage {
            offset: 0,
            skipped_bytes: SIGNATURE.len() as u64,
            skipped_records: Some(0),
            recovered_records: 0,
            reason: "the take signature is damaged".into(),
        });
    }
    let Some(version) = bytes.get(8..12) else {
        return Err(TakeError::Malformed {
            path: path.to_path_buf(),
            offset: 8,
            reason: "the format version is cut short".into(),
        });
    };
    let version = u32::from_le_bytes([version[0], version[1], version[2], version[3]]);
    if version > FORMAT_VERSION || version == 0 {
        return Err(TakeError::NewerVersion {
            path: path.to_path_buf(),
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    let mut out = Scan {
        records: Vec::new(),
        damage,
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
    Ok(out)
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
