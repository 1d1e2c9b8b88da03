import { type AdminResource, invalidRequest, json, readJsonBody, readNumber } from '../admin-route.js';

/**
 * `GET /clock` answers `{ "nowMs": … }` (logical time). `POST /clock` with `{ "advanceMs": N }`
 * advances the logical clock by N ms, fires the `atTick` steps that became due, and answers the new
 * `{ "nowMs": … }`.
 */
export const clockResource: AdminResource = {
  path: '/clock',
  methods: {
    GET: async (api) => json(200, { nowMs: (await api.status()).nowMs }),
    POST: async (api, request) => {
      const body = readJsonBody(request) as { advanceMs?: unknown };
      const advanceMs = readNumber(body.advanceMs, 'advanceMs');
      if (advanceMs === undefined) throw invalidRequest('POST /clock needs { "advanceMs": N }');
      return json(200, { nowMs: await api.advanceClock(advanceMs) });
    },
  },
};
