// Filling a marketing text's placeholders with the partner's own link and name: one pure function for the
// dashboard's marketing tab and the chat's showMarketingText, so both show the same text. No imports: the
// client imports it as it is.
export interface MarketingFill {
  link: string;
  name: string;
}

const PLACEHOLDER = /\[(AFFILIATE_LINK|NAME)\]/g;

/**
 * Replaces every [AFFILIATE_LINK] and [NAME] in one pass: the values are taken literally (a '$&' in a name
 * stays '$&'), and a placeholder inside a value is not filled again.
 */
export function fillMarketingText(text: string, values: MarketingFill): string {
  return text.replace(PLACEHOLDER, (_m, key: string) => (key === 'NAME' ? values.name : values.link));
}

/** The name a partner signs with: the partner profile's first and last name, else the account's name. */
export function partnerSignature(profile: { firstName: string; lastName: string } | null | undefined, accountName: string): string {
  return profile ? `${profile.firstName} ${profile.lastName}`.trim() : accountName;
}

/** A material's title, subject (e-mails) and body, filled. */
export function fillMarketingMaterial<M extends { title: string; subject: string | null; body: string }>(
  material: M,
  values: MarketingFill,
): { title: string; subject: string | null; body: string } {
  return {
    title: fillMarketingText(material.title, values),
    subject: material.subject === null ? null : fillMarketingText(material.subject, values),
    body: fillMarketingText(material.body, values),
  };
}
