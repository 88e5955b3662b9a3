/**
 * The Listen stream's own encoder (listen-wire.ts) against protobufjs and the service's
 * deserializer: a document written straight from the JSON form is byte for byte what the
 * generic path writes, and a fanned-out document is encoded once.
 */
import { describe, expect, it } from "vitest";
import type { FirestoreDocument } from "../src/shared/value.js";
import { ProtoJsonConverter } from "../src/firestore/grpc-convert.js";
import { loadFirestorePackage, loadFirestoreRoot } from "../src/firestore/grpc-protos.js";
import { firestoreServiceDefinition, listenResponseEncoder } from "../src/firestore/grpc.js";
import { encodeDocument } from "../src/firestore/listen-wire.js";

const root = loadFirestoreRoot();
const converter = new ProtoJsonConverter(root);
const DocumentType = root.lookupType("google.firestore.v1.Document");
const listen = (
  loadFirestorePackage()["google.firestore.v1.Firestore"] as unknown as Record<
    string,
    { responseDeserialize(bytes: Buffer): unknown }
  >
).Listen!;
const decodeResponse = (bytes: Buffer) =>
  converter.toJson("google.firestore.v1.ListenResponse", listen.responseDeserialize(bytes));

const document: FirestoreDocument = {
  name: "projects/p/databases/(default)/documents/c/d",
  fields: {
    nothing: { nullValue: null },
    yes: { booleanValue: true },
    no: { booleanValue: false },
    zero: { integerValue: "0" },
    big: { integerValue: "9223372036854775807" },
    small: { integerValue: "-9223372036854775808" },
    minusOne: { integerValue: "-1" },
    pi: { doubleValue: 3.14 },
    nan: { doubleValue: NaN },
    inf: { doubleValue: Infinity },
    negZero: { doubleValue: -0 },
    when: { timestampValue: "2024-01-02T03:04:05.123456789Z" },
    before1970: { timestampValue: "1969-12-31T23:59:59.500Z" },
    empty: { stringValue: "" },
    text: { stringValue: "héllo ✓ 𝄞" },
    blob: { bytesValue: Buffer.from([0, 1, 254, 255]).toString("base64") },
    ref: { referenceValue: "projects/p/databases/(default)/documents/a/b" },
    where: { geoPointValue: { latitude: 0, longitude: -122.5 } },
    list: { arrayValue: { values: [{ integerValue: "1" }, { arrayValue: {} }] } },
    map: { mapValue: { fields: { inner: { mapValue: {} }, x: { stringValue: "y" } } } },
  },
  createTime: "2024-01-02T03:04:05.100Z",
  updateTime: "2024-01-02T03:04:05.100200Z",
};

describe("Listen wire encoding", () => {
  it("writes a document exactly as protobufjs does from the converted object", () => {
    const generic = DocumentType.encode(
      converter.fromJson("google.firestore.v1.Document", document),
    ).finish();
    expect(Buffer.from(encodeDocument(document)).equals(Buffer.from(generic))).toBe(true);
  });

  it("writes lengths, integers and timestamps at every size as protobufjs does", () => {
    const edges: FirestoreDocument[] = [
      { name: "projects/p/databases/(default)/documents/c/empty", fields: {} },
      {
        name: `projects/p/databases/(default)/documents/c/${"d".repeat(200)}`,
        fields: {
          short: { stringValue: "x".repeat(127) },
          medium: { stringValue: "y".repeat(300) },
          long: { stringValue: "z".repeat(70_000) },
          "ünïcode ключ": { stringValue: "değer" },
          above32: { integerValue: "4294967296" },
          unsafe: { integerValue: "9007199254740993" },
          unsafeNegative: { integerValue: "-9007199254740993" },
          far: { timestampValue: "9999-12-31T23:59:59.999999999Z" },
          epoch: { timestampValue: "1970-01-01T00:00:00Z" },
          deep: {
            mapValue: {
              fields: {
                list: {
                  arrayValue: {
                    values: [
                      { mapValue: { fields: { blob: { bytesValue: "AAECAw==" } } } },
                      { geoPointValue: { latitude: -90, longitude: 180 } },
                    ],
                  },
                },
              },
            },
          },
        },
        createTime: "1969-07-20T20:17:40Z",
      },
    ];
    for (const doc of edges) {
      const generic = DocumentType.encode(
        converter.fromJson("google.firestore.v1.Document", doc),
      ).finish();
      expect(Buffer.from(encodeDocument(doc)).equals(Buffer.from(generic))).toBe(true);
    }
  });

  it("wraps the document in a DocumentChange with each stream's target ids", () => {
    const encoder = listenResponseEncoder();
    const bytes = encoder.encode({
      documentChange: { document, targetIds: [2, 300_000], removedTargetIds: [4] },
    });
    const back = decodeResponse(bytes) as { documentChange: Record<string, unknown> };
    expect(back.documentChange.targetIds).toEqual([2, 300_000]);
    expect(back.documentChange.removedTargetIds).toEqual([4]);
    const fields = (back.documentChange.document as FirestoreDocument).fields;
    expect(back.documentChange.document).toEqual(document);
    expect(Number.isNaN((fields.nan as { doubleValue: number }).doubleValue)).toBe(true);
    expect(Object.is((fields.negZero as { doubleValue: number }).doubleValue, -0)).toBe(true);
  });

  it("writes the same bytes for a document already encoded for another stream", () => {
    const encoder = listenResponseEncoder();
    const first = encoder.encode({ documentChange: { document, targetIds: [1] } });
    const again = encoder.encode({ documentChange: { document, targetIds: [1] } });
    expect(again).not.toBe(first);
    expect(again.equals(first)).toBe(true);
    const other = encoder.encode({ documentChange: { document, targetIds: [7] } });
    const back = decodeResponse(other) as { documentChange: Record<string, unknown> };
    expect(back.documentChange).toEqual({ document, targetIds: [7] });
  });

  it("encodes other responses through the generic converter, a shared one once", () => {
    const encoder = listenResponseEncoder();
    const snapshot = {
      targetChange: {
        targetChangeType: "NO_CHANGE",
        targetIds: [],
        readTime: "2024-01-02T03:04:05.000001Z",
        resumeToken: Buffer.from("rt1:x").toString("base64"),
      },
    };
    const bytes = encoder.encode(snapshot);
    expect(encoder.encode(snapshot)).toBe(bytes);
    const { targetIds: _empty, ...onTheWire } = snapshot.targetChange; // [] is not on the wire
    expect(decodeResponse(bytes)).toEqual({ targetChange: onTheWire });
    const filter = { filter: { targetId: 2, count: 3 } };
    expect(decodeResponse(encoder.encode(filter))).toEqual(filter);
  });

  it("passes encoded responses through the service's Listen serializer", () => {
    const serialize = firestoreServiceDefinition().Listen!.responseSerialize;
    const bytes = Buffer.from([0x12, 0x00]);
    expect(serialize(bytes as never)).toBe(bytes);
    expect(serialize({ targetChange: { targetChangeType: "ADD" } } as never).length).toBe(4);
  });
});
