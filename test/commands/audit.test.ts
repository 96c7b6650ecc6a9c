import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAudit, selectAuditors } from '../../src/commands/audit.js';
import { DEFAULT_SOURCES } from '../../src/commands/sources.js';
import { InputError } from '../../src/core/errors.js';
import type { Auditor } from '../../src/core/types.js';
import type { Severity } from '../../src/model/location.js';
import { SAMPLE, SAMPLE_PROJECT } from '../helpers/algebra-basics.js';
import { reportSchemaErrors } from '../helpers/report-schema.js';
import { TEST_RULE_DOCS } from '../helpers/rule-docs.js';

/** Reports one finding per theorem whose name ends with `'`, at the given severity. */
function primed(id: string, severity: Severity): Auditor {
  return {
    meta: { id, description: 'primed theorem names', rules: { primed: { message: '{{name}} is primed', severity, docs: TEST_RULE_DOCS } } },
    async run(ctx) {
      const decls = (await ctx.project()).files.flatMap((f) => f.decls).filter((d) => d.name.endsWith("'"));
      for (const d of decls) ctx.report({ messageId: 'primed', data: { name: d.fullName }, location: d.location });
      ctx.metric('primed', decls.length);
    },
  };
}

const auditors = [primed('primed-warning', 'warning'), primed('primed-info', 'info')];
const tmp = mkdtempSync(join(tmpdir(), 'leanaudit-audit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('selectAuditors', () => {
  it('keeps registry order and rejects unknown ids with the list of known ones', () => {
    expect(selectAuditors(auditors, undefined).map((a) => a.meta.id)).toEqual(['primed-warning', 'primed-info']);
    expect(selectAuditors(auditors, ['primed-info', 'primed-warning']).map((a) => a.meta.id)).toEqual(['primed-warning', 'primed-info']);
    expect(() => selectAuditors(auditors, ['primed-info', 'nope'])).toThrow(
      new InputError('unknown auditor nope; available: primed-warning, primed-info'),
    );
  });
});

describe('runAudit', () => {
  it('audits the sample with the project metadata in the report', async () => {
    const report = await runAudit(SAMPLE, {}, DEFAULT_SOURCES, auditors);
    expect(report.project).toMatchObject(SAMPLE_PROJECT);
    expect(report.runs.map((r) => [r.auditorId, r.status, r.metrics.primed])).toEqual([
      ['primed-warning', 'ok', 5],
      ['primed-info', 'ok', 5],
    ]);
    expect(report.summary).toMatchObject({ findings: { error: 0, warning: 5, info: 5 }, failOn: 'error', failed: false });
    expect(reportSchemaErrors(JSON.parse(JSON.stringify(report)))).toEqual([]);
  });

  it('takes failOn from the flag before the configuration', async () => {
    const config = join(tmp, 'fail-on-warning.json');
    writeFileSync(config, JSON.stringify({ failOn: 'warning', auditors: { 'primed-info': { enabled: false } } }));
    const fromConfig = await runAudit(SAMPLE, { config }, DEFAULT_SOURCES, auditors);
    expect(fromConfig.summary).toMatchObject({ failOn: 'warning', failed: true });
    expect(fromConfig.runs[1]).toMatchObject({ status: 'skipped', reason: 'disabled in the configuration' });
    const fromFlag = await runAudit(SAMPLE, { config, failOn: 'error' }, DEFAULT_SOURCES, auditors);
    expect(fromFlag.summary).toMatchObject({ failOn: 'error', failed: false });
  });

  it("leaves out the files --ignore and the configuration's ignore match, and says so in the report", async () => {
    const config = join(tmp, 'ignore.json');
    writeFileSync(config, JSON.stringify({ ignore: ['AlgebraBasics/Parity.lean'] }));
    const report = await runAudit(SAMPLE, { config, ignore: ['AlgebraBasics/Groups'] }, DEFAULT_SOURCES, auditors);
    expect(report.project.files).toBe(SAMPLE_PROJECT.files - 3);
    expect(report.project.skipped).toEqual(
      expect.arrayContaining([
        { path: 'AlgebraBasics/Parity.lean', reason: "1 .lean file matched by ignore (the configuration's or --ignore)" },
        { path: 'AlgebraBasics/Groups', reason: "2 .lean files matched by ignore (the configuration's or --ignore)" },
      ]),
    );
  });

  it('records a project that cannot be read and still runs the auditors', async () => {
    const sources = { loadProject: () => Promise.reject(new Error('permission denied')) };
    const report = await runAudit(SAMPLE, {}, sources, auditors);
    expect(report.project).toMatchObject({ root: SAMPLE, name: 'algebra-basics', error: 'permission denied' });
    expect(
      Object.keys(report.project)
        .filter((k) => !['repository', 'sourceUrl'].includes(k))
        .sort(),
    ).toEqual(['error', 'name', 'root']);
    expect(report.runs[0]).toMatchObject({ status: 'error', reason: 'permission denied' });
  });

  it('turns a missing repository, a file and a bad configuration into input errors', async () => {
    await expect(runAudit(join(tmp, 'absent'), {}, DEFAULT_SOURCES, auditors)).rejects.toThrow(/no such repository/);
    const file = join(tmp, 'file.lean');
    writeFileSync(file, '');
    await expect(runAudit(file, {}, DEFAULT_SOURCES, auditors)).rejects.toThrow(/not a directory/);
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, JSON.stringify({ auditors: { 'primed-warnings': {} } }));
    await expect(runAudit(SAMPLE, { config: bad }, DEFAULT_SOURCES, auditors)).rejects.toThrow(InputError);
    await expect(runAudit(SAMPLE, { only: ['x'] }, DEFAULT_SOURCES, auditors)).rejects.toThrow(/unknown auditor x/);
  });

  it('sets single rules with --rule over the configuration, and names the nearest rule for an unknown one', async () => {
    const config = join(tmp, 'rules.json');
    writeFileSync(config, JSON.stringify({ rules: { 'primed-warning/primed': 'error', 'primed-info/primed': 'off' } }));
    const fromConfig = await runAudit(SAMPLE, { config }, DEFAULT_SOURCES, auditors);
    expect(fromConfig.summary.findings).toEqual({ error: 5, warning: 0, info: 0 });
    const fromFlag = await runAudit(SAMPLE, { config, rule: ['primed-warning/primed=info'] }, DEFAULT_SOURCES, auditors);
    expect(fromFlag.summary.findings).toEqual({ error: 0, warning: 0, info: 5 });
    await expect(runAudit(SAMPLE, { rule: ['primed-warning/prime=off'] }, DEFAULT_SOURCES, auditors)).rejects.toThrow(
      'unknown rule primed-warning/prime; did you mean "primed-warning/primed"?',
    );
    await expect(runAudit(SAMPLE, { rule: ['primed-warning/primed=warn'] }, DEFAULT_SOURCES, auditors)).rejects.toThrow(
      '--rule primed-warning/primed=warn: give <rule>=<setting>, the setting one of off, info, warning, error',
    );
    await expect(runAudit(SAMPLE, { rule: ['primed-warning/primed'] }, DEFAULT_SOURCES, auditors)).rejects.toThrow(InputError);
  });
});
