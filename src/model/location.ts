/** Where things stand in the audited repository, and how severe a finding is. */

export type Severity = 'error' | 'warning' | 'info';

export const SEVERITIES: readonly Severity[] = ['info', 'warning', 'error'];

/** Position of something in a file of the audited repository (1-based line, 0-based column). */
export interface Location {
  file: string;
  line: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
}
