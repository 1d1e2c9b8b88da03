import type { Era } from '../transcript/transcript-frame.js';
import type { Principal } from '../world/principal.js';
import { type ResourceContents, templateMatches } from '../world/resource-definition.js';
import type { World } from '../world/world.js';
import { errorResult, type HandlerResult } from './method-handler.js';
import { WireErrorCode } from './wire-error.js';

/**
 * The era-independent part of `resources/read`: a listed resource returns its script `contents`
 * (each entry's `uri` defaulting to the resource's), or one text entry naming it; a URI one of the
 * resource templates expands to returns one generated text entry. A missing `uri` is -32602; an
 * unknown or hidden resource is "Resource not found": -32002 in 2025-11-25, -32602 in 2026-07-28
 * (which retired -32002).
 * @see ../shared/spec/mcp-discovery-spec.md Quick constants, §8
 */
export function readResource(
  world: World,
  params: Record<string, unknown> | undefined,
  principal: Principal,
  era: Era,
): { ok: true; contents: ResourceContents[] } | { ok: false; error: HandlerResult } {
  const uri = params?.uri;
  if (typeof uri !== 'string' || uri.length === 0) {
    return {
      ok: false,
      error: errorResult(
        WireErrorCode.InvalidParams,
        'Invalid params: resources/read needs params.uri, a non-empty string',
      ),
    };
  }
  const resource = world.lists.resources.get(uri);
  if (resource && world.accessOf('resources').visible(resource, principal)) {
    const entries: Array<Partial<ResourceContents>> = resource.contents ?? [defaultContents(resource.name)];
    const contents: ResourceContents[] = entries.map((entry) => ({
      uri,
      ...(resource.mimeType !== undefined && entry.blob === undefined ? { mimeType: resource.mimeType } : {}),
      ...entry,
    }));
    return { ok: true, contents };
  }
  const template = world.lists.resourceTemplates
    .items()
    .find(
      (candidate) =>
        templateMatches(candidate.uriTemplate, uri) &&
        world.accessOf('resourceTemplates').visible(candidate, principal),
    );
  if (!resource && template) {
    return {
      ok: true,
      contents: [
        {
          uri,
          ...(template.mimeType !== undefined ? { mimeType: template.mimeType } : {}),
          text: `${template.name}: ${uri}`,
        },
      ],
    };
  }
  const code = era === 'legacy' ? WireErrorCode.ResourceNotFound : WireErrorCode.InvalidParams;
  return { ok: false, error: errorResult(code, `Resource not found: ${uri}`, { uri }) };
}

function defaultContents(name: string): { text: string } {
  return { text: `contents of ${name}` };
}
