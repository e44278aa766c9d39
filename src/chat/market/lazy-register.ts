// Registers the marketplace widgets (match and offer cards, the shop dialog with its Radix dialog) as lazy
// components: a seeker's intake on /search never loads them; a provider's first match card does.
import { createElement, lazy, type ComponentType } from 'react';
import { registerToolRenderer, type ToolRendererProps } from '../tool-renderers/registry.tsx';

const TOOL_NAMES = ['listMatches', 'unlockRequest', 'startOffer', 'showBalance', 'listOffers', 'buyGoints', 'rateDeal', 'listSentOffers'] as const;

export function registerLazyMarketRenderers(): void {
  for (const name of TOOL_NAMES) {
    const Widget = lazy(async () => ({ default: (await import('./market-widgets.tsx')).marketWidgets[name] as ComponentType<ToolRendererProps> }));
    registerToolRenderer(name, (props: ToolRendererProps) => createElement(Widget, props));
  }
  // The trade-document upload card (with the dashboard's upload form) loads only when a provider asks for it.
  const Upload = lazy(() => import('./document-upload-card.tsx'));
  registerToolRenderer('uploadTradeDocument', (props: ToolRendererProps) => createElement(Upload, props));
}
