/**
 * Availability checks for the needs auditors declare (`meta.needs`), one line per need, added by
 * the subsystem that provides it. A check answers why the need cannot be met in this run, or
 * undefined when it can; the runner then reports every auditor needing it as skipped with that
 * reason. A need without a check here is left to the auditor, which calls `ctx.skip(reason)` itself.
 */
import type { NeedCheck } from './services.js';
import type { Need } from './types.js';
import { llmUnavailable } from '../llm/engine.js';

export const NEED_CHECKS: Partial<Record<Need, NeedCheck>> = {
  llm: llmUnavailable,
};
