import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** The READMEs whose samples are complete programs (the others show fragments of a host). */
const READMES = ['README.md', 'packages/scenarios/README.md', 'packages/assertions/README.md'];
/** Each README's TypeScript samples (```ts blocks), with the line each starts on. */
const samples = READMES.flatMap((file) => {
  const readme = readFileSync(`${root}${file}`, 'utf8');
  return [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => ({
    file,
    line: readme.slice(0, match.index).split('\n').length + 1,
    code: match[1]!,
  }));
});

test.each(READMES)('%s has TypeScript samples', (file) => {
  expect(samples.filter((sample) => sample.file === file).length).toBeGreaterThanOrEqual(
    file === 'README.md' ? 2 : 1,
  );
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
        new URL(`./readme-sample-${sample.file.replace(/\W+/g, '-')}-${sample.line}.ts`, import.meta.url),
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
      `${sample.file}:${sample.line}`,
      diagnostics.map((d) => {
        const at = d.start === undefined ? 0 : source.getLineAndCharacterOfPosition(d.start).line;
        return `${sample.file}:${sample.line + at}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      }),
    );
  }
  return problems;
}

test('every TypeScript sample in the READMEs type-checks against the workspace sources', () => {
  const problems = typeCheckSamples();
  expect(problems.size).toBe(samples.length);
  expect([...problems.values()].flat()).toEqual([]);
}, 120_000);
