// Issue 28: the differential test. Every probe goes to the fake server and to the official SDK
// servers (TypeScript 2.x and 1.x, Python, Go), over HTTP and stdio, in both revisions; the
// rendered table must equal docs/parity.md, and rendering fails on any difference no settlement
// explains (settlements.ts). Regenerate with `pnpm parity` after a deliberate change.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { generateParity, PARITY_DOC } from './write-parity.js';

test('docs/parity.md is what the fake server and the official servers answer now, every difference settled', async () => {
  const { text } = await generateParity();
  const committed = readFileSync(PARITY_DOC, 'utf8');
  if (committed !== text) {
    const ours = text.split('\n');
    const theirs = committed.split('\n');
    const changed = ours.flatMap((line, index) =>
      line === theirs[index] ? [] : [`now: ${line}\nwas: ${theirs[index] ?? '(end)'}`],
    );
    expect.fail(
      `docs/parity.md is stale (run pnpm parity); first changed lines:\n${changed.slice(0, 8).join('\n')}`,
    );
  }
}, 900_000);
