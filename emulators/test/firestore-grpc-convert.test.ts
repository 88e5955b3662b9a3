import { describe, expect, it } from "vitest";
import {
  ProtoJsonConverter,
  durationFromJson,
  durationToJson,
  timestampFromJson,
  timestampToJson,
} from "../src/firestore/grpc-convert.js";
import { loadFirestorePackage, loadFirestoreRoot } from "../src/firestore/grpc-protos.js";

const converter = new ProtoJsonConverter(loadFirestoreRoot());
const service = loadFirestorePackage()["google.firestore.v1.Firestore"] as unknown as Record<
  string,
  {
    requestSerialize(value: unknown): Buffer;
    requestDeserialize(bytes: Buffer): unknown;
    responseSerialize(value: unknown): Buffer;
    responseDeserialize(bytes: Buffer): unknown;
  }
>;

/** JSON → gRPC object → wire bytes → gRPC object → JSON, the path a request and response take. */
function roundTripRequest(method: string, typeName: string, json: unknown): unknown {
  const rpc = service[method]!;
  const bytes = rpc.requestSerialize(converter.fromJson(typeName, json));
  return converter.toJson(typeName, rpc.requestDeserialize(bytes));
}

function roundTripResponse(method: string, typeName: string, json: unknown): unknown {
  const rpc = service[method]!;
  const bytes = rpc.responseSerialize(converter.fromJson(typeName, json));
  return converter.toJson(typeName, rpc.responseDeserialize(bytes));
}

describe("timestamps and durations", () => {
  it("formats with 0, 3, 6 or 9 fractional digits", () => {
    expect(timestampToJson({ seconds: "1704164645", nanos: 0 })).toBe("2024-01-02T03:04:05Z");
    expect(timestampToJson({ seconds: "1704164645", nanos: 120_000_000 })).toBe(
      "2024-01-02T03:04:05.120Z",
    );
    expect(timestampToJson({ seconds: "1704164645", nanos: 123_456_000 })).toBe(
      "2024-01-02T03:04:05.123456Z",
    );
    expect(timestampToJson({ seconds: "1704164645", nanos: 123_456_789 })).toBe(
      "2024-01-02T03:04:05.123456789Z",
    );
    expect(timestampToJson({})).toBe("1970-01-01T00:00:00Z");
    expect(timestampToJson({ seconds: "-1", nanos: 500_000_000 })).toBe("1969-12-31T23:59:59.500Z");
  });

  it("parses any offset and precision", () => {
    expect(timestampFromJson("2024-01-02T03:04:05.123456789Z")).toEqual({
      seconds: "1704164645",
      nanos: 123_456_789,
    });
    expect(timestampFromJson("2024-01-02T04:04:05.5+01:00")).toEqual({
      seconds: "1704164645",
      nanos: 500_000_000,
    });
    expect(timestampFromJson("1969-12-31T23:59:59.5Z")).toEqual({
      seconds: "-1",
      nanos: 500_000_000,
    });
    expect(() => timestampFromJson("yesterday")).toThrow(/RFC 3339/);
  });

  it("converts durations", () => {
    expect(durationToJson({ seconds: "3", nanos: 500_000_000 })).toBe("3.5s");
    expect(durationToJson({ seconds: "2" })).toBe("2s");
    expect(durationFromJson("1.000000001s")).toEqual({ seconds: "1", nanos: 1 });
  });
});

describe("messages through the wire encoding", () => {
  const fields = {
    nothing: { nullValue: null },
    yes: { booleanValue: true },
    no: { booleanValue: false },
    zero: { integerValue: "0" },
    big: { integerValue: "9223372036854775807" },
    small: { integerValue: "-9223372036854775808" },
    pi: { doubleValue: 3.14 },
    nan: { doubleValue: NaN },
    inf: { doubleValue: Infinity },
    negInf: { doubleValue: -Infinity },
    negZero: { doubleValue: -0 },
    when: { timestampValue: "2024-01-02T03:04:05.123456789Z" },
    empty: { stringValue: "" },
    text: { stringValue: "héllo ✓" },
    blob: { bytesValue: Buffer.from([0, 1, 254, 255]).toString("base64") },
    ref: { referenceValue: "projects/p/databases/(default)/documents/a/b" },
    where: { geoPointValue: { latitude: 0, longitude: -122.5 } },
    list: { arrayValue: { values: [{ integerValue: "1" }, { arrayValue: {} }] } },
    map: { mapValue: { fields: { inner: { mapValue: {} }, x: { stringValue: "y" } } } },
  };
  const document = {
    name: "projects/p/databases/(default)/documents/c/d",
    fields,
    createTime: "2024-01-02T03:04:05.100Z",
    updateTime: "2024-01-02T03:04:05.100200Z",
  };

  it("keeps every value type exactly", () => {
    const back = roundTripResponse("GetDocument", "google.firestore.v1.Document", document);
    expect(back).toEqual(document);
    const backFields = (back as { fields: Record<string, { doubleValue?: number }> }).fields;
    expect(Number.isNaN(backFields.nan!.doubleValue)).toBe(true);
    expect(Object.is(backFields.negZero!.doubleValue, -0)).toBe(true);
  });

  it("converts commit requests with masks, preconditions and transforms", () => {
    const request = {
      database: "projects/p/databases/(default)",
      transaction: Buffer.from("tx-1").toString("base64"),
      writes: [
        {
          update: { name: document.name, fields: { a: { integerValue: "1" } } },
          updateMask: { fieldPaths: ["a", "`b.c`"] },
          currentDocument: { updateTime: "2024-01-02T03:04:05.000001Z" },
          updateTransforms: [
            { fieldPath: "t", setToServerValue: "REQUEST_TIME" },
            { fieldPath: "n", increment: { integerValue: "5" } },
            { fieldPath: "arr", appendMissingElements: { values: [{ stringValue: "x" }] } },
          ],
        },
        { delete: document.name, currentDocument: { exists: false } },
        { delete: document.name, currentDocument: { exists: true } },
      ],
    };
    expect(roundTripRequest("Commit", "google.firestore.v1.CommitRequest", request)).toEqual(
      request,
    );
  });

  it("converts structured queries, wrappers and enum names", () => {
    const request = {
      parent: "projects/p/databases/(default)/documents",
      structuredQuery: {
        from: [{ collectionId: "c", allDescendants: true }],
        where: {
          compositeFilter: {
            op: "OR",
            filters: [
              {
                fieldFilter: { field: { fieldPath: "a" }, op: "EQUAL", value: { nullValue: null } },
              },
              { unaryFilter: { op: "IS_NAN", field: { fieldPath: "b" } } },
            ],
          },
        },
        orderBy: [{ field: { fieldPath: "a" }, direction: "DESCENDING" }],
        startAt: { values: [{ integerValue: "3" }], before: true },
        offset: 2,
        limit: 0,
      },
      newTransaction: { readOnly: { readTime: "2024-01-02T03:04:05Z" } },
    };
    expect(roundTripRequest("RunQuery", "google.firestore.v1.RunQueryRequest", request)).toEqual(
      request,
    );
    const aggregation = {
      parent: "projects/p/databases/(default)/documents",
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: "c" }], limit: 5 },
        aggregations: [
          { alias: "n", count: { upTo: "10" } },
          { alias: "s", sum: { field: { fieldPath: "x" } } },
        ],
      },
      readTime: "2024-01-02T03:04:05.000000001Z",
    };
    expect(
      roundTripRequest(
        "RunAggregationQuery",
        "google.firestore.v1.RunAggregationQueryRequest",
        aggregation,
      ),
    ).toEqual(aggregation);
  });

  it("converts responses of the streaming and write methods", () => {
    const found = { found: document, readTime: "2024-01-02T03:04:05Z", transaction: "AAE=" };
    expect(
      roundTripResponse(
        "BatchGetDocuments",
        "google.firestore.v1.BatchGetDocumentsResponse",
        found,
      ),
    ).toEqual(found);
    const commit = {
      writeResults: [
        { updateTime: "2024-01-02T03:04:05Z", transformResults: [{ integerValue: "6" }] },
        {},
      ],
      commitTime: "2024-01-02T03:04:05Z",
    };
    expect(roundTripResponse("Commit", "google.firestore.v1.CommitResponse", commit)).toEqual(
      commit,
    );
    const batchWrite = {
      writeResults: [{ updateTime: "2024-01-02T03:04:05Z" }, {}],
      status: [{}, { code: 6, message: "exists" }],
    };
    expect(
      roundTripResponse("BatchWrite", "google.firestore.v1.BatchWriteResponse", batchWrite),
    ).toEqual(batchWrite);
  });

  it("drops keys the message does not have", () => {
    expect(
      converter.fromJson("google.firestore.v1.Precondition", { exists: true, extra: 1 }),
    ).toEqual({ exists: true });
  });
});
