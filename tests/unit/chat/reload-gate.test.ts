import { describe, expect, it } from 'vitest';
import { ReloadGate } from '../../../src/chat/reload-gate.ts';

describe('ReloadGate: a stored conversation loaded before a turn never replaces the turn on screen', () => {
  it('applies a reload nothing happened during', () => {
    const g = new ReloadGate();
    const t = g.begin();
    expect(g.settle(t, false)).toBe('apply');
  });

  it('waits while a reply is running', () => {
    const g = new ReloadGate();
    const t = g.begin();
    g.turnStarted();
    expect(g.settle(t, true)).toBe('wait');
  });

  it('loads again when a whole turn started and ended while the reload was on its way', () => {
    const g = new ReloadGate();
    const t = g.begin();
    g.turnStarted();
    expect(g.settle(t, false)).toBe('again');
    const next = g.begin();
    expect(g.settle(next, false)).toBe('apply');
  });
});
