// A small ZIP writer (PKWARE APPNOTE 6.3: local headers, central directory, end record; deflate or
// store; UTF-8 names) for the plugin distribution and its jar, so `npm run package:plugin` needs no
// zip tool (jetbrains-plugin/README.md, "Build without Gradle"). Entries get a fixed timestamp, so
// the same inputs give the same bytes.
import { crc32, deflateRawSync } from 'node:zlib';

const DOS_TIME = 0; // 00:00:00
const DOS_DATE = (2024 - 1980) << 9 | 1 << 5 | 1; // 2024-01-01
const UTF8 = 0x0800;

/** Collects entries in order; `toBuffer()` writes the archive. */
export class ZipWriter {
  #entries = [];
  #dirs = new Set();

  /** Adds a file (string or bytes) at `name` (forward slashes), creating its parent directories. */
  file(name, data, { executable = false } = {}) {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
    this.#parents(name);
    this.#entries.push({ name, bytes, dir: false, executable });
    return this;
  }

  /** Adds a directory entry (and its parents) once. */
  dir(name) {
    const path = name.endsWith('/') ? name : `${name}/`;
    if (this.#dirs.has(path)) return this;
    this.#parents(path.slice(0, -1));
    this.#dirs.add(path);
    this.#entries.push({ name: path, bytes: Buffer.alloc(0), dir: true, executable: false });
    return this;
  }

  #parents(name) {
    const parts = name.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) this.dir(parts.slice(0, i).join('/'));
  }

  toBuffer() {
    const chunks = [];
    const central = [];
    let offset = 0;
    for (const entry of this.#entries) {
      const record = encode(entry);
      const local = localHeader(record);
      chunks.push(local, record.data);
      central.push(centralHeader(record, offset));
      offset += local.length + record.data.length;
    }
    const directory = Buffer.concat(central);
    return Buffer.concat([...chunks, directory, endRecord(this.#entries.length, directory.length, offset)]);
  }
}

function encode(entry) {
  const name = Buffer.from(entry.name, 'utf8');
  const crc = crc32(entry.bytes);
  const deflated = entry.bytes.length > 0 ? deflateRawSync(entry.bytes, { level: 9 }) : entry.bytes;
  const compress = deflated.length < entry.bytes.length;
  const data = compress ? deflated : entry.bytes;
  const mode = entry.dir ? 0o40755 : entry.executable ? 0o100755 : 0o100644;
  const external = ((mode << 16) | (entry.dir ? 0x10 : 0)) >>> 0;
  return { name, crc, data, method: compress ? 8 : 0, size: entry.bytes.length, external };
}

function localHeader(r) {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4); // version needed: 2.0 (deflate, directories)
  h.writeUInt16LE(UTF8, 6);
  h.writeUInt16LE(r.method, 8);
  h.writeUInt16LE(DOS_TIME, 10);
  h.writeUInt16LE(DOS_DATE, 12);
  h.writeUInt32LE(r.crc, 14);
  h.writeUInt32LE(r.data.length, 18);
  h.writeUInt32LE(r.size, 22);
  h.writeUInt16LE(r.name.length, 26);
  h.writeUInt16LE(0, 28);
  return Buffer.concat([h, r.name]);
}

function centralHeader(r, offset) {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(0x0314, 4); // made by: Unix, spec 2.0 (so the mode bits in `external` count)
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(UTF8, 8);
  h.writeUInt16LE(r.method, 10);
  h.writeUInt16LE(DOS_TIME, 12);
  h.writeUInt16LE(DOS_DATE, 14);
  h.writeUInt32LE(r.crc, 16);
  h.writeUInt32LE(r.data.length, 20);
  h.writeUInt32LE(r.size, 24);
  h.writeUInt16LE(r.name.length, 28);
  h.writeUInt32LE(r.external, 38);
  h.writeUInt32LE(offset, 42);
  return Buffer.concat([h, r.name]);
}

function endRecord(count, size, offset) {
  if (count > 0xffff || offset > 0xffffffff) throw new Error('archive too large for a ZIP without ZIP64');
  const h = Buffer.alloc(22);
  h.writeUInt32LE(0x06054b50, 0);
  h.writeUInt16LE(count, 8);
  h.writeUInt16LE(count, 10);
  h.writeUInt32LE(size, 12);
  h.writeUInt32LE(offset, 16);
  return h;
}
