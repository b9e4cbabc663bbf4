"""Blender check of the Posewire add-on's UI (issue 26), in a real Blender
window (Debian's Blender under Xvfb), run by server/tests/blender_live.rs:

    xvfb-run -a blender --factory-startup --enable-event-simulate \
        --python live_window.py -- --address 127.0.0.1:PORT --daemon-pid PID \
        --out result.json [--screenshot panel.png]

Loads the legacy add-on (from BLENDER_USER_SCRIPTS/addons), connects with the
panel's own operator, lets the add-on's timer drive the demo avatar, opens
the sidebar on the Posewire tab and takes a screenshot of the window; then
freezes the daemon (SIGSTOP) for FREEZE_S seconds while a timer of this
script measures how often Blender's main loop comes round, waits for the
panel to say the connection is lost, resumes the daemon (SIGCONT) and
waits for frames to flow again. Everything is a timer-driven state machine:
the script never blocks Blender's main loop itself. Writes the numbers as
JSON and quits; the Rust test judges them.
"""

import argparse
import json
import os
import signal
import sys
import time

import addon_utils
import bpy

TICK_S = 0.01
FREEZE_S = 6.0
TIMEOUT_S = 60.0


def arguments():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    p = argparse.ArgumentParser()
    p.add_argument("--address", required=True)
    p.add_argument("--daemon-pid", type=int, required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--screenshot", default="")
    return p.parse_args(argv)


ARGS = arguments()
addon_utils.enable("posewire_blender", default_set=True, handle_error=None)
import posewire_blender.ui as ui  # noqa: E402  (after enabling the add-on)

R = {"ticks": [], "phase_log": [], "errors": []}
S = {"phase": "start", "t0": time.monotonic(), "since": time.monotonic(), "cycles": 0}


def log(text):
    R["phase_log"].append([round(time.monotonic() - S["t0"], 3), text])
    print("live_window:", text, flush=True)


def goto(phase):
    S["phase"] = phase
    S["since"] = time.monotonic()
    log(phase)


def view3d():
    for window in bpy.context.window_manager.windows:
        for area in window.screen.areas:
            if area.type == "VIEW_3D":
                return window, area
    return None, None


def show_sidebar():
    _, area = view3d()
    area.spaces.active.show_region_ui = True
    area.tag_redraw()


def sidebar_region():
    _, area = view3d()
    return next(r for r in area.regions if r.type == "UI")


def click_tab(window, attempt):
    """Clicks down the sidebar's tab strip (its right edge), one place per
    attempt, as a user picks the "Posewire" tab (Blender 3.4 has no API to
    choose a sidebar tab)."""
    region = sidebar_region()
    x = region.x + region.width - 8
    y = region.y + region.height - 20 - 16 * attempt
    window.event_simulate("MOUSEMOVE", "NOTHING", x=x, y=y)
    window.event_simulate("LEFTMOUSE", "PRESS", x=x, y=y)
    window.event_simulate("LEFTMOUSE", "RELEASE", x=x, y=y)


def screenshot(path):
    window, area = view3d()
    with bpy.context.temp_override(window=window, area=area):
        bpy.ops.screen.screenshot(filepath=path)


def frame_armature():
    s = ui.current_session()
    obj = s.armature("demo") if s else None
    window, area = view3d()
    if obj is None:
        return
    cube = bpy.data.objects.get("Cube")
    if cube is not None:
        bpy.data.objects.remove(cube, do_unlink=True)
    for o in bpy.context.scene.objects:
        o.select_set(False)
    obj.select_set(True)
    bpy.context.view_layer.objects.active = obj
    region = next(r for r in area.regions if r.type == "WINDOW")
    area.spaces.active.region_3d.view_perspective = "PERSP"
    with bpy.context.temp_override(window=window, area=area, region=region):
        bpy.ops.view3d.view_axis(type="FRONT")
        bpy.ops.view3d.view_selected()


def step():
    now = time.monotonic()
    R["ticks"].append(now - S["t0"])
    s = ui.current_session()
    elapsed = now - S["since"]
    phase = S["phase"]
    if now - S["t0"] > TIMEOUT_S:
        R["errors"].append(f"timed out in phase {phase}")
        return finish()
    if phase == "start":
        prefs = bpy.context.preferences.addons["posewire_blender"].preferences
        prefs.address = ARGS.address
        bpy.ops.posewire.connect()
        R["connect_returned_s"] = time.monotonic() - now
        show_sidebar()
        goto("streaming")
    elif phase == "streaming":
        if s and s.state == "connected" and s.applied > 5 and s.armature("demo"):
            frame_armature()
            R["panel_draws_before_tab"] = ui.PANEL_DRAWS[0]
            goto("tab")
    elif phase == "tab":
        # Click down the tabs until the Posewire panel draws.
        if ui.PANEL_DRAWS[0] > S.get("draws_at_click", 0):
            R["tab_clicks"] = S["cycles"]
            goto("shot")
        elif S["cycles"] < 40:
            S["draws_at_click"] = ui.PANEL_DRAWS[0]
            click_tab(view3d()[0], S["cycles"])
            S["cycles"] += 1
    elif phase == "shot":
        if elapsed > 1.0:
            if ARGS.screenshot:
                screenshot(ARGS.screenshot)
            R["status_connected"] = s.status_text()
            R["sequence_before_freeze"] = s.sequence
            R["applied_before_freeze"] = s.applied
            os.kill(ARGS.daemon_pid, signal.SIGSTOP)
            R["freeze_at"] = time.monotonic() - S["t0"]
            goto("frozen")
    elif phase == "frozen":
        if s.state == "lost" and "lost_after_s" not in R:
            R["lost_after_s"] = elapsed
            R["status_lost"] = s.status_text()
            R["panel_draws_when_lost"] = ui.PANEL_DRAWS[0]
        if elapsed >= FREEZE_S:
            R["panel_draws_after_freeze"] = ui.PANEL_DRAWS[0]
            R["status_at_resume"] = s.status_text()
            if ARGS.screenshot:
                screenshot(ARGS.screenshot.replace(".png", "-lost.png"))
            os.kill(ARGS.daemon_pid, signal.SIGCONT)
            R["resume_at"] = time.monotonic() - S["t0"]
            R["applied_at_resume"] = s.applied
            goto("resumed")
    elif phase == "resumed":
        if s.state == "connected" and s.applied > R["applied_at_resume"] + 10:
            R["reconnected_after_s"] = elapsed
            R["status_reconnected"] = s.status_text()
            R["reconnects"] = s.receiver.reconnects
            R["sequence_after"] = s.sequence
            return finish()
    return TICK_S


def finish():
    s = ui.current_session()
    if s is not None:
        R["dropped"] = s.dropped()
        R["received"] = s.receiver.received
    R["blender"] = bpy.app.version_string
    with open(ARGS.out, "w", encoding="utf-8") as f:
        json.dump(R, f)
    os.kill(ARGS.daemon_pid, signal.SIGCONT)
    ui.stop_session()
    bpy.ops.wm.quit_blender()
    return None


def safe_step():
    try:
        return step()
    except Exception as e:  # report, never hang Blender
        import traceback

        R["errors"].append(traceback.format_exc())
        print(traceback.format_exc(), flush=True)
        return finish()


bpy.app.timers.register(safe_step, first_interval=0.5)
