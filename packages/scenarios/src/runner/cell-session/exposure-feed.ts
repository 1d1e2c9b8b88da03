import type { ExposedTool } from '@toolshift/assertions';

/**
 * The tool set the client exposed last, and who waits for the next one: `settle` converges on it,
 * the session's observer publishes to it.
 */
export class ExposureFeed {
  private current: ExposedTool[] | undefined;
  private readonly listeners = new Set<() => void>();

  /** The latest exposure, undefined before the first. */
  latest(): ExposedTool[] | undefined {
    return this.current;
  }

  /** Records a new exposure and tells every listener. */
  publish(tools: ExposedTool[]): void {
    this.current = tools;
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` after each exposure; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
