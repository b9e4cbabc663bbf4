"""Posewire live for Blender: streams the avatars of a running ``posewire
serve`` onto armatures (the canonical skeleton, or a character rig through
a bone-name map) and records them to the timeline as ordinary actions.

Pure Python over gRPC-Web (HTTP/1.1, the daemon's web port), nothing to
install. Scripting::

    import posewire_blender
    session = posewire_blender.connect("127.0.0.1:50051")
    session.poll()            # applies the newest frame; its sequence or 0
    session.armature("demo")  # the armature object avatar "demo" drives
    session.record(1); ...; session.stop()
    session.close()

The modules that do not need Blender (``proto``, ``grpcweb``, ``stream``,
``joints``) import in plain Python too.
"""

bl_info = {
    "name": "Posewire live",
    "author": "Posewire",
    "version": (0, 1, 0),
    "blender": (3, 4, 0),
    "location": "View3D > Sidebar > Posewire",
    "description": "Streams Posewire avatars onto armatures and records them as keyframes",
    "category": "Animation",
}


def connect(address, token=None, web_port=None, scene=None, timeout=5.0):
    """Connects to a Posewire daemon; see ``session.connect``."""
    from .session import connect as _connect

    return _connect(address, token=token, web_port=web_port, scene=scene, timeout=timeout)


def __getattr__(name):
    if name == "Session":
        from .session import Session

        return Session
    raise AttributeError(name)


def register():
    from . import ui

    ui.register()


def unregister():
    from . import ui

    ui.unregister()
