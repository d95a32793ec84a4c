import { z } from 'zod';
import { Id } from '../schemas';
import { TypedJobInfo } from './jobs';
import { shellEvents } from './shell';

/** Everything the core pushes to its clients. Payloads are validated before they are sent. */
export const events = {
  'job.progress': TypedJobInfo,
  'graph.changed': z.object({ reason: z.string(), documentIds: z.array(Id).optional() }),
  'documents.changed': z.object({ reason: z.string() }),
  /** A graph.import under way (in a worker thread): triples read so far of the file. */
  /** `total`: the triples to import, when known before (publish.pull: the graph read from the store; its first event has triples 0). */
  'graph.import.progress': z.object({ format: z.string(), file: z.string(), triples: z.number().int().min(0), total: z.number().int().min(0).optional() }),
  'chat.token': z.object({ sessionId: Id, messageId: z.string(), token: z.string(), done: z.boolean() }),
  /** The host switched to another database: every query the renderer holds is stale. */
  'app.database': z.object({ name: z.string(), file: z.string() }),
  ...shellEvents,
};
export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.infer<Events[E]>;
