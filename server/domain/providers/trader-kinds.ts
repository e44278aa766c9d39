// How a trader is registered (DSA Art. 30(1)(d)), one list for the server and the browser.
export const REGISTER_KINDS = ['commercial_register', 'trade_licence', 'craft_register', 'none'] as const;
export type RegisterKind = (typeof REGISTER_KINDS)[number];
