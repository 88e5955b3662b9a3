/**
 * The API contract as the web app uses it: at run time only each endpoint's method and path (the
 * small routes module of common), typed as the whole contract (inputs and responses) for the
 * compiler. The contract's zod schemas stay out of the browser bundles: the server validates
 * every request, and the forms judge input with common's rule functions. A unit test checks that
 * every endpoint here has the contract's method and path.
 */
import type { Contract } from "@platform/common/api";
import { routes } from "@platform/common/api/routes";

export const contract = routes as unknown as Contract;
