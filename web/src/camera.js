// The first-person camera and the camera link (issue 23): while the
// simulated head sits on the headset the view rides the simulated head;
// when the body is pushed away from the headset (the frame's
// `camera_link.link` below 0.5) the view stays with the headset and shows
// the avatar in third person; while re-linking (link 0.5 to 1) it blends
// back to the simulated head.
import * as THREE from 'three';

/** Below this link the view is third person (the design's "unlinked"). */
export const UNLINKED_BELOW = 0.5;
/** How far behind and above the headset the third-person view sits, metres. */
const BEHIND_M = 2.2;
const ABOVE_M = 0.6;

// three.js cameras look along -Z; bodies and devices face +Z.
const LOOK = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), Math.PI);
const UP = new THREE.Vector3(0, 1, 0);

/** The view from the simulated head, looking where the head looks. */
export function firstPersonPose(view) {
  const head = view.head();
  if (!head) return null;
  const forward = new THREE.Vector3(0, 0, 1).applyQuaternion(head.rotation);
  return {
    position: head.position.clone().addScaledVector(forward, 0.12).add(new THREE.Vector3(0, 0.06, 0)),
    quaternion: head.rotation.clone().multiply(LOOK),
  };
}

/**
 * The view that stays with the headset: behind and above it (along the
 * headset's heading), looking at the simulated body, so that both the
 * headset (where the person is) and the body that fell away are in view.
 */
export function thirdPersonPose(view) {
  const headset = view.headset();
  const body = view.bodyCentre();
  if (!headset || !body) return null;
  const heading = new THREE.Vector3(0, 0, 1).applyQuaternion(headset.rotation);
  heading.y = 0;
  if (heading.lengthSq() < 1e-6) heading.set(0, 0, 1);
  heading.normalize();
  const position = headset.position.clone().addScaledVector(heading, -BEHIND_M).addScaledVector(UP, ABOVE_M);
  const look = new THREE.Matrix4().lookAt(position, body, UP);
  return { position, quaternion: new THREE.Quaternion().setFromRotationMatrix(look) };
}

/** How far the view has come back to the simulated head, 0..1. */
export function headWeight(link) {
  if (link == null) return 1; // ik: the head is always on the headset
  const x = Math.min(Math.max((link - UNLINKED_BELOW) / (1 - UNLINKED_BELOW), 0), 1);
  return x * x * (3 - 2 * x);
}

/**
 * Places `camera` for the first-person mode of `view`; returns the mode
 * shown (`first-person` or `third-person`) and how far the view sits on
 * the simulated head (0..1), or null when the avatar has no body to look
 * from yet.
 */
export function placeFirstPerson(camera, view) {
  const link = view.cameraLink();
  const head = firstPersonPose(view);
  if (!head) return null;
  const w = headWeight(link);
  const mode = link != null && link < UNLINKED_BELOW ? 'third-person' : 'first-person';
  const away = w < 1 ? thirdPersonPose(view) : null;
  if (!away) {
    camera.position.copy(head.position);
    camera.quaternion.copy(head.quaternion);
  } else {
    camera.position.lerpVectors(away.position, head.position, w);
    camera.quaternion.slerpQuaternions(away.quaternion, head.quaternion, w);
  }
  return { mode, headWeight: w };
}
