// The admin's list of people: search by e-mail or name, filter by role or suspension, newest first, paged.
import type { z } from 'zod';
import type { Db } from '../../db.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { listUsersQuerySchema } from '../../../core/contract/admin.ts';
import type { UserListRow } from '../../../core/api/admin.ts';
export type { UserListRow } from '../../../core/api/admin.ts';

export type ListUsersQuery = z.output<typeof listUsersQuerySchema>;

export async function listUsers(prisma: Db, q: ListUsersQuery): Promise<{ users: UserListRow[]; total: number; page: number; pageSize: number }> {
  const where: Prisma.UserWhereInput = {
    ...(q.q ? { OR: [{ email: { contains: q.q, mode: 'insensitive' } }, { name: { contains: q.q, mode: 'insensitive' } }] } : {}),
    ...(q.role ? { role: q.role } : {}),
    ...(q.suspended ? { suspendedAt: q.suspended === 'true' ? { not: null } : null } : {}),
  };
  const [rows, total] = await Promise.all([
    prisma.user.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      skip: (q.page - 1) * q.pageSize,
      take: q.pageSize,
      select: { id: true, email: true, name: true, role: true, emailVerified: true, twoFactorEnabled: true, suspendedAt: true, createdAt: true },
    }),
    prisma.user.count({ where }),
  ]);
  return {
    users: rows.map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role,
      emailVerified: u.emailVerified,
      twoFactorEnabled: u.twoFactorEnabled,
      suspended: !!u.suspendedAt,
      createdAt: u.createdAt.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
