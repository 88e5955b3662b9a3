import type { Request } from "express";

/**
 * The caller's IP as Express derives it under the app's `trust proxy` hop count (see
 * `trustedProxyHops` in config.ts), IPv4-mapped IPv6 written as IPv4. Requests whose address is
 * unknown (the emulator's local socket) share one key.
 */
export function clientIp(req: Request): string {
  const ip = req.ip ?? "";
  return ip.startsWith("::ffff:") ? ip.slice("::ffff:".length) : ip || "unknown";
}
