/** A tool's identity in a host: the server it came from and its name there. Names are not global. */
export interface ToolKey {
  readonly serverId: string;
  readonly toolName: string;
}

/** A collision-free string form of a {@link ToolKey}, for maps and audit records. */
export function toolKeyString(key: ToolKey): string {
  return `${JSON.stringify(key.serverId)}/${JSON.stringify(key.toolName)}`;
}
