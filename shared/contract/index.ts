// The one API contract. Every call and event lives here; IPC, the HTTP host, the CLI and the
// renderer's client are all derived from these objects. Add a domain by adding a file and one spread.
import type { z } from 'zod';
import { appCalls } from './app';
import { documentCalls } from './documents';
import { graphCalls } from './graph';
import { extractCalls } from './extract';
import { shellCalls } from './shell';
import { modelCalls } from './models';
import { ingestCalls } from './ingest';
import { exportCalls } from './export';
import { reviewCalls } from './review';
import { chatCalls } from './chat';
import { conceptCalls } from './concepts';
import { evalCalls } from './eval';
import { publishCalls } from './publish';
import { editionCalls } from './editions';
import { vectorCalls } from './vectors';
import { endpointCalls } from './endpoints';

export { events } from './events';
export type { Events, EventName, EventPayload } from './events';
export { defineCall } from './define';
export type { CallSpec } from './define';

export const calls = {
  ...ingestCalls,
  ...appCalls,
  ...documentCalls,
  ...graphCalls,
  ...extractCalls,
  ...shellCalls,
  ...modelCalls,
  ...exportCalls,
  ...reviewCalls,
  ...chatCalls,
  ...conceptCalls,
  ...evalCalls,
  ...publishCalls,
  ...editionCalls,
  ...vectorCalls,
  ...endpointCalls,
};

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallInput<N extends CallName> = z.input<Calls[N]['input']>;
export type CallArgs<N extends CallName> = z.output<Calls[N]['input']>;
export type CallOutput<N extends CallName> = z.output<Calls[N]['output']>;

export const callNames = Object.keys(calls) as CallName[];

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(calls, name);
}

/** Transport constants, derived once: the IPC channels and the HTTP paths. */
export const transport = {
  ipcCallChannel: 'graphwright:call',
  ipcEventChannel: 'graphwright:event',
  httpCallPath: (name: CallName) => `/api/call/${name}`,
  httpEventsPath: '/api/events',
  tokenHeader: 'x-graphwright-token',
  tokenQuery: 'token',
} as const;

export * from './documents';
export * from './app';
export * from './graph';
export * from './extract';
export * from './shell';
export * from './models';
export * from './ingest';
export * from './export';
export * from './review';
export * from './chat';
export * from './concepts';
export * from './eval';
export * from './publish';
export * from './editions';
export * from './vectors';
export * from './endpoints';
