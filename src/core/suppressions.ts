/** Inline suppression of findings (`-- leanaudit-disable-next-line <rule>: reason`). */
import type { AuditorMeta } from './types.js';

/** The rules the core reports about suppression directives, under a pseudo-auditor of its own. */
export const SUPPRESSION_META: AuditorMeta = {
  id: 'suppressions',
  description: 'inline suppression directives that suppress nothing or cannot be read',
  rules: {},
};
