/**
 * Incremental checksums in the encodings Cloud Storage reports: `md5Hash` is the base64 MD5
 * digest, `crc32c` the base64 of the big-endian CRC32C (Castagnoli) value. Both are fed chunk by
 * chunk so uploads never need the whole object in memory.
 */
import { createHash, type Hash } from "node:crypto";

const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export class ObjectHasher {
  private readonly md5: Hash = createHash("md5");
  private crc = 0xffffffff;
  size = 0;

  update(chunk: Uint8Array): void {
    this.md5.update(chunk);
    let crc = this.crc;
    for (let i = 0; i < chunk.length; i++) {
      crc = CRC32C_TABLE[(crc ^ chunk[i]!) & 0xff]! ^ (crc >>> 8);
    }
    this.crc = crc;
    this.size += chunk.length;
  }

  /** Finishes both digests; the hasher cannot be used afterwards. */
  digest(): { md5Hash: string; crc32c: string; size: number } {
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE((this.crc ^ 0xffffffff) >>> 0);
    return { md5Hash: this.md5.digest("base64"), crc32c: crc.toString("base64"), size: this.size };
  }
}
