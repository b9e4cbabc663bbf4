// The side panel's live numbers (GetStats once a second and the stream's
// own counters), every avatar's body state and assist level, device
// sample ages, camera-link state and the calibration wizard.
import { api, askToken, sleep, GrpcError, Code } from './api.js';

const $ = (id) => document.getElementById(id);
const DEVICE_NAMES = {
  DEVICE_HEAD: 'head', DEVICE_LEFT_HAND: 'left hand', DEVICE_RIGHT_HAND: 'right hand',
  DEVICE_PELVIS: 'pelvis', DEVICE_LEFT_FOOT: 'left foot', DEVICE_RIGHT_FOOT: 'right foot',
};

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function rows(table, entries) {
  const html = entries.map(([k, v]) => `<tr><td>${escape(k)}</td><td class="v">${escape(v)}</td></tr>`).join('');
  if (table.posewireRows === html) return;
  table.posewireRows = html;
  table.innerHTML = html;
}

const BODY_STATES = {
  BODY_STATE_TRACKING: 'tracking', BODY_STATE_STAGGERING: 'staggering',
  BODY_STATE_FALLEN: 'fallen', BODY_STATE_GETTING_UP: 'getting up',
};
/** How often the numbers are redrawn (the body state changes within a second). */
const RENDER_MS = 250;

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * An avatar's body state and assist level: from its newest frame (current),
 * else from GetStats; "n/a" for the ik solver, which simulates no body.
 */
function bodyText(reaction, stat) {
  const known = stat && stat.state !== 'BODY_STATE_UNSPECIFIED' ? stat : null;
  const r = reaction || known;
  if (r) return `${BODY_STATES[r.state] || 'unknown'} · assist ${(r.assist * 100).toFixed(0)}%`;
  return stat?.solver === 'SOLVER_KIND_PHYSICS' ? 'waiting for a body' : 'n/a (ik: no simulated body)';
}

/** An avatar's reaction counts since the start (GetStats). */
function reactionsText(stat) {
  return [
    plural(Number(stat.impulses), 'push', 'pushes'),
    plural(Number(stat.staggers), 'stagger'),
    plural(Number(stat.falls), 'fall'),
    plural(Number(stat.get_ups), 'get-up'),
    plural(Number(stat.recovery_steps), 'recovery step'),
  ].join(' · ');
}

function cameraLinkText(view) {
  const link = view?.last?.camera_link;
  if (!view) return '—';
  if (!link) return 'n/a (ik: head on the headset)';
  if (link.link >= 0.999) return 'first person (linked)';
  if (link.link <= 0.001) return `third person (${link.distance_m.toFixed(2)} m away)`;
  return `re-linking ${(link.link * 100).toFixed(0)}%`;
}

export class Panel {
  constructor(status, views, pickedId, objects) {
    this.status = status;
    this.objects = objects;
    this.views = views;
    this.pickedId = pickedId;
    this.stats = null;
    this.calibration = null;
    $('calib-start').onclick = () => this.calibrate();
    $('calib-cancel').onclick = () => this.calibration?.abort();
  }

  start() {
    this.poll();
    setInterval(() => this.render(), RENDER_MS);
  }

  async poll() {
    let lastFrames = this.status.framesReceived, lastTime = performance.now();
    for (;;) {
      await sleep(1000);
      const now = performance.now();
      this.status.frameRate = ((this.status.framesReceived - lastFrames) * 1000) / (now - lastTime);
      lastFrames = this.status.framesReceived;
      lastTime = now;
      const used = api.token;
      try {
        this.stats = await api.unary('StatsService/GetStats', 'GetStatsRequest', {}, 'GetStatsResponse');
      } catch (e) {
        // A refusal of a token replaced meanwhile asks nothing (the next
        // poll carries the new one); before, it opened a second prompt
        // that nobody answered and the numbers stayed empty.
        if (e.code === Code.UNAUTHENTICATED) await askToken(e.message, used);
        this.stats = null;
      }
    }
  }

  /** Per avatar (frames seen, or listed by GetStats): body state and assist, and the reaction counts. */
  bodyRows() {
    const stats = new Map((this.stats?.avatars || []).map((a) => [a.avatar_id, a]));
    const ids = [...new Set([...this.views.keys(), ...stats.keys()])];
    return ids.flatMap((id) => {
      const stat = stats.get(id);
      const row = [[`${id} body`, bodyText(this.views.get(id)?.last?.reaction, stat)]];
      if (stat?.solver === 'SOLVER_KIND_PHYSICS') row.push([`${id} reactions`, reactionsText(stat)]);
      return row;
    });
  }

  render() {
    const s = this.stats, st = this.status;
    const ft = s?.frame_time;
    rows($('numbers'), [
      ['loop rate', s ? `${s.rate_hz.toFixed(0)} Hz` : '—'],
      ['frames received', `${st.frameRate.toFixed(1)} /s`],
      ['drawing', `${st.drawFps.toFixed(1)} fps`],
      ['frame time p50', ft ? `${ft.p50_ms.toFixed(2)} ms` : '—'],
      ['frame time p99', ft ? `${ft.p99_ms.toFixed(2)} ms` : '—'],
      ['loop overruns', s ? s.overruns : '—'],
      ['skipped frames (this page)', st.skippedTotal],
      ['camera link', cameraLinkText(this.views.get(this.pickedId()))],
      ...this.bodyRows(),
      ['connection', st.connected ? 'live' : 'not connected'],
    ]);
    const devices = (s?.devices || []).map((d) => [
      `${d.avatar_id} ${DEVICE_NAMES[d.device] || d.device}${d.tracked ? '' : ' (lost)'}`,
      `${(d.sample_age_s * 1000).toFixed(0)} ms`,
    ]);
    rows($('devices'), devices.length ? devices : [['—', '']]);
    const objects = this.objects.rows();
    rows($('objects'), objects.length ? objects : [[st.objectsMessage ? `none: ${st.objectsMessage}` : 'none', '']]);
  }

  async calibrate() {
    const text = $('calib-text'), bar = $('calib-progress');
    const id = this.pickedId();
    if (!id) { text.textContent = 'No avatar to calibrate yet.'; return; }
    this.calibration = new AbortController();
    $('calib-start').disabled = true;
    $('calib-cancel').disabled = false;
    bar.value = 0;
    text.textContent = `Starting the wizard for ${id}…`;
    const request = { avatar_id: id, profile_name: $('calib-name').value.trim(), apply: $('calib-apply').checked, hands_on_hips: $('calib-hips').checked };
    try {
      for await (const u of api.stream('CalibrationService/Calibrate', 'CalibrateRequest', request, 'CalibrateUpdate', this.calibration.signal)) {
        bar.value = u.progress;
        if (u.instruction) text.textContent = u.instruction.text;
        else if (u.holding) text.textContent = u.holding.still ? `Hold still… ${u.holding.seconds_left.toFixed(1)} s` : 'Hold the pose still';
        else if (u.result) text.textContent = `Done: profile “${u.result.name}” stored${request.apply ? ' and applied' : ''}.`;
      }
    } catch (e) {
      if (e.code === Code.CANCELLED) text.textContent = 'Calibration cancelled.';
      else if (e.code === Code.PERMISSION_DENIED) text.textContent = `The wizard needs an admin token: ${e.message}`;
      else if (e instanceof GrpcError) text.textContent = `The wizard stopped: ${e.message}`;
      else throw e;
    } finally {
      $('calib-start').disabled = false;
      $('calib-cancel').disabled = true;
      this.calibration = null;
    }
  }
}
