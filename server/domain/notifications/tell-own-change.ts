// A person's own action, told to their other screens: the dashboard open in another tab refetches, and the
// chat shows a note when the action was not taken in it (decision 054). The data stays the source of truth:
// a lost event never undoes the action.
import type { AppDeps } from '../../deps.ts';

export async function tellOwnChange(deps: Pick<AppDeps, 'bus' | 'logger'>, userId: string, type: string, payload: Record<string, unknown>): Promise<void> {
  try {
    await deps.bus.publish({ type, to: { userId }, payload });
  } catch (err) {
    deps.logger.warn({ err: err instanceof Error ? err.message : String(err), type }, 'own change could not be published');
  }
}
