// Every time in the admin area in one time zone, stated (issue 25): one payout showed 01:56 in the overview (the
// browser's zone) and 02:56 in the payouts tab (German time) for a browser in UTC.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/components/market/format.ts';

describe('admin times', () => {
  it('no admin tab writes a time in the browser’s zone', () => {
    const dir = path.resolve(import.meta.dirname, '../../src/pages/admin');
    const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx') || f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      expect(text, f).not.toMatch(/new Date\([^)]*\)\.toLocale(Date|Time)?String\(/);
      expect(text, f).not.toMatch(/\.toLocale(Date|Time)String\(/);
    }
  });

  it('a UTC time is shown in German time in both languages', () => {
    expect(formatDateTime('2026-11-28T01:56:00.000Z', 'de')).toBe('28.11.2026, 02:56');
    expect(formatDateTime('2026-11-28T01:56:00.000Z', 'en')).toBe('28 Nov 2026, 02:56');
    expect(formatDateTime('2026-07-01T01:56:00.000Z', 'de')).toBe('01.07.2026, 03:56');
  });
});
