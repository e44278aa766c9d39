import { describe, expect, it } from 'vitest';
import { safeNext } from '../../src/lib/safe-next.ts';

const origin = 'https://akut.example';

describe('safeNext', () => {
  it.each([
    ['/anbieter/dashboard', '/anbieter/dashboard'],
    ['/affiliate#signup', '/affiliate#signup'],
    ['/erfolgreiche-deals?demo=true', '/erfolgreiche-deals?demo=true'],
  ])('follows the same-site path %s', (next, want) => {
    expect(safeNext(next, origin)).toBe(want);
  });

  it.each([
    null,
    '',
    'anbieter',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\tevil',
    '/\nevil',
    '/auth',
    '/auth?next=/admin',
  ])('ignores %s', (next) => {
    expect(safeNext(next, origin)).toBeNull();
  });
});
