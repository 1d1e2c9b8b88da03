import type { GradedCell } from './graded-cell.js';
import { gradeCells } from './group-grade.js';
import type { DriverScore } from './run-scorecard.js';

const keyOf = (cell: Pick<GradedCell, 'scenarioId' | 'era' | 'transport'>) =>
  `${cell.scenarioId}\u0000${cell.era}\u0000${cell.transport}`;

/**
 * A stored scorecard row with some of its scenarios run again (`toolshift scorecard --driver D
 * --scenario S…`): every cell of a re-run scenario is replaced by the fresh run's (a cell the fresh
 * run no longer has is dropped, a new one added), every other cell is kept, and each group is graded
 * again. The row records the re-run (`reruns`, one entry per day); its findings and exit code are the caller's to
 * recompute from the cells (`applyDriverBaselines`), as for `--rerender`.
 */
export function mergeRerun(
  stored: DriverScore,
  fresh: DriverScore,
  scenarioIds: ReadonlySet<string>,
): DriverScore {
  const groups = stored.groups.map((group) => {
    const freshCells = fresh.groups.find((each) => each.group === group.group)?.cells ?? [];
    const byKey = new Map(freshCells.map((cell) => [keyOf(cell), cell]));
    const cells: GradedCell[] = [];
    for (const cell of group.cells) {
      if (!scenarioIds.has(cell.scenarioId)) cells.push(cell);
      else if (byKey.has(keyOf(cell))) {
        cells.push(byKey.get(keyOf(cell))!);
        byKey.delete(keyOf(cell));
      }
    }
    cells.push(...byKey.values());
    return gradeCells(group.group, cells);
  });
  const unique = new Map(groups.flatMap((group) => group.cells.map((cell) => [keyOf(cell), cell] as const)));
  const counts: Record<string, number> = {};
  for (const cell of unique.values()) counts[cell.status] = (counts[cell.status] ?? 0) + 1;
  const reruns = [...(stored.reruns ?? [])];
  const sameDay = reruns.at(-1)?.date === fresh.date ? reruns.pop() : undefined;
  reruns.push({ date: fresh.date, scenarios: [...new Set([...(sameDay?.scenarios ?? []), ...scenarioIds])] });
  return {
    ...stored,
    // How the driver runs now (its options and baseline file), as the fresh run used them.
    runOptions: fresh.runOptions,
    ...(fresh.baseline !== undefined ? { baseline: fresh.baseline } : {}),
    groups,
    counts,
    reruns,
    durationMs: stored.durationMs + fresh.durationMs,
  };
}
