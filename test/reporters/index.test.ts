import { describe, expect, it } from 'vitest';
import { FORMATS, REPORTERS } from '../../src/reporters/index.js';
import { sampleReport } from './sample-report.js';

describe('reporter registry', () => {
  it('offers every documented format, each rendering the whole report as text', () => {
    expect(FORMATS).toEqual(['terminal', 'json', 'markdown', 'html', 'sarif', 'github']);
    for (const format of FORMATS) {
      const text = REPORTERS[format](sampleReport());
      expect(text.endsWith('\n'), format).toBe(true);
      expect(text, format).toContain('Foo.bar');
    }
  });
});
