//! The fuzz tier of what reaches Posewire over UDP: OSC packets (the
//! codec), VMC messages and the VMC device receiver, VRChat's OSC
//! trackers. Arbitrary and mutated datagrams never panic and are either
//! used or counted; what the encoder wrote decodes to the same packet.
//!
//! Brief in `cargo test`; for minutes:
//! `PROPTEST_CASES=100000 cargo test --release -p posewire-vmc --test fuzz_packets`.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{Device, Transform};
use posewire_vmc::osc::{OscArg, OscMessage, OscPacket};
use posewire_vmc::vmc::{bundles, DeviceKind, DeviceReceiver, SerialMap, VmcMessage};
use posewire_vmc::vrchat::{tracker_messages, Tracker};
use proptest::prelude::*;

/// The default configuration (so `PROPTEST_CASES` scales it), without
/// writing failures into the source tree.
fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// OSC arguments without NaN (NaN is never equal to itself).
fn arg() -> impl Strategy<Value = OscArg> {
    prop_oneof![
        any::<i32>().prop_map(OscArg::Int),
        any::<f32>()
            .prop_filter("not NaN", |f| !f.is_nan())
            .prop_map(OscArg::Float),
        "[^\u{0}]{0,20}".prop_map(OscArg::String),
        prop::collection::vec(any::<u8>(), 0..20).prop_map(OscArg::Blob),
        any::<i64>().prop_map(OscArg::Long),
        any::<f64>()
            .prop_filter("not NaN", |f| !f.is_nan())
            .prop_map(OscArg::Double),
        any::<bool>().prop_map(OscArg::Bool),
        Just(OscArg::Nil),
        Just(OscArg::Impulse),
    ]
}

fn message() -> impl Strategy<Value = OscMessage> {
    ("/[a-zA-Z0-9/]{0,30}", prop::collection::vec(arg(), 0..8))
        .prop_map(|(address, args)| OscMessage::new(address, args))
}

fn packet() -> impl Strategy<Value = OscPacket> {
    message()
        .prop_map(OscPacket::Message)
        .prop_recursive(3, 24, 4, |inner| {
            (any::<u64>(), prop::collection::vec(inner, 0..4))
                .prop_map(|(time_tag, content)| OscPacket::Bundle { time_tag, content })
        })
}

fn pose() -> impl Strategy<Value = Transform> {
    (
        prop::array::uniform3(-10.0f64..10.0),
        prop::array::uniform4(-1.0f64..1.0),
    )
        .prop_map(|(p, q)| {
            let q = DQuat::from_xyzw(q[0], q[1], q[2], q[3] + 1.5).normalize();
            Transform::new(DVec3::from_array(p), q)
        })
}

/// A datagram a VMC sender would send: device poses in bundles.
fn vmc_datagram() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec((0..Device::COUNT, pose()), 1..6).prop_map(|devices| {
        let messages: Vec<OscMessage> = devices
            .into_iter()
            .map(|(d, pose)| {
                let device = Device::ALL[d];
                VmcMessage::Device {
                    kind: DeviceKind::of(device),
                    serial: device.name().to_string(),
                    pose,
                }
                .to_osc()
            })
            .collect();
        bundles(&messages, 1400).concat()
    })
}

/// The seed with `edits` (position, byte) overwritten, then cut at `cut`.
fn mutate(seed: &[u8], edits: &[(usize, u8)], cut: Option<usize>) -> Vec<u8> {
    let mut out = seed.to_vec();
    for &(i, b) in edits {
        if !out.is_empty() {
            let n = out.len();
            out[i % n] = b;
        }
    }
    if let Some(c) = cut {
        out.truncate(c % (out.len() + 1));
    }
    out
}

/// Feeds one datagram to a receiver; checks that every message was used
/// or counted once.
fn receive(datagram: &[u8]) -> Result<Vec<(Device, Transform)>, TestCaseError> {
    let mut receiver = DeviceReceiver::new(SerialMap::default());
    let mut out = Vec::new();
    receiver.receive(datagram, &mut out);
    let c = receiver.counts;
    prop_assert_eq!(c.packets, 1);
    if c.malformed == 0 {
        prop_assert_eq!(
            c.accepted
                + c.unknown_address
                + c.unused
                + c.not_finite
                + c.bad_arguments
                + c.unmapped_serial,
            c.messages,
            "{:?}",
            c
        );
    } else {
        prop_assert_eq!(c.messages, 0);
    }
    prop_assert_eq!(out.len() as u64, c.accepted);
    for (_, pose) in &out {
        prop_assert!(pose.is_finite());
    }
    Ok(out)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_arbitrary_datagrams_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        if let Ok(packet) = OscPacket::decode(&bytes) {
            // What decodes encodes to bytes that decode to the same
            // packet again.
            let again = OscPacket::decode(&packet.encode());
            prop_assert!(again.is_ok());
            prop_assert_eq!(again.ok().map(|p| p.encode()), Some(packet.encode()));
            for m in packet.messages() {
                let _ = VmcMessage::from_osc(m);
            }
        }
        receive(&bytes)?;
    }

    #[test]
    fn fuzz_osc_packets_round_trip(packet in packet()) {
        let bytes = packet.encode();
        prop_assert_eq!(bytes.len() % 4, 0);
        let back = OscPacket::decode(&bytes);
        prop_assert_eq!(back.ok(), Some(packet));
    }

    #[test]
    fn fuzz_mutated_osc_packets_never_panic(
        packet in packet(),
        edits in prop::collection::vec((any::<usize>(), any::<u8>()), 0..6),
        cut in prop::option::of(any::<usize>()),
    ) {
        let bytes = mutate(&packet.encode(), &edits, cut);
        let _ = OscPacket::decode(&bytes);
        receive(&bytes)?;
    }

    #[test]
    fn fuzz_arbitrary_messages_are_used_or_refused(message in message()) {
        let _ = VmcMessage::from_osc(&message);
        for prefix in ["/VMC/Ext/Hmd/Pos", "/VMC/Ext/Con/Pos", "/VMC/Ext/Tra/Pos", "/VMC/Ext/Bone/Pos", "/VMC/Ext/Root/Pos", "/VMC/Ext/OK", "/VMC/Ext/T"] {
            let m = OscMessage::new(prefix, message.args.clone());
            if let Ok(VmcMessage::Device { pose, .. }) = VmcMessage::from_osc(&m) {
                prop_assert!(pose.is_finite());
            }
        }
    }

    #[test]
    fn fuzz_vmc_device_datagrams_are_received(datagram in vmc_datagram()) {
        let out = receive(&datagram)?;
        prop_assert!(!out.is_empty());
    }

    #[test]
    fn fuzz_mutated_vmc_datagrams_never_panic(
        datagram in vmc_datagram(),
        edits in prop::collection::vec((any::<usize>(), any::<u8>()), 1..6),
        cut in prop::option::of(any::<usize>()),
    ) {
        receive(&mutate(&datagram, &edits, cut))?;
    }

    #[test]
    fn fuzz_vrchat_trackers_encode_and_decode(pose in pose(), number in prop::option::of(1u8..=8), name in ".{0,20}") {
        let _ = Tracker::from_name(&name);
        for m in tracker_messages(number, &pose) {
            let bytes = OscPacket::Message(m.clone()).encode();
            let back = OscPacket::decode(&bytes);
            prop_assert_eq!(back.ok(), Some(OscPacket::Message(m.clone())));
            prop_assert_eq!(m.args.len(), 3);
            for a in &m.args {
                prop_assert!(matches!(a, OscArg::Float(f) if f.is_finite()), "{:?}", a);
            }
        }
    }
}
