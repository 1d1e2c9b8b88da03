// One benchmark figure against its target, printed so a reader sees both and `pnpm bench`
// (bench/run-all.mjs) can list every target of the run at the end. Not a test: nothing fails on a
// missed target; the summary says "not met".

/** The line prefix run-all.mjs collects (one JSON object per line after it). */
export const TARGET_MARK = '@@bench-target ';

/**
 * Prints `label: value unit (target ≥/≤ target: met|not met) detail` and a machine-readable copy.
 * Without `target` the figure is printed for context only.
 * @param {{label: string, value: number, unit?: string, target?: number, better?: 'higher'|'lower', detail?: string, digits?: number}} figure
 */
export function printTarget(figure) {
  const { label, value, unit = '', target, better = 'lower', detail, digits = 2 } = figure;
  const met = target === undefined ? undefined : better === 'higher' ? value >= target : value <= target;
  const goal =
    target === undefined ? 'no target' : `target ${better === 'higher' ? '≥' : '≤'} ${target}${unit}`;
  const verdict = met === undefined ? '' : met ? ': met' : ': NOT MET';
  console.log(
    `  ${label}: ${value.toFixed(digits)}${unit} (${goal}${verdict})${detail ? `; ${detail}` : ''}`,
  );
  console.log(`${TARGET_MARK}${JSON.stringify({ label, value, unit, target, better, met, detail, digits })}`);
}
