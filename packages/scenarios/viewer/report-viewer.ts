// The HTML report's page script: bundled with Preact into dist/report-viewer.js at build time and
// inlined into every report, so the page works offline. It reads the run from the embedded JSON.
import { type ComponentChild, h, render } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { HtmlCell, HtmlFrame, HtmlReportData } from '../src/reports/html-report-data.js';
import { NEEDS_A_LOOK, NeedsALook } from './needs-a-look.js';

type Status = HtmlCell['status'];

const RANK: Record<Status, number> = {
  fail: 0,
  stale: 1,
  error: 2,
  'known-failure': 3,
  inconclusive: 4,
  pass: 5,
  'n/a': 6,
};
const MARK: Record<Status, string> = {
  fail: 'F',
  stale: 'S',
  error: 'E',
  'known-failure': 'x',
  inconclusive: '?',
  pass: '✓',
  'n/a': '–',
};
const NAME: Record<Status, string> = {
  fail: 'unexpected failure',
  stale: 'stale baseline entry',
  error: 'harness error',
  'known-failure': 'expected failure',
  inconclusive: 'inconclusive',
  pass: 'pass',
  'n/a': 'n/a',
};
const STATUSES = Object.keys(RANK) as Status[];

const data = JSON.parse(document.getElementById('toolshift-report')!.textContent!) as HtmlReportData;

/** Matrix columns: client × era × transport, in the order they first appear. */
function columnsOf(cells: readonly HtmlCell[]): string[] {
  return [...new Set(cells.map((cell) => `${cell.client}|${cell.era}|${cell.transport}`))];
}

function Legend(): ComponentChild {
  return h(
    'div',
    { class: 'legend' },
    STATUSES.map((status) =>
      h('span', { class: `s-${status}` }, `${MARK[status]} ${NAME[status]} (${data.counts[status]})`),
    ),
  );
}

function Arrow({ frame, lanes }: { frame: HtmlFrame; lanes: string[] }): ComponentChild {
  const lane = frame.lane === 'model' ? lanes.indexOf('fake model') : lanes.indexOf(frame.serverId);
  const column = lane + 2; // grid column of the lane (1 is the seq column)
  if (frame.direction === 'server' || frame.kind === 'step' || frame.kind === 'note')
    return h(
      'div',
      { class: `point ${frame.kind}`, style: { gridColumn: `${column}` }, title: frame.label },
      frame.label,
    );
  // Client is lane 0 (column 2); an arrow spans from the client's column to the server's.
  return h(
    'div',
    { class: `arrow ${frame.direction}`, style: { gridColumn: `2 / ${column + 1}` }, title: frame.label },
    h('span', null, frame.label),
  );
}

function Timeline({ cell }: { cell: HtmlCell }): ComponentChild {
  const [open, setOpen] = useState<string | undefined>(undefined);
  if (!cell.frames)
    return h(
      'p',
      { class: 'none' },
      data.transcripts === 'none'
        ? 'This report carries no transcripts (--html-transcripts none).'
        : 'This report carries transcripts of failing cells only; run with --html-transcripts all for every cell.',
    );
  const lanes = [
    'client',
    ...cell.servers,
    ...(cell.frames.some((frame) => frame.lane === 'model') ? ['fake model'] : []),
  ];
  const template = { '--lanes': `repeat(${lanes.length}, minmax(140px, 1fr))` } as Record<string, string>;
  const rows: ComponentChild[] = [];
  for (const frame of cell.frames) {
    const key = `${frame.serverId}#${frame.seq}`;
    if (frame.advancedMs)
      rows.push(
        h('div', { class: 'marker', key: `${key}-clock`, style: template }, [
          h('div', { class: 'seq' }, '⏱'),
          h('div', { class: 'line' }, `clock +${frame.advancedMs} ms → tick ${frame.tick}`),
        ]),
      );
    const isOpen = open === key;
    rows.push(
      h(
        'div',
        {
          class: `frame${frame.evidence.length ? ' evidence' : ''}${isOpen ? ' open' : ''}`,
          key,
          style: template,
          'data-seq': frame.seq,
          'data-server': frame.serverId,
          onClick: () => setOpen(isOpen ? undefined : key),
        },
        [
          h('div', { class: 'seq' }, `#${frame.seq}`),
          h(Arrow, { frame, lanes }),
          ...frame.evidence.map((note) => h('div', { class: 'evidence-note' }, `evidence: ${note}`)),
          isOpen ? h('pre', { class: 'raw' }, JSON.stringify(frame.raw, null, 2)) : null,
        ],
      ),
    );
  }
  return h('div', { class: 'timeline' }, [
    h('div', { class: 'lanes', style: template }, [
      h('div', null, 'seq'),
      ...lanes.map((lane) => h('div', null, lane)),
    ]),
    ...rows,
  ]);
}

function Detail({ cell }: { cell: HtmlCell }): ComponentChild {
  return h('section', { class: 'detail', id: 'cell-detail' }, [
    h(
      'h2',
      null,
      `${cell.scenarioId} · ${cell.eraLabel} · ${cell.transport} · ${cell.client} — ${NAME[cell.status]}`,
    ),
    cell.detail ? h('p', null, cell.detail) : null,
    ...cell.verdicts.map((verdict) =>
      h('div', { class: `verdict ${verdict.status}` }, [
        h('span', { class: 'status' }, verdict.status),
        ` ${verdict.checkId}${verdict.serverId ? ` @${verdict.serverId}` : ''}: ${verdict.message}`,
        verdict.cites ? h('small', null, ` (${verdict.cites})`) : null,
        verdict.authority ? h('div', { class: `authority ${verdict.level}` }, verdict.authority) : null,
        verdict.nearMiss ? h('div', { class: 'near-miss' }, `Near miss: ${verdict.nearMiss}`) : null,
      ]),
    ),
    h(Timeline, { cell, key: cell.key }),
  ]);
}

/** Whether the run needs a look: a cell broke the baseline (failure, stale entry, harness error). */
const needsALook = NEEDS_A_LOOK.some((status) => data.counts[status] > 0);

function App(): ComponentChild {
  const [text, setText] = useState('');
  // A run that needs a look shows what does in the matrix; a passing run shows every cell.
  const [shown, setShown] = useState<Set<Status>>(
    new Set(needsALook ? STATUSES.filter((status) => status !== 'pass' && status !== 'n/a') : STATUSES),
  );
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [scrollTo, setScrollTo] = useState(false);
  useEffect(() => {
    if (!scrollTo) return;
    document.getElementById('cell-detail')?.scrollIntoView({ block: 'start' });
    setScrollTo(false);
  }, [scrollTo]);
  const open = (key: string) => {
    setSelected(key);
    setScrollTo(true);
  };
  const columns = useMemo(() => columnsOf(data.cells), []);
  const byScenario = useMemo(() => {
    const map = new Map<string, Map<string, HtmlCell>>();
    for (const cell of data.cells) {
      const row = map.get(cell.scenarioId) ?? new Map<string, HtmlCell>();
      row.set(`${cell.client}|${cell.era}|${cell.transport}`, cell);
      map.set(cell.scenarioId, row);
    }
    // Failures first: scenarios ordered by their worst cell, then by id.
    const worst = (row: Map<string, HtmlCell>) =>
      Math.min(...[...row.values()].map((cell) => RANK[cell.status]));
    return [...map].sort((a, b) => worst(a[1]) - worst(b[1]) || a[0].localeCompare(b[0]));
  }, []);
  const rows = byScenario.filter(
    ([id, row]) => id.includes(text) && [...row.values()].some((cell) => shown.has(cell.status)),
  );
  const cell = selected ? data.cells.find((candidate) => candidate.key === selected) : undefined;
  return h('main', null, [
    h('h1', null, 'toolshift run'),
    h(
      'div',
      null,
      `${data.cells.length} cells · started ${data.startedAt} · ${(data.durationMs / 1000).toFixed(1)} s`,
    ),
    h('div', { class: `result ${needsALook || data.interrupted ? 'bad' : 'good'}` }, data.resultLine),
    h(NeedsALook, { cells: data.cells, onOpen: open }),
    h('h2', { id: 'summary' }, 'Summary'),
    h(Legend, null),
    h('div', { class: 'filters' }, [
      h('input', {
        type: 'search',
        placeholder: 'filter scenarios',
        value: text,
        onInput: (event: Event) => setText((event.target as HTMLInputElement).value),
      }),
      ...STATUSES.map((status) =>
        h('label', null, [
          h('input', {
            type: 'checkbox',
            name: status,
            checked: shown.has(status),
            onChange: () => {
              const next = new Set(shown);
              if (next.has(status)) next.delete(status);
              else next.add(status);
              setShown(next);
            },
          }),
          NAME[status],
        ]),
      ),
    ]),
    h('table', { class: 'matrix' }, [
      h('thead', null, [
        h('tr', null, [
          h('th', { class: 'scenario' }, 'scenario'),
          ...columns.map((column) => h('th', null, column.split('|').join(' '))),
        ]),
      ]),
      h(
        'tbody',
        null,
        rows.map(([id, row]) =>
          h('tr', { key: id }, [
            h('td', { class: 'scenario' }, id),
            ...columns.map((column) => {
              const entry = row.get(column);
              if (!entry || !shown.has(entry.status)) return h('td', null);
              return h(
                'td',
                null,
                h(
                  'button',
                  {
                    class: `cell s-${entry.status}${entry.key === selected ? ' selected' : ''}`,
                    title: `${entry.key}: ${NAME[entry.status]}${entry.detail ? ` — ${entry.detail}` : ''}`,
                    'data-cell': entry.key,
                    'data-status': entry.status,
                    onClick: () => open(entry.key),
                  },
                  MARK[entry.status],
                ),
              );
            }),
          ]),
        ),
      ),
    ]),
    rows.length === 0 ? h('p', { class: 'none' }, 'No cell matches the filters.') : null,
    cell ? h(Detail, { cell }) : h('p', { class: 'none' }, 'Click a cell to see its checks and timeline.'),
  ]);
}

const root = document.getElementById('app')!;
root.textContent = '';
render(h(App, null), root);
