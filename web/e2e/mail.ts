import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E } from './env';

/** The newest mail to `to` in the server's outbox (with a link containing `linkContaining`, when given), waited for, with its first panel link. */
export async function latestMailTo(to: string, linkContaining = ''): Promise<{ raw: string; link: string }> {
  const outbox = path.join(E2E.dataDir, 'outbox');
  let found: { raw: string; link: string } | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(outbox)) return false;
        const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')).sort().reverse();
        for (const file of files) {
          const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
          if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw)) continue;
          const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          const link = new RegExp(`${E2E.baseUrl.replace(/[.]/g, '\\.')}/[^\\s"<]+`).exec(text)?.[0];
          if (link?.includes(linkContaining)) {
            found = { raw, link };
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}
