/** Types of targets.mjs (plain JavaScript, so .mjs benchmarks import it without tsx). */
export declare const TARGET_MARK: string;
/** One benchmark figure against its target; see targets.mjs. */
export interface TargetFigure {
  label: string;
  value: number;
  unit?: string;
  target?: number;
  better?: 'higher' | 'lower';
  detail?: string;
  digits?: number;
}
export declare function printTarget(figure: TargetFigure): void;
