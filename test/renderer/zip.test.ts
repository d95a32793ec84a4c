// The browser host's folder exports download as one archive: a real unzip must read it back.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { crc32, folderExportName, unzipStored, zipFiles } from '../../renderer/src/features/export/zip';
import { tmpDir } from '../helpers/tmp';

describe('zip of a folder export', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('writes an archive unzip reads, with UTF-8 names, and reads it back', () => {
    const t = tmpDir('gw-zip-');
    try {
      const folder = folderExportName('neo4j-csv');
      const files = [
        { name: `${folder}/nodes.csv`, data: 'key:ID,label\nn1,변전소\n' },
        { name: `${folder}/relationships.csv`, data: ':START_ID,:END_ID,:TYPE\n' },
        { name: `${folder}/한국어.txt`, data: new Uint8Array([0, 1, 2, 255]) },
      ];
      const bytes = zipFiles(files);
      const file = path.join(t.dir, `${folder}.zip`);
      fs.writeFileSync(file, bytes);
      expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toMatch(/No errors detected/);
      execFileSync('unzip', ['-q', file, '-d', t.dir]);
      expect(fs.readFileSync(path.join(t.dir, folder, 'nodes.csv'), 'utf8')).toBe('key:ID,label\nn1,변전소\n');
      const back = unzipStored(bytes);
      expect(back.map((e) => e.name)).toEqual(files.map((f) => f.name));
      expect(new TextDecoder().decode(back[0].data)).toBe(files[0].data);
      expect([...back[2].data]).toEqual([0, 1, 2, 255]);
      expect(() => unzipStored(new Uint8Array(10), 'x.zip')).toThrow(/x.zip is not a ZIP archive/);
    } finally {
      t.cleanup();
    }
  });
});
