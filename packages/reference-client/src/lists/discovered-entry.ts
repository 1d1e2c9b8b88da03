/** One prompt a server offers (a slash command in a host UI), identified by `(serverId, name)`. */
export interface DiscoveredPrompt {
  readonly serverId: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** The prompt's arguments, in server order (empty when it takes none). */
  readonly arguments: readonly PromptArgumentInfo[];
  readonly icons?: readonly unknown[];
  /** SHA-256 hex of the RFC 8785 form of the entry (without `_meta`): changes exactly when it does. */
  readonly contractHash: string;
  /** When this definition was first seen with this hash, host clock (epoch ms). */
  readonly discoveredAtMs: number;
}

/** One argument of a {@link DiscoveredPrompt}. */
export interface PromptArgumentInfo {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly required?: boolean;
}

/** One resource a server offers (context a user can attach), identified by `(serverId, uri)`. */
export interface DiscoveredResource {
  readonly serverId: string;
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  /** Size in bytes, when the server says. */
  readonly size?: number;
  readonly annotations?: { readonly [key: string]: unknown };
  readonly icons?: readonly unknown[];
  /** SHA-256 hex of the RFC 8785 form of the entry (without `_meta`). */
  readonly contractHash: string;
  readonly discoveredAtMs: number;
}

/** A prompt or a resource. */
export type DiscoveredEntry = DiscoveredPrompt | DiscoveredResource;

/** An entry kept out of a prompts or resources listing: its identity (`#<index>` when it had none), why and where. */
export interface ExcludedEntry {
  serverId: string;
  /** The prompt name or resource URI. */
  key: string;
  reason:
    | 'not-an-object'
    | 'invalid-name'
    | 'invalid-uri'
    | 'invalid-field'
    | 'too-large'
    | 'duplicate'
    | 'not-canonicalizable';
  detail: string;
  /** JSON pointer into the entry. */
  pointer: string;
}
