import type { WireResponse } from '../exchange/wire-response.js';

/** The answer a held (hung or delayed) request gets when the server closes before it is released. */
export const UNAVAILABLE: WireResponse = Object.freeze({
  status: 503,
  headers: {},
  reply: { kind: 'empty' as const },
});
