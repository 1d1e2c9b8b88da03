/**
 * `@toolshift/fake-server/proxy`: a fake server in front of a real MCP server. The upstream's tool
 * list with a script's overlay on top, the upstream's answers to everything else, one transcript.
 */

export type { ProxyServer, ProxyServerOptions } from './proxy/create-proxy-server.js';
export { createProxyServer } from './proxy/create-proxy-server.js';
export { REDACTED, SecretRedactor } from './proxy/redact-secrets.js';
export { SessionRecorder } from './proxy/session-recorder.js';
export {
  type RecordedEvent,
  SESSION_RECORDING_FORMAT,
  type SessionRecording,
} from './proxy/session-recording.js';
export type { UpstreamCatalog } from './proxy/upstream-catalog.js';
export type {
  UpstreamChannel,
  UpstreamReply,
  UpstreamSendOptions,
  UpstreamStream,
} from './proxy/upstream-channel.js';
export { UpstreamError } from './proxy/upstream-channel.js';
export { UpstreamLink, type UpstreamSession } from './proxy/upstream-link.js';
export type { UpstreamProfile } from './proxy/upstream-profile.js';
export { describeTarget, type UpstreamTarget } from './proxy/upstream-target.js';
