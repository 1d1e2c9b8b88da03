import type { ClientAdapterFactory } from '../client-adapter.js';
import { negotiatesLegacyOnDual } from './negotiates-legacy-on-dual.js';

/**
 * The false-positive corpus: correct but unusual clients, each registered as `unusual:<name>`.
 * Each must get no failing verdict on the whole catalog (only pass, n/a or inconclusive); a check
 * that fails one of them is wrong (see DEFECTS.md).
 */
export const UNUSUAL_CLIENTS: readonly ClientAdapterFactory[] = [negotiatesLegacyOnDual];
