// The i18next formatter of client and server (with interpolation.alwaysFormat): every number put into a text
// is written in the text's language ('{{goints}} Goints' → '1.000 Goints' / '1,000 Goints'); decision 049.
import type { FormatterModule } from 'i18next';
import { formatInterpolated } from '../money/format-money.ts';

export const numberFormatter: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  format: (value, format, lng, options) =>
    formatInterpolated(value, lng, (options as { interpolationkey?: string } | undefined)?.interpolationkey, format) as string,
};
