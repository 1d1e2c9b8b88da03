import { escapeRegExp } from '../exchange/escape-reg-exp.js';
import type { JsonObject } from './tool-definition.js';

/**
 * One entry of `resources/read` contents: text or base64 `blob`, with the resource's `uri` and an
 * optional `mimeType` (2026-07-28 / 2025-11-25 `TextResourceContents` / `BlobResourceContents`).
 */
export interface ResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
  _meta?: JsonObject;
  [field: string]: unknown;
}

/**
 * A resource as the fake server serves it in `resources/list` (`Resource`): `uri` and `name` are
 * required, every other field is passed through as written. `contents` is the fake server's own:
 * what `resources/read` returns (never listed); without it a read returns one text entry naming the
 * resource.
 * @see ../shared/spec/mcp-discovery-spec.md §8
 */
export interface ResourceDefinition {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: JsonObject;
  _meta?: JsonObject;
  contents?: Array<Omit<ResourceContents, 'uri'> & { uri?: string }>;
  [field: string]: unknown;
}

/**
 * A resource template (`ResourceTemplate`): `uriTemplate` (RFC 6570; level 1 `{var}` expressions
 * match one path segment when reading) and `name` are required, the rest is passed through.
 */
export interface ResourceTemplateDefinition {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: JsonObject;
  _meta?: JsonObject;
  [field: string]: unknown;
}

/** A resource as listed: the definition without the fake server's own `contents`. */
export function listedResource(resource: ResourceDefinition): Omit<ResourceDefinition, 'contents'> {
  if (!('contents' in resource)) return resource;
  const { contents: _contents, ...listed } = resource;
  return listed;
}

/** Whether `uri` is one the template can expand to (each `{var}` matches one non-empty segment part). */
export function templateMatches(uriTemplate: string, uri: string): boolean {
  let pattern = '^';
  let rest = uriTemplate;
  for (let open = rest.indexOf('{'); open >= 0; open = rest.indexOf('{')) {
    const close = rest.indexOf('}', open);
    if (close < 0) break;
    pattern += escapeRegExp(rest.slice(0, open));
    pattern += '[^/?#]+';
    rest = rest.slice(close + 1);
  }
  pattern += `${escapeRegExp(rest)}$`;
  return new RegExp(pattern).test(uri);
}
