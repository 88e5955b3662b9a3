import { browserLocalPersistence, browserSessionPersistence } from "firebase/auth";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoginError, loginErrorMessage, persistenceFor } from "./login";
import { clearMemberStorage, performLogout } from "./logout";
import { RENEWAL_INTERVAL_MS, renewsAtStart, startSessionRenewal } from "./renewal";
import { userIdFromToken } from "./token";
import { screens } from "../../app/screens";

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
const jwt = (payload: unknown) => `${b64url({ alg: "none" })}.${b64url(payload)}.`;

describe("session renewal", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("renews at start and every 14 minutes", async () => {
    const renew = vi.fn(async () => "t");
    const stop = startSessionRenewal({ renew, pathname: screens.projects });
    expect(renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RENEWAL_INTERVAL_MS - 1);
    expect(renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RENEWAL_INTERVAL_MS);
    expect(renew).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(RENEWAL_INTERVAL_MS * 3);
    expect(renew).toHaveBeenCalledTimes(3);
    expect(RENEWAL_INTERVAL_MS).toBe(14 * 60 * 1000);
  });

  it("does not renew at start on the login and sign-up pages, but keeps the 14-minute rhythm", async () => {
    for (const pathname of [screens.login, screens.signUp, `${screens.signUp}/`]) {
      const renew = vi.fn(async () => "t");
      const stop = startSessionRenewal({ renew, pathname });
      expect(renew).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(RENEWAL_INTERVAL_MS);
      expect(renew).toHaveBeenCalledTimes(1);
      stop();
    }
    expect(renewsAtStart(screens.home)).toBe(true);
    expect(renewsAtStart(screens.confirmCode)).toBe(true);
    expect(renewsAtStart(screens.login)).toBe(false);
  });

  it("ignores failures silently, thrown or rejected, and keeps going", async () => {
    const renew = vi
      .fn<() => Promise<string | null>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockImplementationOnce(() => {
        throw new Error("sync");
      })
      .mockResolvedValue(null);
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    const stop = startSessionRenewal({ renew, pathname: screens.home });
    await vi.advanceTimersByTimeAsync(RENEWAL_INTERVAL_MS * 2);
    stop();
    process.off("unhandledRejection", unhandled);
    expect(renew).toHaveBeenCalledTimes(3);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe("token", () => {
  it("reads the user id from an ID token (user_id, else sub)", () => {
    expect(userIdFromToken(jwt({ user_id: "u-1", sub: "x" }))).toBe("u-1");
    expect(userIdFromToken(jwt({ sub: "u-2", name: "Çağrı Öztürk" }))).toBe("u-2");
  });

  it("'Token gecersiz veya decode edilemedi' for anything else", () => {
    for (const bad of ["", "abc", "a.b.c", jwt({}), jwt({ sub: 3 }), "a.!!!.c"]) {
      expect(() => userIdFromToken(bad)).toThrow("Token gecersiz veya decode edilemedi");
    }
  });
});

describe("login", () => {
  it("'Oturumum açık kalsın.' chooses local persistence, otherwise session", () => {
    expect(persistenceFor(true)).toBe(browserLocalPersistence);
    expect(persistenceFor(false)).toBe(browserSessionPersistence);
  });

  it("maps failures to the docs/product-rules.md#login login texts", () => {
    const code = (c: string) => Object.assign(new Error(c), { code: c });
    expect(loginErrorMessage(code("auth/invalid-credential"))).toBe(
      "Lütfen e-posta ve şifrenizi kontrol ediniz",
    );
    expect(loginErrorMessage(code("auth/wrong-password"))).toBe(
      "Lütfen e-posta ve şifrenizi kontrol ediniz",
    );
    expect(loginErrorMessage(code("auth/network-request-failed"))).toBe(
      "Sunucuya bağlanılamadı. Lütfen internet bağlantınızı kontrol edin.",
    );
    expect(loginErrorMessage(code("auth/internal-error"))).toBe("Giriş yapılırken bir hata oluştu");
    // an answer without a readable body
    const unreadable = Object.assign(code("auth/network-request-failed"), {
      customData: { message: "SyntaxError: Unexpected end of JSON input" },
    });
    expect(loginErrorMessage(unreadable)).toBe("Sunucudan yanıt alınamadı");
    expect(loginErrorMessage(new LoginError("Giriş başarısız: Token alınamadı"))).toBe(
      "Giriş başarısız: Token alınamadı",
    );
    expect(loginErrorMessage(new Error("?"))).toBe("Giriş basarisiz");
    expect(loginErrorMessage(code("auth/user-disabled"))).toBe("Hesabınız devre dışı bırakılmış.");
  });
});

describe("logout", () => {
  function deps(signOutFails = false, serverFails = false) {
    const order: string[] = [];
    return {
      order,
      deps: {
        serverLogout: async () => {
          order.push("server");
          if (serverFails) throw new Error("offline");
        },
        signOut: async () => {
          order.push("signOut");
          if (signOutFails) throw new Error("no");
        },
        clear: () => order.push("clear"),
        navigate: (path: string) => order.push(`navigate ${path}`),
      },
    };
  }

  it("ends the server session, signs out, clears everything and goes to the login page", async () => {
    const { order, deps: d } = deps(false, true);
    await expect(performLogout(d)).resolves.toEqual({ ok: true });
    expect(order).toEqual(["server", "signOut", "clear", `navigate ${screens.login}`]);
  });

  it("'Çıkış işlemi başarısız!' when signing out fails; nothing is cleared", async () => {
    const { order, deps: d } = deps(true);
    await expect(performLogout(d)).resolves.toEqual({
      ok: false,
      message: "Çıkış işlemi başarısız!",
    });
    expect(order).toEqual(["server", "signOut"]);
  });

  it("a lost session is cleared even when signing out fails", async () => {
    const { order, deps: d } = deps(true);
    await expect(performLogout(d, { force: true })).resolves.toEqual({ ok: true });
    expect(order).toEqual(["server", "signOut", "clear", `navigate ${screens.login}`]);
  });

  it("clears only the member keys of a storage", () => {
    const data = new Map([
      ["platform.member.pendingEmail", "a@b.co"],
      ["cerezPopupClosed", "1"],
      ["platform.member.x", "y"],
    ]);
    const storage = {
      get length() {
        return data.size;
      },
      key: (i: number) => [...data.keys()][i] ?? null,
      removeItem: (k: string) => void data.delete(k),
    };
    clearMemberStorage(storage);
    expect([...data.keys()]).toEqual(["cerezPopupClosed"]);
  });
});
