import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { parse } from 'yaml';

/** The parts of an action.yml a composite action uses. */
export interface ActionDefinition {
  inputs: Record<string, { description?: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description?: string; value: string }>;
  runs: {
    using: string;
    steps: Array<{
      id?: string;
      shell?: string;
      run?: string;
      uses?: string;
      env?: Record<string, string>;
      'working-directory'?: string;
    }>;
  };
}

export function readAction(file: string): ActionDefinition {
  return parse(readFileSync(file, 'utf8')) as ActionDefinition;
}

/** What a run of the action's steps produced. */
export interface ActionRun {
  /** The action's outputs (its `outputs.*.value` evaluated after the steps). */
  outputs: Record<string, string>;
  /** Each step's outputs, by step id. */
  steps: Record<string, Record<string, string>>;
  /** The first step that failed, with its exit code; undefined when every step passed. */
  failed?: { step: string; exitCode: number };
  /** Every step's stdout and stderr, in order. */
  log: string;
  /** The job summary the steps wrote. */
  summary: string;
}

/** Parses a GITHUB_OUTPUT file: `name=value` lines and `name<<DELIMITER` blocks. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const block = /^([^=<]+)<<(.+)$/.exec(line);
    if (block) {
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== block[2]; i++) value.push(lines[i]!);
      outputs[block[1]!] = value.join('\n');
    } else if (line.includes('=')) {
      outputs[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return outputs;
}

/**
 * Runs a composite action's steps here, as the GitHub runner does: each `${{ … }}` in a step's
 * `env`, `working-directory` and `run` evaluated (`inputs.*` from `with` or the input's default,
 * `steps.<id>.outputs.*`, `github.action_path`, `github.workspace`, `runner.temp`; anything else is
 * an error, so the action cannot use what this runner does not model), `shell: bash` run as
 * `bash --noprofile --norc -eo pipefail` with the runner's variables (GITHUB_ACTION_PATH,
 * GITHUB_WORKSPACE, RUNNER_TEMP, RUNNER_TOOL_CACHE, a fresh GITHUB_OUTPUT per step, GITHUB_STEP_SUMMARY, CI,
 * GITHUB_ACTIONS). Stops at the first failing step, as the runner does without `continue-on-error`.
 */
export function runCompositeAction(options: {
  actionPath: string;
  with: Record<string, string>;
  workspace: string;
  runnerTemp: string;
  /** RUNNER_TOOL_CACHE (default: `tool-cache` in runnerTemp), which lives across jobs on a runner. */
  toolCache?: string;
  env?: NodeJS.ProcessEnv;
}): ActionRun {
  const action = readAction(join(options.actionPath, 'action.yml'));
  if (action.runs.using !== 'composite') throw new Error(`not a composite action: ${action.runs.using}`);
  for (const name of Object.keys(options.with))
    if (!(name in action.inputs))
      throw new Error(`Unexpected input '${name}' (the runner warns; this test fails)`);
  const inputs = Object.fromEntries(
    Object.entries(action.inputs).map(([name, spec]) => [name, options.with[name] ?? spec.default ?? '']),
  );
  for (const [name, spec] of Object.entries(action.inputs))
    if (spec.required && !inputs[name]) throw new Error(`Input required and not supplied: ${name}`);
  const steps: Record<string, Record<string, string>> = {};
  const evaluate = (text: string): string =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_match, expression: string) => {
      const input = /^inputs\.([\w-]+)$/.exec(expression);
      if (input) return inputs[input[1]!] ?? '';
      const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
      if (output) return steps[output[1]!]?.[output[2]!] ?? '';
      if (expression === 'github.action_path') return options.actionPath;
      if (expression === 'github.workspace') return options.workspace;
      if (expression === 'runner.temp') return options.runnerTemp;
      throw new Error(`Expression not modelled by this runner: \${{ ${expression} }}`);
    });
  mkdirSync(options.runnerTemp, { recursive: true });
  const summaryFile = join(options.runnerTemp, 'step-summary.md');
  writeFileSync(summaryFile, '');
  let log = '';
  let failed: ActionRun['failed'];
  action.runs.steps.forEach((step, index) => {
    if (failed) return;
    const id = step.id ?? `__${index}`;
    if (step.uses) throw new Error(`Step ${id} uses an action (${step.uses}); this runner runs scripts only`);
    if (step.shell !== 'bash') throw new Error(`Step ${id}: shell '${step.shell}' (only bash is modelled)`);
    const outputFile = join(options.runnerTemp, `output-${id}`);
    const scriptFile = join(options.runnerTemp, `step-${id}.sh`);
    writeFileSync(outputFile, '');
    writeFileSync(scriptFile, evaluate(step.run ?? ''));
    const env: NodeJS.ProcessEnv = {
      ...(options.env ?? process.env),
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: options.actionPath,
      GITHUB_WORKSPACE: options.workspace,
      RUNNER_TEMP: options.runnerTemp,
      RUNNER_TOOL_CACHE: options.toolCache ?? join(options.runnerTemp, 'tool-cache'),
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      ...Object.fromEntries(
        Object.entries(step.env ?? {}).map(([key, value]) => [key, evaluate(String(value))]),
      ),
    };
    const directory = evaluate(step['working-directory'] ?? '.');
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', scriptFile], {
      cwd: isAbsolute(directory) ? directory : resolve(options.workspace, directory),
      env,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    log += `::: step ${id}\n${result.stdout}${result.stderr}`;
    steps[id] = parseOutputFile(readFileSync(outputFile, 'utf8'));
    if (result.status !== 0) failed = { step: id, exitCode: result.status ?? -1 };
  });
  const outputs = Object.fromEntries(
    Object.entries(action.outputs).map(([name, spec]) => [name, evaluate(spec.value)]),
  );
  return { outputs, steps, ...(failed ? { failed } : {}), log, summary: readFileSync(summaryFile, 'utf8') };
}
