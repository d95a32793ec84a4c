// Turning what the user dropped or picked into paths the core can ingest.
// Under Electron a File knows its path; in the browser host the bytes are uploaded first.
import type { ApiClient } from '../../api/client';
import type { GraphwrightBridge } from '../../../../shared/window-api';

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) binary += String.fromCharCode(...bytes.subarray(i, i + step));
  return btoa(binary);
}

interface PreparedDrop {
  paths: string[];
  failed: { path: string; error: string }[];
}

export async function pathsForFiles(api: ApiClient, files: File[], onFile?: (name: string, i: number) => void): Promise<PreparedDrop> {
  const bridge = (window as unknown as { api?: GraphwrightBridge }).api;
  const paths: string[] = [];
  const failed: PreparedDrop['failed'] = [];
  for (const [i, file] of files.entries()) {
    onFile?.(file.name, i);
    const native = bridge?.pathForFile?.(file);
    if (native) {
      paths.push(native);
      continue;
    }
    try {
      const { path } = await api.call('documents.upload', { name: file.name, dataBase64: toBase64(await file.arrayBuffer()) });
      paths.push(path);
    } catch (err) {
      failed.push({ path: file.name, error: `${file.name}: ${(err as Error).message}` });
    }
  }
  return { paths, failed };
}
