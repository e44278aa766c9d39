// Registers the widgets of a person's own data (deals, requests, payouts, favourites, the provider's profile,
// purchases and documents, partner commissions) as lazy components: they load with the first such answer,
// so /search's first JavaScript does not carry them.
import { createElement, lazy, type ComponentType } from 'react';
import { registerToolRenderer, type ToolRendererProps } from '../tool-renderers/registry.tsx';

const TOOL_NAMES = [
  'listDeals',
  'listMyRequests',
  'listPayoutMethods',
  'addPayoutMethod',
  'listPayouts',
  'listFavorites',
  'showProviderProfile',
  'listPurchases',
  'listTradeDocuments',
  'showPartnerEarnings',
] as const;

export function registerLazyAccountRenderers(): void {
  for (const name of TOOL_NAMES) {
    const Widget = lazy(async () => ({ default: (await import('./account-widgets.tsx')).accountWidgets[name] as ComponentType<ToolRendererProps> }));
    registerToolRenderer(name, (props: ToolRendererProps) => createElement(Widget, props));
  }
}
