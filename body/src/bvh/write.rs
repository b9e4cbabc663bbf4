//! Writing BVH text that Blender and other tools read: starts with
//! `HIERARCHY`, tab indentation, `Frame Time` and every value written with
//! Rust's shortest round-trip formatting (no precision is lost).

use std::fmt::Write as _;

use super::{Bvh, BvhError};

impl Bvh {
    /// The BVH text of this motion. Joints are written depth first (children
    /// in index order), the motion values in the same order, so a `Bvh`
    /// whose joints are already depth first (every parsed one) reads back
    /// identical. Numbers round-trip exactly. Missing frame values are
    /// written as 0. Blender ignores the root `OFFSET`; see
    /// [`Bvh::fold_root_offset`].
    pub fn to_text(&self) -> String {
        let order = self.depth_first_order();
        let mut starts = Vec::with_capacity(self.joints.len());
        let mut s = 0;
        for j in &self.joints {
            starts.push(s);
            s += j.channels.len();
        }
        let per_frame = s;

        let mut out = String::with_capacity(2048 + self.frames.len() * per_frame * 10);
        out.push_str("HIERARCHY\n");
        // Close the blocks of joints whose subtree has ended.
        let mut open: Vec<usize> = Vec::new();
        for &i in &order {
            let joint = &self.joints[i];
            while let Some(&top) = open.last() {
                if Some(top) == joint.parent {
                    break;
                }
                open.pop();
                self.close_joint(&mut out, top, open.len());
            }
            let depth = open.len();
            let keyword = if joint.parent.is_none() {
                "ROOT"
            } else {
                "JOINT"
            };
            indent(&mut out, depth);
            let _ = writeln!(out, "{keyword} {}", joint.name);
            indent(&mut out, depth);
            out.push_str("{\n");
            indent(&mut out, depth + 1);
            let o = joint.offset;
            let _ = writeln!(out, "OFFSET {} {} {}", o.x, o.y, o.z);
            indent(&mut out, depth + 1);
            let _ = write!(out, "CHANNELS {}", joint.channels.len());
            for c in &joint.channels {
                let _ = write!(out, " {c}");
            }
            out.push('\n');
            open.push(i);
        }
        while let Some(top) = open.pop() {
            self.close_joint(&mut out, top, open.len());
        }

        out.push_str("MOTION\n");
        let _ = writeln!(out, "Frames: {}", self.frames.len());
        let _ = writeln!(out, "Frame Time: {}", self.frame_time);
        for values in &self.frames {
            let mut first = true;
            for &i in &order {
                for k in 0..self.joints[i].channels.len() {
                    if !first {
                        out.push(' ');
                    }
                    first = false;
                    let v = values.get(starts[i] + k).copied().unwrap_or(0.0);
                    let _ = write!(out, "{v}");
                }
            }
            out.push('\n');
        }
        out
    }

    /// Checks the data ([`Bvh::validate`]) and writes [`Bvh::to_text`] to
    /// `path` atomically ([`crate::atomic_file`]: a failed write never
    /// leaves half a file).
    pub fn write(&self, path: &std::path::Path) -> Result<(), BvhError> {
        let name = path.display().to_string();
        self.validate(&name)?;
        crate::atomic_file::write_atomic(path, self.to_text().as_bytes())
            .map_err(|source| BvhError::Io { path: name, source })
    }

    /// Writes a joint's End Site (if any) and its closing brace.
    fn close_joint(&self, out: &mut String, joint: usize, depth: usize) {
        if let Some(e) = self.joints[joint].end_site {
            indent(out, depth + 1);
            out.push_str("End Site\n");
            indent(out, depth + 1);
            out.push_str("{\n");
            indent(out, depth + 2);
            let _ = writeln!(out, "OFFSET {} {} {}", e.x, e.y, e.z);
            indent(out, depth + 1);
            out.push_str("}\n");
        }
        indent(out, depth);
        out.push_str("}\n");
    }

    /// Joint indices depth first from each root, children in index order.
    /// Joints whose parent index is not smaller than their own are treated
    /// as roots.
    fn depth_first_order(&self) -> Vec<usize> {
        let n = self.joints.len();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut roots = Vec::new();
        for (i, j) in self.joints.iter().enumerate() {
            match j.parent {
                Some(p) if p < i => children[p].push(i),
                _ => roots.push(i),
            }
        }
        let mut order = Vec::with_capacity(n);
        let mut stack: Vec<usize> = roots.into_iter().rev().collect();
        while let Some(i) = stack.pop() {
            order.push(i);
            stack.extend(children[i].iter().rev());
        }
        order
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push('\t');
    }
}

#[cfg(test)]
mod tests {
    use glam::DVec3;

    use crate::bvh::{Bvh, BvhJoint, Channel};

    /// A 4-joint skeleton: 6-channel root, a joint with the unusual order
    /// X Z Y, an End Site, and large and tiny values.
    fn synthetic() -> Bvh {
        use Channel::*;
        let joint = |name: &str,
                     parent,
                     offset: [f64; 3],
                     channels: Vec<Channel>,
                     end: Option<[f64; 3]>| {
            BvhJoint {
                name: name.to_string(),
                parent,
                offset: DVec3::from_array(offset),
                channels,
                end_site: end.map(DVec3::from_array),
            }
        };
        let joints = vec![
            joint(
                "root",
                None,
                [0.0, 0.0, 0.0],
                vec![
                    Xposition, Yposition, Zposition, Zrotation, Yrotation, Xrotation,
                ],
                None,
            ),
            joint(
                "spine",
                Some(0),
                [0.0, 1.2345678901, 0.1],
                vec![Xrotation, Zrotation, Yrotation],
                None,
            ),
            joint(
                "head",
                Some(1),
                [0.0, 2.0, -0.25],
                vec![Zrotation, Yrotation, Xrotation],
                Some([0.0, 0.5, 0.0]),
            ),
            joint(
                "leg",
                Some(0),
                [1.0 / 3.0, -4.0, 0.0],
                vec![Yrotation, Xrotation],
                Some([0.0, -4.5, 1e-9]),
            ),
        ];
        let frames = (0..5)
            .map(|f| {
                let f = f as f64;
                vec![
                    12345.678901234 + f,
                    17.3849 - f * 0.1,
                    -45.28191234567 * f,
                    1234.5678912345 * f,
                    -89.999999999,
                    1.0 / 7.0 + f,
                    f * 33.3,
                    -f * 12.0,
                    270.0 + f,
                    1e-12 * f,
                    -0.0,
                    5.0 * f,
                    -3000.123456789,
                    f,
                ]
            })
            .collect();
        Bvh {
            joints,
            frame_time: 1.0 / 120.0,
            frames,
        }
    }

    #[test]
    fn bvh_round_trip_synthetic() {
        let a = synthetic();
        a.validate("synthetic").expect("valid data");
        let text = a.to_text();
        assert!(
            text.starts_with("HIERARCHY\nROOT root\n{\n\tOFFSET 0 0 0\n"),
            "{text}"
        );
        assert!(text.contains("\t\tCHANNELS 3 Xrotation Zrotation Yrotation\n"));
        assert!(text.contains("Frame Time: 0.008333333333333333\n"));
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("synthetic.bvh");
        a.write(&path).expect("write");
        let b = Bvh::read(&path).expect("read back");
        assert_eq!(a.joints.len(), b.joints.len());
        for (ja, jb) in a.joints.iter().zip(&b.joints) {
            assert_eq!(ja.name, jb.name);
            assert_eq!(ja.parent, jb.parent);
            assert_eq!(ja.channels, jb.channels);
            assert!((ja.offset - jb.offset).length() < 1e-9);
            assert_eq!(ja.end_site.is_some(), jb.end_site.is_some());
        }
        assert!((a.frame_time - b.frame_time).abs() < 1e-15);
        assert_eq!(a.frame_count(), b.frame_count());
        for f in 0..a.frame_count() {
            for (x, y) in a.frames[f].iter().zip(&b.frames[f]) {
                assert!((x - y).abs() <= 1e-6, "frame {f}: {x} vs {y}");
            }
            let (wa, wb) = (a.world_transforms(f), b.world_transforms(f));
            for (ta, tb) in wa.iter().zip(&wb) {
                assert!((ta.position - tb.position).length() < 1e-6);
                assert!(ta.rotation.dot(tb.rotation).abs() > 1.0 - 1e-12);
            }
        }
        // Written text parses back to the same text.
        assert_eq!(b.to_text(), text);
    }

    #[test]
    fn bvh_writer_reorders_breadth_first_joints_consistently() {
        let mut a = synthetic();
        // Move `leg` (child of root) before `spine`'s child `head`: order
        // root, spine, leg, head is parents-first but not depth first.
        a.joints.swap(2, 3);
        a.joints[3].parent = Some(1);
        for values in &mut a.frames {
            // spine (3 values at 6..9) stays; head (9..12) and leg (12..14) swap.
            let head: Vec<f64> = values[9..12].to_vec();
            let leg: Vec<f64> = values[12..14].to_vec();
            values.truncate(9);
            values.extend(leg);
            values.extend(head);
        }
        a.validate("bfs").expect("valid");
        let b = Bvh::parse(&a.to_text(), "bfs.bvh").expect("parse");
        assert_eq!(b.joints[2].name, "head");
        assert_eq!(b.joints[3].name, "leg");
        for f in 0..a.frame_count() {
            let (wa, wb) = (a.world_transforms(f), b.world_transforms(f));
            for name in ["root", "spine", "head", "leg"] {
                let ia = a.joint_index(name).expect("joint");
                let ib = b.joint_index(name).expect("joint");
                assert!(
                    (wa[ia].position - wb[ib].position).length() < 1e-9,
                    "{name}"
                );
            }
        }
    }

    #[test]
    fn bvh_fold_root_offset_keeps_the_motion() {
        let mut a = synthetic();
        a.joints[0].offset = DVec3::new(1.0, 2.0, 3.0);
        let before = a.world_transforms(2);
        a.fold_root_offset();
        assert_eq!(a.joints[0].offset, DVec3::ZERO);
        let after = a.world_transforms(2);
        for (x, y) in before.iter().zip(&after) {
            assert!((x.position - y.position).length() < 1e-9);
        }
    }

    #[test]
    fn bvh_write_rejects_inconsistent_data() {
        let mut a = synthetic();
        a.frames[3].pop();
        let dir = tempfile::tempdir().expect("temp dir");
        let err = a
            .write(&dir.path().join("bad.bvh"))
            .expect_err("short frame");
        let msg = err.to_string();
        assert!(msg.contains("bad.bvh") && msg.contains("frame 3"), "{msg}");
    }
}
