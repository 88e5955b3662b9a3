/**
 * The API contract as the web app uses it: at run time only each endpoint's method and path (the
 * small routes module of common), typed with each endpoint's whole declaration (inputs and
 * responses) for the compiler, which also holds routes and contract together. The contract's zod schemas stay out of the browser bundles: the server validates
 * every request, and the forms judge input with common's rule functions. A unit test checks that
 * every endpoint here has the contract's method and path.
 */
import type { AddressedContract } from "@platform/common/api";
import { routes } from "@platform/common/api/routes";

export const contract: AddressedContract = routes;
