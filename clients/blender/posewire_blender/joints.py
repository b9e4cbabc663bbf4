"""The canonical skeleton (FORMATS.md section 4), the axis conversion and
the retarget bone-name maps. No ``bpy`` here (pure data and arithmetic).

Axes: Posewire is right-handed, +Y up, the rest pose facing +Z with the
person's left at +X; Blender is Z up, and the conversion is Blender
``(x, y, z)`` = Posewire ``(x, -z, y)`` (the rest pose faces -Y, Blender's
front view). It is a rotation (+90 degrees about X), so rotations convert
by conjugation: quaternion ``(x, y, z, w)`` becomes ``(x, -z, y, w)``.
"""

JOINTS = (
    "pelvis", "spine", "chest", "neck", "head",
    "left_clavicle", "right_clavicle", "left_shoulder", "right_shoulder",
    "left_elbow", "right_elbow", "left_wrist", "right_wrist",
    "left_hip", "right_hip", "left_knee", "right_knee",
    "left_ankle", "right_ankle", "left_toe", "right_toe",
)
#: The finger joints (FORMATS.md section 4), after the body's in a
#: frame's numbering (``Skeleton.finger_joints`` order).
FINGERS = tuple(
    f"{side}_{finger}_{n}"
    for side in ("left", "right")
    for finger in ("thumb", "index", "middle", "ring", "little")
    for n in (1, 2, 3)
)
INDEX = {name: i for i, name in enumerate(JOINTS + FINGERS)}

#: The joint each bone points at (the bone's segment); None for the ends.
PRIMARY_CHILD = {
    "pelvis": "spine", "spine": "chest", "chest": "neck", "neck": "head", "head": None,
    "left_clavicle": "left_shoulder", "right_clavicle": "right_shoulder",
    "left_shoulder": "left_elbow", "right_shoulder": "right_elbow",
    "left_elbow": "left_wrist", "right_elbow": "right_wrist",
    "left_wrist": None, "right_wrist": None,
    "left_hip": "left_knee", "right_hip": "right_knee",
    "left_knee": "left_ankle", "right_knee": "right_ankle",
    "left_ankle": "left_toe", "right_ankle": "right_toe",
    "left_toe": None, "right_toe": None,
    **{name: (name[:-1] + str(int(name[-1]) + 1) if not name.endswith("_3") else None)
       for name in FINGERS},
}

#: Bone lengths (metres) and rest directions (Posewire frame) of the end
#: bones, which no child joint defines: the head up, the toes forward,
#: the hands along the forearm (``None``: the parent bone's direction).
END_BONES = {
    "head": (0.12, (0.0, 1.0, 0.0)),
    "left_toe": (0.05, (0.0, 0.0, 1.0)),
    "right_toe": (0.05, (0.0, 0.0, 1.0)),
    "left_wrist": (0.08, None),
    "right_wrist": (0.08, None),
    **{name: (0.02, None) for name in FINGERS if name.endswith("_3")},
}


def to_blender(p):
    """A Posewire point or direction in Blender axes."""
    return (p[0], -p[2], p[1])


def from_blender(b):
    """A Blender point or direction in Posewire axes."""
    return (b[0], b[2], -b[1])


def quat_to_blender(q):
    """A Posewire rotation (x, y, z, w) in Blender axes, as Blender's
    ``(w, x, y, z)`` order."""
    return (q[3], q[0], -q[2], q[1])


def _lr(left):
    """Both sides of a map: ``left`` names with their right twins."""
    out = {}
    for joint, bone in left.items():
        out["left_" + joint] = bone
        out["right_" + joint] = bone.replace("Left", "Right").replace(".L", ".R").replace("_l", "_r")
    return out


def _fingers(left_name):
    """A finger map of the left hand (``left_name(finger, n)`` with the
    canonical finger name and 1..3 gives the rig's bone), both sides."""
    return _lr({
        f"{finger}_{n}": left_name(finger, n)
        for finger in ("thumb", "index", "middle", "ring", "little")
        for n in (1, 2, 3)
    })


_MIXAMO_FINGERS = _fingers(lambda f, n: f"LeftHand{'Pinky' if f == 'little' else f.title()}{n}")
_RIGIFY_FINGERS = _fingers(
    lambda f, n: f"{'thumb' if f == 'thumb' else 'f_' + ('pinky' if f == 'little' else f)}.0{n}.L")
_UNREAL_FINGERS = _fingers(lambda f, n: f"{'pinky' if f == 'little' else f}_0{n}_l")

#: Bone-name maps of common rigs (canonical joint -> candidate bone names,
#: first one present wins). Bones not listed follow their parent. Names
#: with a namespace (``mixamorig:Hips``, ``mixamorig1:Hips``) match
#: without it. The finger bones are driven when the frames carry fingers
#: (docs/BLENDER.md).
PRESETS = {
    "mixamo": {
        "pelvis": ["Hips"], "spine": ["Spine"], "chest": ["Spine2", "Spine1"],
        "neck": ["Neck"], "head": ["Head"],
        **{k: [v] for k, v in _lr({
            "clavicle": "LeftShoulder", "shoulder": "LeftArm", "elbow": "LeftForeArm",
            "wrist": "LeftHand", "hip": "LeftUpLeg", "knee": "LeftLeg",
            "ankle": "LeftFoot", "toe": "LeftToeBase"}).items()},
        **{k: [v] for k, v in _MIXAMO_FINGERS.items()},
    },
    "rigify": {
        # The metarig (bone names of Rigify's human metarig; also the
        # deform bones of a generated rig with a DEF- prefix, listed second).
        "pelvis": ["spine", "DEF-spine"], "spine": ["spine.001", "DEF-spine.001"],
        "chest": ["spine.003", "DEF-spine.003"], "neck": ["spine.004", "DEF-spine.004"],
        "head": ["spine.006", "DEF-spine.006", "spine.005", "DEF-spine.005"],
        **{k: [v, "DEF-" + v] for k, v in _lr({
            "clavicle": "shoulder.L", "shoulder": "upper_arm.L", "elbow": "forearm.L",
            "wrist": "hand.L", "hip": "thigh.L", "knee": "shin.L",
            "ankle": "foot.L", "toe": "toe.L"}).items()},
        **{k: [v, "DEF-" + v] for k, v in _RIGIFY_FINGERS.items()},
    },
    "unreal": {
        # The UE4 and UE5 mannequins (UE5 has spine_01 to spine_05).
        "pelvis": ["pelvis"], "spine": ["spine_01"], "chest": ["spine_05", "spine_03"],
        "neck": ["neck_01"], "head": ["head"],
        **{k: [v] for k, v in _lr({
            "clavicle": "clavicle_l", "shoulder": "upperarm_l", "elbow": "lowerarm_l",
            "wrist": "hand_l", "hip": "thigh_l", "knee": "calf_l",
            "ankle": "foot_l", "toe": "ball_l"}).items()},
        **{k: [v] for k, v in _UNREAL_FINGERS.items()},
    },
    "cmu": {
        # The CMU motion-capture skeleton as BVH: the ASF names of the
        # shared clips (Posewire's own CMU mapping, body/src/bvh/cmu.rs),
        # then cgspeed's names.
        "pelvis": ["root", "Hips"], "spine": ["upperback", "Spine"],
        "chest": ["thorax", "Spine1"], "neck": ["lowerneck", "Neck"], "head": ["head", "Head"],
        "left_clavicle": ["lclavicle", "LeftShoulder"], "right_clavicle": ["rclavicle", "RightShoulder"],
        "left_shoulder": ["lhumerus", "LeftArm"], "right_shoulder": ["rhumerus", "RightArm"],
        "left_elbow": ["lradius", "LeftForeArm"], "right_elbow": ["rradius", "RightForeArm"],
        "left_wrist": ["lhand", "LeftFingerBase"], "right_wrist": ["rhand", "RightFingerBase"],
        "left_hip": ["lfemur", "LeftUpLeg"], "right_hip": ["rfemur", "RightUpLeg"],
        "left_knee": ["ltibia", "LeftLeg"], "right_knee": ["rtibia", "RightLeg"],
        "left_ankle": ["lfoot", "LeftFoot"], "right_ankle": ["rfoot", "RightFoot"],
        "left_toe": ["ltoes", "LeftToeBase"], "right_toe": ["rtoes", "RightToeBase"],
    },
    "canonical": {j: [j] for j in JOINTS + FINGERS},
}

PRESET_LABELS = {
    "mixamo": "Mixamo", "rigify": "Rigify (metarig)", "unreal": "Unreal mannequin",
    "cmu": "CMU (BVH)", "canonical": "Posewire canonical",
}


def _strip_namespace(name):
    return name.rsplit(":", 1)[-1]


def resolve(preset_or_map, bone_names):
    """A canonical-joint -> bone map for a rig with ``bone_names``: from a
    preset's name, or a dict (values a name or a list of candidates). Joints
    whose bones the rig lacks are left out."""
    table = PRESETS[preset_or_map] if isinstance(preset_or_map, str) else preset_or_map
    by_bare = {}
    for name in bone_names:
        by_bare.setdefault(_strip_namespace(name), name)
    present = set(bone_names)
    out = {}
    for joint, candidates in table.items():
        if joint not in INDEX:
            raise ValueError(f"{joint!r} is not a canonical joint")
        for bone in [candidates] if isinstance(candidates, str) else candidates:
            found = bone if bone in present else by_bare.get(_strip_namespace(bone))
            if found:
                out[joint] = found
                break
    return out


def guess_preset(bone_names):
    """The preset that maps the most joints of a rig (and how many)."""
    best = max(PRESETS, key=lambda p: len(resolve(p, bone_names)))
    return best, len(resolve(best, bone_names))
