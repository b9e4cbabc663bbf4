//! Takes survive damage: a damaged record in the middle is skipped and
//! reported, reading goes on at the next valid record (one or several
//! damaged regions), a damaged header or identity is survived, only
//! damage at the end is a torn tail, nothing cuts a take with valid
//! records after its damage, and a repaired copy holds every recovered
//! record.

mod common;

use std::path::Path;

use common::{boundaries, tick, write_take};
use posewire_takes::{cut_tail, open, repair, scan, Record, TakeError, TakeWriter};

/// The records of a take file in order, as the reader recovers them.
fn records(path: &Path) -> Vec<Record> {
    let bytes = std::fs::read(path).expect("read");
    scan(path, &bytes)
        .expect("scans")
        .records
        .into_iter()
        .map(|(_, r)| r)
        .collect()
}

/// `all` without the vital records' copies.
fn no_copies(all: Vec<Record>) -> Vec<Record> {
    all.into_iter()
        .filter(|r| !matches!(r, Record::Copy(_)))
        .collect()
}

/// `all` without the records at the given indices.
fn without(all: &[Record], lost: &[usize]) -> Vec<Record> {
    all.iter()
        .enumerate()
        .filter(|(i, _)| !lost.contains(i))
        .map(|(_, r)| r.clone())
        .collect()
}

#[test]
fn a_flipped_byte_in_any_middle_record_loses_that_record_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_take(dir.path(), 30);
    let full = std::fs::read(&path).expect("read");
    let original = records(&path);
    let whole = open(&path).expect("opens");
    let at = boundaries(&full);
    let damaged = dir.path().join("damaged.pwtake");
    // Every record but the identity (first) and the end (last): a byte of
    // its length, its kind, its payload's middle and its checksum.
    for i in 1..original.len() - 1 {
        let (start, end) = (at[i], at[i + 1]);
        for byte in [start, start + 4, (start + end) / 2, end - 1] {
            let mut bytes = full.clone();
            bytes[byte] ^= 0x5a;
            std::fs::write(&damaged, &bytes).expect("write");
            let take = open(&damaged).unwrap_or_else(|e| panic!("record {i} byte {byte}: {e}"));
            // What today's reader kept is the records before the flip; all
            // the others must be there.
            let lost_ticks = usize::from(matches!(original[i], Record::Tick(_)));
            let lost_frames = usize::from(matches!(original[i], Record::Solved(_)));
            assert_eq!(
                take.ticks.len(),
                whole.ticks.len() - lost_ticks,
                "record {i}"
            );
            assert_eq!(
                take.solved.len(),
                whole.solved.len() - lost_frames,
                "record {i}"
            );
            assert_eq!(take.ended.as_deref(), Some("stopped by the user"));
            assert_eq!(take.cut, None, "record {i} byte {byte}: not a torn tail");
            assert_eq!(records(&damaged), without(&original, &[i]), "record {i}");
            let [d] = &take.damage[..] else {
                panic!("record {i}: {:?}", take.damage);
            };
            assert_eq!(d.offset, start as u64);
            assert_eq!(d.skipped_bytes, (end - start) as u64);
            // A flipped length no longer leads to the next record.
            let chained = byte != start;
            assert_eq!(d.skipped_records, chained.then_some(1), "byte {byte}");
            assert_eq!(d.recovered_records, (original.len() - i - 1) as u64);
            assert!(!take.is_whole());
            let said = d.to_string();
            assert!(said.contains(&format!("byte {start}")), "{said}");
        }
    }
}

#[test]
fn several_damaged_regions_are_each_skipped_and_reported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_take(dir.path(), 40);
    let mut bytes = std::fs::read(&path).expect("read");
    let original = records(&path);
    let at = boundaries(&bytes);
    // Three single flips, and a run of zeros over records 50 and 51.
    for i in [6, 20, 33] {
        bytes[at[i] + 7] ^= 0x01;
    }
    for b in &mut bytes[at[50] + 3..at[52] - 2] {
        *b = 0;
    }
    std::fs::write(&path, &bytes).expect("write");
    let take = open(&path).expect("opens");
    let offsets: Vec<u64> = take.damage.iter().map(|d| d.offset).collect();
    assert_eq!(offsets, [at[6], at[20], at[33], at[50]].map(|a| a as u64));
    assert_eq!(take.damage[3].skipped_bytes, (at[52] - at[50]) as u64);
    assert_eq!(take.damage[0].recovered_records, 13);
    assert_eq!(
        take.damage[3].recovered_records,
        (original.len() - 52) as u64
    );
    assert_eq!(records(&path), without(&original, &[6, 20, 33, 50, 51]));
    assert_eq!(take.cut, None);
    assert_eq!(take.ended.as_deref(), Some("stopped by the user"));
}

#[test]
fn a_damaged_signature_or_identity_is_survived_and_a_damaged_version_is_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_take(dir.path(), 10);
    let full = std::fs::read(&path).expect("read");
    let whole = open(&path).expect("opens");
    let at = boundaries(&full);

    let mut bytes = full.clone();
    bytes[2] ^= 0xff;
    std::fs::write(&path, &bytes).expect("write");
    let take = open(&path).expect("a damaged signature is survived");
    assert_eq!(take.info, whole.info);
    assert_eq!(take.ticks, whole.ticks);
    assert_eq!(take.damage.len(), 1);
    assert!(
        take.damage[0].reason.contains("signature"),
        "{:?}",
        take.damage
    );

    // The identity record: the take opens with its identity pieced
    // together (the file's name, the recorded rate).
    let mut bytes = full.clone();
    bytes[at[0] + 9] ^= 0x10;
    std::fs::write(&path, &bytes).expect("write");
    let take = open(&path).expect("a damaged identity is survived");
    assert!(take.guessed_info);
    assert_eq!(take.info.name, "take");
    assert_eq!(take.info.rate_hz, 90.0);
    assert_eq!(take.ticks, whole.ticks);
    assert_eq!(take.solved, whole.solved);
    assert_eq!(take.damage[0].offset, at[0] as u64);

    // The format version cannot be told from a newer one: named, refused.
    let mut bytes = full.clone();
    bytes[9] ^= 0x01;
    std::fs::write(&path, &bytes).expect("write");
    let e = open(&path).expect_err("an unknown version");
    assert!(
        matches!(e, TakeError::NewerVersion { found: 257, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("take.pwtake"), "{e}");

    // Not a take at all: still refused as such.
    std::fs::write(
        &path,
        b"PWTAKE\r\n\x01\x00\x00\x00garbage that is no record",
    )
    .expect("write");
    let e = open(&path).expect_err("no valid record");
    assert!(
        e.to_string().contains("no valid record") || e.to_string().contains("not whole"),
        "{e}"
    );
    std::fs::write(&path, b"#!/bin/sh\necho hello, this is no take at all\n").expect("write");
    assert!(matches!(open(&path), Err(TakeError::NotATake { .. })));
}

#[test]
fn damage_at_the_end_is_a_torn_tail_and_only_a_torn_tail_is_ever_cut() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_take(dir.path(), 10);
    let full = std::fs::read(&path).expect("read");
    let at = boundaries(&full);
    let n = at.len() - 1;

    // The end record damaged: nothing valid follows, a torn tail.
    let mut bytes = full.clone();
    bytes[at[n - 1] + 6] ^= 0x20;
    std::fs::write(&path, &bytes).expect("write");
    let take = open(&path).expect("opens");
    assert!(take.damage.is_empty());
    let cut = take.cut.clone().expect("a torn tail");
    assert_eq!(cut.offset, at[n - 1] as u64);
    assert_eq!(take.ended, None);
    assert_eq!(cut_tail(&path).expect("cuts"), Some(cut));
    assert_eq!(std::fs::read(&path).expect("read"), full[..at[n - 1]]);

    // The last frame damaged, the end after it whole: damage, never cut.
    let mut bytes = full.clone();
    bytes[at[n - 2] + 100] ^= 0x20;
    std::fs::write(&path, &bytes).expect("write");
    assert_eq!(cut_tail(&path).expect("nothing to cut"), None);
    assert_eq!(std::fs::read(&path).expect("read"), bytes);
    let (writer, take, cut) = TakeWriter::append(&path).expect("appends");
    drop(writer);
    assert_eq!(cut, None);
    assert_eq!(take.damage.len(), 1);
    assert_eq!(
        std::fs::read(&path).expect("read"),
        bytes,
        "appending cut it"
    );

    // Damage and then a torn tail: both, each where it is.
    let mut bytes = full.clone();
    bytes[at[5] + 30] ^= 0x20;
    bytes.truncate(at[n - 1] + 4);
    std::fs::write(&path, &bytes).expect("write");
    let take = open(&path).expect("opens");
    assert_eq!(take.damage.len(), 1);
    assert_eq!(take.cut.as_ref().map(|c| c.offset), Some(at[n - 1] as u64));
}

#[test]
fn a_repaired_copy_holds_every_recovered_record_and_reads_whole() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_take(dir.path(), 20);
    let mut bytes = std::fs::read(&path).expect("read");
    let original = records(&path);
    let at = boundaries(&bytes);
    // The start of solved version 1 (record 3) and a tick in the middle.
    assert!(matches!(original[3], Record::Version(_)));
    bytes[at[3] + 10] ^= 0x08;
    bytes[at[15] + 10] ^= 0x08;
    std::fs::write(&path, &bytes).expect("write");
    let take = open(&path).expect("opens");
    assert_eq!(
        take.frames(1).count(),
        20,
        "frames of a version whose start was lost"
    );

    let fixed = dir.path().join("fixed.pwtake");
    let (mut writer, repaired) = repair(&path, &fixed).expect("repairs");
    assert!(repaired.is_whole(), "{:?}", repaired.damage);
    assert_eq!(repaired.ticks, take.ticks);
    assert_eq!(repaired.solved, take.solved);
    assert_eq!(repaired.markers, take.markers);
    assert_eq!(repaired.ended, take.ended);
    assert_eq!(repaired.info, take.info);
    // Every recovered record, in order, with version 1 restarted before
    // its first frame (after tick 0); the copies of the vital records lie
    // where the new file's bytes put them.
    let again = no_copies(records(&fixed));
    let mut expected = no_copies(without(&original, &[3, 15]));
    assert!(matches!(&again[4], Record::Version(v) if v.version == 1));
    expected.insert(4, again[4].clone());
    assert_eq!(again, expected);
    // The copy can be appended to; the damaged file was left as it was.
    writer.push(&Record::Tick(tick(100))).expect("push");
    writer.finish("after the repair").expect("finish");
    assert_eq!(
        open(&fixed).expect("opens").ticks.len(),
        take.ticks.len() + 1
    );
    assert_eq!(std::fs::read(&path).expect("read"), bytes);
    // Never over an existing file.
    let e = repair(&path, &fixed).expect_err("exists");
    assert!(e.to_string().contains("fixed.pwtake"), "{e}");
    assert_eq!(
        open(&fixed).expect("opens").ticks.len(),
        take.ticks.len() + 1
    );
}

/// Issue 42: the vital records are copied through the file, so a take
/// whose first 4 KiB are zeroed (signature, version, identity, profile,
/// configuration and the first ticks), or bytes 12..4096 (the signature
/// left), still reads with its identity, profile and configuration, keeps
/// every frame after the damage, and repairs into a whole take; a zeroed
/// version byte alone is damage, not "a newer format".
#[test]
fn zeroed_first_kilobytes_cost_only_the_frames_in_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_take(dir.path(), 400);
    let full = std::fs::read(&path).expect("read");
    let whole = open(&path).expect("opens");
    assert!(whole.counts.copy >= 3, "{}", whole.counts);
    assert!(whole.restored.is_empty());
    for from in [0usize, 12] {
        let mut bytes = full.clone();
        bytes[from..4096].fill(0);
        let damaged = dir.path().join(format!("zeroed-{from}.pwtake"));
        std::fs::write(&damaged, &bytes).expect("write");
        let take = open(&damaged).unwrap_or_else(|e| panic!("from {from}: {e}"));
        assert_eq!(take.info, whole.info, "from {from}");
        assert_eq!(take.profiles, whole.profiles, "from {from}");
        assert_eq!(take.config, whole.config, "from {from}");
        assert!(!take.guessed_info);
        assert_eq!(take.missing(), None);
        assert_eq!(
            take.restored,
            ["identity", "configuration", "profile"],
            "from {from}"
        );
        let [d] = &take.damage[..] else {
            panic!("from {from}: {:?}", take.damage);
        };
        // From 0 the header is part of the damage; from 12 it is whole.
        assert_eq!(d.offset, from as u64);
        assert!(
            d.skipped_bytes + d.offset >= 4096 && d.skipped_bytes < 6000,
            "{d}"
        );
        // Only frames within the zeroed bytes are lost.
        let lost = whole.solved.len() - take.solved.len();
        assert!(lost <= 6, "from {from}: {lost} frames lost");
        assert_eq!(take.solved[..], whole.solved[lost..]);
        assert_eq!(take.ended, whole.ended);
        // A repaired copy reads whole, with everything recovered.
        let fixed = dir.path().join(format!("fixed-{from}.pwtake"));
        let (writer, repaired) = repair(&damaged, &fixed).expect("repairs");
        drop(writer);
        assert!(repaired.is_whole(), "{:?}", repaired.damage);
        assert!(repaired.restored.is_empty());
        assert_eq!(repaired.info, whole.info);
        assert_eq!(repaired.profiles, whole.profiles);
        assert_eq!(repaired.config, whole.config);
        assert_eq!(repaired.solved, take.solved);
    }
    // The version alone zeroed: damage from byte 0, every record kept.
    let mut bytes = full.clone();
    bytes[8..12].fill(0);
    std::fs::write(&path, &bytes).expect("write");
    let take = open(&path).expect("a zeroed version is damage");
    assert_eq!(take.solved, whole.solved);
    assert!(
        take.damage[0].reason.contains("version"),
        "{:?}",
        take.damage
    );
}
