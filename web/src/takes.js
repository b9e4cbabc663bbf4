// Take playback (TakeService, issue 8): list the daemon's takes, load one
// take's solved frames (GetTakeFrames), then play, pause, scrub, loop and
// change speed locally. A daemon without TakeService answers UNIMPLEMENTED
// and the panel says so; a take deleted on the daemon while it plays keeps
// playing from the loaded copy with a visible message.
import { api, sleep, Code } from './api.js';
import { AvatarView } from './avatar_view.js';

const $ = (id) => document.getElementById(id);

export class Takes {
  constructor(scene, options, showBanner) {
    this.scene = scene;
    this.options = options;
    this.showBanner = showBanner;
    this.take = null; // { name, frames: [Frame], duration }
    this.view = null;
    this.playing = false;
    this.time = 0;
    this.lastTick = 0;
    this.available = null;
    $('take-refresh').onclick = () => this.refresh();
    $('take-record').onclick = () => this.record();
    $('take-stop').onclick = () => this.stopRecording();
    $('take-load').onclick = () => this.load($('take-pick').value);
    $('take-play').onclick = () => { this.playing = true; };
    $('take-pause').onclick = () => { this.playing = false; };
    $('take-scrub').oninput = (e) => {
      if (!this.take) return;
      this.time = (Number(e.target.value) / 1000) * this.take.duration;
      this.show();
    };
  }

  start() {
    this.watch();
  }

  note(text) {
    $('takes-note').textContent = text;
  }

  /** Lists the takes; false when the daemon has no TakeService. */
  async refresh() {
    try {
      const list = await api.unary('TakeService/ListTakes', 'ListTakesRequest', {}, 'ListTakesResponse');
      this.available = true;
      const pick = $('take-pick');
      const keep = pick.value;
      pick.innerHTML = '';
      for (const t of list.takes) {
        const who = t.avatar_id || `scene: ${(t.scene_avatar_ids || []).join(', ')}`;
        pick.add(new Option(`${t.name} (${who}, ${t.duration_s.toFixed(1)} s)`, t.name));
      }
      if (list.takes.some((t) => t.name === keep)) pick.value = keep;
      this.note(list.takes.length ? `${list.takes.length} take(s) on the daemon` : 'no takes recorded yet');
      return list.takes;
    } catch (e) {
      if (e.code === Code.UNIMPLEMENTED) {
        this.available = false;
        this.note('takes are not available on this daemon');
        for (const id of ['take-load', 'take-refresh']) $(id).disabled = true;
      } else {
        this.note(`cannot list takes: ${e.message}`);
      }
      return null;
    }
  }

  /** Starts recording the whole space (the empty avatar id: a scene
   * take of every avatar and object, with the daemon's clock as its
   * timecode). */
  async record() {
    try {
      const r = await api.unary('TakeService/StartRecording', 'StartRecordingRequest', { avatar_id: '', name: '' }, 'Recording');
      $('take-record').disabled = true;
      $('take-stop').disabled = false;
      $('take-recording').textContent = `recording the scene into “${r.take_name}”`;
    } catch (e) {
      $('take-recording').textContent = `cannot record: ${e.message}`;
    }
  }

  /** Stops the scene recording; the take joins the list. */
  async stopRecording() {
    try {
      const t = await api.unary('TakeService/StopRecording', 'StopRecordingRequest', { avatar_id: '' }, 'TakeSummary');
      $('take-recording').textContent = `recorded “${t.name}”: ${t.duration_s.toFixed(1)} s of ${(t.scene_avatar_ids || []).length} avatar(s), timecode ${t.timecode_start} at ${t.timecode_rate}`;
    } catch (e) {
      $('take-recording').textContent = `cannot stop: ${e.message}`;
    }
    $('take-record').disabled = false;
    $('take-stop').disabled = true;
    await this.refresh();
  }

  /** Every 2 s: the list, and whether the loaded take still exists. */
  async watch() {
    for (;;) {
      const takes = await this.refresh();
      if (this.available === false) return;
      if (takes && this.take && !takes.some((t) => t.name === this.take.name)) {
        if (!this.take.deleted) {
          this.take.deleted = true;
          this.showBanner('warn', `The take “${this.take.name}” was deleted on the daemon; playing the copy loaded in this page.`);
        }
      }
      await sleep(2000);
    }
  }

  async load(name) {
    if (!name) return;
    this.note(`loading ${name}…`);
    const frames = [];
    let summary = null;
    try {
      for await (const r of api.stream('TakeService/GetTakeFrames', 'GetTakeFramesRequest', { name, version: 0 }, 'TakeFramesResponse')) {
        if (r.summary) summary = r.summary;
        for (const f of r.frames) frames.push(f);
      }
    } catch (e) {
      this.note(e.code === Code.NOT_FOUND ? `the take “${name}” no longer exists` : `cannot load ${name}: ${e.message}`);
      return;
    }
    if (!frames.length) { this.note(`${name} has no solved frames`); return; }
    const t0 = frames[0].simulation_time_s;
    const duration = Math.max(frames[frames.length - 1].simulation_time_s - t0, 1e-6);
    this.take = { name, frames, t0, duration, summary, deleted: false };
    this.time = 0;
    this.playing = true;
    if (!this.view) this.view = new AvatarView(this.scene, `take:${name}`, 0xffffff);
    for (const id of ['take-play', 'take-pause', 'take-scrub']) $(id).disabled = false;
    this.note(`${name}: ${frames.length} frames, ${duration.toFixed(1)} s`);
    this.show();
  }

  /** Advances playback (called every drawn frame). */
  tick(now) {
    const dt = this.lastTick ? (now - this.lastTick) / 1000 : 0;
    this.lastTick = now;
    if (!this.take || !this.playing) return;
    this.time += dt * Number($('take-speed').value);
    if (this.time > this.take.duration) {
      if ($('take-loop').checked) this.time %= this.take.duration;
      else { this.time = this.take.duration; this.playing = false; }
    }
    $('take-scrub').value = String(Math.round((this.time / this.take.duration) * 1000));
    this.show();
  }

  show() {
    const { frames, t0 } = this.take;
    const target = t0 + this.time;
    let lo = 0, hi = frames.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (frames[mid].simulation_time_s <= target) lo = mid; else hi = mid - 1;
    }
    // A scene take's frame holds every avatar; the player shows the first.
    const avatar = frames[lo].avatars[0];
    if (avatar) this.view.update(avatar, { ...this.options(), showSkeleton: true });
    $('take-time').textContent = `${this.take.name}: ${this.time.toFixed(2)} / ${this.take.duration.toFixed(2)} s${this.playing ? '' : ' (paused)'}`;
  }
}
