/**
 * A Firestore value in the JSON form of google.firestore.v1.Value (the REST v1 encoding), which is
 * the canonical in-memory form shared by the Firestore engine, both transports and the rules engine.
 *
 * Two deviations from the wire form, both resolved at the transport edge:
 * - `doubleValue` is always a JS number here (REST sends NaN/±Infinity as the strings
 *   "NaN", "Infinity", "-Infinity"; gRPC sends IEEE doubles).
 * - `timestampValue` is always normalised RFC 3339 UTC ("2024-01-02T03:04:05.123456789Z", with
 *   0, 3, 6 or 9 fractional digits as needed); gRPC's {seconds, nanos} is converted at the edge.
 * `integerValue` is a decimal string (64-bit range), `bytesValue` base64.
 */
export type Value =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number }
  | { timestampValue: string }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude: number; longitude: number } }
  | { arrayValue: { values?: Value[] } }
  | { mapValue: { fields?: Record<string, Value> } };

/** google.firestore.v1.Document in the same form. `name` is the full resource name. */
export interface FirestoreDocument {
  name: string; // projects/{p}/databases/{d}/documents/{path}
  fields: Record<string, Value>;
  createTime?: string;
  updateTime?: string;
}
