// The admin audit log: every change an admin makes (by dashboard or by chat) is recorded in the same
// transaction as the change itself, with the values before and after. Append-only (a trigger refuses UPDATE
// and DELETE). Decision 030.
import type { z } from 'zod';
import type { auditQuerySchema } from '../../../core/contract/admin.ts';
import type { Db, DbTx } from '../../db.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { AuditRow } from '../../../core/api/admin.ts';
export type { AuditRow } from '../../../core/api/admin.ts';

/** Where the change came from: the dashboard (HTTP), the chat (a confirmed tool) or the system itself. */
export const AUDIT_VIA = ['dashboard', 'chat', 'system'] as const;
export type AuditVia = (typeof AUDIT_VIA)[number];

export interface AuditEntry {
  /** The admin who made the change (null for the system). */
  actorId: string | null;
  /** Dotted verb: settings.update, request.reject, price.update, followUp.publish, user.suspend, … */
  action: string;
  entityType: string;
  entityId?: string | null;
  /** The values before and after; plain JSON (Dates as ISO strings). */
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  via?: AuditVia;
}

function json(value: unknown): Prisma.InputJsonValue | undefined {
  if (value === undefined || value === null) return undefined;
  return JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;
}

/** Records one change. Call it with the transaction client that makes the change, so both commit or neither. */
export async function recordAudit(db: Db | DbTx, entry: AuditEntry): Promise<void> {
  await db.auditLog.create({
    data: {
      actorId: entry.actorId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      before: json(entry.before),
      after: json(entry.after),
      reason: entry.reason ?? null,
      via: entry.via ?? 'dashboard',
    },
  });
}

export type AuditQuery = z.output<typeof auditQuerySchema>;

/** The log, newest first, filtered; `action` matches a prefix ('price.' finds every price change). */
export async function listAuditLog(db: Db, q: AuditQuery): Promise<{ entries: AuditRow[]; nextBefore: string | null }> {
  const createdAt: Prisma.DateTimeFilter = {};
  if (q.from) createdAt.gte = q.from;
  if (q.to) createdAt.lte = q.to;
  if (q.before) createdAt.lt = q.before;
  const rows = await db.auditLog.findMany({
    where: {
      ...(q.action ? { action: { startsWith: q.action } } : {}),
      ...(q.entityType ? { entityType: q.entityType } : {}),
      ...(q.entityId ? { entityId: q.entityId } : {}),
      ...(q.actorId ? { actorId: q.actorId } : {}),
      ...(Object.keys(createdAt).length ? { createdAt } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const actorIds = [...new Set(page.map((r) => r.actorId).filter((id): id is string => !!id))];
  const actors = actorIds.length ? await db.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, email: true } }) : [];
  const emails = new Map(actors.map((a) => [a.id, a.email]));
  return {
    entries: page.map((r) => ({
      id: r.id,
      actorId: r.actorId,
      actorEmail: r.actorId ? (emails.get(r.actorId) ?? null) : null,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      before: r.before ?? null,
      after: r.after ?? null,
      reason: r.reason,
      via: r.via,
      createdAt: r.createdAt.toISOString(),
    })),
    nextBefore: rows.length > q.limit ? page[page.length - 1]!.createdAt.toISOString() : null,
  };
}
