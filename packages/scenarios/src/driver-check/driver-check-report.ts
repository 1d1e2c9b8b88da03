import type { HelloMessage } from '../adapters/command/command-protocol.js';

/** The verdict of one conformance check of a driver. */
export interface DriverCheckResult {
  /** Stable id, e.g. `handshake.hello`, `request.call`, `error.unknown-request`. */
  id: string;
  /** `skip`: the driver does not declare the feature or transport the check needs. */
  status: 'pass' | 'fail' | 'skip';
  /** What was seen (or why it was skipped). */
  detail: string;
}

/** What `toolshift driver-check` found out about one driver. */
export interface DriverCheckReport {
  command: string;
  /** The driver's hello, when it sent a valid one. */
  hello?: HelloMessage;
  checks: DriverCheckResult[];
  /** Lines exchanged in every session (both directions), each checked against the schema. */
  messages: number;
  /** True when no check failed. */
  ok: boolean;
}

/** Options of `checkDriver`. */
export interface DriverCheckOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** How long the driver has to print `hello`, ms (default: the protocol's `HELLO_DEADLINE_MS`, 60000). */
  handshakeTimeoutMs?: number;
  /** How long each request may take to be answered, ms (default 15000; an `agent-turn` gets twice that). */
  requestTimeoutMs?: number;
  /** How long the driver has to exit after `shutdown`, ms (default 5000). */
  shutdownGraceMs?: number;
}

/** Records one check's verdict. */
export type RecordCheck = (id: string, status: DriverCheckResult['status'], detail: string) => void;
