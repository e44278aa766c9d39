// Tool parts render as widgets: a registry from tool name to React component. A later flow registers
// its widgets (category form, request summary, teaser and offer cards) with registerToolRenderer.
// Any other tool output that carries a confirmation renders as the confirm card.
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmCard } from './confirm-card.tsx';
import { ChangeTable, isChangeView } from './change-table.tsx';
import { ChoiceButtons } from './conversation.tsx';
import type { ToolOutput, ToolPart } from './types.ts';

export interface ToolRendererProps {
  toolName: string;
  part: ToolPart;
  output: ToolOutput | undefined;
  /** Whether this part belongs to the newest message (only its choices are active). */
  isLatest: boolean;
}

const renderers = new Map<string, ComponentType<ToolRendererProps>>();

export function registerToolRenderer(toolName: string, component: ComponentType<ToolRendererProps>): void {
  renderers.set(toolName, component);
}

export function toolNameOf(part: ToolPart): string {
  return part.type === 'dynamic-tool' ? (part.toolName ?? '') : part.type.slice('tool-'.length);
}

export function ToolPartView({ part, isLatest }: { part: ToolPart; isLatest: boolean }) {
  const output = part.state === 'output-available' ? part.output : undefined;
  // The buttons that complete the step (candidates to pick, a clarifying question's actions) follow any widget.
  const choices = output?.choices?.length ? <ChoiceButtons choices={output.choices} active={isLatest} /> : null;
  return (
    <>
      <ToolWidget part={part} isLatest={isLatest} />
      {choices}
    </>
  );
}

function ToolWidget({ part, isLatest }: { part: ToolPart; isLatest: boolean }) {
  const { t } = useTranslation('chat');
  const toolName = toolNameOf(part);
  const output = part.state === 'output-available' ? part.output : undefined;
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
