import type { AdminResource } from '../admin-route.js';

/**
 * `POST /reset`: ends every stream and session, restores the initial catalog, clears the
 * transcript and the logical clock, and runs the `atStart` steps again. Answers 204.
 */
export const resetResource: AdminResource = {
  path: '/reset',
  methods: {
    POST: async (api) => {
      await api.reset();
      return { status: 204, contentType: 'text/plain', body: '' };
    },
  },
};
