/** Turns a scan outcome into findings and metrics, and item results into JSONL. */
import type { AuditorMeta, FindingInput } from '../core/types.js';
import type { Location } from '../model/location.js';
import type { BestMatch, ItemResult } from './aggregate.js';
import type { SharedParts } from './lean-evidence.js';
import type { ScanOutcome } from './run.js';

/** Message templates of the contamination findings. */
export const CONTAMINATION_RULES: AuditorMeta['rules'] = {
  dirty: {
    message: '{{item}} ({{benchmark}}) is dirty: {{detail}}',
    severity: 'error',
    docs: {
      what: 'A benchmark item whose strongest channel (exact 50-character windows, word n-grams, Lean tokens) scores at or above the dirty threshold (0.8 by default) against the corpus.',
      why: 'An item found in training data or a library measures recall, not proving; results on it are not evidence of ability.',
      example: 'mathd_algebra_10 (minif2f) is dirty: exact windows η=0.93 (27/29); best match Corpus/Algebra.lean:41',
    },
  },
  suspicious: {
    message: '{{item}} ({{benchmark}}) is suspicious: {{detail}}',
    severity: 'warning',
    docs: {
      what: 'A benchmark item scoring between the suspicious (0.2) and dirty (0.8) thresholds on its strongest channel.',
      why: 'Part of the item appears in the corpus: read the best match before counting the item as clean or dirty.',
      example: '{"contamination": {"thresholds": {"suspicious": 0.3, "dirty": 0.9}}}',
    },
  },
  'name-leak': {
    message: 'the theorem name {{name}} of {{item}} ({{benchmark}}) appears in the corpus at {{where}}',
    severity: 'info',
    docs: {
      what: 'The theorem name of a benchmark item (at least 5 characters) appears in the corpus.',
      why: 'A distinctive name found verbatim suggests the formal statement itself was published there.',
      example: 'theorem imo_1959_p1 … found in Corpus/IMO.lean:12',
    },
  },
  'input-problem': {
    message: 'skipped input: {{problem}}',
    severity: 'warning',
    docs: {
      what: 'A benchmark or corpus input that was skipped: a malformed JSON line, a record without the mapped fields, an unreadable file.',
      why: "The scan's figures are over the inputs read; skipped ones are said, never silently dropped.",
      example: 'minif2f.jsonl:57: not a JSON object',
    },
  },
  'benchmark-totals': {
    message:
      'benchmark {{benchmark}}: {{items}} items, {{dirty}} dirty, {{suspicious}} suspicious, {{clean}} clean, {{nameLeaks}} name leaks',
    severity: 'info',
    docs: {
      what: 'The totals of one benchmark: items, dirty, suspicious, clean, name leaks.',
      why: "The figure a benchmark's authors report; kept in the report with the configuration that produced it.",
      example: 'benchmark minif2f: 488 items, 12 dirty, 30 suspicious, 446 clean, 3 name leaks',
    },
  },
  'corpus-totals': {
    message:
      'corpus {{corpus}}: {{files}} files, {{documents}} documents, {{bytes}} bytes, {{documentsWithHits}} documents with hits, {{itemsHit}} items hit',
    severity: 'info',
    docs: {
      what: 'The totals of one corpus: files, documents, bytes, documents with hits, items hit.',
      why: 'Says what was searched, so a clean result is read against the size of the corpus.',
      example: 'corpus lean-corpus: 9120 files, 9120 documents, 1.2 GB, 40 documents with hits',
    },
  },
  configuration: {
    message: 'configuration {{hash}}: {{summary}}',
    severity: 'info',
    docs: {
      what: "The scan's settings (normalizer and notation versions, window, thresholds, n-gram lengths, channels) and their hash.",
      why: 'Verdicts are comparable only between runs with the same configuration hash.',
      example: 'configuration 3f2a9c0d1e4b5a67: normalizer v2, window 50, thresholds 0.2/0.8',
    },
  },
};

/** Where a best match is, as `file:line` (with the record index for JSON arrays). */
export function matchPlace(m: { file: string; line: number; record?: number }): string {
  return m.record !== undefined ? `${m.file}#${m.record}` : `${m.file}:${m.line}`;
}

/** What a Lean match shares, in words. */
function sharesText(shared: SharedParts): string {
  if (shared.conclusion) return 'shares the conclusion';
  const whole = shared.hypotheses === 1 ? '1 whole hypothesis' : `${shared.hypotheses} whole hypotheses`;
  return `shares ${whole} (${shared.hypothesisTokens} tokens), not the conclusion`;
}

function detail(r: ItemResult): string {
  const fmt = (x: number): string => x.toFixed(2);
  switch (r.strongest) {
    case 'exact': {
      const f = r.exact!.byField[r.exact!.field]!;
      return `exact windows of the ${r.exact!.field} statement η=${fmt(f.eta)} (${f.matched}/${f.windows})`;
    }
    case 'ngram':
      return `word ${r.ngram!.coverN}-gram coverage ${fmt(r.ngram!.coverage)}${r.ngram!.hit ? `, ${r.ngram!.hitN}-gram hit` : ''}`;
    case 'lean': {
      const l = r.lean!;
      const made = l.best?.canonicalizations.length
        ? `; after canonicalizing ${l.best.canonicalizations.join(', ').replace(/-/g, ' ')}`
        : '';
      const shares = l.best ? `; ${sharesText(l.best.shared)}` : '';
      return `Lean statement matches ${l.best?.name ?? ''} (token ${l.n}-gram coverage ${fmt(l.coverage)}, longest run ${l.best?.longestRun ?? 0} of ${l.tokens} tokens${shares}${made})`;
    }
    case 'name':
      return `theorem name ${r.nameLeak!.name} found`;
    default:
      return 'clean';
  }
}

function bestOf(r: ItemResult): BestMatch | undefined {
  if (r.strongest === 'exact') return r.exact?.best;
  if (r.strongest === 'ngram') return r.ngram?.best;
  if (r.strongest === 'lean') return r.lean?.best;
  return undefined;
}

const toLocation = (m: { file: string; line: number }): Location => ({ file: m.file, line: m.line });

/** Reports the outcome through `sink`: one finding per item not clean, name leaks, skipped input, totals. */
export function reportOutcome(
  outcome: ScanOutcome,
  sink: { report(f: FindingInput): void; metric(name: string, value: number): void },
): void {
  for (const r of outcome.items) {
    const data = { item: r.id, benchmark: r.benchmark };
    if (r.verdict !== 'clean' && r.strongest !== 'name') {
      const best = bestOf(r);
      sink.report({
        messageId: r.verdict,
        entityId: r.id,
        location: r.location,
        ...(best ? { related: [{ location: toLocation(best), message: `best match (coverage ${best.coverage.toFixed(2)})` }] } : {}),
        evidence: { ...r },
        data: { ...data, detail: detail(r) + (best ? `; best match ${matchPlace(best)}` : '') },
      });
    }
    const leak = r.nameLeak;
    if (leak?.leaked && leak.where) {
      sink.report({
        messageId: 'name-leak',
        entityId: r.id,
        location: r.location,
        related: [{ location: toLocation(leak.where), message: `${leak.name} appears here` }],
        evidence: { name: leak.name, where: leak.where },
        data: { ...data, name: leak.name, where: matchPlace(leak.where) },
      });
    }
  }
  for (const p of outcome.problems) {
    sink.report({ messageId: 'input-problem', location: p.location, data: { problem: p.message } });
  }
  for (const b of outcome.benchmarks) {
    sink.report({
      messageId: 'benchmark-totals',
      evidence: { ...b },
      data: { benchmark: b.benchmark, items: b.items, ...b.verdicts, nameLeaks: b.nameLeaks },
    });
  }
  for (const c of outcome.corpora) {
    sink.report({ messageId: 'corpus-totals', evidence: { ...c }, data: { ...c } });
  }
  const s = outcome.settings;
  sink.report({
    messageId: 'configuration',
    evidence: { configHash: outcome.configHash, settings: s, bench: outcome.bench, corpus: outcome.corpus },
    data: {
      hash: outcome.configHash,
      summary:
        `normalizer v${s.normalizerVersion}, notation v${s.notationVersion}, window ${s.window}, ` +
        `thresholds ${s.thresholds.suspicious}/${s.thresholds.dirty}, word n-grams ${s.ngram.hit}/${s.ngram.coverage}, ` +
        `lean n ${s.lean.n} (boilerplate in ${s.lean.commonIn}+ items; ${s.lean.hypothesisTokens} hypothesis tokens without a shared conclusion), ` +
        `channels ${s.channels.join(',')}`,
    },
  });
  const count = (v: string): number => outcome.items.filter((r) => r.verdict === v).length;
  sink.metric('items', outcome.items.length);
  sink.metric('dirty', count('dirty'));
  sink.metric('suspicious', count('suspicious'));
  sink.metric('clean', count('clean'));
  sink.metric('nameLeaks', outcome.items.filter((r) => r.nameLeak?.leaked).length);
  sink.metric('windows', outcome.stats.windows);
  sink.metric(
    'corpusDocuments',
    outcome.corpora.reduce((n, c) => n + c.documents, 0),
  );
  sink.metric(
    'corpusBytes',
    outcome.corpora.reduce((n, c) => n + c.bytes, 0),
  );
  sink.metric('inputProblems', outcome.problems.length);
  sink.metric('scanMs', outcome.stats.scanMs);
}

/** One JSON line per item result, each carrying the configuration hash, a line at a time. */
export function* itemResultsJsonl(outcome: ScanOutcome): Generator<string> {
  for (const r of outcome.items) yield `${JSON.stringify({ configHash: outcome.configHash, ...r })}\n`;
}
