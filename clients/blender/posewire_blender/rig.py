"""Armatures: the canonical armature built from an avatar's skeleton, and
the binding that poses any armature (canonical or a character rig through
a bone-name map) from a frame.

Pose arithmetic is done on matrices in the armature's space, so no
depsgraph update is needed between bones: for every bone, parents first,
``pose = pose(parent) @ rest(parent)^-1 @ rest @ basis``, solved for the
``basis`` that puts the bone where the frame says.
"""

import bpy
from mathutils import Matrix, Quaternion, Vector

from . import joints as J

#: Shortest bone built (metres), so that Blender keeps every bone.
MIN_BONE_M = 0.01


def unit_scale(scene):
    """Blender units per metre of the scene (``unit_settings.scale_length``
    is metres per Blender unit)."""
    length = scene.unit_settings.scale_length
    return 1.0 / length if length > 0 else 1.0


def all_joints(skeleton):
    """The skeleton's joints, then its finger joints (if it has them)."""
    return list(skeleton["joints"]) + list(skeleton.get("fingers", []))


def rest_positions(skeleton):
    """Every joint's rest position (Posewire frame, metres) from the
    skeleton's rest offsets (the body's, then the fingers'): at rest every
    bone frame is the world's, so offsets add up."""
    out = []
    for name, parent, offset in all_joints(skeleton):
        base = out[parent] if 0 <= parent < len(out) else (0.0, 0.0, 0.0)
        out.append(tuple(b + o for b, o in zip(base, offset)))
    return out


def canonical_directions(skeleton):
    """Per canonical joint, its bone's rest direction and length in Blender
    axes (metres): toward the primary child, or as ``END_BONES`` says."""
    rest = rest_positions(skeleton)
    joints = all_joints(skeleton)
    names = [j[0] for j in joints]
    by_name = dict(zip(names, rest))
    parents = {j[0]: (names[j[1]] if 0 <= j[1] < len(names) else None) for j in joints}
    out = {}
    for name in names:
        child = J.PRIMARY_CHILD.get(name)
        if child in by_name:
            d = Vector(J.to_blender(by_name[child])) - Vector(J.to_blender(by_name[name]))
            length = d.length
        else:
            length, direction = J.END_BONES.get(name, (0.05, (0.0, 1.0, 0.0)))
            if direction is None and parents.get(name) in by_name:
                p = parents[name]
                d = Vector(J.to_blender(by_name[name])) - Vector(J.to_blender(by_name[p]))
            else:
                d = Vector(J.to_blender(direction or (0.0, 1.0, 0.0)))
        if d.length < 1e-6:
            d = Vector((0.0, 0.0, 1.0))
        # Finger bones are short: shortened less than the body's minimum.
        shortest = MIN_BONE_M if name in J.JOINTS else 0.2 * MIN_BONE_M
        out[name] = (d.normalized(), max(length, shortest))
    return out


def build_canonical(name, skeleton, scene, collection=None):
    """A new armature object ``name`` on the skeleton (the avatar's
    calibrated proportions), bones named after the canonical joints, not
    connected (so each bone's head can sit exactly at its joint), in the
    scene's units; linked to ``collection`` (default: the scene's)."""
    u = unit_scale(scene)
    data = bpy.data.armatures.new(name)
    obj = bpy.data.objects.new(name, data)
    (collection or scene.collection).objects.link(obj)
    obj.show_in_front = True
    rest = rest_positions(skeleton)
    directions = canonical_directions(skeleton)
    joints = all_joints(skeleton)
    with _edit_mode(obj):
        bones = {}
        for (jname, parent, _), p in zip(joints, rest):
            bone = data.edit_bones.new(jname)
            head = Vector(J.to_blender(p)) * u
            d, length = directions[jname]
            bone.head = head
            bone.tail = head + d * (length * u)
            bone.roll = 0.0
            if 0 <= parent < len(joints):
                bone.parent = bones[joints[parent][0]]
                bone.use_connect = False
            bones[jname] = bone
    for pb in obj.pose.bones:
        pb.rotation_mode = "QUATERNION"
    obj["posewire_avatar"] = skeleton["avatar_id"]
    obj["posewire_profile"] = skeleton["profile_name"]
    return obj


class _edit_mode:
    """Edit mode on ``obj`` for the ``with`` block (works headless)."""

    def __init__(self, obj):
        self.obj = obj

    def __enter__(self):
        view_layer = bpy.context.view_layer
        self.previous = view_layer.objects.active
        if bpy.context.mode != "OBJECT":
            bpy.ops.object.mode_set(mode="OBJECT")
        view_layer.objects.active = self.obj
        bpy.ops.object.mode_set(mode="EDIT")

    def __exit__(self, *exc):
        bpy.ops.object.mode_set(mode="OBJECT")
        if self.previous is not None and self.previous.name in bpy.context.view_layer.objects:
            bpy.context.view_layer.objects.active = self.previous
        return False


def _ordered_bones(armature):
    """The armature's bones, parents before children."""
    out = []

    def visit(bone):
        out.append(bone)
        for child in bone.children:
            visit(child)

    for bone in armature.bones:
        if bone.parent is None:
            visit(bone)
    return out


class BoneDrive:
    """One bone of a binding: its rest (armature space), its rest relative
    to its parent, and the canonical joint it follows (or None)."""

    __slots__ = ("name", "parent", "rest", "rest_rel", "joint", "align", "rest_world_rot")

    def __init__(self, bone, parent_index, joint):
        self.name = bone.name
        self.parent = parent_index
        self.rest = bone.matrix_local.copy()
        parent_rest = bone.parent.matrix_local if bone.parent else Matrix.Identity(4)
        self.rest_rel = parent_rest.inverted() @ self.rest
        self.joint = joint
        self.align = None
        self.rest_world_rot = None


class Binding:
    """How one armature follows one avatar.

    ``canonical``: every bone's head goes to its joint's position and its
    rotation is the joint's world rotation relative to rest, in the
    armature object's space (moving the object moves the performer's
    space). Otherwise a character rig: ``bone_map`` (canonical joint ->
    bone) picks the bones; each mapped bone is turned so that its segment
    (its head to the head of the bone mapped to the joint's child) points
    where the canonical bone points, twisting with it; unmapped bones keep
    their pose relative to their parent; the hips bone is placed at the
    performer's pelvis in world space, scaled by the ratio of hip heights
    (so strides fit the character's legs).
    """

    def __init__(self, obj, skeleton, bone_map=None, scene=None):
        self.obj = obj
        self.avatar_id = skeleton["avatar_id"]
        self.canonical = bone_map is None
        if bone_map is None:
            # The canonical armature: every joint, the fingers when it has
            # them (one built before fingers has not).
            names = set(obj.data.bones.keys())
            bone_map = {j: j for j in J.JOINTS + J.FINGERS if j in J.JOINTS or j in names}
        self.bone_map = dict(bone_map)
        bone_to_joint = {b: J.INDEX[j] for j, b in self.bone_map.items()}
        self.bones = []
        index = {}
        for bone in _ordered_bones(obj.data):
            parent = index.get(bone.parent.name) if bone.parent else None
            index[bone.name] = len(self.bones)
            self.bones.append(BoneDrive(bone, parent, bone_to_joint.get(bone.name)))
        missing = [b for b in self.bone_map.values() if b not in index]
        if missing:
            raise ValueError(f"{obj.name} has no bones {', '.join(sorted(missing))}")
        if not self.canonical and "pelvis" not in self.bone_map:
            raise ValueError(f"the map for {obj.name} names no bone for the pelvis")
        for pb in obj.pose.bones:
            if pb.name in bone_to_joint:
                pb.rotation_mode = "QUATERNION"
        self.scale = 1.0
        self.floor = 0.0
        if not self.canonical:
            self._bind_character(skeleton, unit_scale(scene or bpy.context.scene))

    def _bind_character(self, skeleton, u):
        """The per-bone alignments of a character rig's rest pose to the
        canonical rest pose, and the hip-height ratio."""
        mw = self.obj.matrix_world
        by_name = {b.name: b for b in self.bones}
        world = {b.name: mw @ b.rest for b in self.bones}
        head = {n: m.to_translation() for n, m in world.items()}

        def mapped(joint):
            return head[self.bone_map[joint]] if joint in self.bone_map else None

        facing = _body_alignment(mapped)
        directions = canonical_directions(skeleton)
        for joint, bone in self.bone_map.items():
            drive = by_name[bone]
            rot = world[bone].to_3x3().normalized()
            child = J.PRIMARY_CHILD[joint]
            d_t = (mapped(child) - head[bone]) if child in self.bone_map else None
            if d_t is None or d_t.length < 1e-6:
                d_t = rot.col[1].copy()
            d_c = directions[joint][0]
            swing = (facing @ d_t).rotation_difference(d_c).to_matrix()
            drive.align = swing @ facing
            drive.rest_world_rot = rot
        tails = [mw @ bone.tail_local for bone in self.obj.data.bones]
        self.floor = min(v.z for v in list(head.values()) + tails)
        pelvis_rest = rest_positions(skeleton)[0][1] * u
        hips = head[self.bone_map["pelvis"]].z - self.floor
        self.scale = hips / pelvis_rest if pelvis_rest > 1e-6 else 1.0

    def bases(self, avatar_frame, u):
        """``{bone: matrix_basis}`` that pose the armature as
        ``avatar_frame`` (Blender units per metre ``u``)."""
        poses = [None] * len(self.bones)
        out = {}
        pbones = self.obj.pose.bones
        world_to_arm, scale = _world_to_armature(self.obj.matrix_world)
        for i, b in enumerate(self.bones):
            inherited = (poses[b.parent] @ b.rest_rel) if b.parent is not None else b.rest
            if b.joint is None or not avatar_frame.has(b.joint):
                # Unmapped, or a finger the frame does not carry: it keeps
                # its pose relative to its parent.
                poses[i] = inherited @ pbones[b.name].matrix_basis
                continue
            desired = self._desired(b, avatar_frame, u, inherited, world_to_arm, scale)
            poses[i] = desired
            out[b.name] = inherited.inverted() @ desired
        return out

    def _desired(self, b, a, u, inherited, world_to_arm, scale):
        """The armature-space pose matrix of a mapped bone."""
        q = Quaternion(J.quat_to_blender(a.rotation(b.joint))).to_matrix()
        if self.canonical:
            rot = q @ b.rest.to_3x3()
            loc = Vector(J.to_blender(a.position(b.joint))) * u
            return Matrix.Translation(loc) @ rot.to_4x4()
        rot_world = q @ b.align @ b.rest_world_rot
        rot = (world_to_arm.to_3x3() @ rot_world) * scale
        if b.joint == 0:
            p = Vector(J.to_blender(a.position(0))) * (u * self.scale)
            p.z += self.floor
            loc = world_to_arm @ p
        else:
            loc = inherited.to_translation()
        return Matrix.Translation(loc) @ rot.to_4x4()

    def apply(self, avatar_frame, u):
        """Poses the armature as ``avatar_frame``."""
        pbones = self.obj.pose.bones
        for name, basis in self.bases(avatar_frame, u).items():
            pbones[name].matrix_basis = basis


def _world_to_armature(mw):
    """The inverse of the object's world matrix and the object's (mean)
    scale, which pose matrices must carry back."""
    s = mw.to_scale()
    return mw.inverted(), (s.x + s.y + s.z) / 3.0


def _body_alignment(mapped):
    """The rotation that turns a rig's rest body frame (up: pelvis to neck
    or head; left: right hip to left hip, or right to left shoulder) into
    the canonical one (up +Z, left +X in Blender axes)."""
    top = mapped("neck") or mapped("head") or mapped("chest")
    pelvis = mapped("pelvis")
    if top is None or pelvis is None:
        return Matrix.Identity(3)
    up = (top - pelvis).normalized()
    left = None
    for a, b in (("left_hip", "right_hip"), ("left_shoulder", "right_shoulder")):
        if mapped(a) is not None and mapped(b) is not None:
            left = mapped(a) - mapped(b)
            break
    if left is None:
        return up.rotation_difference(Vector((0, 0, 1))).to_matrix()
    left = (left - up * left.dot(up)).normalized()
    rig = Matrix((left, up.cross(left), up)).transposed()
    x, z = Vector((1, 0, 0)), Vector((0, 0, 1))
    canon = Matrix((x, z.cross(x), z)).transposed()
    return canon @ rig.transposed()
