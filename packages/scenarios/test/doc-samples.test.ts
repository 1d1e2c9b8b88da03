import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, expect, test } from 'vitest';
import { tsxLoader } from './support/cli-command.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** The guides under docs/ (every Markdown file there) and the README: each sample is a complete program, run here. */
const RUN = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
/** Package READMEs whose samples are type-checked only (the assertions one shows a vitest test). */
const CHECK_ONLY = ['packages/scenarios/README.md', 'packages/assertions/README.md'];
/** The guides the README sends readers to (issue 30), each starting from a runnable example. */
const GUIDES = [
  'docs/testing-your-ts-client.md',
  'docs/testing-other-languages.md',
  'docs/scripts.md',
  'docs/scenarios-and-checks.md',
  'docs/reports-and-baselines.md',
  'docs/ci-docker-action.md',
  'docs/scorecard.md',
  'docs/proxy.md',
  'docs/cli.md',
  'docs/benchmarks.md',
];

interface Sample {
  file: string;
  /** The line the sample's code starts on. */
  line: number;
  code: string;
  /** The ```text block right after the sample, if any: what it prints (each line must appear). */
  prints?: string;
}

/** Each file's TypeScript samples (```ts blocks), with the line each starts on and what it prints. */
function samplesOf(file: string): Sample[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```\n(?:\s*\n```text\n([\s\S]*?)^```$)?/gm)].map((match) => ({
    file,
    line: text.slice(0, match.index).split('\n').length + 1,
    code: match[1]!,
    ...(match[2] !== undefined ? { prints: match[2] } : {}),
  }));
}

const toRun = RUN.flatMap(samplesOf);
const samples = [...toRun, ...CHECK_ONLY.flatMap(samplesOf)];
const sampleName = (sample: Sample) => `${sample.file}:${sample.line}`;

test.each(['docs/testing-your-ts-client.md', 'docs/scripts.md', ...CHECK_ONLY])(
  '%s has TypeScript samples',
  (file) => {
    expect(samples.filter((sample) => sample.file === file).length).toBeGreaterThanOrEqual(1);
  },
);

test('the README is at most 300 lines and sends readers to every guide', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  expect(readme.split('\n').length).toBeLessThanOrEqual(300);
  for (const guide of GUIDES) expect(readme, guide).toContain(`(${guide})`);
});

test.each(GUIDES)('%s starts from an example (a code block before its first section)', (guide) => {
  const text = readFileSync(join(root, guide), 'utf8');
  const firstSection = text.search(/^## /m);
  const firstCode = text.search(/^```/m);
  expect(firstCode).toBeGreaterThan(-1);
  expect(firstSection === -1 || firstCode < firstSection).toBe(true);
});

/**
 * Type-checks every sample in one program, each as an ES module of this package (so `@toolshift/*`
 * imports resolve to the workspace sources) with the workspace's compiler options; only the
 * samples' own diagnostics are computed (the sources are checked by `pnpm build`).
 */
function typeCheckSamples(): Map<string, string[]> {
  const files = new Map(
    samples.map((sample) => [
      fileURLToPath(
        new URL(`./doc-sample-${sample.file.replace(/\W+/g, '-')}-${sample.line}.ts`, import.meta.url),
      ),
      sample,
    ]),
  );
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ['toolshift-source'],
    types: ['node'],
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    noEmit: true,
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => files.has(name) || fileExists(name);
  host.readFile = (name) => files.get(name)?.code ?? readFile(name);
  host.getSourceFile = (name, version, ...rest) => {
    const sample = files.get(name);
    return sample
      ? ts.createSourceFile(name, sample.code, version, true)
      : getSourceFile(name, version, ...rest);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  const problems = new Map<string, string[]>();
  for (const [name, sample] of files) {
    const source = program.getSourceFile(name)!;
    const diagnostics = [
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ];
    problems.set(
      sampleName(sample),
      diagnostics.map((d) => {
        const at = d.start === undefined ? 0 : source.getLineAndCharacterOfPosition(d.start).line;
        return `${sample.file}:${sample.line + at}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      }),
    );
  }
  return problems;
}

test('every TypeScript sample in the README, docs/ and the package READMEs type-checks against the workspace sources', () => {
  const problems = typeCheckSamples();
  expect(problems.size).toBe(samples.length);
  expect([...problems.values()].flat()).toEqual([]);
}, 120_000);

// Samples run as modules of this package (so their imports resolve as a user's would, to the
// workspace sources), each in a directory of its own, from a scratch working directory.
const sampleDir = join(fileURLToPath(new URL('.', import.meta.url)), `.doc-samples-${process.pid}`);
const scratch = mkdtempSync(join(tmpdir(), 'toolshift-doc-samples-'));
afterAll(() => {
  rmSync(sampleDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

test.each(toRun.map((sample) => [sampleName(sample), sample] as const))(
  '%s runs to exit 0 and prints what the doc says',
  (_name, sample) => {
    mkdirSync(sampleDir, { recursive: true });
    const file = join(sampleDir, `${sample.file.replace(/\W+/g, '-')}-${sample.line}.ts`);
    writeFileSync(file, sample.code);
    const run = spawnSync(
      process.execPath,
      ['--conditions=toolshift-source', '--import', tsxLoader(), file],
      { cwd: scratch, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    for (const line of (sample.prints ?? '').split('\n').filter((l) => l.trim() !== ''))
      expect(run.stdout, 'what the doc says it prints').toContain(line);
  },
  90_000,
);
