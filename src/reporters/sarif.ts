/**
 * SARIF 2.1.0 reporter for GitHub code scanning and other SARIF viewers: one rule per auditor
 * message (see sarif-rules.ts), paths relative to the repository root when the project is a
 * subfolder of a git repository, the source lines around each result as its context region.
 * Code scanning needs a file for every result: findings without a location (about the project as
 * a whole) are tool execution notifications, under their rule id.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FINGERPRINT_SCHEME } from '../core/fingerprint.js';
import { packageRoot } from '../core/paths.js';
import { MAX_FINDINGS_PER_RULE } from '../core/runner.js';
import { repositoryPath } from '../core/source-url.js';
import type { Excerpt, Finding, ProjectMeta, Report, TheoremTrust } from '../core/types.js';
import type { Location } from '../model/location.js';
import { claimStatistics, enableNotes, enableText, ruleId } from './common.js';
import { jsonChunks, LazyArray } from './json-stream.js';
import { SARIF_LEVEL, sarifRules } from './sarif-rules.js';
import { trustByName } from './trust.js';
import type { ReporterOptions } from './types.js';

/** A SARIF physical location, its path from the repository root; SARIF columns are 1-based, ours 0-based. */
function physicalLocation(project: ProjectMeta, location: Location, excerpt?: Excerpt): Record<string, unknown> {
  const region: Record<string, number> = { startLine: location.line };
  if (location.column !== undefined) region.startColumn = location.column + 1;
  if (location.endLine !== undefined) region.endLine = location.endLine;
  if (location.endColumn !== undefined) region.endColumn = location.endColumn + 1;
  const context = excerpt?.lines.length
    ? {
        contextRegion: {
          startLine: excerpt.startLine,
          endLine: excerpt.startLine + excerpt.lines.length - 1,
          snippet: { text: `${excerpt.lines.join('\n')}\n` },
        },
      }
    : {};
  const uri = repositoryPath(project, location.file).split('/').map(encodeURIComponent).join('/');
  return { physicalLocation: { artifactLocation: { uri, uriBaseId: 'SRCROOT' }, region, ...context } };
}

function result(
  project: ProjectMeta,
  finding: Finding,
  ruleIndex: Map<string, number>,
  trustOf: ReadonlyMap<string, TheoremTrust>,
): Record<string, unknown> {
  const trust = finding.entityId !== undefined ? trustOf.get(finding.entityId) : undefined;
  const id = ruleId(finding);
  return {
    ruleId: id,
    ruleIndex: ruleIndex.get(id),
    level: SARIF_LEVEL[finding.severity],
    message: { text: finding.message },
    locations: finding.location ? [physicalLocation(project, finding.location, finding.excerpt)] : [],
    ...(finding.related?.length
      ? {
          relatedLocations: finding.related.map((r, i) => ({
            id: i,
            ...physicalLocation(project, r.location),
            message: { text: r.message },
          })),
        }
      : {}),
    ...(finding.fingerprint !== undefined ? { partialFingerprints: { [FINGERPRINT_SCHEME]: finding.fingerprint } } : {}),
    ...(finding.baselineState !== undefined ? { baselineState: finding.baselineState } : {}),
    properties: {
      ...(finding.entityId !== undefined ? { entityId: finding.entityId } : {}),
      ...(trust !== undefined ? { trustLevel: trust.level } : {}),
      ...(finding.evidence !== undefined ? { evidence: finding.evidence } : {}),
      ...(finding.provenance !== undefined ? { provenance: finding.provenance } : {}),
    },
  };
}

/** Where to learn about the tool: the rule pages' base the user gave, else the installed package's own README, never a guessed address. */
const informationUri = (docsUrl: string | undefined): string => docsUrl ?? pathToFileURL(join(packageRoot(), 'README.md')).href;

/** `file:///path/` for a folder. */
const folderUri = (path: string): string => `file://${encodeURI(path.replace(/\\/g, '/').replace(/\/?$/, '/'))}`;

/** Renders the report as a SARIF 2.1.0 log, in pieces (its results made as they are written); `options.docsUrl` is the base of the rules' help pages. */
export function* sarifReporter(report: Report, options: ReporterOptions = {}): Generator<string> {
  const { project } = report;
  const driverRules = sarifRules(report, options.docsUrl);
  const ruleIndex = new Map(driverRules.map((r, i) => [r.id, i]));
  const notifications = report.runs
    .filter((run) => run.status !== 'ok')
    .map((run) => ({
      level: run.status === 'error' ? 'error' : 'note',
      message: { text: `${run.auditorId} ${run.status}: ${run.reason ?? ''}`.trim() },
      descriptor: { id: run.auditorId },
    }));
  for (const note of enableNotes(report))
    notifications.push({ level: 'note', message: { text: enableText(note) }, descriptor: { id: note.auditors[0]! } });
  const findings = report.runs.flatMap((run) => run.findings);
  const trust = trustByName(report);
  const claims = claimStatistics(report);
  // Code scanning rejects a result without a file; a finding about the project as a whole is told as a notification.
  for (const f of findings.filter((f) => !f.location)) {
    notifications.push({ level: SARIF_LEVEL[f.severity], message: { text: f.message }, descriptor: { id: ruleId(f) } });
  }
  for (const run of report.runs) {
    for (const [messageId, { severity, count }] of Object.entries(run.omitted ?? {})) {
      const text = `${count} more finding${count === 1 ? '' : 's'} of this rule counted, not listed: a run keeps the first ${MAX_FINDINGS_PER_RULE} of a rule`;
      notifications.push({ level: SARIF_LEVEL[severity], message: { text }, descriptor: { id: `${run.auditorId}/${messageId}` } });
    }
  }
  const repo = project.repository;
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: report.tool.name,
            version: report.tool.version,
            informationUri: informationUri(options.docsUrl),
            rules: driverRules,
          },
        },
        originalUriBaseIds: { SRCROOT: { uri: folderUri(repo?.root ?? project.root) } },
        ...(repo?.url && repo.commit ? { versionControlProvenance: [{ repositoryUri: repo.url, revisionId: repo.commit }] } : {}),
        invocations: [
          {
            executionSuccessful: report.runs.every((run) => run.status !== 'error'),
            endTimeUtc: report.generatedAt,
            toolExecutionNotifications: notifications,
          },
        ],
        results: new LazyArray(function* () {
          for (const f of findings) if (f.location) yield result(project, f, ruleIndex, trust);
        }),
        // Every rated theorem's trust level, those without a finding too: SARIF has no place for a result that is not a finding.
        // The blueprint's progress per kind and chapter likewise: a table, not findings.
        properties: {
          project,
          summary: report.summary,
          ...(trust.size > 0 ? { trust: [...trust.values()] } : {}),
          ...(claims.length > 0 ? { blueprintProgress: claims } : {}),
        },
      },
    ],
  };
  yield* jsonChunks(log);
  yield '\n';
}
