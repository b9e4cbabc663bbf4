//! Take files: round trip, torn tails cut cleanly at every byte, refused
//! values, bad files named, and a full disk (damage in the middle:
//! `take_damage.rs`).

mod common;

use common::{info, solved, tick, write_take, SmallDisk};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{Joint, Transform};
use posewire_takes::{cut_tail, open, Marker, Record, SolveVersion, TakeError, TakeWriter};

#[test]
fn takes_round_trip_every_record() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_take(dir.path(), 20);
    let take = open(&path).expect("open");
    assert_eq!(take.info, info());
    assert_eq!(take.ticks.len(), 20);
    assert_eq!(take.ticks[7], tick(7));
    assert_eq!(take.ticks[7].samples[2].pose, None);
    assert_eq!(take.frames(1).count(), 20);
    assert_eq!(take.frames(1).nth(11), Some(&solved(1, 11)));
    assert_eq!(take.markers.len(), 1);
    assert_eq!(take.markers[0].label, "cue");
    assert_eq!(take.config.as_deref(), Some("rate_hz = 90\n"));
    assert_eq!(take.profile_at(12).map(|p| p.from_sequence), Some(0));
    assert_eq!(take.ended.as_deref(), Some("stopped by the user"));
    assert_eq!(take.cut, None);
    assert!((take.duration_s() - 19.0 / 90.0).abs() < 1e-12);
}

#[test]
fn takes_cut_at_any_byte_of_the_last_records_open_with_a_clean_cut() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_take(dir.path(), 12);
    let full = std::fs::read(&path).expect("read");
    let whole = open(&path).expect("open whole");
    // The last records: the end, the last solved frame (about 750 bytes) and
    // the last tick (about 400).
    let from = full.len() - 1300;
    // Record boundaries by the documented framing (12-byte header, then
    // length u32 + kind u8 + payload + CRC u32), walked independently.
    let mut boundaries = vec![12usize];
    while let Some(&at) = boundaries.last().filter(|&&at| at < full.len()) {
        let len = u32::from_le_bytes([full[at], full[at + 1], full[at + 2], full[at + 3]]);
        boundaries.push(at + len as usize + 9);
    }
    assert_eq!(boundaries.last(), Some(&full.len()));
    let cut_path = dir.path().join("cut.pwtake");
    let mut previous_ticks = 0usize;
    // Every offset is opened; every 37th is also repaired and appended to.
    for len in from..full.len() {
        std::fs::write(&cut_path, &full[..len]).expect("write cut copy");
        let take = open(&cut_path).unwrap_or_else(|e| panic!("cut at {len}: {e}"));
        // Every whole record before the cut is kept, in order.
        assert!(
            take.ticks.len() >= previous_ticks,
            "cut at {len} lost ticks"
        );
        previous_ticks = take.ticks.len();
        assert_eq!(take.ticks[..], whole.ticks[..take.ticks.len()]);
        let cut = take.cut.clone();
        match cut {
            Some(c) => {
                assert!(c.offset <= len as u64 && c.offset + 1000 >= from as u64);
                assert_eq!(c.offset + c.dropped_bytes, len as u64);
                assert!(take.ended.is_none(), "a cut take did not end");
                if len % 37 != 0 {
                    continue;
                }
                // After the cut is made on disk, appending works and the
                // take reads whole again.
                assert_eq!(cut_tail(&cut_path).expect("cut tail"), Some(c.clone()));
                assert_eq!(std::fs::metadata(&cut_path).expect("meta").len(), c.offset);
                let (mut w, before, _) = TakeWriter::append(&cut_path).expect("append");
                w.push(&Record::Marker(Marker {
                    time_s: 1.0,
                    label: "after repair".into(),
                }))
                .expect("push");
                w.finish("repaired").expect("finish");
                let after = open(&cut_path).expect("reopen");
                assert_eq!(after.cut, None);
                assert_eq!(after.ticks, before.ticks);
                assert_eq!(
                    after.markers.last().map(|m| m.label.as_str()),
                    Some("after repair")
                );
            }
            None => {
                // Only a cut exactly on a record boundary reads as whole.
                assert!(boundaries.contains(&len), "cut at {len} read as whole");
            }
        }
    }
    assert_eq!(previous_ticks, 12);
}

#[test]
fn takes_refuse_values_that_cannot_be_stored_and_keep_the_rest() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("nan.pwtake");
    let mut w = TakeWriter::create(&path, &info()).expect("create");
    let mut bad = tick(1);
    bad.samples[0].pose = Some(Transform::new(
        DVec3::new(f64::NAN, 0.0, 0.0),
        DQuat::IDENTITY,
    ));
    let before = w.pending_bytes();
    let err = w.push(&Record::Tick(bad)).expect_err("a NaN is refused");
    assert!(matches!(err, TakeError::Refused { .. }));
    assert!(
        err.to_string().contains("headset") || err.to_string().contains("not a finite"),
        "{err}"
    );
    assert_eq!(
        w.pending_bytes(),
        before,
        "a refused record left bytes behind"
    );
    let mut skew = solved(1, 1);
    skew.pose.rotations[Joint::Head] = DQuat::from_xyzw(0.0, 0.0, 0.0, 2.0);
    assert!(w.push(&Record::Solved(skew)).is_err());
    w.push(&Record::Tick(tick(1))).expect("a good tick");
    w.finish("done").expect("finish");
    assert_eq!(open(&path).expect("open").ticks, vec![tick(1)]);
}

#[test]
fn takes_name_the_file_when_it_is_not_a_take() {
    let dir = tempfile::tempdir().expect("tempdir");
    let other = dir.path().join("notes.txt");
    std::fs::write(&other, "hello").expect("write");
    let e = open(&other).expect_err("not a take");
    assert!(matches!(e, TakeError::NotATake { .. }));
    assert!(e.to_string().contains("notes.txt"), "{e}");

    let path = write_take(dir.path(), 2);
    let mut bytes = std::fs::read(&path).expect("read");
    bytes[8] = 9;
    std::fs::write(&path, &bytes).expect("write");
    let e = open(&path).expect_err("newer version");
    assert!(matches!(e, TakeError::NewerVersion { found: 9, .. }), "{e}");

    let e = open(&dir.path().join("missing.pwtake")).expect_err("missing");
    assert!(e.to_string().contains("missing.pwtake"), "{e}");

    // An existing take is never overwritten by a new one.
    let e = TakeWriter::create(&path, &info()).expect_err("exists");
    assert!(matches!(e, TakeError::Io { .. }), "{e}");
}

#[test]
fn takes_on_a_full_disk_stop_with_an_error_and_keep_what_was_written() {
    // A 64 KiB tmpfs fills after about a second of take.
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(small) = SmallDisk::mount(dir.path()) else {
        return;
    };
    let mount = small.path.clone();
    let path = mount.join("full.pwtake");
    let mut w = TakeWriter::create(&path, &info()).expect("create");
    w.push(&Record::Version(SolveVersion {
        version: 1,
        created_unix_ns: 0,
        description: "live".into(),
    }))
    .expect("version");
    let mut pushed = 0u64;
    let error = loop {
        w.push(&Record::Tick(tick(pushed))).expect("push");
        w.push(&Record::Solved(solved(1, pushed))).expect("push");
        pushed += 1;
        if pushed.is_multiple_of(9) {
            if let Err(e) = w.flush() {
                break e;
            }
        }
        assert!(pushed < 10_000, "the small disk never filled");
    };
    assert!(error.to_string().contains("full.pwtake"), "{error}");
    assert!(error.to_string().contains("recording stopped"), "{error}");
    // Nothing more is accepted, and what was flushed before is intact.
    assert!(w.push(&Record::Tick(tick(pushed))).is_err());
    let take = open(&path).expect("open after the disk filled");
    assert_eq!(take.cut, None, "the file was left torn");
    assert!(
        take.ticks.len() >= 9,
        "only {} ticks kept",
        take.ticks.len()
    );
    assert!(take.ticks.len() as u64 <= pushed);
    for (k, t) in take.ticks.iter().enumerate() {
        assert_eq!(*t, tick(k as u64));
    }
}

#[test]
fn takes_have_one_writer_at_a_time_and_a_busy_take_is_left_untouched() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_take(dir.path(), 4);
    let before = std::fs::read(&path).expect("read");
    // A recording in progress holds its take...
    let (mut recording, _, _) = TakeWriter::append(&path).expect("first writer");
    recording
        .push(&Record::Tick(tick(4)))
        .expect("pending, not yet flushed");
    // ...so a re-solve (or anything else) appending to it is refused, and
    // cuts nothing off the file the recorder is writing.
    match TakeWriter::append(&path) {
        Err(e @ TakeError::Busy { .. }) => {
            let message = e.to_string();
            assert!(message.contains("take.pwtake"), "{message}");
        }
        Err(other) => panic!("expected Busy, got {other}"),
        Ok(_) => panic!("a second writer was let in"),
    }
    assert_eq!(std::fs::read(&path).expect("read"), before);
    // Once the first writer is done, the take can be appended to again.
    recording.finish("stopped").expect("finish");
    let (again, take, cut) = TakeWriter::append(&path).expect("free again");
    assert!(cut.is_none());
    assert_eq!(take.ticks.len(), 5);
    drop(again);
}

#[test]
fn takes_stopped_by_a_full_disk_keep_the_error_and_a_failed_create_leaves_nothing() {
    use std::io::Write as _;
    let dir = tempfile::tempdir().expect("tempdir");
    let Some(small) = SmallDisk::mount(dir.path()) else {
        return;
    };
    let mount = small.path.clone();
    // Room kept aside, as the recorder does, then a take until the disk is
    // full.
    let reserve = mount.join("reserve");
    std::fs::write(&reserve, [0u8; 16 << 10]).expect("reserve");
    let path = mount.join("full.pwtake");
    let mut w = TakeWriter::create(&path, &info()).expect("create");
    let mut k = 0u64;
    let error = loop {
        w.push(&Record::Tick(tick(k))).expect("push");
        k += 1;
        if let Err(e) = w.flush() {
            break e;
        }
        assert!(k < 10_000, "the small disk never filled");
    };
    std::fs::remove_file(&reserve).expect("room again");
    w.end_after_failure(&error.to_string())
        .expect("the end fits");
    let take = open(&path).expect("opens");
    assert!(take.is_whole(), "{:?} {:?}", take.damage, take.cut);
    assert_eq!(take.stop_error(), Some(error.to_string().as_str()));
    assert!(take
        .stop_error()
        .is_some_and(|e| e.contains("No space left")));
    assert_eq!(
        take.ticks.len() as u64 + 1,
        k,
        "the ticks before the failure are kept"
    );

    // A disk with no room at all: creating a take fails and leaves nothing.
    let mut filler = std::fs::File::create(mount.join("filler")).expect("filler");
    while filler.write_all(&[1u8; 4096]).is_ok() {}
    let _ = filler.write_all(&[1u8]);
    let other = mount.join("other.pwtake");
    let e = TakeWriter::create(&other, &info()).expect_err("no room");
    assert!(e.to_string().contains("other.pwtake"), "{e}");
    assert!(!other.exists(), "a failed create left the file behind");
}

#[test]
fn pushes_round_trip_in_tick_order_and_a_push_out_of_order_is_refused() {
    use posewire_takes::AppliedPush;
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("pushes.pwtake");
    let push = |sequence: u64, x: f64| AppliedPush {
        sequence,
        time_s: sequence as f64 / 90.0,
        joint: Joint::Chest,
        impulse: DVec3::new(x, 0.0, -0.25),
    };
    let mut w = TakeWriter::create(&path, &info()).expect("create");
    for s in 0..4 {
        w.push(&Record::Tick(tick(s))).expect("tick");
    }
    w.push(&Record::Push(push(2, 25.0))).expect("push");
    w.push(&Record::Push(push(2, 60.0)))
        .expect("a second push at the tick");
    w.push(&Record::Push(push(3, 1.0 / 3.0))).expect("push");
    w.sync().expect("sync");
    let take = open(&path).expect("open");
    assert_eq!(
        take.pushes,
        vec![push(2, 25.0), push(2, 60.0), push(3, 1.0 / 3.0)]
    );
    assert_eq!(take.counts.push, 3);
    // A take whose pushes go back in time breaks the format's rules.
    w.push(&Record::Push(push(1, 5.0))).expect("written");
    w.sync().expect("sync");
    let err = open(&path).expect_err("out of order").to_string();
    assert!(err.contains("tick order"), "{err}");
    let bad = TakeWriter::create(&dir.path().join("nan.pwtake"), &info())
        .expect("create")
        .push(&Record::Push(push(0, f64::NAN)))
        .expect_err("a NaN impulse is refused");
    assert!(bad.to_string().contains("impulse"), "{bad}");
}

/// An avatar's own record in a scene take.
fn own(avatar: &str, record: Record) -> Record {
    Record::Avatar(posewire_takes::AvatarRecord {
        avatar: avatar.into(),
        record: Box::new(record),
    })
}

/// A scene take (the empty avatar id) of `alice` throughout and `bob`,
/// who leaves after tick 99, over `ticks` ticks; returns its path.
fn write_scene(dir: &std::path::Path, ticks: u64) -> std::path::PathBuf {
    let path = dir.join("scene.pwtake");
    let info = posewire_takes::TakeInfo {
        avatar_id: String::new(),
        ..common::info()
    };
    let mut w = TakeWriter::create(&path, &info).expect("create");
    let profile = |toml: &str| {
        Record::Profile(posewire_takes::ProfileChange {
            from_sequence: 0,
            toml: toml.into(),
        })
    };
    w.push(&Record::Config("rate_hz = 90\n".into()))
        .expect("config");
    w.push(&Record::Timecode(posewire_takes::TakeTimecode {
        start_frame: 107_892,
        rate: posewire_takes::TimecodeRate::Fps2997DropFrame,
        from_clock: false,
    }))
    .expect("timecode");
    w.push(&Record::Version(posewire_takes::SolveVersion {
        version: 1,
        created_unix_ns: 5,
        description: "live".into(),
    }))
    .expect("version");
    w.push(&own("alice", profile("stature = 1.6\n")))
        .expect("profile");
    w.push(&own("bob", profile("stature = 1.9\n")))
        .expect("profile");
    for k in 0..ticks {
        for who in ["alice", "bob"] {
            if who == "bob" && k >= 100 {
                continue;
            }
            w.push(&own(who, Record::Tick(common::tick(k))))
                .expect("tick");
            w.push(&own(who, Record::Solved(common::solved(1, k))))
                .expect("frame");
        }
        if k == 99 {
            w.push(&own("bob", Record::End("the avatar was removed".into())))
                .expect("left");
        }
    }
    w.finish("stopped on request").expect("finish");
    path
}

#[test]
fn a_scene_take_is_version_2_with_each_avatar_apart_and_survives_a_lost_profile() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_scene(dir.path(), 300);
    let bytes = std::fs::read(&path).expect("read");
    assert_eq!(
        &bytes[8..12],
        &2u32.to_le_bytes(),
        "a scene take is version 2"
    );
    let take = open(&path).expect("opens");
    assert!(take.is_scene() && take.is_whole());
    let ids: Vec<&str> = take.avatars.iter().map(|a| a.id.as_str()).collect();
    assert_eq!(ids, ["alice", "bob"]);
    assert_eq!(take.avatars[0].ticks.len(), 300);
    assert_eq!(take.avatars[1].ticks.len(), 100);
    assert_eq!(
        take.avatars[1].left.as_deref(),
        Some("the avatar was removed")
    );
    assert_eq!(take.tick_count(), 400);
    let tc = take.timecode.expect("a timecode");
    assert_eq!(tc.label(), "01:00:00;00");
    let parts = take.avatar_takes();
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[1].info.avatar_id, "bob");
    assert_eq!(parts[1].frames(1).count(), 100);
    assert_eq!(parts[0].profiles[0].toml, "stature = 1.6\n");
    assert!(take.missing().is_none());

    // Alice's profile zeroed: read from its copy later in the take.
    let at = posewire_takes::scan(&path, &bytes)
        .expect("scans")
        .records
        .iter()
        .find(|(_, r)| matches!(r, Record::Avatar(a) if a.avatar == "alice" && matches!(*a.record, Record::Profile(_))))
        .map(|(at, _)| *at as usize)
        .expect("alice's profile");
    let mut damaged = bytes.clone();
    damaged[at + 6..at + 20].fill(0);
    let broken = dir.path().join("broken.pwtake");
    std::fs::write(&broken, &damaged).expect("write");
    let take = open(&broken).expect("opens");
    assert_eq!(take.damage.len(), 1);
    assert!(take.restored.contains(&"profile"), "{:?}", take.restored);
    assert_eq!(take.avatars[0].profiles[0].toml, "stature = 1.6\n");

    // A newer version is refused by name; an avatar's record of a kind
    // that is not an avatar's own is refused at write time.
    let mut newer = bytes.clone();
    newer[8..12].copy_from_slice(&3u32.to_le_bytes());
    std::fs::write(&broken, &newer).expect("write");
    let e = open(&broken).expect_err("version 3 is newer");
    assert!(matches!(e, TakeError::NewerVersion { found: 3, .. }), "{e}");
    let (mut w, _, _) = TakeWriter::append(&path).expect("append");
    let e = w
        .push(&own("alice", Record::Info(common::info())))
        .expect_err("an identity is no avatar's own");
    assert!(e.to_string().contains("kind 1"), "{e}");
    // A scene take holds at most MAX_SCENE_AVATARS avatars.
    let tick = |k: u64| Record::Tick(common::tick(k));
    for k in 2..posewire_takes::MAX_SCENE_AVATARS as u64 {
        w.push(&own(&format!("extra{k}"), tick(1000)))
            .expect("room");
    }
    let e = w
        .push(&own("one-too-many", tick(1000)))
        .expect_err("refused");
    assert!(e.to_string().contains("at most 1024"), "{e}");
}
