/**
 * The `/api` contract: every endpoint declared once (define.ts), grouped as the docs/product-rules.md#api-calls table
 * groups them. `endpoints` lists them in the order the functions register them, which matters
 * where paths overlap (`/users/me/export` before `/users/:id`).
 */
import type { Addressed, Endpoint } from "./define.js";
import * as auth from "./endpoints/auth.js";
import * as users from "./endpoints/users.js";
import * as projects from "./endpoints/projects.js";
import * as positions from "./endpoints/positions.js";
import * as images from "./endpoints/images.js";
import * as notifications from "./endpoints/notifications.js";
import * as votes from "./endpoints/votes.js";
import * as lookups from "./endpoints/lookups.js";

export const contract = {
  health: lookups.health,
  auth: {
    csrfToken: auth.csrfToken,
    registerStep1: auth.registerStep1,
    registerStep2: auth.registerStep2,
    registerStep3: auth.registerStep3,
    login: auth.login,
    refreshAccessToken: auth.refreshAccessToken,
    logout: auth.logout,
    sendEmailConfirmation: auth.sendEmailConfirmation,
    verifyEmail: auth.verifyEmail,
    requestPasswordReset: auth.requestPasswordReset,
    resetPassword: auth.resetPassword,
  },
  users: {
    paymentInfo: users.paymentInfo,
    saveIban: users.saveIban,
    statements: users.statements,
    exportOwnData: users.exportOwnData,
    deleteOwnAccount: users.deleteOwnAccount,
    listByType: users.listByType,
    byId: users.byId,
    updateProfile: users.updateProfile,
  },
  projects: {
    list: projects.list,
    userProjects: projects.userProjects,
    leave: projects.leave,
    update: projects.update,
    byId: projects.byId,
  },
  positions: {
    byProject: positions.byProject,
    names: positions.names,
    add: positions.add,
    apply: positions.apply,
    remove: positions.remove,
  },
  images: {
    upload: images.upload,
    record: images.record,
    ofOwner: images.ofOwner,
    remove: images.remove,
  },
  notifications: {
    list: notifications.list,
    markRead: notifications.markRead,
    remove: notifications.remove,
  },
  votes: {
    pending: votes.pending,
    pendingOne: votes.pendingOne,
    complete: votes.complete,
    feedbacks: votes.feedbacks,
    discardWantedSenior: votes.discardWantedSenior,
  },
  lookups: {
    skills: lookups.skills,
    countries: lookups.countries,
    cities: lookups.cities,
    turkishLanguages: lookups.turkishLanguages,
  },
} as const;

type Group = typeof contract;

/** Every endpoint of the contract, in registration order. */
export const endpoints: readonly Endpoint[] = Object.values(contract).flatMap(
  (entry): Endpoint[] =>
    "method" in entry ? [entry as Endpoint] : (Object.values(entry) as Endpoint[]),
);

/** "GET /users/:id": how an endpoint is named in tables and logs. */
export const endpointName = (e: Pick<Endpoint, "method" | "path">) => `${e.method} ${e.path}`;

export type Contract = Group;

type AddressedGroup<G> = {
  readonly [K in keyof G]: G[K] extends Endpoint ? Addressed<G[K]> : never;
};

/**
 * The contract as a client addresses it: each endpoint's method and path, typed with its whole
 * declaration. `routes` (routes.ts) is assignable to it exactly when it has every endpoint of the
 * contract with the contract's method and path, so the compiler holds the two together.
 */
export type AddressedContract = {
  readonly [G in keyof Group]: Group[G] extends Endpoint
    ? Addressed<Group[G]>
    : AddressedGroup<Group[G]>;
};
export { imageMeta } from "./endpoints/images.js";
export { voteSubmissionBody } from "./endpoints/votes.js";
export { profileUpdateBody } from "./profile-body.js";
