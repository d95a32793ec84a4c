import { EventEmitter } from 'node:events';
import { events, type EventName, type EventPayload } from '../../shared/contract';

type Listener = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

/** The core's event bus. Every transport (IPC, SSE) subscribes with onAny and forwards. */
export class EventBus {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(100);
  }

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    const checked = events[name].parse(payload) as EventPayload<E>;
    this.emitter.emit('event', name, checked);
  }

  onAny(listener: Listener): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
    const wrapped: Listener = (n: EventName, p: unknown) => {
      if (n === name) listener(p as EventPayload<E>);
    };
    return this.onAny(wrapped);
  }
}
