export { SessionController, useLogout } from "./useSession";
export { login, loginErrorMessage, persistenceFor, LoginError, type LoginResult } from "./login";
export { performLogout, clearMemberStorage, MEMBER_STORAGE_PREFIX } from "./logout";
export { RENEWAL_INTERVAL_MS, renewsAtStart, startSessionRenewal } from "./renewal";
export { userIdFromToken } from "./token";
