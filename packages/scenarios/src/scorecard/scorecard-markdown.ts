import { SPEC_CLAUSES } from '@toolshift/assertions';
import type { RootCause } from '../baseline/root-cause.js';
import { CAPABILITY_GROUPS } from './capability-groups.js';
import type { RootCauseReport } from './finding.js';
import type { GradedCell } from './graded-cell.js';
import type { GroupGrade } from './group-grade.js';
import type { ExcusedBy } from './reasking-grade.js';
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

/** A group's cell of the matrix: its grade, the root cause a failure names, and how many risks it carries. */
function cellText(page: string, grade: GroupGrade, detailsDir: string): string {
  const causes = grade.rootCauses ?? [];
  const label =
    grade.grade === 'fail' && causes.length
      ? `fail: ${causes[0]}${causes.length > 1 ? ` +${causes.length - 1}` : ''}`
      : grade.grade;
  const risks = grade.risks?.length
    ? ` · ${grade.risks.length} ${grade.risks.length === 1 ? 'risk' : 'risks'}`
    : '';
  return `[${label}](${detailsDir}/${page}#${slug(grade.group)})${risks}`;
}

/** The eras column: which protocol revisions the library connected to on a server speaking only that one. */
function erasText(score: DriverScore): string {
  if (!score.eraSupport) return '—';
  const mark = (era: 'legacy' | 'modern', revision: string) =>
    score.eraSupport![era].supported ? revision : `~~${revision}~~`;
  return `${mark('legacy', '2025-11-25')}, ${mark('modern', '2026-07-28')}`;
}

/** The bugs column: charged root causes, then risks. */
function bugsText(score: DriverScore, page: string, detailsDir: string): string {
  const causes = score.rootCauses ?? [];
  const bugs = causes.filter((cause) => cause.charged).length;
  const risks = causes.length - bugs;
  return `[${bugs} ${bugs === 1 ? 'bug' : 'bugs'}, ${risks} ${risks === 1 ? 'risk' : 'risks'}](${detailsDir}/${page}#root-causes)`;
}

/** The matrix: one row per library that ran, its eras, root causes and the grade of each group (links under `detailsDir`). */
export function scorecardMatrix(scores: readonly DriverScore[], detailsDir: string): string[] {
  const ran = scores.filter((score) => !score.skipped);
  const lines = [
    `| client | language | library | version | date | eras | root causes | ${CAPABILITY_GROUPS.join(' | ')} |`,
    `| --- | --- | --- | --- | --- | --- | --- | ${CAPABILITY_GROUPS.map(() => '---').join(' | ')} |`,
  ];
  for (const score of ran) {
    const page = detailsPageOf(score, ran);
    lines.push(
      `| ${score.client} | ${score.language} | \`${score.library}\` | ${score.version} | ${score.date} | ${erasText(score)} | ${bugsText(score, page, detailsDir)} | ${score.groups
        .map((grade) => cellText(page, grade, detailsDir))
        .join(' | ')} |`,
    );
  }
  return lines;
}

/** The markers around the matrix in README.md, which `toolshift scorecard` rewrites. */
export const README_MATRIX_START = '<!-- scorecard-matrix:start (written by toolshift scorecard) -->';
export const README_MATRIX_END = '<!-- scorecard-matrix:end -->';

/**
 * `readme` with the text between the matrix markers replaced by the matrix, or `undefined` when it
 * has no markers (nothing to rewrite).
 */
export function withReadmeMatrix(readme: string, scores: readonly DriverScore[]): string | undefined {
  const start = readme.indexOf(README_MATRIX_START);
  const end = readme.indexOf(README_MATRIX_END);
  if (start < 0 || end < start) return undefined;
  const matrix = scorecardMatrix(scores, 'scorecard').join('\n');
  return `${readme.slice(0, start + README_MATRIX_START.length)}\n${matrix}\n${readme.slice(end)}`;
}

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
    'A library is charged with a bug only where it breaks a MUST or SHOULD of the MCP specification (quoted,',
    "with its revision and section) or the library's own documented promise (quoted, with where it says",
    "so). Everything else toolshift checks — robustness, host policy, a model provider's rules, the host",
    'guidance toolshift was built from — is advice: a failure of it is listed as a **risk**, never counted',
    'as a bug. Failures that share one code path of the library are one **root cause**, listed once with',
    'every cell it explains; each `must` root cause has a standalone reproduction under',
    '[`scorecard/repros/`](scorecard/repros/) that runs without toolshift. A root cause is charged in a',
    "cell only where that cell's own check shows the clause broken; cells it explains only as a",
    'consequence (a tool set never re-listed after the dead session) are marked *a consequence: risk*.',
    '',
    '**fail: <root cause>**: a cell of the group failed and the root cause the library baseline names for it',
    "breaks a MUST, a SHOULD or the library's documented promise. **pass**: every judged cell passed (a",
    '` · N risks` suffix counts advice failures). **pass by re-asking**: it passed, but the wire shows',
    'the host saw changes only because it lists again before every request: it opened no change channel',
    '(no legacy GET stream, no `subscriptions/listen`) and re-listed when nothing had changed; right today,',
    'at one `tools/list` per turn with freshness hints ignored (a host that caches would go stale).',
    '**unconfirmed**: cells failed a MUST or SHOULD check, but no baseline entry explains them yet: leads',
    'to check in the transcript and the library source, not yet bugs of the library. **not supported**: the',
    'library cannot connect to a server speaking only that revision and does not claim it can (the',
    '**eras** column: each protocol revision the library connected to on a server speaking only that one,',
    'struck through where it could not). **n/a**: nothing in the group could be',
    'judged for this client (it lacks the transport or host feature the scenarios need). For a library that',
    'stops at the MCP session (an MCP SDK: manifest `modelLayer: driver`), what the model is offered and gets',
    "back is the driver's code, so the checks of that layer (provider rules, model-facing names, costs, call",
    "results) are `n/a` for it. A host application's own features (a token budget for the tool definitions,",
    'a call API that refuses tools the host never listed or re-validates arguments against the current',
    'contract) are `n/a` for every library. A library that drops its tool list on a change signal and lists',
    'again when next asked (`relists: at-next-use-after-change-signal`) is `n/a` on checks of a list kept',
    'up to date at once; what it used after the signal is judged.',
    '',
    ...scorecardMatrix(scores, run.detailsDir),
  ];
  const skipped = scores.filter((score) => score.skipped);
  if (skipped.length) {
    lines.push('', '## Not run here', '');
    for (const score of skipped)
      lines.push(
        `- ${score.client} (${score.language}, \`${score.library}\` ${score.version}): ${score.skipped}`,
      );
  }
  lines.push('', '## Bugs, by root cause', '');
  const charged = ran.flatMap((score) =>
    (score.rootCauses ?? []).filter((cause) => cause.charged).map((cause) => ({ score, cause })),
  );
  for (const { score, cause } of charged) lines.push(...rootCauseLines(score, cause));
  if (!charged.length) lines.push('No library is charged with a bug.');
  const unexplained = ran.flatMap((score) =>
    score.findings.filter((finding) => !finding.explained && finding.charged),
  );
  if (unexplained.length) {
    lines.push('', '## Unconfirmed: failures of MUST or SHOULD checks no baseline explains yet', '');
    for (const finding of unexplained)
      lines.push(
        `- **${finding.client}** — \`${finding.scenarioId}\` (${finding.era}), \`${finding.checkId}\` [${finding.level}]: ${oneLine(finding.reason)}`,
      );
  }
  lines.push('', '## Risks (advice: no clause breaks)', '');
  const risky = ran.flatMap((score) =>
    (score.rootCauses ?? []).filter((cause) => !cause.charged).map((cause) => ({ score, cause })),
  );
  for (const { score, cause } of risky) lines.push(...rootCauseLines(score, cause));
  if (!risky.length) lines.push('No risk.');
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

/** One root cause as a list item: its id, level and authority, what the library does, where, its repro and its cells. */
function rootCauseLines(
  score: Pick<DriverScore, 'client' | 'library' | 'version'>,
  cause: RootCauseReport,
): string[] {
  const cells = cause.cells.map(
    (cell) =>
      `\`${cell.scenarioId}\` (${cell.era}, \`${cell.checkId}\`${cell.risk ? ', a consequence: risk' : ''})`,
  );
  return [
    `- **${score.client}#${cause.id}** (\`${score.library}\` ${score.version}) — ${authorityOf(cause)}`,
    `  ${oneLine(cause.summary)} Code: ${oneLine(cause.codePath)}.${cause.repro ? ` Reproduction: [\`${cause.repro}\`](${cause.repro}).` : ''}`,
    `  Cells (${cause.cells.length}): ${cells.join(', ') || 'none in this run'}.`,
  ];
}

/** What a root cause rests on, quoted: its clauses, the library's documented promise, or the advice's basis. */
function authorityOf(cause: RootCause): string {
  if (cause.level === 'must' || cause.level === 'should')
    return (cause.clauses ?? [])
      .map((id) => SPEC_CLAUSES[id])
      .filter((clause) => clause !== undefined)
      .map(
        (clause) =>
          `**${clause.level.toUpperCase()}** (${clause.revisions.join(', ')} ${clause.section}): "${clause.quote}"`,
      )
      .join('; ');
  if (cause.level === 'library-doc')
    return `**library-doc** (${cause.doc!.location}): "${oneLine(cause.doc!.quote)}"`;
  return `**advice**: ${oneLine(cause.basis ?? '')}`;
}

/** How one cell reads on its row: a failure the grade excuses reads as what it was graded. */
function cellLabel(cell: GradedCell): string {
  if (cell.reasked || cell.reaskedDespite !== undefined) return 'pass (by re-asking)';
  if (cell.notApplicable) return `n/a (${EXCUSE_LABEL[cell.notApplicableBy ?? 're-asking']})`;
  if (cell.risk) return cell.rootCause ? `risk (${cell.rootCause})` : 'risk (unexplained)';
  if (cell.status === 'known-failure' && cell.rootCause) return `fail (${cell.rootCause})`;
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
    ...(score.eraSupport
      ? [
          `Protocol revisions, measured against a server speaking only one (its driver declares ${score.declaredEras ? score.declaredEras.map((era) => (era === 'legacy' ? '2025-11-25' : '2026-07-28')).join(' and ') : 'both'}): 2025-11-25 ${score.eraSupport.legacy.supported ? 'yes' : `no (${oneLine(score.eraSupport.legacy.detail)})`}; 2026-07-28 ${score.eraSupport.modern.supported ? 'yes' : `no (${oneLine(score.eraSupport.modern.detail)})`}.`,
          '',
        ]
      : []),
    '## Root causes',
    '',
    ...((score.rootCauses ?? []).length
      ? [...(score.rootCauses ?? [])]
          .sort((a, b) => Number(b.charged) - Number(a.charged))
          .flatMap((cause) => rootCauseLines(score, cause))
      : ['None: the library baseline names no root cause.']),
    '',
  ];
  for (const grade of score.groups) {
    lines.push(
      `## ${grade.group}`,
      '',
      `**${grade.grade}**${grade.rootCauses?.length ? ` (${grade.rootCauses.join(', ')})` : ''} — ${grade.summary}${grade.risks?.length ? `; risks: ${grade.risks.join(', ')}` : ''}`,
      '',
    );
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
