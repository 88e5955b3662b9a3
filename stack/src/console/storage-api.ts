/**
 * The console's Storage access: the emulator's Cloud Storage JSON API (the one the admin SDK
 * uses, served as the project's owner), so it works against any instance.
 */
import type { ServerResponse } from "node:http";
import { ConsoleError, callJson } from "./http.js";
import type { ConsoleObject, FolderListing } from "./wire.js";

export type { ConsoleObject, FolderListing } from "./wire.js";

export class StorageConsoleApi {
  private readonly headers = { Authorization: "Bearer owner" };

  constructor(
    private readonly baseUrl: string,
    readonly bucket: string,
  ) {}

  private objectUrl(name: string, query = ""): string {
    if (!name || name.endsWith("/"))
      throw new ConsoleError(400, `"${name}" is not an object name.`);
    return `${this.baseUrl}/storage/v1/b/${encodeURIComponent(this.bucket)}/o/${encodeURIComponent(name)}${query}`;
  }

  /** One folder level: the objects directly in `prefix` and its sub-folders. */
  async list(prefix: string, pageToken?: string): Promise<FolderListing> {
    const params = new URLSearchParams({ prefix, delimiter: "/", maxResults: "200" });
    if (pageToken) params.set("pageToken", pageToken);
    const page = await callJson<{
      items?: (ConsoleObject & { size: string })[];
      prefixes?: string[];
      nextPageToken?: string;
    }>(`${this.baseUrl}/storage/v1/b/${encodeURIComponent(this.bucket)}/o?${params}`, {
      headers: this.headers,
    });
    return {
      folders: page.prefixes ?? [],
      objects: (page.items ?? []).map((o) => ({ ...o, size: Number(o.size) })),
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
    };
  }

  async metadata(name: string): Promise<ConsoleObject> {
    const meta = await callJson<ConsoleObject & { size: string }>(this.objectUrl(name), {
      headers: this.headers,
    });
    return { ...meta, size: Number(meta.size) };
  }

  /** Streams the object's bytes to `res` (inline for a preview, or as an attachment). */
  async download(name: string, res: ServerResponse, attachment: boolean): Promise<void> {
    const upstream = await fetch(this.objectUrl(name, "?alt=media"), { headers: this.headers });
    if (!upstream.ok) throw new ConsoleError(upstream.status, await upstream.text());
    const fileName = name.split("/").at(-1)!;
    res.writeHead(200, {
      "Content-Type": upstream.headers.get("content-type") ?? "application/octet-stream",
      "Content-Disposition": `${attachment ? "attachment" : "inline"}; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      // Uploaded files are shown from the console's origin: never let one run as a page there.
      "Content-Security-Policy":
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  }

  async upload(name: string, contentType: string, bytes: Buffer): Promise<ConsoleObject> {
    if (!name || name.endsWith("/"))
      throw new ConsoleError(400, `"${name}" is not an object name.`);
    const params = new URLSearchParams({ uploadType: "media", name });
    const meta = await callJson<ConsoleObject & { size: string }>(
      `${this.baseUrl}/upload/storage/v1/b/${encodeURIComponent(this.bucket)}/o?${params}`,
      {
        method: "POST",
        headers: { ...this.headers, "Content-Type": contentType || "application/octet-stream" },
        body: new Uint8Array(bytes),
      },
    );
    return { ...meta, size: Number(meta.size) };
  }

  async remove(name: string): Promise<void> {
    await callJson(this.objectUrl(name), { method: "DELETE", headers: this.headers });
  }
}
