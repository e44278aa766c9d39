// Registers the partner widgets as lazy components: they load with the first partner answer that needs one.
import { createElement, lazy } from 'react';
import { registerToolRenderer, type ToolRendererProps } from '../tool-renderers/registry.tsx';

export function registerLazyAffiliateRenderers(): void {
  const MarketingText = lazy(async () => ({ default: (await import('./marketing-text.tsx')).MarketingTextWidget }));
  registerToolRenderer('showMarketingText', (props: ToolRendererProps) => createElement(MarketingText, props));
}
