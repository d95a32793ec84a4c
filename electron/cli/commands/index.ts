import type { Command } from '../command';
import { documentCommand, documentsCommand, jobsCommand, nodesCommand, statusCommand, triplesCommand } from './read';
import { serveCommand } from './serve';
import { extractCommand } from './extract';
import { modelsCommand } from './models';
import { ingestCommand } from './ingest';
import { exportCommand, importCommand } from './export';
import { askCommand, retrieveCommand } from './retrieve';
import { conceptsCommand, schemaCommand } from './concepts';
import { evalCommand } from './eval';
import { publishCommand, pullCommand } from './publish';
import { diffCommand } from './diff';
import { indexCommand } from './embeddings';
import { explainCommand } from './explain';
import { endpointsCommand } from './endpoints';
import { logsCommand } from './logs';

/** Every CLI command. Add a feature's commands in its own file and list them here. */
export const commands: Command[] = [
  serveCommand,
  ingestCommand,
  statusCommand,
  documentsCommand,
  documentCommand,
  diffCommand,
  nodesCommand,
  triplesCommand,
  jobsCommand,
  extractCommand,
  explainCommand,
  modelsCommand,
  exportCommand,
  importCommand,
  retrieveCommand,
  askCommand,
  indexCommand,
  conceptsCommand,
  schemaCommand,
  evalCommand,
  publishCommand,
  pullCommand,
  endpointsCommand,
  logsCommand,
];
