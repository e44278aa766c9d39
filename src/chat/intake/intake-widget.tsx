// The widgets of the seeker intake: one per machine state after the tool call (output.state, see
// docs/domain/intake-contract.md), not per tool name. Inputs appear only in the newest message; the
// summary and the stored request stay readable in the history.
import { useTranslation } from 'react-i18next';
import { registerToolRenderer, type ToolRendererProps } from '../tool-renderers/registry.tsx';
import { CategoryForm } from './category-form.tsx';
import { CategoryPicker } from './category-picker.tsx';
import { BudgetAnswers, DateAnswers, UrgencyAnswers } from './quick-answers.tsx';
import { SubmittedView } from './submitted-view.tsx';
import { SummaryCard } from './summary-card.tsx';
import { readView } from './view.ts';

export const INTAKE_TOOL_NAMES = [
  'submitFirstName',
  'chooseCategory',
  'describeRequest',
  'submitCategoryForm',
  'updateRequestDraft',
  'skipQuestion',
  'confirmRequest',
  'startNewRequest',
] as const;

export function IntakeWidget({ part, output, isLatest }: ToolRendererProps) {
  const { t } = useTranslation('chat');
  if (!output) {
    if (part.state === 'input-streaming' || part.state === 'input-available')
      return <p className="text-xs text-muted-foreground italic">{t('tool.running')}</p>;
    if (part.state === 'output-error') return <p className="text-xs text-muted-foreground italic">{t('tool.failed')}</p>;
    return null;
  }
  const view = readView(output.data);
  switch (output.state) {
    case 'choosingCategory':
    case 'asking.category':
      return isLatest ? <CategoryPicker initial={view.category} /> : null;
    case 'fillingForm':
      if (!isLatest) return null;
      return view.category ? <CategoryForm key={view.category} category={view.category} view={view} /> : <CategoryPicker initial={null} />;
    case 'asking.urgency':
      return isLatest ? <UrgencyAnswers /> : null;
    case 'asking.date':
      return isLatest ? <DateAnswers /> : null;
    case 'asking.budget':
      return isLatest ? <BudgetAnswers /> : null;
    case 'reviewing':
      return <SummaryCard output={output} isLatest={isLatest} />;
    case 'submitted':
      // A refusal in the submitted state (say, an edit after sending) repeats no closing card.
      return output.accepted ? <SubmittedView view={view} /> : null;
    default:
      return null;
  }
}

/** Renders every intake tool's output with IntakeWidget (call once, before the chat renders). */
export function registerIntakeRenderers(): void {
  for (const name of INTAKE_TOOL_NAMES) registerToolRenderer(name, IntakeWidget);
}
