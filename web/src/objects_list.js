// When the page asks the daemon for the space's objects (ListObjects):
// when a frame names an object the page does not know or misses one it
// knows, and every few seconds for static objects (SetObjectPose moves
// them, and frames carry only dynamic ones). Never per frame: one call at
// a time, at most one every LIST_GAP_MS.
import { api, sleep, Code } from './api.js';

/** Static objects move only on request: a few seconds' lag is fine, and costs one small call. */
const POLL_MS = 3000;
/** A burst of frames all missing the same object asks once. */
const LIST_GAP_MS = 250;

export class ObjectsList {
  /** `view` is the ObjectsView to fill; `status.objectLists` counts the calls. */
  constructor(view, status) {
    this.view = view;
    this.status = status;
    this.status.objectLists = 0;
    this.wanted = true;
    this.wake = null;
  }

  /** Asks for the list soon (a frame showed it out of date). */
  request() {
    this.wanted = true;
    this.wake?.();
  }

  async start() {
    for (;;) {
      if (!this.wanted) {
        await Promise.race([sleep(POLL_MS), new Promise((r) => { this.wake = r; })]);
        this.wake = null;
      }
      this.wanted = false;
      await this.list();
      await sleep(LIST_GAP_MS);
    }
  }

  async list() {
    this.status.objectLists += 1;
    try {
      const answer = await api.unary('SceneService/ListObjects', 'ListObjectsRequest', {}, 'ListObjectsResponse');
      this.view.setList(answer.objects);
      this.status.objectsMessage = '';
    } catch (e) {
      // The ik solver has no objects (FAILED_PRECONDITION); a missing
      // token is asked for by the frame stream. Either way: none drawn.
      if (e.code === Code.FAILED_PRECONDITION) this.view.setList([]);
      this.status.objectsMessage = e.message;
    }
  }
}
