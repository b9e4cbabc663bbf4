// One avatar drawn in the scene: skeleton (bones and joints), the skinned
// mesh from streamed vertices, its devices as small models, ghost hands
// (translucent, oriented, seen through everything), foot contacts and
// force arrows.
import * as THREE from 'three';

/** Parent of each joint in the canonical order (FORMATS.md section 4). */
export const PARENTS = [-1, 0, 1, 2, 3, 2, 2, 5, 6, 7, 8, 9, 10, 0, 0, 13, 14, 15, 16, 17, 18];
// The finger joints' parents (AvatarFrame.fingers, FORMATS.md section 4):
// per hand thumb, index, middle, ring, little, three joints each; a
// finger's first joint hangs from the wrist (body joint 11 left, 12
// right), written here as -(wrist + 1); the others from the joint before.
export const FINGER_PARENTS = Array.from({ length: 30 }, (_, i) =>
  (i % 3 === 0 ? -((i < 15 ? 11 : 12) + 1) : i - 1));
/** Joint indices used for contacts and the first-person camera. */
export const JOINT = { pelvis: 0, head: 4, left_ankle: 17, right_ankle: 18, left_toe: 19, right_toe: 20 };
const JOINTS = PARENTS.length;

const DEVICE_SIZE = {
  DEVICE_HEAD: [0.18, 0.1, 0.11],
  DEVICE_LEFT_HAND: [0.05, 0.05, 0.14],
  DEVICE_RIGHT_HAND: [0.05, 0.05, 0.14],
  DEVICE_PELVIS: [0.07, 0.04, 0.07],
  DEVICE_LEFT_FOOT: [0.07, 0.04, 0.07],
  DEVICE_RIGHT_FOOT: [0.07, 0.04, 0.07],
};

/** Force arrays by the name the panel offers. */
export const FORCE_ARRAYS = ['total', 'inverse_dynamics', 'balance', 'locomotion'];
const FORCE_COLOR = { total: 0xffffff, inverse_dynamics: 0xff5050, balance: 0x50a0ff, locomotion: 0xffd040 };
/** Metres of arrow per newton-metre of torque. */
const TORQUE_SCALE = 0.002;
/** Drawn after everything else, without depth test: seen through bodies. */
const GHOST_ORDER = 3;

/**
 * A ghost hand: a translucent palm with fingers and a thumb, in the
 * canonical T-pose of its side (the hand along +X for the left, -X for the
 * right, palm down, thumb forward), so that the frame's `ghost_rotation`
 * (relative to rest) turns it as the device's hand is turned.
 */
function ghostHand(side) {
  const material = new THREE.MeshBasicMaterial({
    color: 0xa8f4ff, transparent: true, opacity: 0.55, depthTest: false, depthWrite: false,
  });
  const hand = new THREE.Group();
  const part = (w, h, d, x, z) => {
    const mesh = new THREE.Mesh(new THREE.BoxGeometry(w, h, d), material);
    mesh.position.set(side * x, 0, z);
    mesh.renderOrder = GHOST_ORDER;
    hand.add(mesh);
  };
  part(0.1, 0.025, 0.085, 0.05, 0); // palm
  part(0.08, 0.02, 0.075, 0.14, 0); // fingers
  part(0.05, 0.02, 0.022, 0.035, 0.055); // thumb
  // The gap to the simulated wrist, drawn from the ghost's wrist.
  const gap = new THREE.BufferGeometry();
  gap.setAttribute('position', new THREE.BufferAttribute(new Float32Array(6), 3));
  const line = new THREE.Line(gap, new THREE.LineBasicMaterial({
    color: 0x80e0ff, transparent: true, opacity: 0.7, depthTest: false,
  }));
  line.renderOrder = GHOST_ORDER;
  line.frustumCulled = false;
  hand.visible = false;
  line.visible = false;
  return { hand, line };
}

function decodeVertices(v, out) {
  const count = v.vertex_count;
  const bytes = v.data;
  if (v.encoding === 'VERTEX_ENCODING_INT16') {
    // Copy to an aligned buffer so the values can be read as an Int16Array
    // (little-endian, as every browser's platform is).
    const q = new Int16Array(bytes.slice(0, count * 6).buffer);
    const min = v.bounds_min, max = v.bounds_max;
    const sx = (max.x - min.x) / 65535, sy = (max.y - min.y) / 65535, sz = (max.z - min.z) / 65535;
    for (let i = 0; i < count * 3; i += 3) {
      out[i] = min.x + (q[i] + 32768) * sx;
      out[i + 1] = min.y + (q[i + 1] + 32768) * sy;
      out[i + 2] = min.z + (q[i + 2] + 32768) * sz;
    }
  } else {
    out.set(new Float32Array(bytes.slice(0, count * 12).buffer));
  }
}

export class AvatarView {
  constructor(scene, id, color) {
    this.id = id;
    this.group = new THREE.Group();
    scene.add(this.group);
    this.color = new THREE.Color(color);
    const bones = new THREE.BufferGeometry();
    bones.setAttribute('position', new THREE.BufferAttribute(new Float32Array((JOINTS - 1) * 6), 3));
    // The skeleton is drawn over the (opaque) mesh: no depth test, last.
    this.bones = new THREE.LineSegments(bones, new THREE.LineBasicMaterial({ color: 0xffffff, depthTest: false, transparent: true, opacity: 0.9 }));
    this.bones.renderOrder = 2;
    this.bones.frustumCulled = false;
    this.group.add(this.bones);
    this.joints = new THREE.InstancedMesh(
      new THREE.SphereGeometry(0.02, 6, 4),
      new THREE.MeshBasicMaterial({ color: 0xffffff, depthTest: false, transparent: true, opacity: 0.9 }),
      JOINTS,
    );
    this.joints.renderOrder = 2;
    this.joints.frustumCulled = false;
    this.group.add(this.joints);
    // The fingers (when the frames carry them): a segment per finger bone.
    const fingers = new THREE.BufferGeometry();
    fingers.setAttribute('position', new THREE.BufferAttribute(new Float32Array(FINGER_PARENTS.length * 6), 3));
    this.fingers = new THREE.LineSegments(fingers, new THREE.LineBasicMaterial({ color: 0xffe0a0, depthTest: false, transparent: true, opacity: 0.9 }));
    this.fingers.renderOrder = 2;
    this.fingers.frustumCulled = false;
    this.fingers.visible = false;
    this.group.add(this.fingers);
    this.devices = new Map();
    this.contacts = [0, 1].map(() => {
      const disc = new THREE.Mesh(
        new THREE.CircleGeometry(0.09, 20),
        new THREE.MeshBasicMaterial({ color: 0x30ff60, transparent: true, opacity: 0.7 }),
      );
      disc.rotation.x = -Math.PI / 2;
      disc.visible = false;
      this.group.add(disc);
      return disc;
    });
    this.ghosts = [1, -1].map((side) => {
      const ghost = ghostHand(side);
      this.group.add(ghost.hand, ghost.line);
      return ghost;
    });
    this.arrows = [];
    this.headsetHidden = false;
    this.mesh = null;
    this.last = null;
  }

  /** Gives the avatar its rest mesh (GetMesh): triangles, vertex count. */
  setMesh(mesh) {
    const count = mesh.rest_positions.length / 3;
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(Float32Array.from(mesh.rest_positions), 3));
    geometry.setIndex(mesh.triangles);
    // Flat shading takes each triangle's normal from screen-space
    // derivatives: no per-frame normal computation for streamed vertices.
    this.mesh = new THREE.Mesh(
      geometry,
      new THREE.MeshLambertMaterial({ color: this.color, flatShading: true }),
    );
    this.mesh.frustumCulled = false;
    this.mesh.visible = false;
    this.meshVertexCount = count;
    this.group.add(this.mesh);
  }

  device(name) {
    let model = this.devices.get(name);
    if (!model) {
      const [w, h, d] = DEVICE_SIZE[name] || [0.05, 0.05, 0.05];
      model = new THREE.Mesh(new THREE.BoxGeometry(w, h, d), new THREE.MeshLambertMaterial({ color: 0xe0e0e0 }));
      const nose = new THREE.Mesh(new THREE.BoxGeometry(w * 0.3, h * 0.3, d * 0.3), new THREE.MeshBasicMaterial({ color: 0xff8030 }));
      nose.position.z = d / 2;
      model.add(nose);
      this.group.add(model);
      this.devices.set(name, model);
    }
    return model;
  }

  /** Draws the finger bones of `fingers` (AvatarFrame.fingers) under the
   * body's joint positions `p`; hides them when the frame has none. */
  drawFingers(fingers, p) {
    const f = fingers?.joint_positions;
    this.fingers.visible = !!f && f.length >= FINGER_PARENTS.length * 3 && this.bones.visible;
    if (!this.fingers.visible) return;
    const seg = this.fingers.geometry.attributes.position.array;
    let k = 0;
    FINGER_PARENTS.forEach((q, i) => {
      const [from, at] = q < 0 ? [p, -q - 1] : [f, q];
      seg[k++] = from[at * 3]; seg[k++] = from[at * 3 + 1]; seg[k++] = from[at * 3 + 2];
      seg[k++] = f[i * 3]; seg[k++] = f[i * 3 + 1]; seg[k++] = f[i * 3 + 2];
    });
    this.fingers.geometry.attributes.position.needsUpdate = true;
  }

  /** Shows one AvatarFrame (a decoded plain object). */
  update(a, { showMesh, showSkeleton, forceArray }) {
    this.last = a;
    const p = a.joint_positions;
    if (p.length < JOINTS * 3) return;
    const seg = this.bones.geometry.attributes.position.array;
    let k = 0;
    for (let j = 1; j < JOINTS; j++) {
      const q = PARENTS[j];
      seg[k++] = p[q * 3]; seg[k++] = p[q * 3 + 1]; seg[k++] = p[q * 3 + 2];
      seg[k++] = p[j * 3]; seg[k++] = p[j * 3 + 1]; seg[k++] = p[j * 3 + 2];
    }
    this.bones.geometry.attributes.position.needsUpdate = true;
    const m = new THREE.Matrix4();
    for (let j = 0; j < JOINTS; j++) {
      m.makeTranslation(p[j * 3], p[j * 3 + 1], p[j * 3 + 2]);
      this.joints.setMatrixAt(j, m);
    }
    this.joints.instanceMatrix.needsUpdate = true;
    this.bones.visible = showSkeleton || !this.mesh;
    this.joints.visible = this.bones.visible;
    this.drawFingers(a.fingers, p);

    const seen = new Set();
    for (const d of a.devices || []) {
      const model = this.device(d.device);
      seen.add(d.device);
      const pos = d.pose?.position, rot = d.pose?.rotation;
      if (pos) model.position.set(pos.x, pos.y, pos.z);
      if (rot) model.quaternion.set(rot.x, rot.y, rot.z, rot.w);
      model.material.color.setHex(d.tracked ? 0xe0e0e0 : 0x606060);
      model.visible = !(this.headsetHidden && d.device === 'DEVICE_HEAD');
    }
    for (const [name, model] of this.devices) if (!seen.has(name)) model.visible = false;

    const fc = a.foot_contacts || {};
    [[fc.left, JOINT.left_ankle, JOINT.left_toe], [fc.right, JOINT.right_ankle, JOINT.right_toe]].forEach(([on, ankle, toe], i) => {
      const disc = this.contacts[i];
      disc.visible = !!on;
      disc.position.set((p[ankle * 3] + p[toe * 3]) / 2, 0.003, (p[ankle * 3 + 2] + p[toe * 3 + 2]) / 2);
    });

    this.updateGhosts(a.ghost_hands || []);

    if (this.mesh) {
      const v = a.vertices;
      const has = showMesh && v && v.vertex_count === this.meshVertexCount && v.data?.length;
      if (has) {
        const attr = this.mesh.geometry.attributes.position;
        decodeVertices(v, attr.array);
        attr.needsUpdate = true;
      }
      this.mesh.visible = !!has;
    }
    this.updateForces(a, forceArray);
  }

  /** Hides the headset's model (the view is inside it) or shows it again. */
  setHeadsetHidden(hidden) {
    if (hidden === this.headsetHidden) return;
    this.headsetHidden = hidden;
    const model = this.devices.get('DEVICE_HEAD');
    if (model && hidden) model.visible = false;
  }

  /** Shows the ghost of each hand (left, right) whose frame says `shown`. */
  updateGhosts(hands) {
    this.ghosts.forEach(({ hand, line }, i) => {
      const g = hands[i];
      hand.visible = !!(g?.shown && g.ghost);
      line.visible = hand.visible && !!g.simulated;
      if (!hand.visible) return;
      hand.position.set(g.ghost.x, g.ghost.y, g.ghost.z);
      const r = g.ghost_rotation;
      if (r) hand.quaternion.set(r.x, r.y, r.z, r.w);
      if (line.visible) {
        line.geometry.attributes.position.array.set([g.ghost.x, g.ghost.y, g.ghost.z, g.simulated.x, g.simulated.y, g.simulated.z]);
        line.geometry.attributes.position.needsUpdate = true;
      }
    });
  }

  /** How many ghost hands are drawn now (0 to 2). */
  ghostHandsDrawn() {
    return this.ghosts.filter((g) => g.hand.visible).length;
  }

  updateForces(a, name) {
    const array = name && a.forces ? a.forces[name] : null;
    const torques = array?.joint_torques || [];
    const p = a.joint_positions;
    while (this.arrows.length < JOINTS + 1) {
      const arrow = new THREE.ArrowHelper(new THREE.Vector3(0, 1, 0), new THREE.Vector3(), 0.1, 0xffffff, 0.04, 0.025);
      arrow.visible = false;
      this.group.add(arrow);
      this.arrows.push(arrow);
    }
    const dir = new THREE.Vector3();
    for (let j = 0; j < JOINTS; j++) {
      const arrow = this.arrows[j];
      const t = torques.length >= (j + 1) * 3 ? Math.hypot(torques[j * 3], torques[j * 3 + 1], torques[j * 3 + 2]) : 0;
      arrow.visible = t > 1e-3;
      if (!arrow.visible) continue;
      // Length: the torque's size; direction: along the bone from the
      // parent (the joint's anatomical axes are not in the frame).
      const q = Math.max(PARENTS[j], 0);
      dir.set(p[j * 3] - p[q * 3], p[j * 3 + 1] - p[q * 3 + 1], p[j * 3 + 2] - p[q * 3 + 2]);
      if (dir.lengthSq() < 1e-8) dir.set(0, 1, 0);
      arrow.position.set(p[j * 3], p[j * 3 + 1], p[j * 3 + 2]);
      arrow.setDirection(dir.normalize());
      arrow.setLength(Math.max(t * TORQUE_SCALE, 0.05), 0.04, 0.025);
      arrow.setColor(FORCE_COLOR[name] || 0xffffff);
    }
    const root = this.arrows[JOINTS];
    const f = array?.root_force;
    const size = f ? Math.hypot(f.x, f.y, f.z) : 0;
    root.visible = size > 1e-3;
    if (root.visible) {
      root.position.set(p[0], p[1], p[2]);
      root.setDirection(dir.set(f.x, f.y, f.z).normalize());
      root.setLength(Math.max(size * 0.002, 0.05), 0.05, 0.03);
      root.setColor(0xff00ff);
    }
  }

  /** Where the head is and which way it looks (world rotation relative to rest: +Z forward). */
  head() {
    const a = this.last;
    if (!a || a.joint_positions.length < JOINTS * 3 || a.world_rotations.length < JOINTS * 4) return null;
    const p = a.joint_positions, r = a.world_rotations;
    const h = JOINT.head;
    return {
      position: new THREE.Vector3(p[h * 3], p[h * 3 + 1], p[h * 3 + 2]),
      rotation: new THREE.Quaternion(r[h * 4], r[h * 4 + 1], r[h * 4 + 2], r[h * 4 + 3]),
    };
  }

  /** The headset's pose (the device, not the simulated head), or null. */
  headset() {
    const d = (this.last?.devices || []).find((x) => x.device === 'DEVICE_HEAD');
    const p = d?.pose?.position, r = d?.pose?.rotation;
    if (!p || !r) return null;
    return { position: new THREE.Vector3(p.x, p.y, p.z), rotation: new THREE.Quaternion(r.x, r.y, r.z, r.w) };
  }

  /** Midway between the simulated pelvis and head: what a third-person view looks at. */
  bodyCentre() {
    const p = this.last?.joint_positions;
    if (!p || p.length < JOINTS * 3) return null;
    const h = JOINT.head * 3;
    return new THREE.Vector3((p[0] + p[h]) / 2, (p[1] + p[h + 1]) / 2, (p[2] + p[h + 2]) / 2);
  }

  /** The camera link (0 unlinked .. 1 linked), or null (ik: always linked). */
  cameraLink() {
    const link = this.last?.camera_link;
    return link ? link.link : null;
  }

  pelvis() {
    const p = this.last?.joint_positions;
    return p ? new THREE.Vector3(p[0], p[1], p[2]) : null;
  }

  dispose(scene) {
    scene.remove(this.group);
  }
}
