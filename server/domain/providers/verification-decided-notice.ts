// The provider hears of an admin's decision on a trade document live and by e-mail in their language: the mail is
// written in the decision's transaction (decision 082), the event and the sending follow the commit. Both doors
// (the verifications tab and the chat) decide through decideVerificationDocument, which uses this.
import type { AppDeps } from '../../deps.ts';
import { translator } from '../../i18n.ts';
import { appLink, type Notice } from '../notifications/notify.ts';

export function verificationDecidedNotice(
  deps: Pick<AppDeps, 'config'>,
  documentId: string,
  result: { providerId: string; status: 'approved' | 'rejected' },
  note?: string | null,
): Notice {
  return {
    userId: result.providerId,
    event: { type: 'verification.decided', payload: result },
    mail: {
      template: 'verificationDecided',
      key: `verificationDecided:${documentId}`,
      params: (lang) => ({
        decision:
          (translator(lang)(result.status === 'approved' ? 'email:verificationDecided.approved' : 'email:verificationDecided.rejected') as string) +
          (result.status !== 'approved' && note ? ` ${note}` : ''),
        url: appLink(deps, '/anbieter/dashboard'),
      }),
    },
  };
}
