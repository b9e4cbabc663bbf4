// The Posewire live view: the scene, the live frame stream with
// reconnection, the panel (numbers, devices, calibration wizard) and take
// playback. Served by the daemon (`[web]`, docs/WEB.md).
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { api, askToken, sleep, GrpcError, Code } from './api.js';
import { AvatarView } from './avatar_view.js';
import { placeFirstPerson } from './camera.js';
import { ObjectsList } from './objects_list.js';
import { ObjectsView } from './objects_view.js';
import { Panel } from './panel.js';
import { Takes } from './takes.js';

const $ = (id) => document.getElementById(id);
const COLORS = [0x4fc3f7, 0xffb74d, 0xaed581, 0xf06292, 0xba68c8, 0x4db6ac];

// ---- scene ----------------------------------------------------------
const container = $('view');
const renderer = new THREE.WebGLRenderer({ antialias: false, preserveDrawingBuffer: false });
container.appendChild(renderer.domElement);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0x1c1f24);
scene.add(new THREE.HemisphereLight(0xffffff, 0x404050, 2.0));
const sun = new THREE.DirectionalLight(0xffffff, 1.2);
sun.position.set(3, 6, 4);
scene.add(sun);
const grid = new THREE.GridHelper(10, 20, 0x8090a0, 0x3a4048);
scene.add(grid);
const camera = new THREE.PerspectiveCamera(55, 1, 0.05, 100);
camera.position.set(1.2, 2.6, 6.5);
const controls = new OrbitControls(camera, renderer.domElement);
controls.target.set(0, 1, 0);
// `?view=px,py,pz,tx,ty,tz`: a fixed starting view (camera, then the
// point it looks at) that does not follow the avatar.
const fixedView = (new URLSearchParams(location.search).get('view') || '').split(',').map(Number);
if (fixedView.length === 6 && fixedView.every(Number.isFinite)) {
  camera.position.set(fixedView[0], fixedView[1], fixedView[2]);
  controls.target.set(fixedView[3], fixedView[4], fixedView[5]);
  $('follow').checked = false;
}
controls.update();

function resize() {
  const w = container.clientWidth, h = container.clientHeight;
  renderer.setSize(w, h, false);
  camera.aspect = w / Math.max(h, 1);
  camera.updateProjectionMatrix();
}
window.addEventListener('resize', resize);
resize();

// ---- state ----------------------------------------------------------
const views = new Map(); // avatar id -> AvatarView (live)
const lastSeen = new Map();
const meshRequested = new Set();
const pending = new Map(); // avatar id -> its newest AvatarFrame not drawn yet
const status = {
  connected: false, framesReceived: 0, lastSequence: -1, skippedTotal: 0,
  drawFps: 0, frameRate: 0, reconnects: 0, message: '', updateMs: 0, renderMs: 0,
};
const objects = new ObjectsView(scene);
const objectsList = new ObjectsList(objects, status);
// Read by the browser tests: the page's state and what it drew.
window.posewire = {
  status,
  views,
  /** Each drawn object: id, kind, static, world position, held flag and holders, screen rectangle. */
  objects: () => objects.snapshot(camera, renderer.domElement),
};

const banner = $('banner');
export function showBanner(kind, text) {
  banner.className = kind || '';
  banner.textContent = text || '';
  status.message = text || '';
}

const options = () => ({
  showMesh: $('show-mesh').checked,
  showSkeleton: $('show-skeleton').checked,
  forceArray: $('force-array').value,
});

function pickedId() {
  return $('avatar-pick').value;
}

function refreshPicker(ids) {
  const pick = $('avatar-pick');
  const current = [...pick.options].map((o) => o.value);
  if (current.join() === ids.join()) return;
  const keep = pick.value;
  pick.innerHTML = '';
  for (const id of ids) pick.add(new Option(id, id));
  if (ids.includes(keep)) pick.value = keep;
}

async function fetchMesh(id) {
  meshRequested.add(id);
  try {
    const mesh = await api.unary('FrameService/GetMesh', 'GetMeshRequest', { avatar_id: id }, 'Mesh');
    const view = views.get(id);
    if (view && !view.mesh && mesh.triangles.length) view.setMesh(mesh);
  } catch (e) {
    console.warn('no mesh for', id, e.message);
  }
}

function onFrame(response) {
  const frame = response.frame;
  if (!frame) return;
  status.framesReceived += 1;
  status.lastSequence = frame.sequence;
  status.skippedTotal = response.skipped_total;
  const now = performance.now();
  if (objects.setFrame(frame.sequence, frame.objects)) objectsList.request();
  for (const a of frame.avatars) {
    let view = views.get(a.avatar_id);
    if (!view) {
      view = new AvatarView(scene, a.avatar_id, COLORS[views.size % COLORS.length]);
      views.set(a.avatar_id, view);
    }
    if (!meshRequested.has(a.avatar_id)) fetchMesh(a.avatar_id);
    // Drawn at the next animation frame; frames that arrive between two
    // drawings replace each other (no work for frames nobody sees).
    pending.set(a.avatar_id, a);
    lastSeen.set(a.avatar_id, now);
  }
  for (const [id, t] of lastSeen) {
    if (now - t > 3000) {
      views.get(id)?.dispose(scene);
      views.delete(id);
      lastSeen.delete(id);
      pending.delete(id);
      meshRequested.delete(id);
    }
  }
  refreshPicker([...views.keys()]);
}

// ---- the live stream, reconnecting ----------------------------------
let streamControl = null;
let restarting = false;

/** Re-subscribes (after the mesh or force options changed). */
function restartStream() {
  restarting = true;
  streamControl?.abort();
}

async function streamLoop() {
  let attempt = 0;
  for (;;) {
    streamControl = new AbortController();
    const request = {
      include_vertices: $('show-mesh').checked,
      vertex_encoding: 'VERTEX_ENCODING_INT16',
      decimation: 2,
      include_forces: $('force-array').value !== '',
      include_fingers: true,
    };
    const used = api.token;
    try {
      let first = true;
      for await (const response of api.stream('FrameService/StreamFrames', 'StreamFramesRequest', request, 'StreamFramesResponse', streamControl.signal)) {
        if (first) {
          first = false;
          if (attempt > 0) {
            status.reconnects += 1;
            showBanner('info', 'Reconnected to the daemon.');
            setTimeout(() => { if (status.message === 'Reconnected to the daemon.') showBanner('', ''); }, 2500);
          } else if (!status.connected || status.message.startsWith('Connecting')) {
            showBanner('', '');
          }
          attempt = 0;
          status.connected = true;
        }
        onFrame(response);
      }
      throw new GrpcError(Code.UNAVAILABLE, 'the frame stream ended');
    } catch (e) {
      if (restarting) { restarting = false; continue; }
      status.connected = false;
      if (e.code === Code.UNAUTHENTICATED) {
        showBanner('warn', 'This daemon needs an access token.');
        await askToken(e.message, used);
        showBanner('info', 'Connecting to the daemon…');
        continue;
      }
      if (e.code === Code.PERMISSION_DENIED) {
        showBanner('error', `The token may not watch frames: ${e.message}`);
        await askToken(e.message, used);
        continue;
      }
      attempt += 1;
      // A restarted daemon has new avatars: fetch their meshes again.
      meshRequested.clear();
      for (const view of views.values()) view.dispose(scene);
      views.clear();
      pending.clear();
      lastSeen.clear();
      objects.clear();
      objectsList.request();
      showBanner('warn', `Connection to the daemon lost (${e.message}). Reconnecting… (attempt ${attempt})`);
      await sleep(Math.min(250 * 2 ** attempt, 3000));
    }
  }
}

$('show-mesh').addEventListener('change', restartStream);
$('force-array').addEventListener('change', restartStream);

// ---- drawing --------------------------------------------------------
const takes = new Takes(scene, options, showBanner);
const panel = new Panel(status, views, pickedId, objects);
let frames = 0, windowStart = performance.now();
let lastPelvis = null;
let backFromFirstPerson = false;

/**
 * Places the camera: first person on the picked avatar (its simulated head,
 * or its headset in third person while the camera link is broken), or
 * orbiting and following it. Says which in `#view`'s `data-camera`
 * (`first-person`, `third-person`, `orbit`) and `data-camera-link`.
 */
function placeCamera(view) {
  const placed = $('camera-mode').value === 'first' && view ? placeFirstPerson(camera, view) : null;
  const mode = placed?.mode || 'orbit';
  const link = view?.cameraLink();
  // Seen from inside, the avatar's own headset would hide the view.
  for (const v of views.values()) v.setHeadsetHidden(v === view && (placed?.headWeight ?? 0) > 0.5);
  setData('camera', mode);
  setData('cameraLink', link == null ? '' : link.toFixed(2));
  controls.enabled = !placed;
  if (placed) {
    lastPelvis = null;
    backFromFirstPerson = true;
    return;
  }
  if ($('follow').checked) followPelvis(view?.pelvis());
  else lastPelvis = null;
  controls.update();
}

/**
 * Orbit: moves camera and target with the picked avatar's pelvis; back
 * from first person, starts again from in front of the avatar.
 */
function followPelvis(pelvis) {
  if (!pelvis) return;
  if (lastPelvis) {
    const delta = pelvis.clone().sub(lastPelvis);
    delta.y = 0;
    camera.position.add(delta);
    controls.target.add(delta);
  } else {
    if (backFromFirstPerson) camera.position.set(pelvis.x + 1.2, 2.6, pelvis.z + 6.5);
    backFromFirstPerson = false;
    controls.target.set(pelvis.x, 1, pelvis.z);
  }
  lastPelvis = pelvis;
}

/** Ghost hands drawn now, over every avatar: `#view`'s `data-ghost-hands`. */
function countGhostHands() {
  let drawn = 0;
  for (const v of views.values()) drawn += v.ghostHandsDrawn();
  setData('ghostHands', String(drawn));
}

/** Sets a data attribute of `#view` when it changes (not every drawing). */
function setData(key, value) {
  if (container.dataset[key] !== value) container.dataset[key] = value;
}

// Render scale: software renderers (no GPU) are bound by pixels, so when
// drawing stays under 30 fps the canvas renders fewer pixels (down to 60%
// of the view's size, stretched to fit) and grows back when there is room.
// `?scale=1` pins it (docs/RESULTS.md measures both).
const pinnedScale = Number(new URLSearchParams(location.search).get('scale')) || 0;
status.renderScale = pinnedScale || 1;
function adaptScale() {
  if (pinnedScale) return;
  const before = status.renderScale;
  if (status.drawFps < 30) status.renderScale = Math.max(0.6, before - 0.1);
  else if (status.drawFps > 50) status.renderScale = Math.min(1, before + 0.1);
  if (status.renderScale !== before) {
    renderer.setPixelRatio(status.renderScale);
    resize();
  }
}
renderer.setPixelRatio(status.renderScale);

function draw() {
  requestAnimationFrame(draw);
  const now = performance.now();
  frames += 1;
  if (now - windowStart >= 1000) {
    status.drawFps = (frames * 1000) / (now - windowStart);
    frames = 0;
    windowStart = now;
    adaptScale();
  }
  const shown = options();
  for (const [id, a] of pending) views.get(id)?.update(a, shown);
  pending.clear();
  objects.update(views);
  const updated = performance.now();
  takes.tick(now);
  placeCamera(views.get(pickedId()));
  countGhostHands();
  renderer.render(scene, camera);
  // Main-thread cost of one drawing (exponential average), for the panel
  // and docs/RESULTS.md: applying frames, and handing the scene to WebGL.
  const done = performance.now();
  status.updateMs = 0.9 * status.updateMs + 0.1 * (updated - now);
  status.renderMs = 0.9 * status.renderMs + 0.1 * (done - updated);
  $('hud').textContent = `draw ${status.drawFps.toFixed(0)} fps at ${(status.renderScale * 100).toFixed(0)}% · frames ${status.frameRate.toFixed(0)}/s · sequence ${status.lastSequence}`;
}

showBanner('info', 'Connecting to the daemon…');
requestAnimationFrame(draw);
streamLoop();
panel.start();
takes.start();
objectsList.start();
