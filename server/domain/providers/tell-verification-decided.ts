// Tells the provider about an admin's decision on a trade document (live, and by e-mail in their language),
// after the decision's transaction: both doors (the verifications tab and the chat) call it.
import type { AppDeps } from '../../deps.ts';
import { translator } from '../../i18n.ts';
import { appLink, notify } from '../notifications/notify.ts';

export async function tellVerificationDecided(
  deps: AppDeps,
  result: { providerId: string; status: 'approved' | 'rejected' },
  note?: string | null,
): Promise<void> {
  await notify(deps, {
    userId: result.providerId,
    event: { type: 'verification.decided', payload: result },
    mail: {
      template: 'verificationDecided',
      params: (lang) => ({
        decision:
          (translator(lang)(result.status === 'approved' ? 'email:verificationDecided.approved' : 'email:verificationDecided.rejected') as string) +
          (result.status !== 'approved' && note ? ` ${note}` : ''),
        url: appLink(deps, '/anbieter/dashboard'),
      }),
    },
  });
}
