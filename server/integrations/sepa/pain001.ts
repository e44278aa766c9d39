// SEPA credit transfer files (pain.001.001.09) for bank payouts, built with the `sepa` package. Names and
// texts are reduced to the SEPA character set first (umlauts spelled out, accents dropped, anything else
// replaced), because banks refuse files with other characters.
import SEPA from 'sepa';

export interface SepaTransfer {
  endToEndId: string;
  name: string;
  iban: string;
  bic?: string | null;
  amountCents: number;
  remittance: string;
}

export interface SepaFileInput {
  messageId: string;
  createdAt: Date;
  executionDate: Date;
  debtor: { name: string; iban: string; bic?: string | null };
  transfers: SepaTransfer[];
}

const SPELLED: ReadonlyMap<string, string> = new Map(
  Object.entries({ ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss', '&': '+', '€': 'EUR' } satisfies Record<string, string>),
);

/** Text in the SEPA character set: a-z A-Z 0-9 / - ? : ( ) . , ' + and space. */
export function sepaText(text: string, max = 140): string {
  const spelled = text.replace(/[äöüÄÖÜß&€]/g, (c) => SPELLED.get(c)!);
  const plain = spelled.normalize('NFD').replace(/\p{M}/gu, '');
  return plain
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, '.')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

/** Identifiers (message and end-to-end ids): letters, digits and a few separators, at most 35 characters. */
export function sepaId(text: string): string {
  return text.replace(/[^A-Za-z0-9/\-?:().,'+]/g, '').slice(0, 35);
}

export function buildPain001(input: SepaFileInput): string {
  if (!input.transfers.length) throw new Error('a SEPA file needs at least one transfer');
  const doc = new SEPA.Document('pain.001.001.09');
  doc.grpHdr.id = sepaId(input.messageId);
  doc.grpHdr.created = input.createdAt;
  doc.grpHdr.initiatorName = sepaText(input.debtor.name, 70);
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = input.executionDate;
  info.debtorIBAN = input.debtor.iban.replace(/\s+/g, '');
  if (input.debtor.bic) info.debtorBIC = input.debtor.bic;
  info.debtorName = sepaText(input.debtor.name, 70);
  doc.addPaymentInfo(info);
  for (const t of input.transfers) {
    const tx = info.createTransaction();
    tx.creditorName = sepaText(t.name, 70);
    tx.creditorIBAN = t.iban.replace(/\s+/g, '');
    if (t.bic) tx.creditorBIC = t.bic;
    // Cents to euros without floating sums: the amount is exact to the cent.
    tx.amount = Number((t.amountCents / 100).toFixed(2));
    tx.remittanceInfo = sepaText(t.remittance, 140);
    tx.end2endId = sepaId(t.endToEndId);
    info.addTransaction(tx);
  }
  return doc.toString();
}
