/** Every output format and the reporter that renders it. One line per format. */

import { githubReporter } from './github.js';
import { htmlReporter } from './html.js';
import { jsonReporter } from './json.js';
import { markdownReporter } from './markdown.js';
import { sarifReporter } from './sarif.js';
import { terminalReporter } from './terminal.js';
import type { Reporter } from './types.js';

export const REPORTERS = {
  terminal: terminalReporter,
  json: jsonReporter,
  markdown: markdownReporter,
  html: htmlReporter,
  sarif: sarifReporter,
  github: githubReporter,
} satisfies Record<string, Reporter>;

export type Format = keyof typeof REPORTERS;

/** A reporter's pieces as one text: for a report known to be small (the Markdown one is cut under 65,000 characters), and for tests. */
export const renderText = (pieces: Iterable<string>): string => [...pieces].join('');

export const FORMATS = Object.keys(REPORTERS) as Format[];
