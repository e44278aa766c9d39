// Trade documents for the 'Verifiziert' badge: a provider uploads a Gewerbeschein or Handwerkskarte (PDF,
// JPEG or PNG, at most 5 MB, checked by content, not by name); an admin approves or rejects it.
import { AppError } from '../../../core/errors.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import type { Db } from '../../db.ts';
import { inTransaction } from '../../db/tx.ts';
import type { AppDeps } from '../../deps.ts';
import { announce, queueNotices } from '../notifications/notify.ts';
import { verificationDecidedNotice } from './verification-decided-notice.ts';
import type { DocumentKind, DocumentSummary, PendingDocument } from '../../../core/api/provider.ts';
import { MAX_DOCUMENT_BYTES, DOCUMENT_TYPES } from '../../../core/api/provider.ts';
export { MAX_DOCUMENT_BYTES, DOCUMENT_TYPES } from '../../../core/api/provider.ts';
export { DOCUMENT_KINDS } from '../../../core/api/provider.ts';
export { verificationNote } from '../../../core/contract/admin.ts';
export type { DocumentKind, DocumentSummary, PendingDocument } from '../../../core/api/provider.ts';

/** The file's real type from its first bytes; null for anything else. */
export function sniffDocumentType(data: Uint8Array): (typeof DOCUMENT_TYPES)[number] | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  return null;
}

const summary = (d: {
  id: string;
  kind: string;
  fileName: string;
  mimeType: string;
  size: number;
  status: string;
  note: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
}): DocumentSummary => ({
  id: d.id,
  kind: d.kind as DocumentKind,
  fileName: d.fileName,
  mimeType: d.mimeType,
  size: d.size,
  status: d.status as DocumentSummary['status'],
  note: d.note,
  createdAt: d.createdAt.toISOString(),
  reviewedAt: d.reviewedAt?.toISOString() ?? null,
});

export async function uploadVerificationDocument(
  prisma: Db,
  providerId: string,
  input: { kind: DocumentKind; fileName: string; data: Uint8Array },
): Promise<DocumentSummary> {
  if (input.data.byteLength === 0) throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'body', code: 'too_small', message: 'empty file' }] });
  if (input.data.byteLength > MAX_DOCUMENT_BYTES) throw new AppError('FILE_TOO_LARGE', { params: { max: MAX_DOCUMENT_BYTES / 1024 / 1024 } });
  const mimeType = sniffDocumentType(input.data);
  if (!mimeType) throw new AppError('FILE_TYPE_NOT_ALLOWED');
  const fileName = input.fileName.replace(/[^\p{L}\p{N}._ -]+/gu, '_').slice(0, 120) || 'dokument';
  return inTransaction(prisma, async (tx) => {
    const profile = await tx.providerProfile.findUnique({ where: { userId: providerId }, select: { verification: true } });
    if (!profile) throw new AppError('PROVIDER_PROFILE_REQUIRED');
    const doc = await tx.verificationDocument.create({
      data: { providerId, kind: input.kind, fileName, mimeType, size: input.data.byteLength, data: Buffer.from(input.data) },
    });
    // A verified provider stays verified while a newer document waits.
    if (profile.verification !== 'verified') await tx.providerProfile.update({ where: { userId: providerId }, data: { verification: 'pending' } });
    return summary(doc);
  });
}

export async function listOwnVerificationDocuments(prisma: Db, providerId: string): Promise<DocumentSummary[]> {
  const docs = await prisma.verificationDocument.findMany({ where: { providerId }, orderBy: { createdAt: 'desc' }, omit: { data: true } });
  return docs.map(summary);
}

export async function listVerificationDocuments(prisma: Db, status: 'pending' | 'approved' | 'rejected' = 'pending'): Promise<PendingDocument[]> {
  const docs = await prisma.verificationDocument.findMany({
    where: { status },
    orderBy: { createdAt: 'asc' },
    take: 200,
    omit: { data: true },
    include: { provider: { select: { firmenname: true, verification: true, user: { select: { name: true, email: true } } } } },
  });
  return docs.map((d) => ({
    ...summary(d),
    providerId: d.providerId,
    firmenname: d.provider.firmenname,
    providerName: d.provider.user.name,
    providerEmail: d.provider.user.email,
    verification: d.provider.verification,
  }));
}

export async function getVerificationFile(prisma: Db, id: string): Promise<{ fileName: string; mimeType: string; data: Uint8Array }> {
  const doc = await prisma.verificationDocument.findUnique({ where: { id }, select: { fileName: true, mimeType: true, data: true } });
  if (!doc) throw new AppError('NOT_FOUND');
  return doc;
}

/** An admin's decision; approval gives the provider the 'Verifiziert' badge. */
export async function decideVerificationDocument(
  deps: Pick<AppDeps, 'db' | 'bus' | 'mailer' | 'logger' | 'config'>,
  adminId: string,
  id: string,
  decision: 'approve' | 'reject',
  note?: string,
  via: AuditVia = 'dashboard',
): Promise<{ providerId: string; status: 'approved' | 'rejected' }> {
  const { result, told } = await inTransaction(deps.db.prisma, async (tx) => {
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const updated = await tx.verificationDocument.updateMany({
      where: { id, status: 'pending' },
      data: { status, note: note ?? null, reviewedById: adminId, reviewedAt: new Date() },
    });
    const doc = await tx.verificationDocument.findUnique({ where: { id }, select: { providerId: true, status: true } });
    if (!doc) throw new AppError('NOT_FOUND');
    if (updated.count !== 1) throw new AppError('CONFLICT');
    if (status === 'approved')
      await tx.providerProfile.update({ where: { userId: doc.providerId }, data: { verification: 'verified', verifiedAt: new Date() } });
    else {
      const waiting = await tx.verificationDocument.count({ where: { providerId: doc.providerId, status: 'pending' } });
      const profile = await tx.providerProfile.findUniqueOrThrow({ where: { userId: doc.providerId }, select: { verification: true } });
      if (profile.verification !== 'verified')
        await tx.providerProfile.update({ where: { userId: doc.providerId }, data: { verification: waiting ? 'pending' : 'rejected' } });
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: `verification.${decision}`,
      entityType: 'verificationDocument',
      entityId: id,
      before: { status: 'pending' },
      after: { status, providerId: doc.providerId },
      reason: note ?? null,
      via,
    });
    const result = { providerId: doc.providerId, status } as const;
    // The provider's mail commits with the decision (decision 082).
    return { result, told: await queueNotices(tx, deps, [verificationDecidedNotice(deps, id, result, note)]) };
  });
  await announce(deps, told);
  return result;
}
