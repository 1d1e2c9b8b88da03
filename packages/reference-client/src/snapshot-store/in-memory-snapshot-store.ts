import {
  type SnapshotStore,
  type SnapshotStoreKey,
  type StoredServerRecord,
  snapshotStoreKeyText,
} from './snapshot-store.js';

/**
 * A {@link SnapshotStore} in this process's memory (the default): a server removed and added again
 * starts from its last-known tools. Nothing survives the process.
 */
export class InMemorySnapshotStore implements SnapshotStore {
  private readonly records = new Map<string, StoredServerRecord>();

  async load(key: SnapshotStoreKey): Promise<StoredServerRecord | undefined> {
    return this.records.get(snapshotStoreKeyText(key));
  }

  async save(key: SnapshotStoreKey, record: StoredServerRecord): Promise<void> {
    this.records.set(snapshotStoreKeyText(key), record);
  }

  async delete(key: SnapshotStoreKey): Promise<void> {
    this.records.delete(snapshotStoreKeyText(key));
  }

  /** Records held. */
  get size(): number {
    return this.records.size;
  }
}
