import { type AdminResource, json, rejectUnknownQuery } from '../admin-route.js';

/**
 * `GET /status`: catalog revision, logical time, last transcript seq, open streams, eras, tool
 * count. It takes no query parameters (400 ADMIN_REQUEST_INVALID naming one).
 */
export const statusResource: AdminResource = {
  path: '/status',
  methods: {
    GET: async (api, request) => {
      rejectUnknownQuery(request.query, []);
      return json(200, await api.status());
    },
  },
};
