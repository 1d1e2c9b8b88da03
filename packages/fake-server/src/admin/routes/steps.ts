import { type AdminResource, json, readJsonBody } from '../admin-route.js';
import { parseAdminStep } from '../parse-admin-step.js';

/**
 * `POST /steps`: applies a step now. Body: `{ "stepId": "s1" }`, a step object
 * `{ "id": …, "action": { … } }` or a bare action `{ "action": "addTool", … }`. Answers 200 with
 * `{ "frame": <the step frame> }`; 400 ADMIN_STEP_REJECTED, 404 SCRIPT_UNKNOWN_STEP, 409 STEP_FAILED.
 */
export const stepsResource: AdminResource = {
  path: '/steps',
  methods: {
    POST: async (api, request) => {
      const body = readJsonBody(request);
      // `{ "stepId": … }` is how JSON names a script step; everything else is checked by applyStep.
      const step = parseAdminStep(body);
      return json(200, { frame: await api.applyStep(step) });
    },
  },
};
