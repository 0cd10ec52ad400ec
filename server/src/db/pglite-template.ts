import fs from 'node:fs';
import { openPglite } from './client.js';

/**
 * Writes a migrated, empty PGlite data directory as a gzipped tarball. `npm run build` puts one
 * beside the bundle: a first start unpacks it instead of running initdb and every migration in
 * WebAssembly (docs/decisions/0008-performance.md).
 */
export async function writePgliteTemplate(file: string) {
  const database = (await openPglite(undefined)) as Awaited<ReturnType<typeof openPglite>> & { pglite: { dumpDataDir(compression: 'gzip'): Promise<Blob> } };
  try {
    await database.migrate();
    fs.writeFileSync(file, Buffer.from(await (await database.pglite.dumpDataDir('gzip')).arrayBuffer()));
  } finally {
    await database.close();
  }
}
