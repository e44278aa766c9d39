export * from './format';
export { UrgencyBadge } from './urgency-badge';
export { Stars, StarInput } from './stars';
export { GointsAmount, GointsCoin } from './goints';
export { ProviderBadge } from './provider-badge';
