/** The reporter contract: a pure function from a Report to text, given in pieces to write as they come. */
import type { Report } from '../core/types.js';

export interface ReporterOptions {
  /** ANSI colors (terminal only); the caller decides, e.g. only on a TTY. */
  color?: boolean;
  /** The audited project's folder relative to where the paths are read (the git repository's root), for reporters that print bare paths. */
  pathPrefix?: string;
  /** Markdown as a GitHub job summary: says which findings past this many per level GitHub did not annotate. */
  annotationLimit?: number;
  /** Markdown: the most bytes it may take (default: what a GitHub comment holds). */
  sizeLimit?: number;
  /** Base address of the rule pages (`<base>/<auditor>.md#<messageId>`), for SARIF help links. */
  docsUrl?: string;
  /** HTML: only this entity (a label or Lean name) and its ancestors, with the findings about them. */
  focus?: string;
}

/**
 * The report's text as a sequence of pieces (a generator): joined, they are the text. A report of
 * many findings is written piece by piece, never held as one string.
 */
export type Reporter = (report: Report, options?: ReporterOptions) => Iterable<string>;
