/**
 * The google.firestore.v1 protos shipped with @google-cloud/firestore: the gRPC service definition
 * (via @grpc/proto-loader, the options fix the object form handed to and taken from handlers) and
 * the protobufjs reflection types the proto ⇄ JSON converter walks.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import * as protoLoader from "@grpc/proto-loader";
import protobuf from "protobufjs";

const require = createRequire(import.meta.url);

export const FIRESTORE_PROTO = "google/firestore/v1/firestore.proto";

export const protosDir = join(
  dirname(require.resolve("@google-cloud/firestore/package.json")),
  "build",
  "protos",
);

/**
 * Object form of decoded requests: camelCase fields, int64 as decimal strings, enums by name,
 * bytes as Buffers, unset fields absent. Serialisation accepts the same form.
 */
export const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: false,
  oneofs: false,
  includeDirs: [protosDir],
};

export function loadFirestorePackage(): protoLoader.PackageDefinition {
  return protoLoader.loadSync(FIRESTORE_PROTO, LOADER_OPTIONS);
}

/** The same files as protobufjs reflection, with camelCase field names like the loader's objects. */
export function loadFirestoreRoot(): protobuf.Root {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => join(protosDir, target);
  root.loadSync(FIRESTORE_PROTO, { keepCase: false });
  root.resolveAll();
  return root;
}
