import { ReferenceClientAdapter, referenceClient } from '../reference-adapter.js';
import { defect } from './defect-factory.js';

export const trustsReadOnlyHint = defect(
  {
    name: 'trusts-read-only-hint',
    mistake: 'Skips the user’s approval for tools whose (untrusted) annotations say readOnlyHint: true.',
    realWorld:
      'spec tools §annotations (hints are untrusted unless the server is); DESIGN (discovery is not authorization)',
    caughtBy: ['scenario:read-only-hint-still-asks', 'property:permission-identity'],
  },
  () =>
    new ReferenceClientAdapter({
      approver: (ask) => (request) => (request.annotations?.readOnlyHint === true ? true : ask(request)),
    }),
  referenceClient,
);
