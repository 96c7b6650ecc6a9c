/**
 * Folds the hits of corpus documents into per-item results: for every channel, which units matched
 * anywhere and which document matched the most of them (the best match, with its spans).
 */
import type { Location } from '../model/location.js';
import type { ChannelId, Verdict } from './config.js';
import { verdictOf } from './config.js';
import type { InputProblem } from './input.js';
import { type CanonTrace, canonicalizationsBetween } from './lean-canon.js';
import { isEvidence, type SharedParts, sharedParts } from './lean-evidence.js';
import type { Prepared, Units } from './prepare.js';
import type { DocRef, TaskResult } from './task.js';

/** A matched stretch of an item's normalized text. */
export interface Span {
  field: string;
  start: number;
  end: number;
  text: string;
}

/** The corpus document that matched an item best in one channel. */
export interface BestMatch {
  corpus: string;
  file: string;
  line: number;
  record?: number;
  /** Share of the item's units found in this document. */
  coverage: number;
  /** Longest matched stretch: characters (exact), words (ngram), tokens (lean). */
  longestRun: number;
  spans: Span[];
}

/** Windows of one text of an item: η = matched windows / all windows, over the whole corpus. */
export interface FieldEta {
  windows: number;
  matched: number;
  eta: number;
}

export interface ExactResult {
  verdict: Verdict;
  /** The larger η of the informal and the formal statement. */
  eta: number;
  field: string;
  byField: Record<string, FieldEta>;
  best?: BestMatch;
}

export interface NgramResult {
  verdict: Verdict;
  /** Length used for the any-hit test (shorter when the text is shorter). */
  hitN: number;
  hit: boolean;
  coverN: number;
  grams: number;
  matched: number;
  coverage: number;
  best?: BestMatch;
}

export interface LeanResult {
  verdict: Verdict;
  /** Canonical tokens of the formal statement. */
  tokens: number;
  /** Token n-gram length used (shorter when the statement is shorter). */
  n: number;
  grams: number;
  /** Share of the n-grams found in the best-matching corpus statement. */
  coverage: number;
  /**
   * The best match: what canonicalization had to change for it (binder-order, variable-names, notation, …;
   * see lean-canon.ts), what it shares, and whether that is too little to count (`weak`: the verdict is clean).
   */
  best?: BestMatch & { name: string; canonicalizations: string[]; shared: SharedParts; weak: boolean };
}

export interface NameResult {
  verdict: Verdict;
  name: string;
  leaked: boolean;
  where?: Location & { corpus: string };
}

/** Everything the scan says about one benchmark item. */
export interface ItemResult {
  id: string;
  benchmark: string;
  name?: string;
  location: Location;
  verdict: Verdict;
  strongest: ChannelId | null;
  exact?: ExactResult;
  ngram?: NgramResult;
  lean?: LeanResult;
  nameLeak?: NameResult;
}

/** Length of the longest run of equal consecutive tokens shared by `a` and `b`. */
export function longestCommonRun(a: string[], b: string[]): number {
  let best = 0;
  let prev = new Uint32Array(b.length + 1);
  let cur = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : 0;
      if (cur[j]! > best) best = cur[j]!;
    }
    [prev, cur] = [cur, prev];
  }
  return best;
}

/** Per-corpus totals. */
export interface CorpusTotals {
  corpus: string;
  files: number;
  documents: number;
  bytes: number;
  documentsWithHits: number;
  itemsHit: number;
  problems: number;
}

interface Best {
  doc: DocRef;
  line: number;
  units: number[];
  /** The matched corpus statement (Lean-aware channel). */
  decl?: { name: string; tokens: string[]; trace: CanonTrace };
  /** Lean-aware channel: a shared n-gram lies mostly in the corpus statement's conclusion. */
  theirConclusion?: boolean;
  /** Lean-aware channel: what the match shares, whether that counts (see lean-evidence.ts), and the verdict it gives. */
  shared?: SharedParts;
  evidence?: boolean;
  verdict?: Verdict;
}

const MAX_SPANS = 20;

/** Ties go to the earlier place (file, record, line), so results do not depend on worker timing. */
function earlier(a: Best, b: Best): boolean {
  if (a.doc.file !== b.doc.file) return a.doc.file < b.doc.file;
  if ((a.doc.record ?? 0) !== (b.doc.record ?? 0)) return (a.doc.record ?? 0) < (b.doc.record ?? 0);
  return a.line < b.line;
}
const RANK: Record<Verdict, number> = { clean: 0, suspicious: 1, dirty: 2 };

/**
 * Whether `cand` beats `best`: the higher verdict (Lean-aware channel, where a match that shares
 * too little gives clean whatever its coverage), then more units, then the earlier place.
 */
function better(cand: Best, best: Best | undefined): boolean {
  if (best === undefined) return true;
  const rank = (b: Best): number => RANK[b.verdict ?? 'clean'];
  if (rank(cand) !== rank(best)) return rank(cand) > rank(best);
  if (cand.units.length !== best.units.length) return cand.units.length > best.units.length;
  return earlier(cand, best);
}

/** What a Lean-aware match of `item` shares, whether it counts, and its verdict. */
type Judge = (item: number, cand: Best) => Pick<Best, 'shared' | 'evidence' | 'verdict'>;

/** Per-channel state: units matched anywhere and the best document per item. */
class ChannelFold {
  readonly matched: Uint8Array;
  readonly best: (Best | undefined)[] = [];

  constructor(
    readonly units: Units,
    private readonly judge?: Judge,
  ) {
    this.matched = new Uint8Array(units.item.length);
  }

  /**
   * Adds one document's [id, line] pairs; items with a hit are added to `touched`. `decl` is the
   * matched Lean statement, `inConclusion` the ids found mostly in its conclusion.
   */
  add(doc: DocRef, pairs: number[], touched: Set<number>, decl?: Best['decl'], inConclusion?: ReadonlySet<number>): void {
    const perItem = new Map<number, Best>();
    for (let i = 0; i < pairs.length; i += 2) {
      const units = this.units.byId.get(pairs[i]!);
      if (!units) continue;
      const line = pairs[i + 1]!;
      const theirs = inConclusion?.has(pairs[i]!) === true;
      for (const u of units) {
        this.matched[u] = 1;
        const item = this.units.item[u]!;
        const cur = perItem.get(item);
        if (cur) {
          cur.units.push(u);
          if (line < cur.line) cur.line = line;
          if (theirs) cur.theirConclusion = true;
        } else perItem.set(item, { doc, line, units: [u], ...(decl ? { decl } : {}), ...(theirs ? { theirConclusion: true } : {}) });
      }
    }
    for (const [item, cand] of perItem) {
      touched.add(item);
      if (this.judge) Object.assign(cand, this.judge(item, cand));
      if (better(cand, this.best[item])) this.best[item] = cand;
    }
  }

  /** Units of `item` (in its text `text`, when given) matched anywhere, and their number. */
  matchedOf(item: number, text?: number): { matched: number; total: number } {
    const first = this.units.first[item];
    let matched = 0;
    let total = 0;
    if (first === undefined) return { matched, total };
    for (let u = first; u < first + this.units.of(item); u++) {
      if (text !== undefined && this.units.text[u] !== text) continue;
      total++;
      matched += this.matched[u]!;
    }
    return { matched, total };
  }
}

/** Collects task results and produces item results and corpus totals. */
export class Aggregator {
  private readonly exact: ChannelFold;
  private readonly hit: ChannelFold;
  private readonly cover: ChannelFold;
  private readonly names: ChannelFold;
  private readonly lean: ChannelFold;
  private readonly corpora = new Map<string, CorpusTotals & { items: Set<number>; paths: Set<string> }>();
  readonly problems: InputProblem[] = [];

  constructor(
    private readonly prep: Prepared,
    corpusOrder: string[],
  ) {
    this.exact = new ChannelFold(prep.exact);
    this.hit = new ChannelFold(prep.hit);
    this.cover = new ChannelFold(prep.cover);
    this.names = new ChannelFold(prep.names);
    this.lean = new ChannelFold(prep.lean, (item, cand) => {
      const p = prep.items[item]!;
      const grams = cand.units.map((u): [number, number] => [prep.lean.pos[u]!, prep.lean.len[u]!]);
      const shared = sharedParts(p.leanShape!, p.leanTokens.length, grams, cand.theirConclusion === true);
      const coverage = cand.units.length / prep.lean.of(item);
      const { thresholds, lean } = prep.settings;
      const evidence = isEvidence(shared, coverage, { dirty: thresholds.dirty, hypothesisTokens: lean.hypothesisTokens });
      const verdict = evidence ? verdictOf(coverage, thresholds) : 'clean';
      return { shared, evidence, verdict };
    });
    for (const c of corpusOrder) this.totals(c);
  }

  private totals(corpus: string): CorpusTotals & { items: Set<number>; paths: Set<string> } {
    let t = this.corpora.get(corpus);
    if (!t) {
      t = { corpus, files: 0, documents: 0, bytes: 0, documentsWithHits: 0, itemsHit: 0, problems: 0, items: new Set(), paths: new Set() };
      this.corpora.set(corpus, t);
    }
    return t;
  }

  /** Folds in one task's result. */
  add(result: TaskResult, file: string): void {
    const t = this.totals(result.corpus);
    t.paths.add(file);
    t.documents += result.documents;
    t.bytes += result.bytes;
    t.problems += result.problems.length;
    this.problems.push(...result.problems);
    for (const { ref, hits, lean } of result.docs) {
      t.documentsWithHits++;
      this.exact.add(ref, hits.exact, t.items);
      this.hit.add(ref, hits.grams, t.items);
      this.cover.add(ref, hits.grams, t.items);
      this.names.add(ref, hits.names, t.items);
      for (const d of lean) {
        const pairs = d.ids.flatMap((id) => [id, d.line]);
        const decl = { name: d.name, tokens: d.tokens, trace: d.trace };
        this.lean.add({ ...ref, line: d.line }, pairs, t.items, decl, new Set(d.inConclusion));
      }
    }
  }

  /** Per-corpus totals, in the order the corpora were given. */
  corpusTotals(): CorpusTotals[] {
    return [...this.corpora.values()].map(({ items, paths, ...t }) => ({ ...t, files: paths.size, itemsHit: items.size }));
  }

  private bestMatch(fold: ChannelFold, i: number, total: number, unit: 'chars' | 'words' | 'tokens'): BestMatch | undefined {
    const best = fold.best[i];
    if (!best) return undefined;
    const p = this.prep.items[i]!;
    const units = fold.units;
    const intervals = best.units
      .map((u) => ({ text: units.text[u]!, start: units.pos[u]!, end: units.pos[u]! + units.len[u]! }))
      .sort((a, b) => a.text - b.text || a.start - b.start);
    const merged: { text: number; start: number; end: number }[] = [];
    for (const iv of intervals) {
      const last = merged[merged.length - 1];
      if (last && last.text === iv.text && iv.start <= last.end) last.end = Math.max(last.end, iv.end);
      else merged.push({ ...iv });
    }
    const spans = merged.map((m): Span => {
      if (unit === 'tokens') return { field: 'formal', start: m.start, end: m.end, text: p.leanTokens.slice(m.start, m.end).join(' ') };
      const { field, norm } = p.texts[m.text]!;
      const [s, e] = unit === 'chars' ? [m.start, m.end] : [p.words[m.start]![0], p.words[m.end - 1]![1]];
      return { field, start: s, end: e, text: norm.slice(s, e) };
    });
    return {
      corpus: best.doc.corpus,
      file: best.doc.file,
      line: best.line,
      ...(best.doc.record !== undefined ? { record: best.doc.record } : {}),
      coverage: best.units.length / total,
      longestRun:
        unit === 'tokens' && best.decl ? longestCommonRun(p.leanTokens, best.decl.tokens) : Math.max(...merged.map((m) => m.end - m.start)),
      spans: spans.slice(0, MAX_SPANS),
    };
  }

  /** The corpus statement that matched item `i` best, the canonicalizations that made it match, and what it shares. */
  private matchedDecl(i: number): { name: string; canonicalizations: string[]; shared: SharedParts; weak: boolean } {
    const best = this.lean.best[i]!;
    const { name, trace } = best.decl!;
    const own = this.prep.items[i]!.leanTrace;
    return {
      name,
      canonicalizations: own ? canonicalizationsBetween(own, trace) : [],
      shared: best.shared!,
      weak: best.evidence === false,
    };
  }

  /** The result of every item, in benchmark order. */
  results(): ItemResult[] {
    const { settings } = this.prep;
    return this.prep.items.map((p, i): ItemResult => {
      const r: ItemResult = {
        id: p.item.id,
        benchmark: p.item.benchmark,
        ...(p.item.name !== undefined ? { name: p.item.name } : {}),
        location: p.item.location,
        verdict: 'clean',
        strongest: null,
      };
      const windows = this.prep.exact.of(i);
      if (windows > 0) {
        const byField: Record<string, FieldEta> = {};
        let top: { field: string; eta: number } | undefined;
        p.texts.forEach(({ field }, t) => {
          const { matched, total } = this.exact.matchedOf(i, t);
          if (total === 0) return;
          byField[field] = { windows: total, matched, eta: matched / total };
          if (!top || matched / total > top.eta) top = { field, eta: matched / total };
        });
        const best = this.bestMatch(this.exact, i, windows, 'chars');
        r.exact = {
          verdict: verdictOf(top!.eta, settings.thresholds),
          eta: top!.eta,
          field: top!.field,
          byField,
          ...(best ? { best } : {}),
        };
      }
      const grams = this.prep.cover.of(i);
      if (grams > 0) {
        const { matched } = this.cover.matchedOf(i);
        const coverage = matched / grams;
        const hit = this.hit.matchedOf(i).matched > 0;
        const byCoverage = verdictOf(coverage, settings.thresholds);
        const best = this.bestMatch(this.cover, i, grams, 'words');
        r.ngram = {
          verdict: hit && byCoverage === 'clean' ? 'suspicious' : byCoverage,
          hitN: this.prep.hit.len[this.prep.hit.first[i]!]!,
          hit,
          coverN: this.prep.cover.len[this.prep.cover.first[i]!]!,
          grams,
          matched,
          coverage,
          ...(best ? { best } : {}),
        };
      }
      const leanGrams = this.prep.lean.of(i);
      if (leanGrams > 0) {
        const best = this.bestMatch(this.lean, i, leanGrams, 'tokens');
        const coverage = best?.coverage ?? 0;
        r.lean = {
          verdict: this.lean.best[i]?.verdict ?? 'clean',
          tokens: p.leanTokens.length,
          n: this.prep.lean.len[this.prep.lean.first[i]!]!,
          grams: leanGrams,
          coverage,
          ...(best ? { best: { ...best, ...this.matchedDecl(i) } } : {}),
        };
      }
      if (this.prep.names.of(i) > 0) {
        const best = this.names.best[i];
        r.nameLeak = {
          verdict: best ? 'suspicious' : 'clean',
          name: p.item.name!,
          leaked: best !== undefined,
          ...(best ? { where: { corpus: best.doc.corpus, file: best.doc.file, line: best.line } } : {}),
        };
      }
      const scored: [ChannelId, Verdict, number][] = [];
      if (r.exact) scored.push(['exact', r.exact.verdict, r.exact.eta]);
      if (r.ngram) scored.push(['ngram', r.ngram.verdict, r.ngram.coverage]);
      if (r.lean) scored.push(['lean', r.lean.verdict, r.lean.coverage]);
      if (r.nameLeak) scored.push(['name', r.nameLeak.verdict, 0]);
      for (const [channel, verdict, score] of scored) {
        if (verdict === 'clean') continue;
        const cur = scored.find((s) => s[0] === r.strongest);
        if (!cur || RANK[verdict] > RANK[cur[1]] || (RANK[verdict] === RANK[cur[1]] && score > cur[2])) {
          r.strongest = channel;
          r.verdict = verdict;
        }
      }
      return r;
    });
  }
}
