// The report's first section when a run needs a look: every unexpected failure, stale baseline
// entry and harness error, failures alike in one card, each with its first failing check, the
// one-line reason and the evidence frames it cites, all visible before any click.
import { type ComponentChild, h } from 'preact';
import type { HtmlCell, HtmlEvidenceFrame } from '../src/reports/html-report-data.js';

/** Statuses that make a run need a look, in the order their cards come. */
export const NEEDS_A_LOOK: ReadonlyArray<HtmlCell['status']> = ['fail', 'stale', 'error'];

/** Cards shown before "… more in the matrix" (each card is one group of cells failing alike). */
const MAX_CARDS = 50;

const TITLE: Partial<Record<HtmlCell['status'], string>> = {
  fail: 'unexpected failure',
  stale: 'stale baseline entry: passes now, remove the entry',
  error: 'harness error',
};

/** Cells failing alike (status, client, scenario, first failing check and message), first-seen order. */
export function groupAlike(cells: readonly HtmlCell[]): HtmlCell[][] {
  const groups = new Map<string, HtmlCell[]>();
  for (const cell of cells) {
    const failure = cell.firstFailure;
    const key = [
      cell.status,
      cell.client,
      cell.scenarioId,
      failure?.checkId ?? '',
      failure?.message ?? cell.detail,
    ].join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), cell]);
  }
  return [...groups.values()];
}

const ARROW: Record<string, string> = { in: 'client → server', out: 'server → client', server: 'server' };

function EvidenceFrame({ frame }: { frame: HtmlEvidenceFrame }): ComponentChild {
  return h('li', { class: 'evidence-frame', 'data-seq': frame.seq }, [
    h('code', { class: 'seq' }, `#${frame.seq}`),
    frame.label ? ` ${ARROW[frame.direction ?? 'server']}: ${frame.label}` : '',
    h('span', { class: 'note' }, ` — ${frame.note}`),
    frame.snippet ? h('pre', { class: 'snippet' }, frame.snippet) : null,
  ]);
}

function Card({ group, onOpen }: { group: HtmlCell[]; onOpen: (key: string) => void }): ComponentChild {
  const first = group[0]!;
  const failure = first.firstFailure;
  const where =
    group.length === 1
      ? `${first.eraLabel} · ${first.transport}`
      : `${group.length} cells: ${[...new Set(group.map((cell) => cell.eraLabel))].join(', ')} × ${[...new Set(group.map((cell) => cell.transport))].join(', ')}`;
  return h(
    'article',
    { class: `failure s-border-${first.status}`, 'data-cell': first.key, 'data-status': first.status },
    [
      h('h3', null, [
        h('span', { class: `badge s-${first.status}` }, TITLE[first.status] ?? first.status),
        ` ${first.scenarioId} · ${where} · ${first.client}`,
      ]),
      failure
        ? h('p', { class: 'check' }, [
            failure.level === 'must' || failure.level === 'should'
              ? h('span', { class: `level ${failure.level}` }, failure.level.toUpperCase())
              : null,
            h('strong', null, failure.checkId),
            `${failure.serverId ? ` @${failure.serverId}` : ''}: ${failure.message}`,
          ])
        : h('p', { class: 'check' }, first.detail),
      failure?.nearMiss ? h('p', { class: 'near-miss' }, `Near miss: ${failure.nearMiss}`) : null,
      failure && failure.evidence.length > 0
        ? h(
            'ol',
            { class: 'evidence-frames' },
            failure.evidence.map((frame) =>
              h(EvidenceFrame, { frame, key: `${frame.serverId}#${frame.seq}` }),
            ),
          )
        : null,
      h(
        'button',
        { class: 'open', type: 'button', onClick: () => onOpen(first.key) },
        group.length === 1 ? 'Timeline of this cell' : `Timeline of ${first.eraLabel} · ${first.transport}`,
      ),
    ],
  );
}

/**
 * "Needs a look": the cells whose status breaks the baseline, as cards (cells failing alike share
 * one), or nothing when there are none. `onOpen` shows a cell's checks and timeline.
 */
export function NeedsALook({
  cells,
  onOpen,
}: {
  cells: readonly HtmlCell[];
  onOpen: (key: string) => void;
}): ComponentChild {
  const needing = NEEDS_A_LOOK.flatMap((status) => cells.filter((cell) => cell.status === status));
  if (needing.length === 0) return null;
  const groups = groupAlike(needing);
  const shown = groups.slice(0, MAX_CARDS);
  return h('section', { class: 'needs-a-look', id: 'needs-a-look' }, [
    h('h2', null, `Needs a look (${needing.length} ${needing.length === 1 ? 'cell' : 'cells'})`),
    ...shown.map((group) => h(Card, { group, onOpen, key: group[0]!.key })),
    groups.length > shown.length
      ? h('p', { class: 'none' }, `… ${groups.length - shown.length} more groups in the matrix below.`)
      : null,
  ]);
}
