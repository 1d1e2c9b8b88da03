import type { AuditEvent, AuditRecord } from './audit-event.js';

/**
 * Where a host records exposures, proposals, revalidations, calls, listings and state changes.
 * Implementations must not throw from `record`.
 */
export interface AuditTrail {
  record(event: AuditEvent, atMs: number): void;
  /** The records held, oldest first (an implementation may hold none). */
  records(): readonly AuditRecord[];
}

/** Keeps the newest `capacity` records in memory (default 10,000). */
export class InMemoryAuditTrail implements AuditTrail {
  private readonly held: AuditRecord[] = [];
  private seq = 0;

  constructor(private readonly capacity = 10_000) {}

  record(event: AuditEvent, atMs: number): void {
    this.held.push({ ...event, seq: ++this.seq, atMs } as AuditRecord);
    if (this.held.length > this.capacity) this.held.splice(0, this.held.length - this.capacity);
  }

  records(): readonly AuditRecord[] {
    return [...this.held];
  }
}

/** Records nothing: the "off" mode. */
export class DisabledAuditTrail implements AuditTrail {
  record(_event: AuditEvent, _atMs: number): void {}
  records(): readonly AuditRecord[] {
    return [];
  }
}
