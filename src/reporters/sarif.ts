/** SARIF 2.1.0 reporter: one rule per auditor message, built from the auditors' metadata. */
import { FINGERPRINT_SCHEME } from '../core/fingerprint.js';
import type { AuditorMeta, Finding, Report } from '../core/types.js';
import type { Location, Severity } from '../model/location.js';
import { enableNotes, enableText, ruleId } from './common.js';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  defaultConfiguration: { level: 'error' | 'warning' | 'note' };
  properties: { auditor: string; needs: string[] };
}

/** A SARIF physical location; SARIF columns are 1-based, ours 0-based. */
function physicalLocation(location: Location): Record<string, unknown> {
  const region: Record<string, number> = { startLine: location.line };
  if (location.column !== undefined) region.startColumn = location.column + 1;
  if (location.endLine !== undefined) region.endLine = location.endLine;
  if (location.endColumn !== undefined) region.endColumn = location.endColumn + 1;
  return { physicalLocation: { artifactLocation: { uri: encodeURI(location.file), uriBaseId: 'SRCROOT' }, region } };
}

/** Rules for every message of every auditor that ran, plus any message id a finding used without metadata. */
function rules(report: Report): SarifRule[] {
  const byId = new Map<string, SarifRule>();
  const add = (auditorId: string, messageId: string, meta: AuditorMeta | undefined, severity: Severity): void => {
    const id = `${auditorId}/${messageId}`;
    if (byId.has(id)) return;
    byId.set(id, {
      id,
      name: messageId,
      shortDescription: { text: meta?.rules[messageId]?.message ?? messageId },
      fullDescription: { text: meta?.description ?? auditorId },
      defaultConfiguration: { level: LEVEL[meta?.rules[messageId]?.severity ?? severity] },
      properties: { auditor: auditorId, needs: meta?.needs ?? [] },
    });
  };
  for (const run of report.runs) {
    const meta = run.meta;
    if (meta) for (const [messageId, rule] of Object.entries(meta.rules)) add(run.auditorId, messageId, meta, rule.severity);
    for (const f of run.findings) add(f.auditorId, f.messageId, run.meta, f.severity);
  }
  return [...byId.values()];
}

function result(finding: Finding, ruleIndex: Map<string, number>): Record<string, unknown> {
  const id = ruleId(finding);
  return {
    ruleId: id,
    ruleIndex: ruleIndex.get(id),
    level: LEVEL[finding.severity],
    message: { text: finding.message },
    ...(finding.location ? { locations: [physicalLocation(finding.location)] } : {}),
    ...(finding.related?.length
      ? {
          relatedLocations: finding.related.map((r, i) => ({
            id: i,
            ...physicalLocation(r.location),
            message: { text: r.message },
          })),
        }
      : {}),
    ...(finding.fingerprint !== undefined ? { partialFingerprints: { [FINGERPRINT_SCHEME]: finding.fingerprint } } : {}),
    ...(finding.baselineState !== undefined ? { baselineState: finding.baselineState } : {}),
    properties: {
      ...(finding.entityId !== undefined ? { entityId: finding.entityId } : {}),
      ...(finding.evidence !== undefined ? { evidence: finding.evidence } : {}),
      ...(finding.provenance !== undefined ? { provenance: finding.provenance } : {}),
    },
  };
}

/** Renders the report as a SARIF 2.1.0 log, e.g. for GitHub code scanning. */
export function sarifReporter(report: Report): string {
  const driverRules = rules(report);
  const ruleIndex = new Map(driverRules.map((r, i) => [r.id, i]));
  const rootUri = `file://${encodeURI(report.project.root.replace(/\\/g, '/').replace(/\/?$/, '/'))}`;
  const notifications = report.runs
    .filter((run) => run.status !== 'ok')
    .map((run) => ({
      level: run.status === 'error' ? 'error' : 'note',
      message: { text: `${run.auditorId} ${run.status}: ${run.reason ?? ''}`.trim() },
      descriptor: { id: run.auditorId },
    }))
    .concat(
      enableNotes(report).map((note) => ({ level: 'note', message: { text: enableText(note) }, descriptor: { id: note.auditors[0]! } })),
    );
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: report.tool.name,
            version: report.tool.version,
            rules: driverRules,
          },
        },
        originalUriBaseIds: { SRCROOT: { uri: rootUri } },
        invocations: [
          {
            executionSuccessful: report.runs.every((run) => run.status !== 'error'),
            endTimeUtc: report.generatedAt,
            toolExecutionNotifications: notifications,
          },
        ],
        results: report.runs.flatMap((run) => run.findings.map((f) => result(f, ruleIndex))),
        properties: { project: report.project, summary: report.summary },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
