// Waiting on what the core says instead of sleeping: the first event of a kind that satisfies a test.
import type { EventBus } from '../../electron/core/events';
import type { EventName, EventPayload } from '../../shared/contract';

/** The first `name` event for which `accept` holds (checked as each event arrives). */
export function nextEvent<E extends EventName>(bus: EventBus, name: E, accept: (payload: EventPayload<E>) => boolean = () => true): Promise<EventPayload<E>> {
  return new Promise((resolve) => {
    const off = bus.on(name, (p) => {
      if (!accept(p)) return;
      off();
      resolve(p);
    });
  });
}
