// Where writers put text: a file written in large slices with back-pressure (never one giant
// string), or strings collected for an inline answer.
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';

export interface TextOut {
  write(text: string): void;
  /** Hand buffered text to the file, waiting while the stream is full. Call between pages. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

const FLUSH_CHARS = 1 << 20;

class FileOut implements TextOut {
  private parts: string[] = [];
  private size = 0;
  private readonly stream: fs.WriteStream;
  private failed: Error | null = null;
  private waiting: ((err?: Error) => void) | null = null;

  constructor(readonly file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.stream = fs.createWriteStream(file, { encoding: 'utf8' });
    this.stream.on('error', (err) => {
      this.failed = err;
      this.waiting?.(err);
    });
  }

  write(text: string): void {
    this.parts.push(text);
    this.size += text.length;
  }

  async drain(): Promise<void> {
    if (this.failed) throw this.failed;
    if (this.size < FLUSH_CHARS) return;
    await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.parts.length) return;
    const chunk = this.parts.join('');
    this.parts = [];
    this.size = 0;
    if (!this.stream.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        this.waiting = (err) => (err ? reject(err) : resolve());
        this.stream.once('drain', () => this.waiting?.());
      });
      this.waiting = null;
    }
    if (this.failed) throw this.failed;
  }

  async close(): Promise<void> {
    await this.flush();
    this.stream.end();
    await finished(this.stream);
    if (this.failed) throw this.failed;
  }

  /** Stop writing and remove the partial file (after a failure or a cancel). */
  abort(): void {
    this.stream.destroy();
    fs.rmSync(this.file, { force: true });
  }
}

class StringOut implements TextOut {
  private parts: string[] = [];
  write(text: string): void {
    this.parts.push(text);
  }
  async drain(): Promise<void> {}
  async close(): Promise<void> {}
  text(): string {
    const t = this.parts.join('');
    this.parts = [t];
    return t;
  }
}

/** The destination of one export: one file, a folder of files, or inline strings. */
export interface Target {
  open(name: string, mediaType: string): TextOut;
}

export class FileTarget implements Target {
  readonly opened: FileOut[] = [];
  /** `folder`: names are joined to `location`; else the one file is `location` whatever its name. */
  constructor(
    readonly location: string,
    readonly folder: boolean,
  ) {}
  open(name: string): TextOut {
    const out = new FileOut(this.folder ? path.join(this.location, name) : this.location);
    this.opened.push(out);
    return out;
  }
  abort(): void {
    for (const o of this.opened) o.abort();
  }
  bytes(): number {
    return this.opened.reduce((n, o) => n + (fs.existsSync(o.file) ? fs.statSync(o.file).size : 0), 0);
  }
}

export class InlineTarget implements Target {
  readonly files: { name: string; mediaType: string; out: StringOut }[] = [];
  open(name: string, mediaType: string): TextOut {
    const out = new StringOut();
    this.files.push({ name, mediaType, out });
    return out;
  }
  result(): { name: string; mediaType: string; text: string }[] {
    return this.files.map((f) => ({ name: f.name, mediaType: f.mediaType, text: f.out.text() }));
  }
}
