/** Runs auditors over one project and collects their findings into AuditorRuns. */

import type { PairedEntity } from '../model/entity.js';
import type { LeanProject } from '../model/lean.js';
import type { Config } from './config.js';
import { auditorConfig } from './config.js';
import { SkipAuditor } from './errors.js';
import type { Shard } from './shard.js';
import type { AuditContext, Auditor, AuditorRun, CompileStatus, Finding, FindingInput, GroundedConstant, Need } from './types.js';

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
}

/** Fills `{{name}}` placeholders of a message template. */
export function formatMessage(template: string, data: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (key in data ? String(data[key]) : whole));
}

/** Runs one auditor; never throws: failures become an `error` run, skips a `skipped` run. */
export async function runAuditor(auditor: Auditor, services: RunServices): Promise<AuditorRun> {
  const { meta } = auditor;
  const cfg = auditorConfig(services.config, meta.id);
  const findings: Finding[] = [];
  const metrics: Record<string, number> = {};
  const started = performance.now();
  const ctx: AuditContext = {
    root: services.root,
    config: services.config,
    signal: services.signal,
    project: services.project,
    entities: services.entities,
    compileStatus: services.compileStatus ?? (async () => new Map()),
    groundConstants: services.groundConstants ?? (async () => new Map()),
    report(input: FindingInput) {
      const { data, message, ...rest } = input;
      const rule = meta.rules[input.messageId];
      if (rule === undefined) throw new Error(`auditor ${meta.id}: unknown rule ${meta.id}/${input.messageId}`);
      findings.push({
        auditorId: meta.id,
        severity: cfg.severity ?? rule.severity,
        message: message ?? formatMessage(rule.message, data),
        ...rest,
      });
    },
    metric(name, value) {
      metrics[name] = value;
    },
    skip(reason: string): never {
      throw new SkipAuditor(reason);
    },
    log(message) {
      services.log?.(`[${meta.id}] ${message}`);
    },
    ...(meta.shard && services.shard ? { shard: services.shard } : {}),
  };
  const done = (status: AuditorRun['status'], reason?: string): AuditorRun => ({
    auditorId: meta.id,
    status,
    ...(reason !== undefined ? { reason } : {}),
    findings,
    metrics,
    durationMs: Math.round(performance.now() - started),
    meta,
  });
  try {
    await auditor.run(ctx, cfg.options ?? {});
    return done('ok');
  } catch (e) {
    if (e instanceof SkipAuditor) return done('skipped', e.message);
    return done('error', e instanceof Error ? e.message : String(e));
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
      return reason === undefined ? runAuditor(auditor, services) : notRun(auditor, reason);
    }),
  );
}
