// Domain events from chat tools to the event bus (ws pushes them to the people concerned). Tools call
// ctx.publish(...); this is the one place that shapes them, so later flows publish the same way.
import type { AppDeps } from '../deps.ts';
import { busEventSchema, type BusEvent } from '../realtime/bus.ts';

export async function publishChatEvent(deps: Pick<AppDeps, 'bus' | 'logger'>, event: BusEvent): Promise<void> {
  // A malformed event is a programming error and fails loudly.
  busEventSchema.parse(event);
  try {
    await deps.bus.publish(event);
  } catch (err) {
    // A lost notification must not undo a committed command; the data stays the source of truth.
    deps.logger.warn({ err: err instanceof Error ? err.message : String(err), type: event.type }, 'could not publish chat event');
  }
}
