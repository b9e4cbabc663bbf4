// The posewire.v1 messages, parsed at start from the .proto files that
// Vite bundles as text: the page always speaks the daemon's own contract
// (rebuild the bundle after a .proto change) and needs no code generator.
import protobuf from 'protobufjs';
import types from '../../proto/posewire/v1/types.proto?raw';
import frames from '../../proto/posewire/v1/frames.proto?raw';
import stats from '../../proto/posewire/v1/stats.proto?raw';
import avatars from '../../proto/posewire/v1/avatars.proto?raw';
import calibration from '../../proto/posewire/v1/calibration.proto?raw';
import takes from '../../proto/posewire/v1/takes.proto?raw';
import sceneProto from '../../proto/posewire/v1/scene.proto?raw';

const root = new protobuf.Root();
for (const text of [types, frames, stats, avatars, calibration, takes, sceneProto]) {
  protobuf.parse(text, root, { keepCase: true });
}
root.resolveAll();

const convert = { longs: Number, enums: String, defaults: true, arrays: true };

/** Encodes `object` as the message `name` (e.g. `StreamFramesRequest`). */
export function encode(name, object) {
  const type = root.lookupType(`posewire.v1.${name}`);
  return type.encode(type.fromObject(object)).finish();
}

/** Decodes bytes of the message `name` into a plain object (64-bit numbers as Number, enums by name). */
export function decode(name, bytes) {
  const type = root.lookupType(`posewire.v1.${name}`);
  return type.toObject(type.decode(bytes), convert);
}
