/** Types of bench-catalog.mjs (plain JavaScript, so the benchmark's child processes run it without tsx). */
export declare function benchTools(count: number): Array<{
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}>;
export declare const toolsListRequest: { headers: Record<string, string>; body: string };
