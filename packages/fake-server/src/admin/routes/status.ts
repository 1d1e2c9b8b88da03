import { type AdminResource, json } from '../admin-route.js';

/**
 * `GET /status`: catalog revision, logical time, last transcript seq, open streams, eras, tool
 * count. It takes no query parameters (400 ADMIN_REQUEST_INVALID naming one).
 */
export const statusResource: AdminResource = {
  path: '/status',
  getQuery: [],
  methods: {
    GET: async (api) => json(200, await api.status()),
  },
};
