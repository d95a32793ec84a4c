// graphwright endpoints: the endpoints a browser on the headless host (or the desktop app's window)
// may name for extraction, publishing and model downloads (docs/SECURITY.md). The CLI is the user:
// its own commands name any endpoint; these grants are for the untrusted side.
import type { Command } from '../command';
import { UsageError, dbOption, jsonOption } from '../command';
import { callCore, openCore } from '../open';

const USAGE = ['endpoints list --db FILE [--json]', 'endpoints grant URL --db FILE [--json]', 'endpoints revoke URL --db FILE [--json]'].join(
  '\n       graphwright ',
);

export const endpointsCommand: Command = {
  name: 'endpoints',
  usage: USAGE,
  summary: 'List, grant or revoke the endpoints the app in a browser (or window) may send data to: extraction, SPARQL stores, model downloads',
  options: { ...dbOption, ...jsonOption },
  positionals: true,
  async run({ values, positionals }, io) {
    const [sub, url, ...rest] = positionals;
    if (rest.length) throw new UsageError(`endpoints ${sub} takes one URL`);
    if (sub !== 'list' && sub !== 'grant' && sub !== 'revoke') throw new UsageError(`endpoints takes list, grant or revoke, got ${JSON.stringify(sub ?? '')}`);
    if (sub !== 'list' && !url) throw new UsageError(`endpoints ${sub} needs a URL`);
    const core = openCore(values, { mustExist: sub !== 'grant' });
    try {
      if (sub === 'list') {
        const list = await callCore(core, 'endpoints.list', {});
        if (values.json) return io.json(list);
        for (const g of list) io.out(`${g.url}\t${g.source}`);
        if (!list.length) io.out('no endpoints granted');
      } else if (sub === 'grant') {
        const g = await callCore(core, 'endpoints.grant', { url: url!, remember: true });
        if (values.json) return io.json(g);
        io.out(`granted ${g.origin} (kept in ${core.dbPath}; a running host sees it at once)`);
      } else {
        const r = await callCore(core, 'endpoints.revoke', { url: url! });
        if (values.json) return io.json(r);
        io.out(r.revoked ? `revoked ${url}` : `${url} was not granted`);
      }
    } finally {
      await core.close();
    }
  },
};
