/** A file that cannot be ingested. The message says why; the pipeline adds the file's name. */
export class IngestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IngestError';
  }
}
