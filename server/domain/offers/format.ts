// '450,00 €' / '€450.00' for e-mails and chat replies: the one formatter (decision 049).
export { formatEuro } from '../../../core/money/format-money.ts';
