// Registers the admin's list widgets (payouts and documents waiting for a decision, settings, marketing texts)
// as lazy components: only an admin's first such answer loads them. The payout and document cards show their
// rows' choices as buttons themselves.
import { createElement, lazy, type ComponentType } from 'react';
import { registerToolRenderer, type ToolRendererProps } from '../tool-renderers/registry.tsx';

const TOOL_NAMES = ['listPendingPayouts', 'listDocumentReviews', 'showSettings', 'showMarketingTexts'] as const;

export function registerLazyAdminRenderers(): void {
  for (const name of TOOL_NAMES) {
    const Widget = lazy(async () => ({ default: (await import('./admin-widgets.tsx')).adminWidgets[name] as ComponentType<ToolRendererProps> }));
    registerToolRenderer(name, (props: ToolRendererProps) => createElement(Widget, props), { ownsChoices: true });
  }
}
