//! Which mesh joint plays which canonical joint: fixed name tables for the
//! shared models, and a guess for common naming schemes (Mixamo, Rigify,
//! Unreal, plain English) that reports what it could not map.

use posewire_body::{Joint, JointMap, Side};

use crate::error::SkinError;
use crate::mesh::SkinnedMesh;

/// A canonical-to-mesh joint mapping.
#[derive(Debug, Clone, PartialEq)]
pub struct RigMap {
    /// Mesh joint index of every canonical joint, when the rig has one.
    pub joints: JointMap<Option<usize>>,
    /// Canonical joints with no mesh joint (their bones follow the parent).
    pub unmapped: Vec<Joint>,
    /// Which table or scheme produced the map.
    pub source: String,
}

/// CesiumMan (Khronos sample): no clavicles; names from the models README.
pub const CESIUM_MAN: &[(Joint, &str)] = &[
    (Joint::Pelvis, "Skeleton_torso_joint_1"),
    (Joint::Spine, "Skeleton_torso_joint_2"),
    (Joint::Chest, "torso_joint_3"),
    (Joint::Neck, "Skeleton_neck_joint_1"),
    (Joint::Head, "Skeleton_neck_joint_2"),
    (Joint::LeftShoulder, "Skeleton_arm_joint_L__4_"),
    (Joint::LeftElbow, "Skeleton_arm_joint_L__3_"),
    (Joint::LeftWrist, "Skeleton_arm_joint_L__2_"),
    (Joint::RightShoulder, "Skeleton_arm_joint_R"),
    (Joint::RightElbow, "Skeleton_arm_joint_R__2_"),
    (Joint::RightWrist, "Skeleton_arm_joint_R__3_"),
    (Joint::LeftHip, "leg_joint_L_1"),
    (Joint::LeftKnee, "leg_joint_L_2"),
    (Joint::LeftAnkle, "leg_joint_L_3"),
    (Joint::LeftToe, "leg_joint_L_5"),
    (Joint::RightHip, "leg_joint_R_1"),
    (Joint::RightKnee, "leg_joint_R_2"),
    (Joint::RightAnkle, "leg_joint_R_3"),
    (Joint::RightToe, "leg_joint_R_5"),
];

/// Blender Rigify metarig (male_base_mesh.glb): `spine` is the hips,
/// `spine.003` the chest.
pub const RIGIFY_METARIG: &[(Joint, &str)] = &[
    (Joint::Pelvis, "spine"),
    (Joint::Spine, "spine.001"),
    (Joint::Chest, "spine.003"),
    (Joint::Neck, "spine.004"),
    (Joint::Head, "spine.005"),
    (Joint::LeftClavicle, "shoulder.L"),
    (Joint::LeftShoulder, "upper_arm.L"),
    (Joint::LeftElbow, "forearm.L"),
    (Joint::LeftWrist, "hand.L"),
    (Joint::RightClavicle, "shoulder.R"),
    (Joint::RightShoulder, "upper_arm.R"),
    (Joint::RightElbow, "forearm.R"),
    (Joint::RightWrist, "hand.R"),
    (Joint::LeftHip, "thigh.L"),
    (Joint::LeftKnee, "shin.L"),
    (Joint::LeftAnkle, "foot.L"),
    (Joint::LeftToe, "toe.L"),
    (Joint::RightHip, "thigh.R"),
    (Joint::RightKnee, "shin.R"),
    (Joint::RightAnkle, "foot.R"),
    (Joint::RightToe, "toe.R"),
];

impl RigMap {
    /// A map from a name table; every name must exist in the mesh.
    pub fn from_table(
        mesh: &SkinnedMesh,
        table: &[(Joint, &str)],
        source: &str,
    ) -> Result<RigMap, SkinError> {
        let mut joints = JointMap::splat(None);
        for &(j, name) in table {
            let idx = mesh.joint_by_name(name).ok_or_else(|| {
                SkinError::Mapping(format!(
                    "table {source}: mesh {} has no joint {name:?} for {j}",
                    mesh.name
                ))
            })?;
            joints[j] = Some(idx);
        }
        Ok(RigMap::finish(joints, source))
    }

    /// The known table whose names all exist in the mesh, else a guess.
    pub fn for_mesh(mesh: &SkinnedMesh) -> RigMap {
        let canonical: Vec<(Joint, &str)> = Joint::ALL.iter().map(|&j| (j, j.name())).collect();
        for (table, source) in [
            (&canonical[..], "canonical names"),
            (CESIUM_MAN, "CesiumMan"),
            (RIGIFY_METARIG, "Rigify metarig"),
        ] {
            if let Ok(map) = RigMap::from_table(mesh, table, source) {
                return map;
            }
        }
        RigMap::guess(mesh)
    }

    /// Guesses the map from joint names (Mixamo `mixamorig:LeftForeArm`,
    /// Rigify `forearm.L` / `DEF-forearm.L`, Unreal `lowerarm_l`, ...).
    /// Canonical joints it cannot find are listed in `unmapped` and logged.
    pub fn guess(mesh: &SkinnedMesh) -> RigMap {
        let parsed: Vec<(Option<Side>, String)> =
            mesh.skeleton.iter().map(|j| split_name(&j.name)).collect();
        let rigify = parsed.iter().any(|(_, b)| b == "spine.001");
        let mut joints: JointMap<Option<usize>> = JointMap::splat(None);
        for c in Joint::ALL {
            let candidates = candidates(c, rigify);
            'outer: for cand in candidates {
                for (i, (side, base)) in parsed.iter().enumerate() {
                    if *side == c.side() && base == cand && !joints.0.contains(&Some(i)) {
                        joints[c] = Some(i);
                        break 'outer;
                    }
                }
            }
        }
        let map = RigMap::finish(joints, "guessed from joint names");
        if !map.unmapped.is_empty() {
            let names: Vec<&str> = map.unmapped.iter().map(|j| j.name()).collect();
            tracing::warn!(mesh = %mesh.name, unmapped = ?names, "rig guess could not map every canonical joint");
        }
        map
    }

    fn finish(joints: JointMap<Option<usize>>, source: &str) -> RigMap {
        let unmapped = Joint::ALL
            .into_iter()
            .filter(|&j| joints[j].is_none())
            .collect();
        RigMap {
            joints,
            unmapped,
            source: source.to_string(),
        }
    }
}

/// Normalised base names that may play a canonical joint, best first.
fn candidates(c: Joint, rigify: bool) -> &'static [&'static str] {
    use Joint::*;
    match c {
        Pelvis if rigify => &["spine"],
        Pelvis => &["hips", "pelvis", "hip"],
        Spine if rigify => &["spine.001", "spine.002"],
        Spine => &["spine", "spine01", "spine1", "abdomen"],
        Chest if rigify => &["spine.003", "spine.002"],
        Chest => &[
            "chest",
            "spine2",
            "spine03",
            "spine02",
            "spine3",
            "upperchest",
        ],
        Neck if rigify => &["spine.004", "neck"],
        Neck => &["neck", "neck01", "neck1"],
        Head if rigify => &["spine.005", "head"],
        Head => &["head"],
        LeftClavicle | RightClavicle => &["shoulder", "clavicle", "collar", "collarbone"],
        LeftShoulder | RightShoulder => &["upperarm", "arm"],
        LeftElbow | RightElbow => &["forearm", "lowerarm", "elbow"],
        LeftWrist | RightWrist => &["hand", "wrist"],
        LeftHip | RightHip => &["upleg", "thigh", "upperleg"],
        LeftKnee | RightKnee => &["leg", "shin", "calf", "lowerleg", "knee"],
        LeftAnkle | RightAnkle => &["foot", "ankle"],
        LeftToe | RightToe => &["toebase", "toe", "toes", "ball"],
    }
}

/// Splits a joint name into its side and a normalised base name:
/// lower case, rig prefixes and separators (`_`, `-`, space) removed.
pub fn split_name(name: &str) -> (Option<Side>, String) {
    let mut s = name.to_lowercase();
    for prefix in [
        "mixamorig:",
        "mixamorig_",
        "mixamorig",
        "def-",
        "def_",
        "org-",
        "bip01 ",
        "bip01_",
    ] {
        if let Some(rest) = s.strip_prefix(prefix) {
            s = rest.to_string();
        }
    }
    let mut side = None;
    for (sd, suffixes, prefixes) in [
        (
            Side::Left,
            [".l", "_l", "-l", " l", "_left", ".left"],
            ["left", "l_", "l."],
        ),
        (
            Side::Right,
            [".r", "_r", "-r", " r", "_right", ".right"],
            ["right", "r_", "r."],
        ),
    ] {
        if let Some(suf) = suffixes.iter().find(|x| s.ends_with(**x)) {
            s.truncate(s.len() - suf.len());
            side = Some(sd);
            break;
        }
        if let Some(pre) = prefixes.iter().find(|x| s.starts_with(**x)) {
            s = s[pre.len()..].to_string();
            side = Some(sd);
            break;
        }
    }
    let base: String = s
        .chars()
        .filter(|c| !matches!(c, '_' | '-' | ' ' | ':'))
        .collect();
    (side, base)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skinning_split_name_handles_common_schemes() {
        assert_eq!(
            split_name("mixamorig:LeftForeArm"),
            (Some(Side::Left), "forearm".into())
        );
        assert_eq!(
            split_name("upper_arm.R"),
            (Some(Side::Right), "upperarm".into())
        );
        assert_eq!(
            split_name("DEF-thigh.L"),
            (Some(Side::Left), "thigh".into())
        );
        assert_eq!(split_name("calf_l"), (Some(Side::Left), "calf".into()));
        assert_eq!(split_name("spine.001"), (None, "spine.001".into()));
        assert_eq!(split_name("Hips"), (None, "hips".into()));
        assert_eq!(
            split_name("RightUpLeg"),
            (Some(Side::Right), "upleg".into())
        );
    }
}
