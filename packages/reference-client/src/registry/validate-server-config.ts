import { ToolshiftError } from '../errors/toolshift-error.js';
import type { ServerConfig } from './server-config.js';

/**
 * Checks a server configuration before it is added (or its credentials replaced): a server id of
 * 1-128 characters without whitespace or control characters, exactly one endpoint (`url`, `stdio`
 * or `transport`), an http(s) URL, a usable stdio command, OAuth only over HTTP without a bearer
 * token, and known `era` and `strategy` values.
 * @throws {ToolshiftError} HOST_INVALID_CONFIG naming the field and the rule.
 */
export function validateServerConfig(config: ServerConfig): void {
  const invalid = (field: string, reason: string) =>
    new ToolshiftError('HOST_INVALID_CONFIG', `Server config field ${field} ${reason}.`, { field, reason });
  if (typeof config?.serverId !== 'string' || !isServerId(config.serverId)) {
    throw invalid('serverId', 'must be 1-128 characters without whitespace or control characters');
  }
  const endpoints = (['url', 'stdio', 'transport'] as const).filter((field) => config[field] !== undefined);
  if (endpoints.length !== 1) {
    throw invalid(
      endpoints.length === 0 ? 'url' : endpoints[1]!,
      endpoints.length === 0
        ? 'is required (or stdio, or transport): the server needs an endpoint'
        : `cannot be combined with ${endpoints[0]}: give exactly one of url, stdio, transport`,
    );
  }
  if (config.url !== undefined) {
    let url: URL;
    try {
      url = new URL(config.url);
    } catch {
      throw invalid('url', `is not a URL (${JSON.stringify(config.url)})`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw invalid('url', 'must be http: or https:');
  }
  if (config.stdio !== undefined) {
    const { command, args, env, cwd } = config.stdio;
    if (typeof command !== 'string' || command === '')
      throw invalid('stdio.command', 'must be a non-empty string');
    if (args !== undefined && !(Array.isArray(args) && args.every((arg) => typeof arg === 'string'))) {
      throw invalid('stdio.args', 'must be an array of strings');
    }
    if (env !== undefined && !Object.values(env ?? {}).every((value) => typeof value === 'string')) {
      throw invalid('stdio.env', 'must map names to strings');
    }
    if (cwd !== undefined && typeof cwd !== 'string') throw invalid('stdio.cwd', 'must be a string');
  }
  if (config.authProvider !== undefined && (config.bearerToken !== undefined || config.url === undefined)) {
    throw invalid('authProvider', 'needs an HTTP url and no bearerToken');
  }
  if (config.transport !== undefined && typeof config.transport !== 'function') {
    throw invalid('transport', 'must be a function returning a new SDK Transport');
  }
  if (config.era !== undefined && !['auto', 'legacy', 'modern'].includes(config.era)) {
    throw invalid('era', "must be 'auto', 'legacy' or 'modern'");
  }
  if (config.strategy !== undefined && !['eager', 'lazy', 'cached-with-refresh'].includes(config.strategy)) {
    throw invalid('strategy', "must be 'eager', 'lazy' or 'cached-with-refresh'");
  }
  if (
    config.credentialProfileId !== undefined &&
    (typeof config.credentialProfileId !== 'string' || config.credentialProfileId === '')
  ) {
    throw invalid('credentialProfileId', 'must be a non-empty string');
  }
}

/** 1-128 characters, none of them whitespace or control characters. */
function isServerId(id: string): boolean {
  if (id.length === 0 || id.length > 128) return false;
  for (let i = 0; i < id.length; i++) {
    const code = id.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || /\s/.test(id[i]!)) return false;
  }
  return true;
}
