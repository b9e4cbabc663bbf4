"""Side by side: two `posewire eval --cv subjects --json` runs (before, after).

python3 docs/notes/wrist-offsets/compare_cv.py out/cv-asym-off.json out/cv-asym-on.json
"""
import json
import sys

before, after = (json.load(open(p)) for p in sys.argv[1:3])


def row(d, setting):
    cv = next(s for s in d["cv"]["settings"] if s["setting"] == setting)
    val = next(m for m in d["means"] if m["setting"] == setting)
    tr = next(m for m in d["train"]["means"] if m["setting"] == setting)
    v, t = val["no_prop"], tr["no_prop"]
    return {
        "CV MPJPE": cv["mpjpe_cm"]["mean"],
        "val. MPJPE": v["mpjpe_cm"],
        "CV hand": cv["hand_pe_cm"]["mean"],
        "val. hand": v["hand_pe_cm"],
        "train hand": t["hand_pe_cm"],
        "CV jitter": cv["jitter_ratio"]["mean"],
        "val. jitter": v["jitter_ratio"],
        "train jitter": t["jitter_ratio"],
        "val. skate": v["skate_ratio"],
        "train skate": t["skate_ratio"],
        "falls val./train %": f"{v['falls_pct']:.3f} / {t['falls_pct']:.3f}",
        "causality": f"{val['no_prop_causality_passed']}/{val['no_prop_clips']}, "
        f"{tr['no_prop_causality_passed']}/{tr['no_prop_clips']}",
    }


settings = [m["setting"] for m in after["means"]]
keys = list(row(after, settings[0]).keys())
print("| setting | " + " | ".join(keys) + " |")
print("|---" * (len(keys) + 1) + "|")
for s in settings:
    a, b = row(before, s), row(after, s)
    cells = [
        f"{a[k]:.3f} -> {b[k]:.3f}" if isinstance(a[k], float) else f"{a[k]} -> {b[k]}"
        for k in keys
    ]
    print(f"| {s} | " + " | ".join(cells) + " |")
