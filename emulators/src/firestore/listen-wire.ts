/**
 * ListenResponse JSON → protobuf bytes for the gRPC transport. A document goes out to every
 * stream whose target it matches: it is encoded once, straight from the engine's JSON form
 * (no intermediate proto object tree), and each stream's DocumentChange wraps those bytes with
 * its own target ids. A response object the core hands to many streams (the global snapshot of
 * a change) is encoded once as well. Everything else goes through `encodeOther`.
 */
import protobuf from "protobufjs";
import type { FirestoreDocument, Value } from "../shared/value.js";
import { timestampFromJson } from "./grpc-convert.js";
import type { ListenResponse } from "./listen.js";

const { Writer } = protobuf;
type Writer = protobuf.Writer;
type Int64 = Parameters<Writer["int64"]>[0];

/** Wire type 2 (length-delimited) tag of a field. */
const lengthDelimited = (field: number) => (field << 3) | 2;

/**
 * The last timestamps parsed: the documents of one change share their update time (and often
 * their create time), so a 10 000-document change parses a handful, not 20 000.
 */
const parsedTimestamps = new Map<string, { seconds: number; nanos: number }>();

function parseTimestamp(value: string): { seconds: number; nanos: number } {
  let parsed = parsedTimestamps.get(value);
  if (!parsed) {
    const { seconds, nanos } = timestampFromJson(value);
    if (parsedTimestamps.size >= 64) parsedTimestamps.clear();
    parsedTimestamps.set(value, (parsed = { seconds: Number(seconds), nanos }));
  }
  return parsed;
}

function writeTimestamp(w: Writer, field: number, value: string): void {
  const { seconds, nanos } = parseTimestamp(value); // seconds fit a double exactly (year ≤ 9999)
  w.uint32(lengthDelimited(field)).fork();
  w.uint32(1 << 3).int64(seconds);
  w.uint32(2 << 3).int32(nanos);
  w.ldelim();
}

/** A decimal int64 as the {low, high} words protobufjs writes (no long.js on this path). */
function int64Bits(decimal: string): Int64 {
  const bits = BigInt.asUintN(64, BigInt(decimal));
  // protobufjs's LongBits.from reads the two words of any object that has them.
  return { low: Number(bits & 0xffffffffn), high: Number(bits >> 32n) } as unknown as Int64;
}

function writeFields(w: Writer, field: number, fields: Record<string, Value>): void {
  for (const key of Object.keys(fields)) {
    w.uint32(lengthDelimited(field)).fork();
    w.uint32(lengthDelimited(1)).string(key);
    w.uint32(lengthDelimited(2)).fork();
    writeValue(w, fields[key]!);
    w.ldelim();
    w.ldelim();
  }
}

/** google.firestore.v1.Value (field numbers from document.proto). */
function writeValue(w: Writer, value: Value): void {
  if ("nullValue" in value) w.uint32(11 << 3).int32(0);
  else if ("booleanValue" in value) w.uint32(1 << 3).bool(value.booleanValue);
  else if ("integerValue" in value) w.uint32(2 << 3).int64(int64Bits(value.integerValue));
  else if ("doubleValue" in value) w.uint32((3 << 3) | 1).double(Number(value.doubleValue));
  else if ("timestampValue" in value) writeTimestamp(w, 10, value.timestampValue);
  else if ("stringValue" in value) w.uint32(lengthDelimited(17)).string(value.stringValue);
  else if ("bytesValue" in value) {
    w.uint32(lengthDelimited(18)).bytes(Buffer.from(value.bytesValue, "base64"));
  } else if ("referenceValue" in value) {
    w.uint32(lengthDelimited(5)).string(value.referenceValue);
  } else if ("geoPointValue" in value) {
    w.uint32(lengthDelimited(8)).fork();
    w.uint32((1 << 3) | 1).double(value.geoPointValue.latitude);
    w.uint32((2 << 3) | 1).double(value.geoPointValue.longitude);
    w.ldelim();
  } else if ("arrayValue" in value) {
    w.uint32(lengthDelimited(9)).fork();
    for (const item of value.arrayValue.values ?? []) {
      w.uint32(lengthDelimited(1)).fork();
      writeValue(w, item);
      w.ldelim();
    }
    w.ldelim();
  } else if ("mapValue" in value) {
    w.uint32(lengthDelimited(6)).fork();
    writeFields(w, 1, value.mapValue.fields ?? {});
    w.ldelim();
  }
}

function writeDocument(w: Writer, document: FirestoreDocument): void {
  w.uint32(lengthDelimited(1)).string(document.name);
  writeFields(w, 2, document.fields ?? {});
  if (document.createTime) writeTimestamp(w, 3, document.createTime);
  if (document.updateTime) writeTimestamp(w, 4, document.updateTime);
}

/** google.firestore.v1.Document in its wire form. */
export function encodeDocument(document: FirestoreDocument): Uint8Array {
  const w = Writer.create();
  writeDocument(w, document);
  return w.finish();
}

/** Reads a varint at `at`: [value, position after it]. */
function readVarint(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++]!;
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return [value, at];
  }
}

function writeTargetIds(w: Writer, field: number, ids: number[] | undefined): void {
  if (!ids?.length) return;
  w.uint32(lengthDelimited(field)).fork(); // packed, as proto3 writes repeated int32
  for (const id of ids) w.int32(id);
  w.ldelim();
}

interface DocumentChangeJson {
  document: FirestoreDocument;
  targetIds?: number[];
  removedTargetIds?: number[];
}

/**
 * Encoded documents kept for the next streams that send them. Bounded: a change of 10 000
 * documents to one listener must not keep 10 000 encodings alive, while the streams fanning one
 * change out all send it within the same turn of the event loop, so the cache is emptied at the
 * next turn (it holds nothing between changes).
 */
const DOCUMENT_CACHE_BYTES = 1024 * 1024;

export class ListenResponseEncoder {
  /** Oldest first (Map order), evicted past DOCUMENT_CACHE_BYTES. */
  private readonly documents = new Map<FirestoreDocument, Uint8Array>();
  private cachedBytes = 0;
  private readonly shared = new WeakMap<ListenResponse, Buffer>();

  /** `encodeOther` encodes responses that are not document changes (the generic converter). */
  constructor(private readonly encodeOther: (response: ListenResponse) => Buffer) {}

  encode(response: ListenResponse): Buffer {
    const change = response.documentChange as DocumentChangeJson | undefined;
    if (change) return this.documentChange(change);
    let bytes = this.shared.get(response);
    if (!bytes) this.shared.set(response, (bytes = this.encodeOther(response)));
    return bytes;
  }

  /**
   * ListenResponse{document_change = 3: DocumentChange{document = 1, target_ids = 5, removed = 6}}.
   * A document not encoded yet is written straight into the response (one buffer, not two) and
   * the response's document bytes are what is cached.
   */
  private documentChange(change: DocumentChangeJson): Buffer {
    const cached = this.documents.get(change.document);
    const w = Writer.create();
    w.uint32(lengthDelimited(3)).fork();
    w.uint32(lengthDelimited(1));
    if (cached) w.bytes(cached);
    else {
      w.fork();
      writeDocument(w, change.document);
      w.ldelim();
    }
    writeTargetIds(w, 5, change.targetIds);
    writeTargetIds(w, 6, change.removedTargetIds);
    w.ldelim();
    const response = w.finish() as Buffer;
    if (!cached) {
      // Skip tag 3 and its length, then tag 1: the document's length and bytes follow.
      const [, afterOuter] = readVarint(response, 1);
      const [length, start] = readVarint(response, afterOuter + 1);
      this.remember(change.document, response.subarray(start, start + length));
    }
    return response;
  }

  private remember(document: FirestoreDocument, bytes: Uint8Array): void {
    if (this.documents.size === 0) setImmediate(() => this.forget());
    this.documents.set(document, bytes);
    this.cachedBytes += bytes.length;
    for (const [old, oldBytes] of this.documents) {
      if (this.cachedBytes <= DOCUMENT_CACHE_BYTES) break;
      this.documents.delete(old);
      this.cachedBytes -= oldBytes.length;
    }
  }

  private forget(): void {
    this.documents.clear();
    this.cachedBytes = 0;
  }
}
