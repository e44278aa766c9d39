// The help's examples and the clarifying question's labels are clicked as if typed: the offline model must
// take each of them for the action it stands for, for every role, in both languages.
import { describe, expect, it } from 'vitest';
import { chatTools } from '../../../server/chat/tools/index.ts';
import { helpGroups } from '../../../server/chat/tools/conversation.ts';
import { authAs, decideFor, restingOf, type DecideRole } from '../../helpers/offline-decide.ts';
import type { MachineRun } from '../../../server/machines/runtime.ts';

const ROLES: DecideRole[] = ['anonymous', 'seeker', 'provider', 'admin'];

/** The tools that serve an intent in this role's resting state. */
function toolsOf(role: DecideRole, intent: string): string[] {
  const { machine, state } = restingOf(role);
  return chatTools
    .forState(authAs(role), machine, state)
    .filter((d) => d.understand?.intents?.includes(intent))
    .map((d) => d.name);
}

describe.each(['de', 'en'] as const)('help examples (%s)', (lang) => {
  it.each(ROLES)('every example of the %s help runs its action', (role) => {
    const { machine, state } = restingOf(role);
    const groups = helpGroups({ registry: chatTools, auth: authAs(role), machine: { name: machine, state } as MachineRun, lang });
    expect(groups.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const g of groups)
      for (const a of g.actions) {
        const d = decideFor(role, a.example, { lang, machine, state });
        const expected = toolsOf(role, a.intent);
        if (!(d.tool && expected.includes(d.tool))) wrong.push(`${a.intent}: "${a.example}" → ${d.tool ?? 'words'}`);
      }
    expect(wrong).toEqual([]);
  });
});
