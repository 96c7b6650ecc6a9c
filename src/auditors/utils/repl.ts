/** What the REPL-backed auditors share: deciding whether the REPL can run here, or skipping with the command that enables it. */
import type { AuditContext } from '../../core/types.js';
import { replSettings } from '../../repl/config.js';
import { resolveLaunch } from '../../repl/launch.js';
import type { ReplForAudit } from '../../repl/run-pool.js';

/** The settings and start command, or skips the auditor with the reason and the command that enables it (shown once for all the Lean-backed auditors). */
export function replForAudit(ctx: AuditContext): ReplForAudit {
  const settings = replSettings(ctx.config);
  const launch = resolveLaunch(ctx.root, settings);
  if (!launch.ok) ctx.skip(launch.reason, launch.enable);
  ctx.log(`REPL: ${launch.describe}, ${settings.workers} worker(s)`);
  return { settings, spec: launch.spec };
}

/** The command that would let the REPL start here, or undefined when it can: for an auditor skipped for want of it (see `AuditContext.skip`). */
export function replEnableCommand(ctx: Pick<AuditContext, 'root' | 'config'>): string | undefined {
  const launch = resolveLaunch(ctx.root, replSettings(ctx.config));
  return launch.ok ? undefined : launch.enable;
}
