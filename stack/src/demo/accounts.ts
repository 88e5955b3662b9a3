import { DEMO_PASSWORD, PEOPLE } from "./demo-content.js";

/** The demo accounts that can sign in, for the start banner and the README. */
export function demoAccountLines(): string[] {
  return PEOPLE.filter((p) => p.email).map((p) => {
    const what = p.role
      ? `${p.role}`
      : `${p.type === "JUNIOR" ? "Junior" : "Senior"} ${p.position}`;
    return `${p.email!.padEnd(26)} ${DEMO_PASSWORD}   ${p.name} (${what})`;
  });
}
