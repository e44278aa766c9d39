import type { Db } from '../../db.ts';

/** Newest e-mails first, optionally for one recipient. */
export async function listOutbox(prisma: Db, opts: { to?: string; limit: number }) {
  const rows = await prisma.mailOutbox.findMany({
    where: opts.to ? { to: opts.to.toLowerCase() } : undefined,
    orderBy: { createdAt: 'desc' },
    take: opts.limit,
  });
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    template: r.template,
    locale: r.locale,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  }));
}
