// The daemon's services as the page calls them: gRPC-Web on the page's own
// origin, with the access token (when the daemon needs one) on every call.
import { call, unary, GrpcError, Code } from './grpcweb.js';
import { encode, decode } from './proto.js';

export { GrpcError, Code };

const TOKEN_KEY = 'posewire-token';

export const api = {
  token: sessionStorage.getItem(TOKEN_KEY) || '',

  setToken(token) {
    this.token = token;
    sessionStorage.setItem(TOKEN_KEY, token);
  },

  /** A unary call: `method` is `Service/Method` of posewire.v1. */
  async unary(method, requestType, request, responseType) {
    const bytes = await unary(`/posewire.v1.${method}`, encode(requestType, request), { token: this.token });
    return decode(responseType, bytes);
  },

  /** A server stream, as decoded messages. */
  async *stream(method, requestType, request, responseType, signal) {
    const messages = call(`/posewire.v1.${method}`, encode(requestType, request), { token: this.token, signal });
    for await (const bytes of messages) yield decode(responseType, bytes);
  },
};

let pendingToken = null;

/**
 * Shows the token prompt (once, however many calls ask) and resolves when
 * the person has entered a token. `used` is the token the refused call
 * carried: a refusal of a token that has been replaced since (a call made
 * before the person entered a new one) asks nothing, and the caller simply
 * tries again with the new token.
 */
export function askToken(reason, used = api.token) {
  if (used !== api.token) return Promise.resolve();
  if (pendingToken) return pendingToken;
  const dialog = document.getElementById('token-dialog');
  const form = document.getElementById('token-form');
  const input = document.getElementById('token-input');
  const why = document.getElementById('token-why');
  if (reason) why.textContent = api.token ? `The token was refused: ${reason}` : `The daemon says: ${reason}`;
  dialog.classList.add('open');
  input.focus();
  pendingToken = new Promise((resolve) => {
    form.onsubmit = (event) => {
      event.preventDefault();
      const token = input.value.trim();
      if (!token) return;
      api.setToken(token);
      dialog.classList.remove('open');
      pendingToken = null;
      resolve();
    };
  });
  return pendingToken;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
