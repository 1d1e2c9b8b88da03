import type { Cell, CellResult } from '../runner/cell.js';
import type { RunIdentity, SuiteSummary } from '../runner/run-suite.js';

/** A report writer. Every hook is optional; reporters are chosen by name (see `reports/index.ts`). */
export interface Reporter {
  /** The run starts: its cells, its id and start time. */
  onRunStart?(cells: readonly Cell[], run: RunIdentity): void | Promise<void>;
  onCellEnd?(result: CellResult): void | Promise<void>;
  onRunEnd?(summary: SuiteSummary): void | Promise<void>;
}
