// Text from a stranger, relayed in akut's name (a 'Nachfragen' message), carries no clickable link: mail
// clients turn anything that looks like a URL or a domain into one, so those lose their dots and scheme
// ('https://evil.example/x' → 'hxxps[:]//evil[.]example/x'). Still readable, no longer a link.
const URLISH = /\b(?:(?:https?|ftp):\/\/|www\.)[^\s<>"']+|\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}\b(?:\/[^\s<>"']*)?/gi;

export function defangLinks(text: string): string {
  return text.replace(URLISH, (url) =>
    url.replace(/^(http|ftp)(s?):\/\//i, (_m, scheme: string, s: string) => `${scheme.replace(/t/gi, 'x')}${s}[:]//`).replace(/\./g, '[.]'),
  );
}
