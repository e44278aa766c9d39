// Widgets of the welcome machine's tools: the choices the machine allows after the step.
import { OptionButtons } from './option-buttons.tsx';
import { registerToolRenderer, type ToolRendererProps } from './registry.tsx';

function WelcomeStep({ output, isLatest }: ToolRendererProps) {
  if (!output) return null;
  return <OptionButtons options={output.options ?? []} active={isLatest} />;
}

export function registerWelcomeRenderers() {
  for (const name of ['describeNeed', 'chooseWelcomeOption', 'startOver']) registerToolRenderer(name, WelcomeStep);
}

/** The options of the greeting, the welcome machine's initial state. */
export const GREETING_OPTIONS = ['postRequest', 'howItWorks'] as const;
