import type { FindingInput } from '../../core/types.js';
import type { Token } from '../../model/lean.js';

/** A finding of `rule` at a token of a file. */
export const hitAt = (
  file: string,
  at: Pick<Token, 'line' | 'column'>,
  rule: string,
  data: Record<string, string>,
  evidence: Record<string, unknown> = {},
): FindingInput => ({ messageId: rule, data, location: { file, line: at.line, column: at.column }, evidence });
