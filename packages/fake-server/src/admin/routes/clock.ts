import { type AdminResource, invalidRequest, json, readJsonObject } from '../admin-route.js';
import { MAX_CLOCK_ADVANCE_MS } from '../local-admin.js';

/**
 * `GET /clock` answers `{ "nowMs": … }` (logical time). `POST /clock` with `{ "advanceMs": N }`
 * (an integer, 0 ≤ N ≤ {@link MAX_CLOCK_ADVANCE_MS}; else 400 ADMIN_REQUEST_INVALID)
 * advances the logical clock by N ms, fires the `atTick` steps that became due, and answers the new
 * `{ "nowMs": … }`.
 */
export const clockResource: AdminResource = {
  path: '/clock',
  getQuery: [],
  methods: {
    GET: async (api) => json(200, { nowMs: (await api.status()).nowMs }),
    POST: async (api, request) => {
      const body = readJsonObject(request, ['advanceMs']);
      if (typeof body.advanceMs !== 'number')
        throw invalidRequest('POST /clock needs { "advanceMs": N } with N a JSON number');
      return json(200, { nowMs: await api.advanceClock(body.advanceMs) });
    },
  },
};
