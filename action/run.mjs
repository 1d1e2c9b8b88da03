// Step 2 of the toolshift action: `toolshift run` with the inputs as options (or, with
// `merge-reports`, `toolshift merge-reports` of the shards' JSON reports), the reports' absolute
// paths as outputs (set even when the run fails), a line in the job summary, and toolshift's exit code.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { input, listInput, setOutput, splitArgs, summary } from './inputs.mjs';

const bin = process.env.TOOLSHIFT_BIN;
if (!bin) throw new Error('TOOLSHIFT_BIN is not set: the install step did not run');

/** A list of report files; an item `dir/*.json` names every JSON file of `dir` (sorted). */
function reportFiles(items) {
  return items.flatMap((item) => {
    if (!item.includes('*')) return [resolve(item)];
    const dir = resolve(dirname(item));
    const pattern = new RegExp(
      `^${basename(item)
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replaceAll('*', '.*')}$`,
    );
    return readdirSync(dir)
      .filter((name) => pattern.test(name))
      .sort()
      .map((name) => join(dir, name));
  });
}

const merging = input('merge-reports') !== '';
const args = merging ? ['merge-reports', ...reportFiles(listInput('merge-reports'))] : ['run'];
const clients = merging ? [] : listInput('clients');
if (!merging) {
  if (input('client-command')) clients.push(`command:${input('client-command')}`);
  if (clients.length > 0) args.push('--client', ...clients);
  if (input('command')) args.push('--command', input('command'));
  if (input('client-module')) args.push('--client-module', ...listInput('client-module'));
  if (input('scenarios')) args.push('--scenario', ...listInput('scenarios'));
  if (input('scenario-files')) args.push('--scenario-file', ...listInput('scenario-files'));
  if (input('eras')) args.push('--era', input('eras'));
  if (input('transports')) args.push('--transport', ...listInput('transports'));
  if (input('shard')) args.push('--shard', input('shard'));
  if (input('baseline') === 'none') args.push('--no-baseline');
  else if (input('baseline')) args.push('--baseline', input('baseline'));
}
const junit = resolve(input('junit') || 'toolshift-results/junit.xml');
const json = resolve(input('json') || 'toolshift-results/results.json');
for (const file of [junit, json]) mkdirSync(dirname(file), { recursive: true });
args.push('--junit', junit, '--json', json, ...(merging ? [] : splitArgs(input('args'))));

console.log(`toolshift ${args.map((arg) => (/[\s'"]/.test(arg) ? JSON.stringify(arg) : arg)).join(' ')}`);
const run = spawnSync(bin, args, { stdio: 'inherit' });
const code = run.status ?? 1;
setOutput('junit', junit);
setOutput('json', json);
setOutput('exit-code', String(code));
if (existsSync(json)) {
  const report = JSON.parse(readFileSync(json, 'utf8'));
  const counts = report.counts ?? {};
  summary(
    `### toolshift: ${code === 0 ? 'matches the baseline' : 'does not match the baseline'}\n\n` +
      Object.entries(counts)
        .map(([status, count]) => `${status}: ${count}`)
        .join(' · '),
  );
}
process.exit(code);
