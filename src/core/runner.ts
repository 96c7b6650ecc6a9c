/** Runs auditors over one project and collects their findings into AuditorRuns. */

import type { PairedEntity } from '../model/entity.js';
import type { LeanProject } from '../model/lean.js';
import type { Location, Severity } from '../model/location.js';
import type { Config, RuleSetting } from './config.js';
import { AUDITOR_TIMEOUT_MS, auditorConfig } from './config.js';
import { SkipAuditor } from './errors.js';
import type { Shard } from './shard.js';
import type {
  AuditContext,
  Auditor,
  AuditorRun,
  CompileStatus,
  DependencyCheck,
  Finding,
  FindingInput,
  GroundedConstant,
  Need,
  Rule,
  RunEvent,
  TheoremTrust,
} from './types.js';

/** Shared, lazily computed resources handed to every auditor. */
export interface RunServices {
  root: string;
  config: Config;
  signal: AbortSignal;
  project(): Promise<LeanProject>;
  entities(): Promise<PairedEntity[]>;
  /** This run's part of a sharded audit (`audit --shard i/N`). */
  shard?: Shard;
  /** Compile status by entity id; absent: every status is unknown. */
  compileStatus?(): Promise<Map<string, CompileStatus>>;
  /** Library constants' signatures; absent: none can be looked up. */
  groundConstants?(names: string[]): Promise<Map<string, GroundedConstant>>;
  /** Why `need` cannot be met in this run, or undefined when it can; absent means every need is met. */
  unavailable?(need: Need): Promise<string | undefined>;
  log?(message: string): void;
  /** Hears each auditor start, progress and end (the progress line, --verbose). */
  onEvent?(event: RunEvent): void;
  /** Whether an inline directive suppresses a finding of `rule` at `location` (see suppressions.ts); absent: none does. */
  suppresses?(rule: string, location: Location): boolean;
}

/**
 * The most findings of one rule an auditor's run keeps; the rest are counted (AuditorRun.omitted),
 * so that a hostile file (one 20 MB line of `sorry; sorry; …` is 2.5 million findings) ends in a
 * report of bounded size whose counts, verdict and exit status still include every finding. No
 * real project comes near it.
 */
export const MAX_FINDINGS_PER_RULE = 10_000;

/** Fills `{{name}}` placeholders of a message template. */
export function formatMessage(template: string, data: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (key in data ? String(data[key]) : whole));
}

/** The severity of a rule, or `off`: the `rules` setting, else `auditors.<id>.severity`, else the rule's own. */
export function ruleSetting(config: Config, auditorId: string, messageId: string, rule: Rule): RuleSetting {
  return config.rules?.[`${auditorId}/${messageId}`] ?? auditorConfig(config, auditorId).severity ?? rule.severity;
}

/** Raised when an auditor runs past `auditors.<id>.timeoutMs`. */
class AuditorTimeout extends Error {
  override name = 'AuditorTimeout';
}

/**
 * Runs one auditor; never throws: a throw or a time-out (`auditors.<id>.timeoutMs`) becomes an
 * `error` run, a skip a `skipped` run. Findings of a rule set `off` are dropped; an auditor's
 * findings reported after its run ended (it ignored the abort of a time-out) are not kept.
 */
export async function runAuditor(auditor: Auditor, services: RunServices): Promise<AuditorRun> {
  const { meta } = auditor;
  const cfg = auditorConfig(services.config, meta.id);
  const findings: Finding[] = [];
  const kept = new Map<string, number>();
  const omitted: Record<string, { severity: Severity; count: number }> = {};
  let suppressed = 0;
  const metrics: Record<string, number> = {};
  const dependencies: DependencyCheck[] = [];
  const trust: TheoremTrust[] = [];
  const started = performance.now();
  const timeout = new AbortController();
  let ended = false;
  const ctx: AuditContext = {
    root: services.root,
    config: services.config,
    signal: AbortSignal.any([services.signal, timeout.signal]),
    project: services.project,
    entities: services.entities,
    compileStatus: services.compileStatus ?? (async () => new Map()),
    groundConstants: services.groundConstants ?? (async () => new Map()),
    report(input: FindingInput) {
      const { data, message, ...rest } = input;
      const rule = meta.rules[input.messageId];
      if (rule === undefined) throw new Error(`auditor ${meta.id}: unknown rule ${meta.id}/${input.messageId}`);
      const severity = ruleSetting(services.config, meta.id, input.messageId, rule);
      if (ended || severity === 'off') return;
      // Judged before the message is made: past the cap, millions of findings cost a count each.
      if (input.location !== undefined && services.suppresses?.(`${meta.id}/${input.messageId}`, input.location)) {
        suppressed++;
        return;
      }
      const count = kept.get(input.messageId) ?? 0;
      if (count >= MAX_FINDINGS_PER_RULE) {
        const tally = (omitted[input.messageId] ??= { severity, count: 0 });
        tally.count++;
        return;
      }
      kept.set(input.messageId, count + 1);
      findings.push({ auditorId: meta.id, severity, message: message ?? formatMessage(rule.message, data), ...rest });
    },
    metric(name, value) {
      if (!ended) metrics[name] = value;
    },
    progress(update) {
      services.onEvent?.({ kind: 'progress', auditorId: meta.id, ...update });
    },
    dependency(check) {
      dependencies.push(check);
    },
    trust(record) {
      if (!ended) trust.push(record);
    },
    skip(reason: string, enable?: string): never {
      throw new SkipAuditor(reason, enable);
    },
    log(message) {
      services.log?.(`[${meta.id}] ${message}`);
    },
    ...(meta.shard && services.shard ? { shard: services.shard } : {}),
  };
  services.onEvent?.({ kind: 'start', auditorId: meta.id });
  const done = (status: AuditorRun['status'], reason?: string, enable?: string): AuditorRun => {
    ended = true;
    const run: AuditorRun = {
      auditorId: meta.id,
      status,
      ...(reason !== undefined ? { reason } : {}),
      ...(enable !== undefined ? { enable } : {}),
      ...(status === 'error' && cfg.allowFailure === true ? { failureAllowed: true } : {}),
      findings,
      ...(Object.keys(omitted).length > 0 ? { omitted } : {}),
      ...(suppressed > 0 ? { suppressed } : {}),
      metrics,
      durationMs: Math.round(performance.now() - started),
      meta,
      ...(dependencies.length ? { dependencies } : {}),
      ...(trust.length ? { trust } : {}),
    };
    services.onEvent?.({ kind: 'end', auditorId: meta.id, status, durationMs: run.durationMs });
    return run;
  };
  const timeoutMs = cfg.timeoutMs ?? AUDITOR_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new AuditorTimeout(`timed out after ${timeoutMs} ms (auditors.${meta.id}.timeoutMs)`);
      timeout.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    await Promise.race([auditor.run(ctx, cfg.options ?? {}), timedOut]);
    // A run that never yields to the event loop cannot be stopped by the timer: past its limit all the same, it failed.
    if (performance.now() - started > timeoutMs) {
      return done('error', `timed out after ${timeoutMs} ms (auditors.${meta.id}.timeoutMs)`);
    }
    return done('ok');
  } catch (e) {
    if (e instanceof SkipAuditor) return done('skipped', e.message, e.enable);
    return done('error', e instanceof Error ? e.message : String(e));
  } finally {
    clearTimeout(timer);
  }
}

/** The reason given by a shard for an auditor that does not split its work. */
export const WHOLE_IN_SHARD_1 = 'runs whole in shard 1';

/** A run that never started, with the reason. */
function notRun(auditor: Auditor, reason: string): AuditorRun {
  return { auditorId: auditor.meta.id, status: 'skipped', reason, findings: [], metrics: {}, durationMs: 0, meta: auditor.meta };
}

/** The reason an auditor cannot run here (disabled, run whole in another shard, or a need unmet), or undefined. */
async function whyNotRun(auditor: Auditor, services: RunServices): Promise<string | undefined> {
  if (auditorConfig(services.config, auditor.meta.id).enabled === false) return 'disabled in the configuration';
  const { shard } = services;
  if (shard && shard.count > 1 && !auditor.meta.shard && shard.index !== 1) return `${WHOLE_IN_SHARD_1} of ${shard.count}`;
  for (const need of auditor.meta.needs ?? []) {
    const reason = await services.unavailable?.(need);
    if (reason !== undefined) return `needs ${need}: ${reason}`;
  }
  return undefined;
}

/**
 * Runs the auditors concurrently and returns their runs in the order given. A disabled auditor, or
 * one whose needs are unmet, is reported as skipped with the reason, never dropped.
 */
export async function runAuditors(auditors: Auditor[], services: RunServices): Promise<AuditorRun[]> {
  return Promise.all(
    auditors.map(async (auditor) => {
      const reason = await whyNotRun(auditor, services);
      if (reason === undefined) return runAuditor(auditor, services);
      services.onEvent?.({ kind: 'end', auditorId: auditor.meta.id, status: 'skipped', durationMs: 0 });
      return notRun(auditor, reason);
    }),
  );
}
