import { type AdminResource, readJsonObject } from '../admin-route.js';

/**
 * `POST /reset`: ends every stream and session, restores the initial catalog, clears the
 * transcript and the logical clock, and runs the `atStart` steps again. Answers 204. It takes no
 * parameters: a body with any field is 400 ADMIN_REQUEST_INVALID (nothing is reset).
 */
export const resetResource: AdminResource = {
  path: '/reset',
  methods: {
    POST: async (api, request) => {
      readJsonObject(request, []);
      await api.reset();
      return { status: 204, contentType: 'text/plain', body: '' };
    },
  },
};
