/**
 * The bloom filter of an existence filter (`ExistenceFilter.unchanged_names`, bloom_filter.proto):
 * the full names of every document a resumed query target now matches, so that a client can
 * drop the documents it holds that are not in it instead of re-running the whole query.
 *
 * Hashing is the SDKs' (src/remote/bloom_filter.ts of @firebase/firestore): the MD5 digest of
 * the UTF-8 name read as two little-endian unsigned 64-bit integers h1 and h2; the i-th of
 * `hashCount` bits is ((h1 + i·h2) mod 2^64) mod bitCount; bit n is bit (n mod 8) of byte n div 8,
 * and the last `padding` bits of the bitmap are not used.
 */
import { createHash } from "node:crypto";

export interface BloomFilterJson {
  bits: { bitmap: string; padding: number };
  hashCount: number;
}

/** About one false positive in a hundred absent names: ~9.6 bits and 7 hashes per name. */
const FALSE_POSITIVE_RATE = 0.01;
const MASK_64 = (1n << 64n) - 1n;

function hashPair(name: string): [bigint, bigint] {
  const digest = createHash("md5").update(name, "utf8").digest();
  return [digest.readBigUInt64LE(0), digest.readBigUInt64LE(8)];
}

export class BloomFilter {
  private constructor(
    readonly bitmap: Uint8Array,
    readonly bitCount: number,
    readonly hashCount: number,
  ) {}

  /**
   * A filter holding `names`. Never empty: the SDKs read a filter without bits as "no filter"
   * and re-run the query, while one bit set to nothing tells them every document left.
   */
  static of(names: readonly string[]): BloomFilter {
    const n = names.length;
    const bitCount = Math.max(
      1,
      Math.ceil((-n * Math.log(FALSE_POSITIVE_RATE)) / (Math.LN2 * Math.LN2)),
    );
    const hashCount = n === 0 ? 1 : Math.max(1, Math.round((bitCount / n) * Math.LN2));
    const filter = new BloomFilter(new Uint8Array(Math.ceil(bitCount / 8)), bitCount, hashCount);
    for (const name of names) {
      for (const bit of filter.bits(name)) filter.bitmap[bit >> 3]! |= 1 << (bit & 7);
    }
    return filter;
  }

  /** False: certainly not added. True: added, or a false positive. */
  mightContain(name: string): boolean {
    for (const bit of this.bits(name)) {
      if ((this.bitmap[bit >> 3]! & (1 << (bit & 7))) === 0) return false;
    }
    return true;
  }

  /** BloomFilter in the JSON form (bitmap base64). */
  toJson(): BloomFilterJson {
    return {
      bits: {
        bitmap: Buffer.from(this.bitmap).toString("base64"),
        padding: this.bitmap.length * 8 - this.bitCount,
      },
      hashCount: this.hashCount,
    };
  }

  private bits(name: string): number[] {
    const [h1, h2] = hashPair(name);
    const size = BigInt(this.bitCount);
    const bits: number[] = [];
    for (let i = 0; i < this.hashCount; i++) {
      bits.push(Number(((h1 + BigInt(i) * h2) & MASK_64) % size));
    }
    return bits;
  }
}
