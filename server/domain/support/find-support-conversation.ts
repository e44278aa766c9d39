// Finds the conversation an admin means by a partner's e-mail address or name (the chat's 'Antworte Anna: …'):
// the address exactly, else the full name, else the partners each of whose name words the admin gave ('Anna',
// 'Muster', 'Anna Muster', 'Muster Anna'), case-insensitive; more than one match is refused rather than guessed.
import type { Db } from '../../db.ts';
import { AppError } from '../../../core/errors.ts';

export interface FoundSupportConversation {
  id: string;
  partner: { id: string; name: string; email: string };
  /** The partner's newest message (what the admin answers), if any. */
  lastPartnerMessage: string | null;
}

export async function findSupportConversation(prisma: Db, partnerRef: string): Promise<FoundSupportConversation> {
  const ref = partnerRef
    .trim()
    .replace(/^[„"'<]+|[“"'>]+$/g, '')
    .trim();
  if (!ref) throw new AppError('SUPPORT_PARTNER_NOT_FOUND', { params: { partner: partnerRef } });
  const include = {
    partner: { select: { id: true, name: true, email: true } },
    messages: { where: { recipientId: null }, orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }], take: 1, select: { body: true } },
  };
  const byEmail = ref.includes('@')
    ? await prisma.supportConversation.findFirst({ where: { partner: { email: { equals: ref, mode: 'insensitive' } } }, include })
    : null;
  let matches = byEmail ? [byEmail] : [];
  if (!byEmail) {
    const lower = ref.toLowerCase();
    const words = lower.split(/\s+/).filter(Boolean);
    const candidates = await prisma.supportConversation.findMany({
      where: { OR: words.map((w) => ({ partner: { name: { contains: w, mode: 'insensitive' as const } } })) },
      include,
      take: 50,
    });
    const partsOf = (name: string) => name.trim().toLowerCase().split(/\s+/);
    const full = candidates.filter((c) => c.partner.name.trim().toLowerCase() === lower);
    matches = full.length ? full : candidates.filter((c) => words.every((w) => partsOf(c.partner.name).includes(w)));
  }
  if (matches.length === 0) throw new AppError('SUPPORT_PARTNER_NOT_FOUND', { params: { partner: ref } });
  if (matches.length > 1) throw new AppError('SUPPORT_PARTNER_AMBIGUOUS', { params: { partner: ref, count: matches.length } });
  const c = matches[0]!;
  return { id: c.id, partner: c.partner, lastPartnerMessage: c.messages[0]?.body ?? null };
}
