/** One progress notification sent while a call runs (`notifications/progress` params without the token). */
export interface ProgressStep {
  progress: number;
  total?: number;
  message?: string;
}

/** A JSON-RPC error a script answers with, and the HTTP status it travels with (default: the server's error status). */
export interface ScriptedError {
  code: number;
  message: string;
  data?: unknown;
  httpStatus?: number;
}

/**
 * What a script says a matching request is answered with (the script's `answers` entries): a
 * `result` (for `tools/call`: parts of a `CallToolResult`; for any other method: the result as
 * written), an `error`, or nothing at all (`unanswered`); optionally progress notifications first
 * and an answer held until a step ran.
 */
export interface AnswerRule {
  method: string;
  /** For `tools/call`: only calls of this tool. */
  tool?: string;
  /** Only these matching requests, 1-based, counted per method (and tool); default every one. */
  requests?: readonly number[];
  /** Only requests whose `arguments` (tools/call, prompts/get) hold these values (deep equal per key). */
  arguments?: Readonly<Record<string, unknown>>;
  result?: Readonly<Record<string, unknown>>;
  error?: ScriptedError;
  unanswered?: boolean;
  progress?: readonly ProgressStep[];
  /** The answer is held until the step with this id ran. */
  holdUntil?: string;
}

/**
 * The script's answers: for each request that reaches its method, the first rule (in script order)
 * that matches its method, tool, position and arguments. Counting is per method (and per tool for
 * `tools/call`), over requests that passed the era's checks.
 */
export class ScriptedAnswers {
  private readonly counts = new Map<string, number>();

  constructor(private readonly rules: readonly AnswerRule[]) {}

  /** The rule answering this request, or `undefined` (the method answers as usual). Counts the request. */
  take(method: string, params: Record<string, unknown> | undefined): AnswerRule | undefined {
    if (this.rules.length === 0) return undefined;
    const tool = method === 'tools/call' && typeof params?.name === 'string' ? params.name : undefined;
    const key = tool === undefined ? method : `${method}#${tool}`;
    const nth = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, nth);
    const args = params?.arguments;
    return this.rules.find(
      (rule) =>
        rule.method === method &&
        (rule.tool === undefined || rule.tool === tool) &&
        (rule.requests === undefined || rule.requests.includes(nth)) &&
        (rule.arguments === undefined || argumentsMatch(rule.arguments, args)),
    );
  }
}

function argumentsMatch(wanted: Readonly<Record<string, unknown>>, given: unknown): boolean {
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return false;
  const actual = given as Record<string, unknown>;
  return Object.entries(wanted).every(([key, value]) => sameJson(actual[key], value));
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}
