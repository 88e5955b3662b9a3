/**
 * The google.firestore.v1.Firestore gRPC service over the engine: each call's request is converted
 * to the REST JSON form, handed to the engine with the caller read from the `authorization`
 * metadata, and the JSON result converted back. Listen and Write are bidirectional streams (see
 * grpc-streams.ts); PartitionQuery is not served.
 */
import * as grpc from "@grpc/grpc-js";
import type { ServiceDefinition } from "@grpc/grpc-js";
import { InvalidTokenError, callerFromAuthorizationHeader } from "../shared/auth.js";
import type { Caller } from "../shared/auth.js";
import { FirestoreError, invalidArgument } from "./errors.js";
import { ProtoJsonConverter } from "./grpc-convert.js";
import { loadFirestorePackage, loadFirestoreRoot } from "./grpc-protos.js";
import { listenHandler, writeHandler } from "./grpc-streams.js";
import { ListenHub } from "./listen.js";
import { ListenResponseEncoder } from "./listen-wire.js";
import type {
  DocumentInput,
  DocumentMask,
  FirestoreEngine,
  ListDocumentsOptions,
  Precondition,
} from "./engine.js";

type Json = Record<string, unknown>;
type Log = (message: string) => void;

const V1 = "google.firestore.v1";

let protos: { service: ServiceDefinition; converter: ProtoJsonConverter } | undefined;

/**
 * Listen responses reach grpc-js already encoded (see listen-wire.ts: a change fanned out to many
 * streams is encoded once), so its serializer passes bytes through.
 */
function withEncodedListenResponses(service: ServiceDefinition): ServiceDefinition {
  const listen = service.Listen!;
  const serialize = listen.responseSerialize;
  return {
    ...service,
    Listen: {
      ...listen,
      responseSerialize: (value: unknown) =>
        Buffer.isBuffer(value) ? value : serialize(value as never),
    },
  };
}

/** Parsing the protos takes a few hundred milliseconds; do it once per process. */
function firestoreProtos() {
  if (!protos) {
    protos = {
      service: withEncodedListenResponses(
        loadFirestorePackage()[`${V1}.Firestore`] as ServiceDefinition,
      ),
      converter: new ProtoJsonConverter(loadFirestoreRoot()),
    };
  }
  return protos;
}

/** ListenResponse JSON → bytes as the Listen stream sends them (one encoder per server). */
export function listenResponseEncoder(): ListenResponseEncoder {
  const { converter, service } = firestoreProtos();
  const serialize = service.Listen!.responseSerialize;
  return new ListenResponseEncoder((response) =>
    serialize(converter.fromJson(`${V1}.ListenResponse`, response) as never),
  );
}

export function firestoreServiceDefinition(): ServiceDefinition {
  return firestoreProtos().service;
}

function callerOf(metadata: grpc.Metadata): Caller {
  const header = metadata.get("authorization")[0];
  return callerFromAuthorizationHeader(typeof header === "string" ? header : header?.toString());
}

function toStatus(err: unknown, log: Log): Partial<grpc.StatusObject> {
  if (err instanceof FirestoreError) return { code: err.grpcCode, details: err.message };
  if (err instanceof InvalidTokenError) {
    return { code: grpc.status.UNAUTHENTICATED, details: err.message };
  }
  log(
    `firestore gRPC: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
  );
  return { code: grpc.status.INTERNAL, details: err instanceof Error ? err.message : String(err) };
}

const notServed = (rpc: string, why: string): Partial<grpc.StatusObject> => ({
  code: grpc.status.UNIMPLEMENTED,
  details: `${rpc} is not supported by this Firestore emulator: ${why}`,
});

/**
 * Builds the service implementation; `log` receives unexpected (INTERNAL) failures. `hub` routes
 * commits to listeners; pass the one other transports of the same engine use.
 */
export function firestoreGrpcHandlers(
  engine: FirestoreEngine,
  log: Log = console.error,
  hub: ListenHub = new ListenHub(engine),
): grpc.UntypedServiceImplementation {
  const { converter } = firestoreProtos();

  /** A request that cannot be expressed as JSON (e.g. a timestamp out of range) is the client's fault. */
  const requestJson = (requestType: string, request: unknown): Json => {
    try {
      return converter.toJson(`${V1}.${requestType}`, request);
    } catch (err) {
      throw invalidArgument(err instanceof Error ? err.message : String(err));
    }
  };

  function unary(
    requestType: string,
    responseType: string,
    run: (request: Json, caller: Caller) => Promise<unknown>,
  ): grpc.handleUnaryCall<unknown, unknown> {
    return (call, callback) => {
      (async () => {
        const caller = callerOf(call.metadata);
        const result = await run(requestJson(requestType, call.request), caller);
        return converter.fromJson(responseType, result ?? {});
      })().then(
        (response) => callback(null, response),
        (err: unknown) => callback(toStatus(err, log)),
      );
    };
  }

  function serverStream(
    requestType: string,
    responseType: string,
    run: (request: Json, caller: Caller) => Promise<unknown[]>,
  ): grpc.handleServerStreamingCall<unknown, unknown> {
    return (call) => {
      (async () => {
        const caller = callerOf(call.metadata);
        const results = await run(requestJson(requestType, call.request), caller);
        for (const result of results) {
          if (call.cancelled) return;
          call.write(converter.fromJson(responseType, result));
        }
      })().then(
        () => call.end(),
        (err: unknown) => call.emit("error", toStatus(err, log)),
      );
    };
  }

  const refuseUnary =
    (rpc: string, why: string): grpc.handleUnaryCall<unknown, unknown> =>
    (_call, callback) =>
      callback(notServed(rpc, why));
  const streams = {
    requestJson: (type: string, request: unknown) => requestJson(type, request),
    responseProto: (type: string, json: unknown) => converter.fromJson(`${V1}.${type}`, json),
    listenResponse: listenResponseEncoder(),
    callerOf: (call: { metadata: grpc.Metadata }) => callerOf(call.metadata),
    statusOf: (err: unknown) => toStatus(err, log),
  };

  const document = `${V1}.Document`;
  const empty = "google.protobuf.Empty";
  const text = (value: unknown): string => (typeof value === "string" ? value : "");
  const fieldPaths = (mask: unknown): string[] | undefined =>
    (mask as DocumentMask | undefined)?.fieldPaths;

  return {
    GetDocument: unary("GetDocumentRequest", document, (r, caller) =>
      engine.getDocument(
        text(r.name),
        {
          mask: fieldPaths(r.mask),
          transaction: r.transaction as string | undefined,
          readTime: r.readTime as string | undefined,
        },
        caller,
      ),
    ),
    ListDocuments: unary("ListDocumentsRequest", `${V1}.ListDocumentsResponse`, (r, caller) =>
      engine.listDocuments(
        text(r.parent),
        text(r.collectionId),
        { ...(r as ListDocumentsOptions), mask: fieldPaths(r.mask) },
        caller,
      ),
    ),
    CreateDocument: unary("CreateDocumentRequest", document, (r, caller) =>
      engine.createDocument(
        text(r.parent),
        text(r.collectionId),
        text(r.documentId) || undefined,
        (r.document ?? {}) as DocumentInput,
        fieldPaths(r.mask),
        caller,
      ),
    ),
    UpdateDocument: unary("UpdateDocumentRequest", document, (r, caller) => {
      const doc = (r.document ?? {}) as DocumentInput;
      return engine.patchDocument(
        text(doc.name),
        doc,
        {
          updateMask: fieldPaths(r.updateMask),
          mask: fieldPaths(r.mask),
          currentDocument: r.currentDocument as Precondition | undefined,
        },
        caller,
      );
    }),
    DeleteDocument: unary("DeleteDocumentRequest", empty, (r, caller) =>
      engine.deleteDocument(text(r.name), r.currentDocument as Precondition | undefined, caller),
    ),
    BatchGetDocuments: serverStream(
      "BatchGetDocumentsRequest",
      `${V1}.BatchGetDocumentsResponse`,
      (r, caller) => engine.batchGetDocuments(text(r.database), r, caller),
    ),
    BeginTransaction: unary(
      "BeginTransactionRequest",
      `${V1}.BeginTransactionResponse`,
      (r, caller) => engine.beginTransaction(text(r.database), r, caller),
    ),
    Commit: unary("CommitRequest", `${V1}.CommitResponse`, (r, caller) =>
      engine.commit(text(r.database), r, caller),
    ),
    Rollback: unary("RollbackRequest", empty, (r, caller) =>
      engine.rollback(text(r.database), r, caller),
    ),
    RunQuery: serverStream("RunQueryRequest", `${V1}.RunQueryResponse`, (r, caller) =>
      engine.runQuery(text(r.parent), r, caller),
    ),
    RunAggregationQuery: serverStream(
      "RunAggregationQueryRequest",
      `${V1}.RunAggregationQueryResponse`,
      (r, caller) => engine.runAggregationQuery(text(r.parent), r, caller),
    ),
    ListCollectionIds: unary(
      "ListCollectionIdsRequest",
      `${V1}.ListCollectionIdsResponse`,
      (r, caller) => engine.listCollectionIds(text(r.parent), r, caller),
    ),
    BatchWrite: unary("BatchWriteRequest", `${V1}.BatchWriteResponse`, (r, caller) =>
      engine.batchWrite(text(r.database), r, caller),
    ),
    PartitionQuery: refuseUnary("PartitionQuery", "query partitioning is not emulated."),
    Listen: listenHandler(hub, streams),
    Write: writeHandler(engine, streams),
  };
}
