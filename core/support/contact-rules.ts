// The contact form's topics and limits, without zod, so the browser's form imports the same values.
export const CONTACT_TOPICS = ['general', 'seeker', 'provider', 'partner', 'privacy', 'legal'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_LIMITS = { nameMin: 2, nameMax: 100, emailMax: 200, messageMin: 10, messageMax: 5000 } as const;
