// The space's objects drawn in the scene (issue 24): static ones (scene
// files, AddObject with mass 0) and dynamic ones, in their real shapes
// (box, sphere, capsule along +Y, convex mesh hull). Shapes come from
// ListObjects, dynamic poses from each frame's `objects`. A held object
// glows yellow, wears an outline and a line to each holding wrist.
import * as THREE from 'three';
import { ConvexGeometry } from 'three/addons/geometries/ConvexGeometry.js';

const STATIC_COLOR = 0x7d8796;
const DYNAMIC_COLOR = 0xd09a50;
const HELD_COLOR = 0xffe040;
/** The wrist joint of each hand (canonical order, FORMATS.md section 4). */
const WRIST = { DEVICE_LEFT_HAND: 11, DEVICE_RIGHT_HAND: 12 };
/** Holder lines and outlines are drawn over bodies, like the skeleton. */
const OVERLAY_ORDER = 2;

/** Which shape a `Shape` message holds (`box`, `sphere`, `capsule`, `mesh_hull`). */
function kindOf(shape) {
  return ['box', 'sphere', 'capsule', 'mesh_hull'].find((k) => shape?.[k]) || null;
}

/** The geometry of a shape, centred on the object's origin; null when it cannot be drawn (a hull without points). */
function geometryOf(shape) {
  const kind = kindOf(shape);
  const s = shape?.[kind];
  switch (kind) {
    case 'box': return new THREE.BoxGeometry(s.size.x, s.size.y, s.size.z);
    case 'sphere': return new THREE.SphereGeometry(s.radius_m, 24, 16);
    // three's capsule: `length` is the cylinder between the caps' centres, along +Y.
    case 'capsule': return new THREE.CapsuleGeometry(s.radius_m, s.length_m, 8, 16);
    case 'mesh_hull': {
      const points = (s.points || []).map((p) => new THREE.Vector3(p.x, p.y, p.z));
      return points.length >= 4 ? new ConvexGeometry(points) : null;
    }
    default: return null;
  }
}

const HAND_NAMES = { DEVICE_LEFT_HAND: 'left hand', DEVICE_RIGHT_HAND: 'right hand' };

/** "demo-0 right hand, demo-1 left hand". */
export function holdersText(heldBy) {
  return heldBy.map((h) => `${h.avatar_id} ${HAND_NAMES[h.hand] || h.hand}`).join(', ');
}

/** One object in the scene. */
class DrawnObject {
  constructor(group, listed) {
    this.group = new THREE.Group();
    group.add(this.group);
    this.heldBy = [];
    this.sequence = null;
    this.lines = [];
    this.reshape(listed);
  }

  /** Takes the listed object's shape, mass and name (new geometry only when the shape changed). */
  reshape(listed) {
    this.id = listed.id;
    this.name = listed.name;
    this.dynamic = listed.mass_kg > 0;
    const key = JSON.stringify(listed.shape);
    if (key === this.shapeKey) return;
    this.shapeKey = key;
    this.kind = kindOf(listed.shape);
    this.freeShape();
    const geometry = geometryOf(listed.shape);
    this.mesh = null;
    this.outline = null;
    if (!geometry) return;
    this.mesh = new THREE.Mesh(geometry, new THREE.MeshLambertMaterial({
      color: this.dynamic ? DYNAMIC_COLOR : STATIC_COLOR,
    }));
    this.outline = new THREE.LineSegments(
      new THREE.EdgesGeometry(geometry, 20),
      new THREE.LineBasicMaterial({ color: HELD_COLOR, depthTest: false, transparent: true }),
    );
    this.outline.renderOrder = OVERLAY_ORDER;
    this.outline.visible = false;
    this.group.add(this.mesh, this.outline);
  }

  setPose(pose) {
    const p = pose?.position, r = pose?.rotation;
    if (p) this.group.position.set(p.x, p.y, p.z);
    if (r) this.group.quaternion.set(r.x, r.y, r.z, r.w);
    this.group.updateMatrixWorld();
  }

  /** Marks the object held (or not) and draws a line to each holding wrist that is drawn. */
  showHolders(heldBy, views, scene) {
    this.heldBy = heldBy;
    const held = heldBy.length > 0;
    if (this.mesh) this.mesh.material.emissive.setHex(held ? 0x6a5a00 : 0x000000);
    if (this.outline) this.outline.visible = held;
    while (this.lines.length < heldBy.length) this.lines.push(holderLine(scene));
    this.lines.forEach((line, i) => {
      const wrist = i < heldBy.length ? wristOf(views.get(heldBy[i].avatar_id), heldBy[i].hand) : null;
      line.visible = !!wrist;
      if (!wrist) return;
      const a = line.geometry.attributes.position;
      a.setXYZ(0, this.group.position.x, this.group.position.y, this.group.position.z);
      a.setXYZ(1, wrist[0], wrist[1], wrist[2]);
      a.needsUpdate = true;
    });
  }

  /** What the page drew for this object (window.posewire.objects()). */
  snapshot(camera, canvas) {
    const p = this.group.position;
    return {
      id: this.id,
      name: this.name,
      kind: this.kind,
      static: !this.dynamic,
      drawn: !!this.mesh && this.group.visible,
      position: [p.x, p.y, p.z],
      sequence: this.sequence,
      held: this.heldBy.length > 0,
      held_by: this.heldBy.map((h) => ({ avatar_id: h.avatar_id, hand: h.hand })),
      holder_lines: this.lines.filter((l) => l.visible).length,
      screen: this.mesh ? screenRect(this.mesh, camera, canvas) : null,
    };
  }

  /** Takes the drawn shape out and frees its GPU buffers. */
  freeShape() {
    for (const child of [...this.group.children]) {
      this.group.remove(child);
      child.geometry?.dispose();
      child.material?.dispose();
    }
  }

  dispose(scene) {
    this.freeShape();
    this.group.parent?.remove(this.group);
    for (const line of this.lines) {
      scene.remove(line);
      line.geometry.dispose();
      line.material.dispose();
    }
  }
}

function holderLine(scene) {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(6), 3));
  const line = new THREE.Line(geometry, new THREE.LineBasicMaterial({ color: HELD_COLOR, depthTest: false, transparent: true }));
  line.renderOrder = OVERLAY_ORDER;
  line.frustumCulled = false;
  scene.add(line);
  return line;
}

/** A hand's wrist position in an avatar's newest drawn frame, or null. */
function wristOf(view, hand) {
  const p = view?.last?.joint_positions;
  const j = WRIST[hand];
  if (!p || j === undefined || p.length < (j + 1) * 3) return null;
  return [p[j * 3], p[j * 3 + 1], p[j * 3 + 2]];
}

/** The screen rectangle (CSS pixels of the canvas) of a mesh's bounding box. */
function screenRect(mesh, camera, canvas) {
  const box = new THREE.Box3().setFromObject(mesh);
  const w = canvas.clientWidth, h = canvas.clientHeight;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < 8; i++) {
    const v = new THREE.Vector3(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z);
    v.project(camera);
    const x = ((v.x + 1) / 2) * w, y = ((1 - v.y) / 2) * h;
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** Every object of the space, as drawn. */
export class ObjectsView {
  constructor(scene) {
    this.scene = scene;
    this.group = new THREE.Group();
    scene.add(this.group);
    this.items = new Map();
    this.pending = null;
  }

  /**
   * Takes a ListObjects answer: adds and reshapes objects, removes those
   * gone, places static ones (and dynamic ones not seen in a frame yet).
   */
  setList(objects) {
    const listed = new Set();
    for (const o of objects) {
      listed.add(o.id);
      let item = this.items.get(o.id);
      if (item) item.reshape(o);
      else this.items.set(o.id, (item = new DrawnObject(this.group, o)));
      if (!item.dynamic || item.sequence === null) {
        item.setPose(o.pose);
        item.listedHolders = o.held_by || [];
      }
    }
    for (const [id, item] of this.items) {
      if (!listed.has(id)) {
        item.dispose(this.scene);
        this.items.delete(id);
      }
    }
  }

  /**
   * Keeps a frame's dynamic objects for the next drawing. True when the
   * list is out of date: an id not known, or a known dynamic one missing.
   */
  setFrame(sequence, objects) {
    this.pending = { sequence, objects };
    const inFrame = new Set(objects.map((o) => o.id));
    if (objects.some((o) => !this.items.has(o.id))) return true;
    for (const [id, item] of this.items) if (item.dynamic && !inFrame.has(id)) return true;
    return false;
  }

  /** Applies the newest frame's poses and holders (at a drawing); `views` are the avatars drawn. */
  update(views) {
    const frame = this.pending;
    this.pending = null;
    if (frame) {
      for (const o of frame.objects) {
        const item = this.items.get(o.id);
        if (!item) continue;
        item.setPose(o.pose);
        item.sequence = frame.sequence;
        item.listedHolders = o.held_by || [];
      }
    }
    for (const item of this.items.values()) item.showHolders(item.listedHolders || [], views, this.scene);
  }

  /** Panel rows: each object with its shape and who holds it. */
  rows() {
    return [...this.items.values()].map((item) => {
      const label = `${item.id} ${item.kind || 'shape?'}${item.name ? ` “${item.name}”` : ''}`;
      if (!item.dynamic) return [label, 'static'];
      return [label, item.heldBy.length ? `held by ${holdersText(item.heldBy)}` : 'free'];
    });
  }

  snapshot(camera, canvas) {
    return [...this.items.values()].map((item) => item.snapshot(camera, canvas));
  }

  /** Forgets every object (another daemon, after a reconnection). */
  clear() {
    for (const item of this.items.values()) item.dispose(this.scene);
    this.items.clear();
    this.pending = null;
  }
}
