// Every endpoint of the typed contract, by area (decision 084). The areas not listed here still declare their
// schemas beside their routes in server/http and their clients call api<T> (issue 22 lists what remains).
import { adminPricesContract } from './admin-prices.ts';
import { payoutsContract } from './payouts.ts';
import { privacyContract } from './privacy.ts';
import { shopContract } from './shop.ts';
// The admin area (issue 22, part 2).
import { adminContract } from './admin.ts';
import { adminRequestsContract } from './admin-requests.ts';
import { adminPayoutsContract } from './admin-payouts.ts';
import { adminReportsContract } from './admin-reports.ts';
import { adminFollowUpContract } from './admin-followup.ts';
import { adminSupportContract } from './admin-support.ts';
import { adminCommissionsContract } from './admin-commissions.ts';
import { adminContentContract } from './admin-content.ts';

export const contract = {
  shop: shopContract,
  adminPrices: adminPricesContract,
  privacy: privacyContract,
  payouts: payoutsContract,
  // The admin area (issue 22, part 2).
  admin: adminContract,
  adminRequests: adminRequestsContract,
  adminPayouts: adminPayoutsContract,
  adminReports: adminReportsContract,
  adminFollowUp: adminFollowUpContract,
  adminSupport: adminSupportContract,
  adminCommissions: adminCommissionsContract,
  adminContent: adminContentContract,
};
