// Every endpoint of the typed contract, by area (decision 084). The areas not listed here still declare their
// schemas beside their routes in server/http and their clients call api<T> (issue 22 lists what remains).
import { adminPricesContract } from './admin-prices.ts';
import { shopContract } from './shop.ts';

export const contract = {
  shop: shopContract,
  adminPrices: adminPricesContract,
};
