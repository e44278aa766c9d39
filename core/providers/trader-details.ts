// A provider's trader details (DSA Art. 30, decision 059) as the server and the browser know them.
/** How a trader is registered (Art. 30(1)(d)). */
export const REGISTER_KINDS = ['commercial_register', 'trade_licence', 'craft_register', 'none'] as const;
export type RegisterKind = (typeof REGISTER_KINDS)[number];

export interface TraderDetailsView {
  legalName: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  registerKind: RegisterKind;
  registerNumber: string;
  vatId: string | null;
  selfCertifiedAt: string;
}
