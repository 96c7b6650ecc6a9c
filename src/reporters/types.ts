/** The reporter contract: a pure function from a Report to text. */
import type { Report } from '../core/types.js';

export interface ReporterOptions {
  /** ANSI colors (terminal only); the caller decides, e.g. only on a TTY. */
  color?: boolean;
  /** The audited project's folder relative to where the paths are read (the GitHub workspace), for reporters that print bare paths. */
  pathPrefix?: string;
  /** Markdown as a GitHub job summary: says which findings past this many per level GitHub did not annotate. */
  annotationLimit?: number;
  /** Base address of the rule pages (`<base>/<auditor>.md#<messageId>`), for SARIF help links. */
  docsUrl?: string;
}

export type Reporter = (report: Report, options?: ReporterOptions) => string;
