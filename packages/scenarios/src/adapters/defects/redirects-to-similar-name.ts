import type { ExposedTool } from '@toolshift/assertions';
import type { AdapterCallOutcome, ClientObserver, ConnectTarget } from '../client-adapter.js';
import { ReferenceClientAdapter, referenceClient } from '../reference-adapter.js';
import { defect } from './defect-factory.js';

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = row[j]!;
      row[j] = next;
    }
  }
  return row[b.length]!;
}

/** A host layer that "helps" the model: an unknown tool name is mapped to the closest exposed name. */
class RedirectsToSimilarName extends ReferenceClientAdapter {
  private exposed: ExposedTool[] = [];
  private defaultServer: string | undefined;

  override connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    this.defaultServer ??= target.serverId;
    return super.connect(target, {
      ...observer,
      exposure: (tools) => {
        this.exposed = tools;
        observer.exposure(tools);
      },
    });
  }

  override callTool(
    toolName: string,
    args: Record<string, unknown>,
    serverId?: string,
  ): Promise<AdapterCallOutcome> {
    const server = serverId ?? this.defaultServer;
    const names = this.exposed.filter((tool) => tool.serverId === server).map((tool) => tool.name);
    if (names.length === 0 || names.includes(toolName)) return super.callTool(toolName, args, serverId);
    const closest = names.reduce((best, name) =>
      distance(name, toolName) < distance(best, toolName) ? name : best,
    );
    return super.callTool(closest, args, serverId);
  }
}

export const redirectsToSimilarName = defect(
  {
    name: 'redirects-to-similar-name',
    mistake:
      'Maps a call to an unknown tool onto the most similar exposed name instead of reporting it unavailable.',
    realWorld: 'case RM-03 (unknown tool forwarded); DESIGN (never redirect to a similar name)',
    caughtBy: ['scenario:rm-03-host-call-for-unlisted-tool', 'property:revalidation-before-execution'],
  },
  () => new RedirectsToSimilarName(),
  referenceClient,
);
