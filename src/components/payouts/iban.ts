// IBAN input: upper case, only letters and digits, in blocks of four while typing, with the caret kept
// after the same character it followed before the reformat.

/** 'de89 3704-0044' → 'DE89 3704 0044'. */
export function formatIban(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 34)
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/** Where the caret goes in the formatted value: after as many letters and digits as preceded it. */
export function caretAfterFormat(raw: string, caret: number, formatted: string): number {
  const before = raw
    .slice(0, caret)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '').length;
  if (before === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (formatted[i] !== ' ') seen++;
    if (seen === before) return i + 1;
  }
  return formatted.length;
}
