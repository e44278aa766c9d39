// A provider's trader details (DSA Art. 30, decision 059): name, address, register entry or trade licence,
// VAT ID where there is one, and the self-certification to offer only services that comply with the law.
// Given at onboarding; a provider without them cannot send offers (create-offer.ts); shown to the seeker
// together with the provider's contact once both confirmed the deal.
import { checkVAT, countries } from 'jsvat';
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import type { Db, DbTx } from '../../db.ts';
import { tellOwnChange } from '../notifications/tell-own-change.ts';
import type { AppDeps } from '../../deps.ts';

import { REGISTER_KINDS, type RegisterKind, type TraderDetailsView } from '../../../core/providers/trader-details.ts';

export { REGISTER_KINDS, type RegisterKind, type TraderDetailsView };

export const traderDetailsInput = z
  .object({
    legalName: z.string().trim().min(2).max(160),
    street: z.string().trim().min(3).max(160),
    postcode: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z -]{3,10}$/),
    city: z.string().trim().min(2).max(120),
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/)
      .transform((c) => c.toUpperCase())
      .default('DE'),
    registerKind: z.enum(REGISTER_KINDS),
    /** 'HRB 12345, Amtsgericht Köln' or the trade licence's number and issuing office; empty only for 'none'. */
    registerNumber: z.string().trim().max(200).default(''),
    vatId: z.string().trim().max(20).optional(),
    /** The self-certification (Art. 30(1)(e)): must be given, every time the details are saved. */
    selfCertified: z.literal(true),
  })
  .refine((d) => d.registerKind === 'none' || d.registerNumber.length >= 3, { path: ['registerNumber'], message: 'register number required' });
export type TraderDetailsInput = z.input<typeof traderDetailsInput>;
export type CheckedTraderDetails = z.output<typeof traderDetailsInput>;

/** A VAT ID in its compact form ('DE 136 695 976' → 'DE136695976'), checked with jsvat (format and check digits). */
export function normalizeVatId(raw: string | undefined): string | null {
  const compact = (raw ?? '').replace(/[\s.-]/g, '').toUpperCase();
  if (!compact) return null;
  if (!checkVAT(compact, countries).isValid) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'body.vatId', code: 'invalid_vat_id', message: 'invalid VAT ID' }] });
  }
  return compact;
}

export function toTraderView(t: {
  legalName: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  registerKind: string;
  registerNumber: string;
  vatId: string | null;
  selfCertifiedAt: Date;
}): TraderDetailsView {
  return {
    legalName: t.legalName,
    street: t.street,
    postcode: t.postcode,
    city: t.city,
    country: t.country,
    registerKind: t.registerKind as RegisterKind,
    registerNumber: t.registerNumber,
    vatId: t.vatId,
    selfCertifiedAt: t.selfCertifiedAt.toISOString(),
  };
}

/** Stores the details (checked by traderDetailsInput) in the caller's transaction. */
export async function upsertTraderDetails(tx: Db | DbTx, providerId: string, input: CheckedTraderDetails): Promise<TraderDetailsView> {
  const vatId = normalizeVatId(input.vatId);
  const data = {
    legalName: input.legalName,
    street: input.street,
    postcode: input.postcode,
    city: input.city,
    country: input.country,
    registerKind: input.registerKind,
    registerNumber: input.registerKind === 'none' ? '' : input.registerNumber,
    vatId,
    selfCertifiedAt: new Date(),
  };
  const row = await tx.traderDetails.upsert({ where: { providerId }, create: { providerId, ...data }, update: data });
  return toTraderView(row);
}

/** The provider saves their trader details (a profile must exist). */
export async function saveTraderDetails(deps: AppDeps, providerId: string, input: CheckedTraderDetails): Promise<TraderDetailsView> {
  const profile = await deps.db.prisma.providerProfile.findUnique({ where: { userId: providerId }, select: { userId: true } });
  if (!profile) throw new AppError('PROVIDER_PROFILE_REQUIRED');
  const view = await upsertTraderDetails(deps.db.prisma, providerId, input);
  await tellOwnChange(deps, providerId, 'profile.updated', {});
  return view;
}

export async function getTraderDetails(db: Db | DbTx, providerId: string): Promise<TraderDetailsView | null> {
  const row = await db.traderDetails.findUnique({ where: { providerId } });
  return row ? toTraderView(row) : null;
}

/** Offers reach consumers only from providers whose trader details are on file (DSA Art. 30(1)). */
export async function requireTraderDetails(db: Db | DbTx, providerId: string): Promise<void> {
  const row = await db.traderDetails.findUnique({ where: { providerId }, select: { providerId: true } });
  if (!row) throw new AppError('TRADER_DETAILS_REQUIRED');
}
