/**
 * Method and path of every `/api` endpoint (Express syntax, below `/api`): the only place each
 * path is written. The contract (contract.ts) adds access, schemas and response types to these;
 * a client that only needs to address the API imports this small module alone.
 */
import type { Method } from "./define.js";

const route = <M extends Method, P extends string>(method: M, path: P) => ({ method, path });

export const routes = {
  health: route("GET", "/health"),
  auth: {
    csrfToken: route("GET", "/auth/csrf-token"),
    registerStep1: route("POST", "/auth/register-step-1"),
    registerStep2: route("POST", "/auth/register-step-2"),
    registerStep3: route("POST", "/auth/register-step-3"),
    login: route("POST", "/auth/login"),
    refreshAccessToken: route("POST", "/auth/refresh-access-token"),
    logout: route("POST", "/auth/logout"),
    sendEmailConfirmation: route("POST", "/auth/send-email-confirmation"),
    verifyEmail: route("GET", "/auth/verify-email"),
    requestPasswordReset: route("POST", "/auth/request-password-reset"),
    resetPassword: route("POST", "/auth/reset-password"),
  },
  users: {
    paymentInfo: route("GET", "/users/me/payment"),
    saveIban: route("PUT", "/users/me/iban"),
    statements: route("GET", "/users/me/statements"),
    exportOwnData: route("GET", "/users/me/export"),
    deleteOwnAccount: route("DELETE", "/users/me"),
    listByType: route("GET", "/users/type/:type"),
    byId: route("GET", "/users/:id"),
    updateProfile: route("PATCH", "/users"),
  },
  projects: {
    list: route("GET", "/projects"),
    userProjects: route("GET", "/projects/userProjects/:userId"),
    leave: route("PATCH", "/projects/leftProject"),
    update: route("PATCH", "/projects/updateProject/:id"),
    byId: route("GET", "/projects/:id"),
  },
  positions: {
    byProject: route("GET", "/positions/getPositionsByProjectId/:projectId"),
    names: route("GET", "/positions/positionNames"),
    add: route("POST", "/positions/addPosition"),
    apply: route("POST", "/positions/:positionId/apply"),
    remove: route("DELETE", "/positions/:positionId"),
  },
  images: {
    upload: route("POST", "/images/upload"),
    record: route("POST", "/images/record"),
    ofOwner: route("GET", "/images/:relatedId"),
    remove: route("DELETE", "/images/:imageId"),
  },
  notifications: {
    list: route("GET", "/notifications"),
    markRead: route("PATCH", "/notifications/:id"),
    remove: route("DELETE", "/notifications/:id"),
  },
  votes: {
    pending: route("GET", "/votes/pending"),
    pendingOne: route("GET", "/votes/pending/:voteId"),
    complete: route("POST", "/votes/complete/:voteId"),
    feedbacks: route("GET", "/votes/feedbacks"),
    discardWantedSenior: route("POST", "/votes/DiscardWantedSenior/:userId"),
  },
  lookups: {
    skills: route("GET", "/skills"),
    countries: route("GET", "/locations/countries"),
    cities: route("GET", "/locations/countries/:isoCode/cities"),
    turkishLanguages: route("GET", "/locations/turkish-languages"),
  },
} as const;

export { API_PREFIX, apiPath, pathOf, type Method, type PathParams } from "./define.js";
