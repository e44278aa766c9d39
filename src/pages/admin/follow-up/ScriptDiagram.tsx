// A diagram of the chat's course built from the script, drawn as SVG from the intake machine's definition
// itself (no diagram library): the script's steps in the order a chat meets them, the request intake as one
// box, and the arrows between them labelled with what the person does ('Vorname eingegeben'), never with the
// machine's event names. Loaded lazily with the follow-up tab.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyStateMachine } from 'xstate';
import { buildIntakeMachine } from '../../../../machines/intake.machine.ts';
import type { FollowUpScript } from '../../../../machines/follow-up-script.ts';

/** The request intake's inner states, drawn as one box. */
const INTAKE = new Set(['fillingForm', 'routing', 'asking', 'reviewing']);

interface Node {
  key: string;
  label: string;
}

interface Edge {
  from: string;
  to: string;
  label: string;
}

function top(id: string): string {
  const key = id.replace(/^intake\./, '').split('.')[0]!;
  return INTAKE.has(key) ? 'intake' : key;
}

/** The machine's top-level states and transitions, in the order a run meets them from the initial state. */
export function diagramOf(machine: AnyStateMachine): { nodes: string[]; edges: Edge[]; unreachable: string[] } {
  const edges: Edge[] = [];
  const seen = new Set<string>();
  const visit = (node: {
    id: string;
    transitions: Map<string, { target?: { id: string }[] }[]>;
    always?: { target?: { id: string }[] }[];
    states: Record<string, unknown>;
  }) => {
    const from = top(node.id);
    for (const [event, ts] of node.transitions)
      for (const tr of ts) for (const target of tr.target ?? []) edges.push({ from, to: top(target.id), label: event });
    for (const tr of node.always ?? []) for (const target of tr.target ?? []) edges.push({ from, to: top(target.id), label: '' });
    for (const child of Object.values(node.states)) visit(child as never);
  };
  for (const child of Object.values(machine.root.states)) visit(child as never);
  const unique = edges.filter((e, i) => !(e.from === e.to) && edges.findIndex((x) => x.from === e.from && x.to === e.to) === i);
  const initial = top((machine.root as unknown as { initial: { target: { id: string }[] } }).initial.target[0]!.id);
  const order: string[] = [];
  const queue = [initial];
  while (queue.length) {
    const n = queue.shift()!;
    if (seen.has(n)) continue;
    seen.add(n);
    order.push(n);
    for (const e of unique) if (e.from === n && !seen.has(e.to)) queue.push(e.to);
  }
  const all = [...new Set(Object.keys(machine.root.states).map((k) => (INTAKE.has(k) ? 'intake' : k)))];
  return { nodes: order, edges: unique, unreachable: all.filter((k) => !seen.has(k)) };
}

const W = 260;
const H = 34;
const GAP = 22;

export default function ScriptDiagram({ script }: { script: FollowUpScript }) {
  const { t } = useTranslation('admin');
  const { nodes, edges, unreachable } = useMemo(() => diagramOf(buildIntakeMachine(script.steps)), [script]);
  const all = [...nodes, ...unreachable];
  const y = (k: string) => all.indexOf(k) * (H + GAP) + 4;
  const label = (key: string): Node['label'] => {
    if (key.startsWith('msg_')) {
      const i = script.steps.findIndex((s) => `msg_${s.id}` === key);
      return `${t('followup.step', { n: i + 1 })}: ${t(`followup.type.${script.steps[i]?.type ?? 'text'}`)}`;
    }
    return t(`followup.diagram.states.${key}`, { defaultValue: t('followup.diagram.states.other') });
  };
  const height = all.length * (H + GAP);
  return (
    <figure className="flex flex-col gap-2" data-testid="followup-diagram">
      <svg viewBox={`0 0 ${W + 120} ${height}`} width="100%" role="img" aria-label={t('followup.diagram.title')}>
        <defs>
          <marker id="fu-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill="currentColor" />
          </marker>
        </defs>
        {edges
          .filter((e) => all.includes(e.from) && all.includes(e.to))
          .map((e, i) => {
            const down = y(e.to) > y(e.from);
            const x = W / 2 + 10;
            if (down && all.indexOf(e.to) === all.indexOf(e.from) + 1) {
              return (
                <g key={i} className="text-muted-foreground">
                  <line x1={x} y1={y(e.from) + H} x2={x} y2={y(e.to)} stroke="currentColor" markerEnd="url(#fu-arrow)" />
                  {e.label && (
                    <text x={x + 6} y={y(e.from) + H + 14} fontSize="9" fill="currentColor">
                      {t(`followup.diagram.events.${e.label}`, { defaultValue: '' })}
                    </text>
                  )}
                </g>
              );
            }
            // Jumps and loops go round the right side.
            const bend = W + 20 + (i % 4) * 18;
            return (
              <path
                key={i}
                d={`M ${W + 10} ${y(e.from) + H / 2} C ${bend} ${y(e.from) + H / 2}, ${bend} ${y(e.to) + H / 2}, ${W + 12} ${y(e.to) + H / 2}`}
                fill="none"
                stroke="currentColor"
                className="text-muted-foreground"
                markerEnd="url(#fu-arrow)"
              />
            );
          })}
        {all.map((k) => (
          <g key={k}>
            <rect
              x={10}
              y={y(k)}
              width={W}
              height={H}
              rx={8}
              className={
                unreachable.includes(k)
                  ? 'fill-destructive/10 stroke-destructive'
                  : k === 'choosingCategory'
                    ? 'fill-primary/10 stroke-primary'
                    : 'fill-muted stroke-border'
              }
              strokeWidth={1.5}
            />
            <text x={10 + W / 2} y={y(k) + H / 2 + 4} textAnchor="middle" fontSize="12" className="fill-foreground">
              {label(k)}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="text-xs text-muted-foreground">{t('followup.diagram.caption')}</figcaption>
    </figure>
  );
}
