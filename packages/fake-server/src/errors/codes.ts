/**
 * Stable codes of the local errors the fake server throws (never wire errors: those are JSON-RPC
 * codes created only under `eras/`). Codes are never renamed or reused; `codes.test.ts` pins the list.
 */
export const FAKE_SERVER_ERROR_CODES = [
  /** A script document (or a step given to `apply()`) failed its JSON Schema or a semantic rule. `data`: `{ source, pointer, rule, problems? }` (`problems`: every `{ pointer, rule, message }` a document has, found in one pass; `pointer`/`rule` are the first). Fix the script at each pointer. */
  'SCRIPT_INVALID',
  /** A script step or action names a tool the catalog does not hold (the only kind of problem the script has). `data`: `{ source, pointer, rule, tool, problems }`. */
  'SCRIPT_UNKNOWN_TOOL',
  /** `apply()` named a step id the script does not define. `data`: `{ stepId, known }`. */
  'SCRIPT_UNKNOWN_STEP',
  /** The script asks for a fault the chosen transport cannot produce; thrown when the transport attaches or by `apply()`. `data`: `{ transport, fault, pointer, supported }`. Run the scenario on a transport listing the fault in `capabilities.faults`. */
  'FAULT_UNSUPPORTED_BY_TRANSPORT',
  /** A step's action could not run against the current world (e.g. removing a tool already gone); nothing changed. `data`: `{ stepId, reason }`. */
  'STEP_FAILED',
  /** The admin API refused a step. `data`: `{ reason }`. */
  'ADMIN_STEP_REJECTED',
  /** `waitFor()` gave up before a frame matched. `data`: `{ timeoutMs, lastSeq }`. */
  'WAIT_TIMED_OUT',
  /** A transport could not start or was used after close. `data`: `{ transport }`. */
  'TRANSPORT_FAILED',
  /** The admin API got a request it cannot read: a body that is not JSON (or nests too deep, or is too large), an unknown query or body field, a bad number (e.g. `advanceMs` not an integer in 0…24 h). `data`: `{ reason }`. Fix the request as the message says. */
  'ADMIN_REQUEST_INVALID',
  /** The admin API failed on a bug in the fake server (HTTP 500). `data`: `{ reason }`. Report it with the request that caused it. */
  'ADMIN_INTERNAL_ERROR',
  /** The admin API refused a request whose `Host` names a host it does not serve, or that carries an `Origin` (`null` included) other than a loopback one (HTTP 403): a web page must not drive it. `data`: `{ header, value }`. Call it from a program on the same machine, without an `Origin` header. */
  'ADMIN_FORBIDDEN',
  /** The admin API has a token (`--admin-token`, `TOOLSHIFT_ADMIN_TOKEN`) and the request did not carry it as `Authorization: Bearer <token>` (HTTP 401). `data`: `{ reason }`. Pass the token (`createAdminHttpClient(url, { token })`). */
  'ADMIN_UNAUTHORIZED',
  /** The admin API refused a POST whose `Content-Type` is not `application/json` (HTTP 415), so no cross-origin "simple request" can change the server. `data`: `{ contentType }`. Send the body as JSON with that header. */
  'ADMIN_UNSUPPORTED_MEDIA_TYPE',
  /**
   * A script field can never fire on the server it configures (its eras, its capabilities, or the
   * transport attaching): e.g. an `onStreamOpen: listen` trigger on a 2025-11-25-only server, an
   * answer for a notification. Thrown by `createFakeServer` and when a transport attaches.
   * `data`: `{ source, pointer, rule, unreachable: [{ pointer, rule }] }`. Fix the field at `pointer`
   * as the message says (serve the era, turn the capability on, or drop the field).
   */
  'SCRIPT_UNREACHABLE',
  /** A proxy could not use its upstream: unreachable, not started, speaking neither era, or refusing to list its tools. `data`: `{ upstream, reason }`. Check the `--upstream` URL or `--upstream-command` (run it by hand), and the upstream's own log. */
  'PROXY_UPSTREAM_UNAVAILABLE',
  /** A proxy's overlay script cannot apply to its upstream: it pins an era the upstream does not speak, or serves a tool under a name the upstream already uses. `data`: `{ upstream, reason }`. Drop the era pin, or rename the overlay's tool. */
  'PROXY_OVERLAY_CONFLICT',
] as const;

/** One of {@link FAKE_SERVER_ERROR_CODES}. */
export type FakeServerErrorCode = (typeof FAKE_SERVER_ERROR_CODES)[number];
