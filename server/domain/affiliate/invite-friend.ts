// A partner invites someone by e-mail: the mail module sends the translated 'partnerInvite' mail with the
// partner's referral link. At most INVITES_PER_DAY a day per partner; the invitee's address is not kept.
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/tx.ts';
import { AppError } from '../../../core/errors.ts';
import type { Lang } from '../../i18n.ts';
import { getReferralCode } from './get-referral-code.ts';
import { referralLink } from './referral-code.ts';

export const INVITES_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60_000;

export async function inviteFriend(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'logger'>,
  userId: string,
  input: { email: string; lang: Lang },
  opts: { now?: Date } = {},
): Promise<{ sent: true; remainingToday: number }> {
  const prisma = deps.db.prisma;
  const now = opts.now ?? new Date();
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { name: true, email: true } });
  if (!user) throw new AppError('NOT_FOUND');
  if (user.email.toLowerCase() === input.email.toLowerCase()) throw new AppError('INVITE_SELF');
  const since = new Date(now.getTime() - DAY_MS);
  const sent = await prisma.partnerInvite.count({ where: { partnerId: userId, createdAt: { gt: since } } });
  if (sent >= INVITES_PER_DAY) throw new AppError('INVITE_LIMIT', { params: { max: INVITES_PER_DAY } });
  const code = await getReferralCode(prisma, userId);
  // The invite counted and its mail commit together (decision 082).
  await inTransaction(prisma, async (tx) => {
    const invite = await tx.partnerInvite.create({ data: { partnerId: userId, createdAt: now } });
    await deps.mailer.queue(tx, {
      key: `partnerInvite:${invite.id}`,
      to: input.email,
      template: 'partnerInvite',
      lang: input.lang,
      params: { name: '', partner: user.name, url: referralLink(deps.config.appUrl, code) },
    });
  });
  deps.mailer.flush();
  deps.logger.info({ userId }, 'partner invite sent');
  return { sent: true, remainingToday: INVITES_PER_DAY - sent - 1 };
}
