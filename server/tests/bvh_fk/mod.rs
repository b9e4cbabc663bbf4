//! A minimal BVH reader and forward kinematics, independent of
//! posewire-body's, for the export tests (included with `mod`).

#![allow(dead_code)]

use glam::{DMat3, DVec3};

/// A BVH joint as this test's own reader sees it.
struct Node {
    name: String,
    parent: Option<usize>,
    offset: DVec3,
    channels: Vec<String>,
}

/// A minimal BVH reader and forward kinematics (rotation channels in the
/// order listed, intrinsic, degrees), independent of posewire-body's.
pub fn independent_fk(text: &str) -> (Vec<String>, Vec<Vec<DVec3>>, f64) {
    let mut nodes: Vec<Node> = Vec::new();
    let mut stack: Vec<Option<usize>> = Vec::new();
    let mut words = text.split_whitespace().peekable();
    let mut pending_end = false;
    while let Some(w) = words.next() {
        match w {
            "ROOT" | "JOINT" => {
                let name = words.next().expect("name").to_string();
                let parent = stack.iter().rev().find_map(|s| *s);
                nodes.push(Node {
                    name,
                    parent,
                    offset: DVec3::ZERO,
                    channels: vec![],
                });
            }
            "End" => {
                words.next();
                pending_end = true;
            }
            "{" => {
                if pending_end {
                    stack.push(None);
                    pending_end = false;
                } else {
                    stack.push(Some(nodes.len() - 1));
                }
            }
            "}" => {
                stack.pop();
            }
            "OFFSET" => {
                let v: Vec<f64> = (0..3)
                    .map(|_| words.next().expect("o").parse().expect("f"))
                    .collect();
                if stack.last().copied().flatten() == Some(nodes.len() - 1) {
                    nodes.last_mut().expect("node").offset = DVec3::new(v[0], v[1], v[2]);
                }
            }
            "CHANNELS" => {
                let n: usize = words.next().expect("n").parse().expect("count");
                let c: Vec<String> = (0..n)
                    .map(|_| words.next().expect("c").to_string())
                    .collect();
                nodes.last_mut().expect("node").channels = c;
            }
            "MOTION" => break,
            _ => {}
        }
    }
    assert_eq!(words.next(), Some("Frames:"));
    let frames: usize = words.next().expect("frames").parse().expect("frame count");
    assert_eq!((words.next(), words.next()), (Some("Frame"), Some("Time:")));
    let frame_time: f64 = words.next().expect("time").parse().expect("frame time");
    let per_frame: usize = nodes.iter().map(|n| n.channels.len()).sum();
    let values: Vec<f64> = words.map(|w| w.parse().expect("value")).collect();
    assert_eq!(values.len(), frames * per_frame);
    let mut out = Vec::new();
    for f in 0..frames {
        let mut at = f * per_frame;
        let mut world: Vec<(DVec3, DMat3)> = Vec::new();
        for n in &nodes {
            let mut pos = n.offset;
            let mut rot = DMat3::IDENTITY;
            for c in &n.channels {
                let v = values[at];
                at += 1;
                let r = v.to_radians();
                match c.as_str() {
                    "Xposition" => pos.x += v,
                    "Yposition" => pos.y += v,
                    "Zposition" => pos.z += v,
                    "Xrotation" => rot *= DMat3::from_rotation_x(r),
                    "Yrotation" => rot *= DMat3::from_rotation_y(r),
                    "Zrotation" => rot *= DMat3::from_rotation_z(r),
                    other => panic!("channel {other}"),
                }
            }
            world.push(match n.parent {
                Some(p) => (world[p].0 + world[p].1 * pos, world[p].1 * rot),
                None => (pos, rot),
            });
        }
        out.push(world.into_iter().map(|(p, _)| p).collect());
    }
    (nodes.into_iter().map(|n| n.name).collect(), out, frame_time)
}
