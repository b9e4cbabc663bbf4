//! A repaired copy of a damaged take: every record the reader recovered,
//! in their order, written cleanly into a new file (the damaged one is left
//! as it is).

use std::collections::BTreeSet;
use std::path::Path;

use crate::error::TakeError;
use crate::reader::{from_bytes, open, Take};
use crate::record::{AvatarRecord, Record, SolveVersion};
use crate::scan::scan;
use crate::writer::TakeWriter;

/// Writes every valid record of the take at `from` into a new take at `to`
/// (which must not exist), in file order; returns the new take open for
/// appending and as it now reads. The identity, configuration and profiles
/// come first, as the reader recovered them (from their copies when the
/// originals were lost); a solved version whose start was lost in
/// damage gets a new start record before its first frame; a lost identity
/// without a copy is written as [`Take::guessed_info`] pieced it together.
pub fn repair(from: &Path, to: &Path) -> Result<(TakeWriter, Take), TakeError> {
    let bytes = posewire_body::bounded_read::read_bounded(from, posewire_body::bounded_read::TAKE)?;
    let damaged = from_bytes(from, &bytes)?;
    let records = scan(from, &bytes)?.records;
    let info = match records.first() {
        Some((_, Record::Info(info))) => info,
        _ => &damaged.info,
    };
    let mut writer = TakeWriter::create(to, info)?;
    // The vital records the reader restored from their copies come first;
    // those that survived stay where they were. The writer copies them all
    // again through the new file.
    let restored = |what: &str| damaged.restored.contains(&what);
    let config = damaged
        .config
        .iter()
        .filter(|_| restored("configuration"))
        .map(|c| Record::Config(c.clone()));
    let kept: Vec<u64> = records
        .iter()
        .filter_map(|(_, r)| match r {
            Record::Profile(p) => Some(p.from_sequence),
            _ => None,
        })
        .collect();
    let profiles = damaged
        .profiles
        .iter()
        .filter(|p| !kept.contains(&p.from_sequence))
        .cloned()
        .map(Record::Profile);
    let kept_lanes: Vec<(&str, u64)> = records
        .iter()
        .filter_map(|(_, r)| match r {
            Record::Avatar(a) => match &*a.record {
                Record::Profile(p) => Some((a.avatar.as_str(), p.from_sequence)),
                _ => None,
            },
            _ => None,
        })
        .collect();
    let lane_profiles = damaged.avatars.iter().flat_map(|a| {
        let kept = &kept_lanes;
        a.profiles
            .iter()
            .filter(move |p| !kept.contains(&(a.id.as_str(), p.from_sequence)))
            .map(move |p| {
                Record::Avatar(AvatarRecord {
                    avatar: a.id.clone(),
                    record: Box::new(Record::Profile(p.clone())),
                })
            })
    });
    let first = config
        .chain(profiles)
        .chain(lane_profiles)
        .collect::<Vec<_>>();
    let rest = records
        .iter()
        .map(|(_, r)| r)
        .filter(|r| !matches!(r, Record::Info(_) | Record::Copy(_)));
    let copied = copy(&mut writer, first.iter().chain(rest))
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
        let frame = match record {
            Record::Avatar(a) => &*a.record,
            other => other,
        };
        match frame {
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
