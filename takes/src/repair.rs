//! A repaired copy of a damaged take: every record the reader recovered,
//! in their order, written cleanly into a new file (the damaged one is left
//! as it is).

use std::collections::BTreeSet;
use std::path::Path;

use crate::error::TakeError;
use crate::reader::{from_bytes, open, Take};
use crate::record::{Record, SolveVersion};
use crate::scan::scan;
use crate::writer::TakeWriter;

/// Writes every valid record of the take at `from` into a new take at `to`
/// (which must not exist), in file order; returns the new take open for
/// appending and as it now reads. A solved version whose start was lost in
/// damage gets a new start record before its first frame; a lost identity
/// is written as [`Take::guessed_info`] pieced it together.
pub fn repair(from: &Path, to: &Path) -> Result<(TakeWriter, Take), TakeError> {
    let bytes = posewire_body::bounded_read::read_bounded(from, posewire_body::bounded_read::TAKE)?;
    let damaged = from_bytes(from, &bytes)?;
    let records = scan(from, &bytes)?.records;
    let (info, skip) = match records.first() {
        Some((_, Record::Info(info))) => (info.clone(), 1),
        _ => (damaged.info.clone(), 0),
    };
    let mut writer = TakeWriter::create(to, &info)?;
    let copied = copy(&mut writer, records.iter().skip(skip).map(|(_, r)| r))
        .and_then(|()| writer.sync())
        .and_then(|()| open(to));
    match copied {
        Ok(take) => Ok((writer, take)),
        Err(e) => {
            drop(writer);
            let _ = std::fs::remove_file(to);
            Err(e)
        }
    }
}

/// Pushes the records, starting any solved version that has frames but
/// lost its start record.
fn copy<'a>(
    writer: &mut TakeWriter,
    records: impl Iterator<Item = &'a Record>,
) -> Result<(), TakeError> {
    let mut started = BTreeSet::new();
    for record in records {
        match record {
            Record::Version(v) => {
                started.insert(v.version);
            }
            Record::Solved(f) if started.insert(f.version) => {
                writer.push(&Record::Version(SolveVersion {
                    version: f.version,
                    created_unix_ns: 0,
                    description: "(its version record was damaged; restarted by a repair)".into(),
                }))?;
            }
            _ => {}
        }
        writer.push(record)?;
    }
    Ok(())
}
