import { CAPABILITY_GROUPS } from './capability-groups.js';
import type { ExcusedBy, GradedCell, GroupGrade } from './group-grade.js';
import type { DriverScore } from './run-scorecard.js';

/** How the run was made, for the page's header. */
export interface ScorecardRun {
  /** The command that regenerates it. */
  command: string;
  eras: readonly string[];
  transports: readonly string[];
  /** The folder (relative to the repository root) with the per-client detail pages and the JSON. */
  detailsDir: string;
}

/** A file-name and anchor friendly form of a client name or group. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const EXCUSE_LABEL: Record<ExcusedBy, string> = {
  'model layer': "driver's model layer",
  'host application': "host application's feature",
  're-asking': 're-asking host',
  're-listing at next use': 're-lists at next use',
};

/**
 * The file name of a row's detail page: its client name, with its language added when another row
 * of the scorecard has the same client name (e.g. the Python and TypeScript LangChain adapters).
 */
export function detailsPageOf(
  score: Pick<DriverScore, 'client' | 'language'>,
  scores: readonly Pick<DriverScore, 'client' | 'language'>[],
): string {
  const shared = scores.filter((other) => other.client === score.client).length > 1;
  return `${slug(shared ? `${score.client}-${score.language}` : score.client)}.md`;
}

const cellText = (page: string, grade: GroupGrade, detailsDir: string) =>
  `[${grade.grade}](${detailsDir}/${page}#${slug(grade.group)})`;

/** `SCORECARD.md`: the matrix, the skipped drivers, the findings and how to regenerate it. */
export function scorecardMarkdown(scores: readonly DriverScore[], run: ScorecardRun): string {
  const ran = scores.filter((score) => !score.skipped);
  const languages = new Set(ran.map((score) => score.language));
  const lines: string[] = [
    '# Which MCP clients keep up? The toolshift scorecard',
    '',
    `${ran.length} clients in ${languages.size} languages, each driven the way its README shows, run against the`,
    `toolshift scenario suite (eras ${run.eras.join(', ')}; transport ${run.transports.join(', ')}). Every cell links to the`,
    'checks and transcript evidence behind it. Regenerate with:',
    '',
    '```bash',
    run.command,
    '```',
    '',
    '**pass**: every judged cell of the group passed. **pass by re-asking**: it passed, but the wire shows',
    'the host saw changes only because it lists again before every request: it opened no change channel',
    '(no legacy GET stream, no `subscriptions/listen`) and re-listed when nothing had changed; right today,',
    'at one `tools/list` per turn with freshness hints ignored (a host that caches would go stale). **fail**:',
    'a cell failed and the library baseline explains it: a bug of the library, with its evidence.',
    '**unconfirmed**: cells failed, but no baseline entry explains any of them yet: leads to check in the',
    'transcript and the library source, not yet bugs of the library. **n/a**: nothing in the group could be',
    'judged for this client (it lacks the transport or host feature the scenarios need). For a library that',
    'stops at the MCP session (an MCP SDK: manifest `modelLayer: driver`), what the model is offered and gets',
    "back is the driver's code, so the checks of that layer (provider rules, model-facing names, costs, call",
    "results) are `n/a` for it. A host application's own features (a token budget for the tool definitions,",
    'a call API that refuses tools the host never listed or re-validates arguments against the current',
    'contract) are `n/a` for every library. A library that drops its tool list on a change signal and lists',
    'again when next asked (`relists: at-next-use-after-change-signal`) is `n/a` on checks of a list kept',
    'up to date at once; what it used after the signal is judged.',
    '',
    `| client | language | library | version | date | ${CAPABILITY_GROUPS.join(' | ')} |`,
    `| --- | --- | --- | --- | --- | ${CAPABILITY_GROUPS.map(() => '---').join(' | ')} |`,
  ];
  for (const score of ran)
    lines.push(
      `| ${score.client} | ${score.language} | \`${score.library}\` | ${score.version} | ${score.date} | ${score.groups
        .map((grade) => cellText(detailsPageOf(score, ran), grade, run.detailsDir))
        .join(' | ')} |`,
    );
  const skipped = scores.filter((score) => score.skipped);
  if (skipped.length) {
    lines.push('', '## Not run here', '');
    for (const score of skipped)
      lines.push(
        `- ${score.client} (${score.language}, \`${score.library}\` ${score.version}): ${score.skipped}`,
      );
  }
  lines.push('', '## Findings', '');
  const findings = ran.flatMap((score) => score.findings.map((finding) => ({ score, finding })));
  const seen = new Set<string>();
  let count = 0;
  for (const { score, finding } of findings) {
    const key = `${finding.client}|${finding.scenarioId}|${finding.checkId}|${finding.reason}`;
    if (seen.has(key)) continue;
    seen.add(key);
    count++;
    const eras = findings
      .filter(
        (f) => `${f.finding.client}|${f.finding.scenarioId}|${f.finding.checkId}|${f.finding.reason}` === key,
      )
      .map((f) => f.finding.era);
    const evidence = finding.evidence.length ? ` Evidence: ${finding.evidence.join(', ')}.` : '';
    const flag = finding.explained ? '' : ' **(not in the library baseline yet: unexplained)**';
    lines.push(
      `- **${score.library}** — \`${finding.scenarioId}\` (${[...new Set(eras)].join(', ')}), \`${finding.checkId}\`: ${oneLine(finding.reason)}${evidence}${flag}`,
    );
  }
  if (!count) lines.push('No failing cell.');
  lines.push('', '## How each driver gets the tool set it hands the model', '');
  for (const score of ran) {
    lines.push(
      `- **${score.client}** (${score.relists.replaceAll('-', ' ')}): ${score.notes.join(' ') || '—'}`,
    );
  }
  lines.push('');
  return `${lines.join('\n')}\n`;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** How one cell reads on its row: a failure the grade excuses reads as what it was graded. */
function cellLabel(cell: GradedCell): string {
  if (cell.reasked || cell.reaskedDespite !== undefined) return 'pass (by re-asking)';
  if (cell.notApplicable) return `n/a (${EXCUSE_LABEL[cell.notApplicableBy ?? 're-asking']})`;
  return cell.status === 'fail' ? 'fail (unexplained)' : cell.status;
}

/** Cells of a row by how they read (a cell in several groups counted once). */
function gradedCounts(score: DriverScore): Record<string, number> {
  const cells = new Map<string, GradedCell>();
  for (const grade of score.groups)
    for (const cell of grade.cells) cells.set(`${cell.scenarioId}/${cell.era}/${cell.transport}`, cell);
  const counts: Record<string, number> = {};
  for (const cell of cells.values()) counts[cellLabel(cell)] = (counts[cellLabel(cell)] ?? 0) + 1;
  return counts;
}

/** One client's detail page: per group, every cell with its status, failing check and evidence frames. */
export function driverDetailsMarkdown(score: DriverScore): string {
  const lines = [
    `# ${score.client}: \`${score.library}\` ${score.version} (${score.language})`,
    '',
    `Run ${score.date}; driver \`${score.id}\`; ${score.relists.replaceAll('-', ' ')}. Cells as graded: ${Object.entries(
      gradedCounts(score),
    )
      .map(([status, n]) => `${n} ${status}`)
      .join(', ')}; \`toolshift run\` exit code against the library baseline: ${score.exitCode}.`,
    ...(score.reruns ?? []).map(
      (rerun) =>
        `Cells of ${rerun.scenarios.map((id) => `\`${id}\``).join(', ')} run again on ${rerun.date}.`,
    ),
    '',
    'Re-run one cell with its full transcripts (frames `#seq` below):',
    '',
    '```bash',
    `pnpm toolshift run ${score.runOptions} ${score.baseline ? `--baseline ${score.baseline}` : '--no-baseline'} --scenario <id> --era <era> --transport http --json cell.json --json-transcripts all`,
    '```',
    '',
  ];
  for (const grade of score.groups) {
    lines.push(`## ${grade.group}`, '', `**${grade.grade}** — ${grade.summary}`, '');
    if (!grade.cells.length) continue;
    lines.push(
      '| scenario | era | transport | status | check and evidence |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const cell of grade.cells) {
      const status = cellLabel(cell);
      const excuse = cell.notApplicable ?? cell.reaskedDespite;
      const detail = excuse
        ? `${excuse}${cell.failure ? ` (\`${cell.failure.checkId}\`: ${oneLine(cell.failure.message)})` : ''}`
        : cell.failure
          ? `\`${cell.failure.checkId}\`: ${oneLine(cell.failure.message)} (frames ${cell.failure.evidence.map((seq) => `#${seq}`).join(', ') || 'none'})${cell.baselineReason ? ` — baseline: ${oneLine(cell.baselineReason)}` : ''}`
          : (cell.reason ?? '');
      lines.push(
        `| ${cell.scenarioId} | ${cell.era} | ${cell.transport} | ${status} | ${detail.replaceAll('|', '\\|')} |`,
      );
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
