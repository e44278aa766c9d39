// Tool parts render as widgets: a registry from tool name to React component. A later flow registers
// its widgets (category form, request summary, teaser and offer cards) with registerToolRenderer.
// Any other tool output that carries a confirmation renders as the confirm card; choices (candidates to pick,
// a clarifying question's actions) render as buttons under it unless the widget shows them itself.
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmCard } from './confirm-card.tsx';
import { ChangeTable, isChangeView } from './change-table.tsx';
import { ChoiceButtons } from './choice-buttons.tsx';
import type { ToolOutput, ToolPart } from './types.ts';

export interface ToolRendererProps {
  toolName: string;
  part: ToolPart;
  output: ToolOutput | undefined;
  /** Whether this part belongs to the newest message (only its choices are active). */
  isLatest: boolean;
}

const renderers = new Map<string, ComponentType<ToolRendererProps>>();
/** Widgets that render their output's choices themselves (as buttons on their rows). */
const ownChoices = new Set<string>();

export function registerToolRenderer(toolName: string, component: ComponentType<ToolRendererProps>, opts: { ownsChoices?: boolean } = {}): void {
  renderers.set(toolName, component);
  if (opts.ownsChoices) ownChoices.add(toolName);
  else ownChoices.delete(toolName);
}

export function toolNameOf(part: ToolPart): string {
  return part.type === 'dynamic-tool' ? (part.toolName ?? '') : part.type.slice('tool-'.length);
}

export function ToolPartView({ part, isLatest }: { part: ToolPart; isLatest: boolean }) {
  const toolName = toolNameOf(part);
  const output = part.state === 'output-available' ? part.output : undefined;
  const choices = output?.choices && !ownChoices.has(toolName) ? output.choices : [];
  if (!choices.length) return <ToolPartBody toolName={toolName} part={part} output={output} isLatest={isLatest} />;
  return (
    <>
      <ToolPartBody toolName={toolName} part={part} output={output} isLatest={isLatest} />
      <ChoiceButtons choices={choices} active={isLatest} />
    </>
  );
}

function ToolPartBody({ toolName, part, output, isLatest }: ToolRendererProps) {
  const { t } = useTranslation('chat');
  // A flow's own widget first (the intake's summary card carries its confirmation); otherwise any
  // confirmation renders as the generic confirm card.
  const Renderer = renderers.get(toolName);
  // Some widgets load on first use (see market/lazy-register.ts): the running note stands in meanwhile.
  if (Renderer)
    return (
      <Suspense fallback={<p className="text-xs text-muted-foreground italic">{t('tool.running')}</p>}>
        <Renderer toolName={toolName} part={part} output={output} isLatest={isLatest} />
      </Suspense>
    );
  if (output?.confirmation) {
    // A change (an admin's price, plan or script edit) shows its before/after table above the buttons.
    const change = output.data?.change;
    return <ConfirmCard toolName={toolName} confirmation={output.confirmation} details={isChangeView(change) ? <ChangeTable change={change} /> : undefined} />;
  }
  if (part.state === 'input-streaming' || part.state === 'input-available') {
    return <p className="text-xs text-muted-foreground italic">{t('tool.running')}</p>;
  }
  if (part.state === 'output-error') return <p className="text-xs text-muted-foreground italic">{t('tool.failed')}</p>;
  return null;
}
