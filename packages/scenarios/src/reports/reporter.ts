import type { Cell, CellResult } from '../runner/cell.js';
import type { SuiteSummary } from '../runner/run-suite.js';

/** A report writer. Every hook is optional; reporters are chosen by name (see `reports/index.ts`). */
export interface Reporter {
  onRunStart?(cells: readonly Cell[]): void | Promise<void>;
  onCellEnd?(result: CellResult): void | Promise<void>;
  onRunEnd?(summary: SuiteSummary): void | Promise<void>;
}
