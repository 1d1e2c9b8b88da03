import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type SnapshotStore,
  type SnapshotStoreKey,
  type StoredServerRecord,
  snapshotStoreKeyText,
} from './snapshot-store.js';

/** The format tag of a store file. */
const FORMAT = 'toolshift-snapshot-store';
const VERSION = 1;

/**
 * A {@link SnapshotStore} in a directory: one JSON file per key, named by the SHA-256 of the key,
 * written atomically (a temporary file in the same directory, then `rename`), readable by the owner
 * only (directory 0700, files 0600: a file may hold a session id). A file whose key, format or
 * shape does not match is ignored on `load` (never a crash, never a partial record).
 */
export class FileSnapshotStore implements SnapshotStore {
  private ready: Promise<void> | undefined;

  /** @param directory created on first write if missing. */
  constructor(readonly directory: string) {}

  /** The file a key is stored in. */
  fileFor(key: SnapshotStoreKey): string {
    return join(
      this.directory,
      `${createHash('sha256').update(snapshotStoreKeyText(key)).digest('hex')}.json`,
    );
  }

  async load(key: SnapshotStoreKey): Promise<StoredServerRecord | undefined> {
    let text: string;
    try {
      text = await readFile(this.fileFor(key), 'utf8');
    } catch {
      return undefined;
    }
    try {
      const parsed = JSON.parse(text) as {
        format?: unknown;
        version?: unknown;
        key?: unknown;
        record?: unknown;
      };
      if (parsed.format !== FORMAT || parsed.version !== VERSION) return undefined;
      if (JSON.stringify(parsed.key) !== snapshotStoreKeyText(key)) return undefined;
      const record = parsed.record as StoredServerRecord | undefined;
      if (
        typeof record !== 'object' ||
        record === null ||
        typeof record.savedAtMs !== 'number' ||
        (record.era !== 'legacy' && record.era !== 'modern') ||
        record.protocolRevision !== key.protocolRevision
      ) {
        return undefined;
      }
      return record;
    } catch {
      return undefined;
    }
  }

  async save(key: SnapshotStoreKey, record: StoredServerRecord): Promise<void> {
    this.ready ??= mkdir(this.directory, { recursive: true, mode: 0o700 }).then(() => {});
    await this.ready;
    const file = this.fileFor(key);
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    const text = JSON.stringify({
      format: FORMAT,
      version: VERSION,
      key: JSON.parse(snapshotStoreKeyText(key)),
      record,
    });
    try {
      await writeFile(temporary, text, { mode: 0o600 });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => {});
      throw error;
    }
  }

  async delete(key: SnapshotStoreKey): Promise<void> {
    await rm(this.fileFor(key), { force: true });
  }
}
