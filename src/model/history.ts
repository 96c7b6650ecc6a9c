/** A project's measures over its git history: one record per commit, as `leanaudit history` writes them. */

/** One commit and its measures. */
export interface HistoryRecord {
  /** The full commit hash. */
  commit: string;
  /** Committer date, ISO 8601. */
  time: string;
  subject: string;
  /** Counts by name: `sorry`, each gap kind, `axiom`, `declarations`, `theorems`, `resting-on-sorry`, … */
  metrics: Record<string, number>;
}

/** The JSON `leanaudit history` writes. */
export interface History {
  schemaVersion: 1;
  /** The range read, as given (`HEAD` when none was). */
  range: string;
  records: HistoryRecord[];
}
