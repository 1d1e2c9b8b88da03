// Writes docs/parity.md: sends every probe to the fake server and the official SDK servers
// (preparing those once per machine, see fixtures/official/prepare-official-servers.ts) and renders
// the table. Run: pnpm parity (node --conditions=toolshift-source --import tsx ...write-parity.ts).
// With --rows FILE it also saves the answers as JSON (or, with --from FILE, renders saved ones).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectParity, type ParityRow } from './collect-parity.js';
import { PROBES } from './parity-probes.js';
import { renderParity } from './parity-report.js';
import { PARITY_SERVERS } from './parity-servers.js';

/** docs/parity.md in the repository. */
export const PARITY_DOC = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  '..',
  'docs',
  'parity.md',
);

/** Collects every answer and renders the page. */
export async function generateParity(
  log?: (line: string) => void,
): Promise<{ rows: ParityRow[]; text: string }> {
  const rows = await collectParity(PARITY_SERVERS, PROBES, log ? { log } : {});
  return { rows, text: renderParity(rows, PARITY_SERVERS) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const flag = (name: string) => {
    const index = process.argv.indexOf(name);
    return index >= 0 ? process.argv[index + 1] : undefined;
  };
  const from = flag('--from');
  let rows: ParityRow[];
  if (from) {
    const saved = JSON.parse(readFileSync(from, 'utf8')) as Array<
      Omit<ParityRow, 'probe'> & { probe: string }
    >;
    rows = saved.map((row) => ({ ...row, probe: PROBES.find((probe) => probe.id === row.probe)! }));
  } else rows = await collectParity(PARITY_SERVERS, PROBES, { log: (line) => console.error(line) });
  const save = flag('--rows');
  if (save)
    writeFileSync(
      save,
      JSON.stringify(
        rows.map((row) => ({ ...row, probe: row.probe.id })),
        null,
        1,
      ),
    );
  writeFileSync(PARITY_DOC, renderParity(rows, PARITY_SERVERS));
  console.error(`wrote ${PARITY_DOC}`);
}
