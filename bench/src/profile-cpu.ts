import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.js';
import { startPanel } from '../../server/src/start.js';
import { load } from './http-load.js';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-prof-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAIL: 'bench@panel.test', ADMIN_PASSWORD: 'Bench@12345', ADMIN_LOGIN_PREFIX: 'bench-admin', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/panel_bench' });
const { app } = await startPanel(config, { logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await fetch(`${address}/api/bench-admin/admin-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@panel.test', password: 'Bench@12345' }) });
const { token } = (await login.json()) as { token: string };
const { Session } = await import('node:inspector/promises');
const session = new Session(); session.connect();
await session.post('Profiler.enable'); await session.post('Profiler.start');
const r = await load(`${address}/api/profile`, { connections: 32, seconds: 6, headers: { authorization: `Bearer ${token}` } });
const { profile } = await session.post('Profiler.stop') as any;
console.log('rps', r.rps);
const self = new Map<string, number>();
const total = profile.samples.length;
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const counts = new Map<number, number>();
for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
for (const [id, c] of counts) { const n: any = byId.get(id); const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, '').slice(0, 60)}:${n.callFrame.lineNumber}`; self.set(key, (self.get(key) ?? 0) + c); }
const byPkg = new Map<string, number>();
for (const [k, c] of self) { const m = /^\S+ (@?[^/:]+(?:\/[^/:]+)?)/.exec(k); const pkg = k.includes('node:') || !k.includes('/') ? 'node/other' : (m?.[1] ?? 'other'); byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + c); }
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, c]) => `${(100 * c / total).toFixed(1)}% ${k}`).join('\n'));
console.log('--- by package'); console.log([...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, c]) => `${(100 * c / total).toFixed(1)}% ${k}`).join('\n'));
await app.close(); process.exit(0);
