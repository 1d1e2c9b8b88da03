import { type AdminResource, json } from '../admin-route.js';

/** `GET /status`: catalog revision, logical time, last transcript seq, open streams, eras, tool count. */
export const statusResource: AdminResource = {
  path: '/status',
  methods: {
    GET: async (api) => json(200, await api.status()),
  },
};
