// The script editor in the admin's words (issue 25): the flow diagram's arrows were labelled with the machine's
// event names (FIRST_NAME_SUBMITTED) and the check said 'Prüfung bestanden: 16 Zustände, 28 Übergänge'.
import { describe, expect, it } from 'vitest';
import { diagramOf } from '../../src/pages/admin/follow-up/ScriptDiagram.tsx';
import { buildIntakeMachine, DEFAULT_SCRIPT_SHAPE } from '../../machines/intake.machine.ts';
import { translator } from '../../server/i18n.ts';

const shapes = [
  DEFAULT_SCRIPT_SHAPE,
  // a script whose first-name question comes too late: a step no chat reaches, a dead end
  DEFAULT_SCRIPT_SHAPE.filter((s) => s.purpose !== 'categoryPrompt'),
  [...DEFAULT_SCRIPT_SHAPE].reverse(),
];

describe('the follow-up diagram and check in words', () => {
  for (const lang of ['de', 'en'] as const) {
    const t = translator(lang);
    it(`names every arrow and every box (${lang})`, () => {
      for (const shape of shapes) {
        const { nodes, edges, unreachable } = diagramOf(buildIntakeMachine(shape as never));
        for (const e of edges.filter((x) => x.label)) {
          const key = `admin:followup.diagram.events.${e.label}`;
          expect(t(key), e.label).not.toBe(key.split(':')[1]);
          expect(t(key)).not.toMatch(/[A-Z]{2,}_/);
        }
        for (const n of [...nodes, ...unreachable].filter((k) => !k.startsWith('msg_'))) {
          const key = `admin:followup.diagram.states.${n}`;
          expect(t(key), n).not.toBe(key.split(':')[1]);
        }
      }
    });

    it(`the check says what it checked, without counting states (${lang})`, () => {
      expect(t('admin:followup.check.ok')).not.toMatch(/Zustände|Übergänge|states|transitions|\d/);
    });
  }
});
