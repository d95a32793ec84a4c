import { z } from 'zod';
import { defineCall } from './define';

// Endpoint grants (docs/SECURITY.md): the network places an untrusted caller (the Electron renderer,
// a browser on the headless host) may name for extraction, publishing and model downloads. Only the
// trusted side grants one: the desktop app's own dialog (`dialog.grantEndpoint`, answered in main),
// the CLI (`graphwright endpoints grant`, `serve --grant-endpoint`). Anyone may take one away.

const HttpUrl = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/\S+$/i, 'an http(s) URL');

/** settings: granted for good (kept in the database); session: for this run of the app or host; models: the endpoint chosen for a model role. */
export const EndpointSource = z.enum(['settings', 'session', 'models']);
export type EndpointSource = z.infer<typeof EndpointSource>;

export const EndpointGrant = z.object({
  url: z.string(),
  /** What the grant covers: every URL of this scheme, host and port. */
  origin: z.string(),
  source: EndpointSource,
});
export type EndpointGrant = z.infer<typeof EndpointGrant>;

export const endpointCalls = {
  'endpoints.list': defineCall({
    input: z.object({}),
    output: z.array(EndpointGrant),
    summary: 'The endpoints data may be sent to (extraction, publishing, model downloads): granted ones and those chosen for a model role',
  }),
  'endpoints.grant': defineCall({
    input: z.object({ url: HttpUrl, remember: z.boolean().default(true) }),
    output: EndpointGrant,
    summary: 'Allow an endpoint (trusted callers only: the CLI, the desktop app after its own question); remember: keep it in the database',
  }),
  'endpoints.revoke': defineCall({
    input: z.object({ url: z.string().min(1).max(2048) }),
    output: z.object({ revoked: z.boolean() }),
    summary: 'Take an endpoint grant away (by its URL or origin); anyone may',
  }),
};
