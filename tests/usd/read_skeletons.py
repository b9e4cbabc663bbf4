"""Pixar's USD reads Posewire's USD export (issue 44).

Run by server/tests/cli_export.rs and server/tests/blender.rs with the
`usd-core` package from PyPI:

    python read_skeletons.py TAKE.usda OUT.json

Opens the layer with Pixar's own library, and writes as JSON what it finds:
the stage's metadata (metersPerUnit, upAxis, timeCodesPerSecond,
framesPerSecond, start and end time codes, the root layer's
customLayerData), what USD's own validators (`UsdValidation`, every
registered one: stage metadata, UsdSkel bindings, composition, types...)
find wrong, every UsdSkel skeleton (by its SkelRoot's name) with the
world position of every joint at every time code from start to end, as
UsdSkel computes it (`UsdSkel.SkeletonQuery.ComputeJointWorldTransforms`,
times metersPerUnit: metres), and every Xform under `objects` with its
world position and visibility at every time code.
"""

import json
import sys

from pxr import Usd, UsdGeom, UsdSkel


def position(matrix, meters_per_unit):
    t = matrix.ExtractTranslation()
    return [t[0] * meters_per_unit, t[1] * meters_per_unit, t[2] * meters_per_unit]


def skeletons(stage, times, meters_per_unit):
    cache = UsdSkel.Cache()
    out = {}
    for prim in stage.Traverse():
        if not prim.IsA(UsdSkel.Root):
            continue
        root = UsdSkel.Root(prim)
        cache.Populate(root, Usd.PrimDefaultPredicate)
        for child in Usd.PrimRange(prim):
            if not child.IsA(UsdSkel.Skeleton):
                continue
            query = cache.GetSkelQuery(UsdSkel.Skeleton(child))
            if not query:
                raise SystemExit(f"{child.GetPath()}: no valid skeleton query")
            anim = query.GetAnimQuery()
            joints = [str(j).split("/")[-1] for j in query.GetJointOrder()]
            frames = []
            for t in times:
                world = query.ComputeJointWorldTransforms(UsdGeom.XformCache(t))
                frames.append({j: position(m, meters_per_unit) for j, m in zip(joints, world)})
            out[prim.GetName()] = {
                "skeleton": str(child.GetPath()),
                "animation": str(anim.GetPrim().GetPath()) if anim else None,
                "joints": joints,
                "frames": frames,
            }
    return out


def objects(stage, times, meters_per_unit):
    out = {}
    for prim in stage.Traverse():
        if not prim.IsA(UsdGeom.Xform) or prim.GetParent().GetName() != "objects":
            continue
        xformable = UsdGeom.Xformable(prim)
        imageable = UsdGeom.Imageable(prim)
        out[prim.GetName()] = {
            "positions": [
                position(xformable.ComputeLocalToWorldTransform(t), meters_per_unit) for t in times
            ],
            "visible": [imageable.ComputeVisibility(t) != UsdGeom.Tokens.invisible for t in times],
            "meshes": [c.GetName() for c in prim.GetChildren() if c.IsA(UsdGeom.Mesh)],
        }
    return out


def validation(stage):
    """Every error USD's registered validators report on the stage."""
    from pxr import UsdValidation

    registry = UsdValidation.ValidationRegistry()
    context = UsdValidation.ValidationContext(registry.GetOrLoadAllValidators())
    return [f"{e.GetName()}: {e.GetMessage()}" for e in context.Validate(stage)]


def main():
    path, out_path = sys.argv[1], sys.argv[2]
    stage = Usd.Stage.Open(path)
    if stage is None:
        raise SystemExit(f"USD cannot open {path}")
    meters_per_unit = UsdGeom.GetStageMetersPerUnit(stage)
    start, end = stage.GetStartTimeCode(), stage.GetEndTimeCode()
    times = [float(t) for t in range(int(start), int(end) + 1)]
    result = {
        "usd": ".".join(str(v) for v in Usd.GetVersion()),
        "metersPerUnit": meters_per_unit,
        "upAxis": str(UsdGeom.GetStageUpAxis(stage)),
        "timeCodesPerSecond": stage.GetTimeCodesPerSecond(),
        "framesPerSecond": stage.GetFramesPerSecond(),
        "startTimeCode": start,
        "endTimeCode": end,
        "customLayerData": dict(stage.GetRootLayer().customLayerData),
        "validation": validation(stage),
        "skeletons": skeletons(stage, times, meters_per_unit),
        "objects": objects(stage, times, meters_per_unit),
    }
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(result, f)


main()
