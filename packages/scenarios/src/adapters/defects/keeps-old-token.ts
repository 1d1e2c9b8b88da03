import { ReferenceClientAdapter, referenceClient } from '../reference-adapter.js';
import { defect } from './defect-factory.js';

/** Accepts the user's new token and keeps sending the old one (its credentials were cached at connect). */
class KeepsOldToken extends ReferenceClientAdapter {
  override async reauthorize(): Promise<void> {}
}

export const keepsOldToken = defect(
  {
    name: 'keeps-old-token',
    mistake:
      'Keeps sending the token it connected with after the user re-authorized, so a rotated token never takes effect.',
    realWorld: 'case AU-02 (refresh after expiry silently no-ops); spec 2026-07-28 §6',
    caughtBy: ['scenario:token-rotated-during-listing'],
  },
  () => new KeepsOldToken(),
  referenceClient,
);
