// How long providers keep seeing a request's contact data after it ended without a deal (decision 046): a
// closed or expired request's contact (the seeker's name, e-mail, the full description with phone numbers and
// addresses) is hidden from the providers who unlocked it once the setting's days have passed since it ended.
// One pure rule, used where providers read contact data (the feed and match view behind HTTP and chat).

export const CONTACT_RETENTION_STATUSES: readonly string[] = ['closed', 'expired'];

const DAY_MS = 24 * 60 * 60 * 1000;

export function contactHidden(request: { status: string; closedAt: Date | null }, retentionDays: number, now: Date = new Date()): boolean {
  if (!CONTACT_RETENTION_STATUSES.includes(request.status)) return false;
  // A request ended before closedAt was kept is treated as ended long ago.
  if (!request.closedAt) return true;
  return now.getTime() - request.closedAt.getTime() >= retentionDays * DAY_MS;
}
