/**
 * What a WebChannel HTTP request is, from its path and URL parameters:
 *
 * - handshake: `POST …/channel?VER=8&RID=<n>&CVER=22&database=…` without `SID`; its body carries
 *   the header block and the first messages;
 * - forward: `POST …&SID=<sid>&RID=<n>&AID=<last array received>` with more messages;
 * - back channel: `GET …&RID=rpc&SID=<sid>&AID=<n>&CI=0|1&TYPE=xmlhttp[&TO=<ms>]`, held open for
 *   the server's arrays (`CI=0` streaming, `CI=1` long-polling: one answer per request);
 * - terminate: `…&SID=<sid>&TYPE=terminate` (sent with navigator.sendBeacon, i.e. a POST, or as a
 *   GET image).
 *
 * `database` (the SDK's messageUrlParams) and `$httpHeaders` may ride on any of them; `zx`, `t`,
 * `CVER` and `gsessionid` are cache busters and routing hints and are ignored.
 */
import { invalidArgument } from "./errors.js";
import { CHANNEL_VERSION, parseHeaderBlock } from "./webchannel-wire.js";

export type ChannelRpc = "Listen" | "Write";

const CHANNEL_PATH = /^\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/;

/** The RPC a path names, or undefined when the path is not a WebChannel endpoint. */
export function channelRpcOf(pathname: string): ChannelRpc | undefined {
  return CHANNEL_PATH.exec(pathname)?.[1] as ChannelRpc | undefined;
}

interface Common {
  rpc: ChannelRpc;
  /** `database` URL parameter, when given. */
  database?: string;
  /** The `$httpHeaders` URL parameter, lower-cased names. */
  urlHeaders: Record<string, string>;
}

export type ChannelRequest = Common &
  (
    | { kind: "handshake" }
    | { kind: "forward"; sessionId: string; ackedArrayId: number }
    | {
        kind: "backchannel";
        sessionId: string;
        ackedArrayId: number;
        streaming: boolean;
        /** `TO`: how long a long poll may be held, in ms. */
        holdMs?: number;
      }
    | { kind: "terminate"; sessionId: string }
  );

const DATABASE = /^projects\/[^/]+\/databases\/[^/]+$/;

function arrayId(params: URLSearchParams): number {
  const raw = params.get("AID");
  // -1: nothing received yet (the client's initial value).
  if (raw === null || !/^-?\d{1,15}$/.test(raw) || Number(raw) < -1) {
    throw invalidArgument("WebChannel request needs AID, the last array id received.");
  }
  return Number(raw);
}

function sessionIdOf(params: URLSearchParams): string {
  const sid = params.get("SID");
  if (!sid || !/^[A-Za-z0-9_-]{1,64}$/.test(sid)) {
    throw invalidArgument("WebChannel request needs a valid SID.");
  }
  return sid;
}

/** Classifies a request; anything the client would not send is INVALID_ARGUMENT. */
export function parseChannelRequest(method: string, url: URL): ChannelRequest {
  const rpc = channelRpcOf(url.pathname);
  if (!rpc) throw invalidArgument(`Not a WebChannel endpoint: ${url.pathname}`);
  const params = url.searchParams;
  if (params.get("VER") !== String(CHANNEL_VERSION)) {
    throw invalidArgument(
      `Only WebChannel protocol version ${CHANNEL_VERSION} (VER) is supported.`,
    );
  }
  const database = params.get("database") ?? undefined;
  if (database !== undefined && !DATABASE.test(database)) {
    throw invalidArgument(`Invalid database parameter: ${database}`);
  }
  const headerParam = params.get("$httpHeaders");
  const common: Common = {
    rpc,
    database,
    urlHeaders: headerParam === null ? {} : parseHeaderBlock(headerParam),
  };
  const type = params.get("TYPE");
  if (type === "terminate") {
    return { ...common, kind: "terminate", sessionId: sessionIdOf(params) };
  }
  if (method === "GET") {
    if (params.get("RID") !== "rpc" || type !== "xmlhttp") {
      throw invalidArgument("A WebChannel GET is a back channel (RID=rpc, TYPE=xmlhttp).");
    }
    const ci = params.get("CI");
    if (ci !== "0" && ci !== "1") throw invalidArgument("WebChannel back channel needs CI=0 or 1.");
    const to = params.get("TO");
    if (to !== null && !/^\d{1,9}$/.test(to)) {
      throw invalidArgument("WebChannel TO must be a number of milliseconds.");
    }
    return {
      ...common,
      kind: "backchannel",
      sessionId: sessionIdOf(params),
      ackedArrayId: arrayId(params),
      streaming: ci === "0",
      holdMs: to === null ? undefined : Number(to),
    };
  }
  if (method !== "POST") throw invalidArgument(`WebChannel does not accept ${method}.`);
  if (!/^\d{1,15}$/.test(params.get("RID") ?? "")) {
    throw invalidArgument("WebChannel POST needs a numeric RID.");
  }
  if (params.get("$req") !== null || params.get("SID") === "null") {
    throw invalidArgument("The fast (GET) WebChannel handshake is not supported.");
  }
  if (params.get("SID") === null) return { ...common, kind: "handshake" };
  return {
    ...common,
    kind: "forward",
    sessionId: sessionIdOf(params),
    ackedArrayId: arrayId(params),
  };
}
