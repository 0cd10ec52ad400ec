// The backup's file work (copy, hash, pack, unpack), run in a worker thread: a database folder is
// a thousand files and gigabytes, and on the server's own event loop, busy with requests, each file
// waited its turn (minutes under load). Plain JavaScript, so the worker needs no TypeScript loader
// in the tests or the CLI; build.mjs copies it beside the bundle. backups.files.ts is its interface.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import * as tar from 'tar';

const BIG = 16 * 1024 * 1024;
/** One read buffer for every file: a database folder is a thousand files, most of them small. */
const buffer = Buffer.allocUnsafe(4 * 1024 * 1024);

function hashFile(file) {
  const hash = crypto.createHash('sha256');
  const fd = fs.openSync(file, 'r');
  let size = 0;
  try {
    for (let read; (read = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0; size += read) hash.update(buffer.subarray(0, read));
  } finally {
    fs.closeSync(fd);
  }
  return { size, sha256: hash.digest('hex') };
}

function hashTree(root) {
  const files = {};
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files[path.relative(root, full).split(path.sep).join('/')] = hashFile(full);
    }
  };
  walk(root);
  return files;
}

async function pack({ staging, members, out }) {
  const packed = tar.c({ gzip: { level: 6 }, cwd: staging, portable: true, maxReadSize: BIG }, members);
  await pipeline(packed, fs.createWriteStream(out, { mode: 0o600, highWaterMark: BIG }));
  fs.chmodSync(out, 0o600);
  const fd = fs.openSync(out, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

async function unpack({ file, into }) {
  /** Backup findings (contract/src/backups.ts): a code and its values. */
  const findings = [];
  fs.rmSync(into, { recursive: true, force: true });
  fs.mkdirSync(into, { recursive: true, mode: 0o700 });
  try {
    await tar.x({
      file,
      cwd: into,
      strict: true,
      // Nothing but files and folders is written; the archive's modes are not trusted.
      filter: (name, entry) => {
        if (entry.type === 'File' || entry.type === 'OldFile' || entry.type === 'Directory') return true;
        findings.push({ code: 'member_not_plain_file', values: { name } });
        return false;
      },
      noChmod: true,
      dmode: 0o700,
      fmode: 0o600,
      maxReadSize: BIG,
    });
  } catch (error) {
    return { unreadable: error.code ? `${error.code}: ${error.message}` : error.message, findings, files: {} };
  }
  return { unreadable: null, findings, files: hashTree(into) };
}

async function extract({ file, into }) {
  fs.mkdirSync(into, { recursive: true, mode: 0o700 });
  // PGlite's own tar names its files from the root (`/base/1/…`): made relative, as tar does by default.
  await tar.x({ file, cwd: into, maxReadSize: BIG });
}

const operations = {
  copy: ({ from, to }) => fs.cpSync(from, to, { recursive: true, filter: (source) => !source.endsWith('postmaster.pid') }),
  hash: ({ root }) => hashTree(root),
  pack,
  unpack,
  extract,
};

try {
  parentPort.postMessage({ result: await operations[workerData.op](workerData.args) });
} catch (error) {
  parentPort.postMessage({ error: { message: error.message, code: error.code } });
}
