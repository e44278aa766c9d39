// The admin audit log: entries are written with the change, listed newest first with filters, and can be
// neither changed nor removed (the table refuses UPDATE and DELETE).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createUser } from '../factories/users.ts';
import { listAuditLog, recordAudit } from '../../server/domain/admin/audit.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('audit log', () => {
  it('lists entries newest first, filters by action prefix and entity, pages with before', async () => {
    const prisma = app.deps.db.prisma;
    const admin = await createUser(prisma, { role: 'admin' });
    await recordAudit(prisma, {
      actorId: admin.id,
      action: 'price.update',
      entityType: 'price',
      entityId: 'handwerk',
      before: { basePriceCents: 500 },
      after: { basePriceCents: 800 },
    });
    await new Promise((r) => setTimeout(r, 5));
    await recordAudit(prisma, {
      actorId: admin.id,
      action: 'settings.update',
      entityType: 'settings',
      before: { maxUnlocks: 5 },
      after: { maxUnlocks: 6 },
      via: 'chat',
    });
    await new Promise((r) => setTimeout(r, 5));
    await recordAudit(prisma, {
      actorId: null,
      action: 'price.delete',
      entityType: 'price',
      entityId: 'auto',
      before: { basePriceCents: 700 },
      reason: 'doppelt',
      via: 'system',
    });

    const all = await listAuditLog(prisma, { limit: 50 });
    expect(all.entries.map((e) => e.action)).toEqual(['price.delete', 'settings.update', 'price.update']);
    expect(all.entries[1]).toMatchObject({ actorEmail: admin.email, via: 'chat', before: { maxUnlocks: 5 }, after: { maxUnlocks: 6 } });
    expect(all.entries[0]).toMatchObject({ actorId: null, actorEmail: null, reason: 'doppelt', after: null });

    const prices = await listAuditLog(prisma, { action: 'price.', limit: 50 });
    expect(prices.entries.map((e) => e.entityId)).toEqual(['auto', 'handwerk']);
    const one = await listAuditLog(prisma, { entityType: 'price', entityId: 'handwerk', limit: 50 });
    expect(one.entries).toHaveLength(1);

    const page1 = await listAuditLog(prisma, { limit: 2 });
    expect(page1.entries).toHaveLength(2);
    expect(page1.nextBefore).not.toBeNull();
    const page2 = await listAuditLog(prisma, { limit: 2, before: new Date(page1.nextBefore!) });
    expect(page2.entries.map((e) => e.action)).toEqual(['price.update']);
    expect(page2.nextBefore).toBeNull();
  });

  it('is append-only: rows cannot be changed or deleted', async () => {
    const prisma = app.deps.db.prisma;
    await recordAudit(prisma, { actorId: null, action: 'test.append', entityType: 'test' });
    const row = await prisma.auditLog.findFirstOrThrow({ where: { action: 'test.append' } });
    await expect(prisma.auditLog.update({ where: { id: row.id }, data: { action: 'test.changed' } })).rejects.toThrow(/append-only/);
    await expect(prisma.auditLog.delete({ where: { id: row.id } })).rejects.toThrow(/append-only/);
    await expect(prisma.auditLog.deleteMany({})).rejects.toThrow(/append-only/);
    expect(await prisma.auditLog.count({ where: { action: 'test.append' } })).toBe(1);
  });
});
