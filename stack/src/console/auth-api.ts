/**
 * The console's Auth access: the Auth emulator's Identity Toolkit REST API with the admin token
 * ("Bearer owner"), the same calls firebase-admin makes.
 */
import { ConsoleError, callJson } from "./http.js";
import type { ConsoleUser } from "./wire.js";

export type { ConsoleUser } from "./wire.js";

export interface UserInput {
  email?: string;
  password?: string;
  displayName?: string;
  emailVerified?: boolean;
  disabled?: boolean;
  claims?: Record<string, unknown>;
}

interface RestUser {
  localId: string;
  email?: string;
  displayName?: string;
  emailVerified?: boolean;
  disabled?: boolean;
  customAttributes?: string;
  createdAt?: string;
  lastLoginAt?: string;
}

const MAX_LISTED = 200;

function toUser(u: RestUser): ConsoleUser {
  let claims: Record<string, unknown> = {};
  try {
    claims = u.customAttributes ? (JSON.parse(u.customAttributes) as Record<string, unknown>) : {};
  } catch {
    // An unreadable claims string shows as no claims; editing writes valid JSON again.
  }
  const time = (ms?: string) => (ms ? new Date(Number(ms)).toISOString() : undefined);
  return {
    uid: u.localId,
    ...(u.email ? { email: u.email } : {}),
    ...(u.displayName ? { displayName: u.displayName } : {}),
    emailVerified: u.emailVerified ?? false,
    disabled: u.disabled ?? false,
    claims,
    ...(u.createdAt ? { createdAt: time(u.createdAt) } : {}),
    ...(u.lastLoginAt ? { lastLoginAt: time(u.lastLoginAt) } : {}),
  };
}

export function checkClaims(claims: unknown): Record<string, unknown> {
  if (typeof claims !== "object" || claims === null || Array.isArray(claims)) {
    throw new ConsoleError(400, "Custom claims must be a JSON object.");
  }
  if (JSON.stringify(claims).length > 1000) {
    throw new ConsoleError(400, "Custom claims must not exceed 1000 characters.");
  }
  return claims as Record<string, unknown>;
}

export class AuthConsoleApi {
  private readonly base: string;
  private readonly headers = { Authorization: "Bearer owner", "Content-Type": "application/json" };

  constructor(baseUrl: string, projectId: string) {
    this.base = `${baseUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}`;
  }

  /** Users whose uid, e-mail or name contains `search` (case-insensitive), by e-mail. */
  async listUsers(search = ""): Promise<{ users: ConsoleUser[]; total: number }> {
    const needle = search.trim().toLowerCase();
    const matches: ConsoleUser[] = [];
    let pageToken: string | undefined;
    do {
      const params = new URLSearchParams({ maxResults: "1000" });
      if (pageToken) params.set("nextPageToken", pageToken);
      const page = await callJson<{ users?: RestUser[]; nextPageToken?: string }>(
        `${this.base}/accounts:batchGet?${params}`,
        { headers: this.headers },
      );
      for (const u of page.users ?? []) {
        const user = toUser(u);
        const text = `${user.uid} ${user.email ?? ""} ${user.displayName ?? ""}`.toLowerCase();
        if (text.includes(needle)) matches.push(user);
      }
      pageToken = page.nextPageToken || undefined;
    } while (pageToken);
    matches.sort((a, b) => (a.email ?? a.uid).localeCompare(b.email ?? b.uid));
    return { users: matches.slice(0, MAX_LISTED), total: matches.length };
  }

  async getUser(uid: string): Promise<ConsoleUser> {
    const found = await callJson<{ users?: RestUser[] }>(`${this.base}/accounts:lookup`, {
      method: "POST",
      headers: this.headers,
      body: JSON.stringify({ localId: [uid] }),
    });
    const user = found.users?.[0];
    if (!user) throw new ConsoleError(404, `No user ${uid}.`);
    return toUser(user);
  }

  async createUser(input: UserInput): Promise<ConsoleUser> {
    const created = await callJson<{ localId: string }>(`${this.base}/accounts`, {
      method: "POST",
      headers: this.headers,
      body: JSON.stringify({
        email: input.email || undefined,
        password: input.password || undefined,
        displayName: input.displayName || undefined,
        emailVerified: input.emailVerified ?? false,
        disabled: input.disabled ?? false,
      }),
    });
    if (input.claims && Object.keys(input.claims).length > 0) {
      await this.updateUser(created.localId, { claims: input.claims });
    }
    return this.getUser(created.localId);
  }

  async updateUser(uid: string, input: UserInput): Promise<ConsoleUser> {
    const body: Record<string, unknown> = { localId: uid };
    if (input.email !== undefined) body.email = input.email;
    if (input.password) body.password = input.password;
    if (input.displayName !== undefined) {
      if (input.displayName) body.displayName = input.displayName;
      else body.deleteAttribute = ["DISPLAY_NAME"];
    }
    if (input.emailVerified !== undefined) body.emailVerified = input.emailVerified;
    if (input.disabled !== undefined) body.disableUser = input.disabled;
    if (input.claims !== undefined)
      body.customAttributes = JSON.stringify(checkClaims(input.claims));
    await callJson(`${this.base}/accounts:update`, {
      method: "POST",
      headers: this.headers,
      body: JSON.stringify(body),
    });
    return this.getUser(uid);
  }

  async deleteUser(uid: string): Promise<void> {
    await callJson(`${this.base}/accounts:delete`, {
      method: "POST",
      headers: this.headers,
      body: JSON.stringify({ localId: uid }),
    });
  }
}
