// Probe: what the offline chat does with messages of one role (developer aid, not a test).
//   node scripts/eval/probe.ts <role> <lang> [state] -- "message" "message" …   (role 'partner': a seeker who is a partner)
import { decideFor, type DecideRole } from '../../tests/helpers/offline-decide.ts';
const args = process.argv.slice(2);
const sep = args.indexOf('--');
const [given, lang, state] = args.slice(0, sep) as [DecideRole | 'partner', 'de' | 'en', string | undefined];
const role: DecideRole = given === 'partner' ? 'seeker' : given;
for (const text of args.slice(sep + 1)) {
  let intent = '';
  const r = decideFor(role, text, {
    lang,
    state,
    partner: given === 'partner',
    onDecision: (d) =>
      (intent = `${d.kind}${
        'ranked' in d && d.ranked
          ? ' ' +
            d.ranked
              .slice(0, 3)
              .map((x) => `${x.intent}:${x.raw.toFixed(2)}`)
              .join(',')
          : ''
      }`),
  });
  console.log(JSON.stringify(text), '→', r.tool ?? `say: ${r.text?.slice(0, 80)}`, JSON.stringify(r.tool ? r.input : ''), '|', intent);
}
