import type { ComponentType } from "react";
import { RequireAuth } from "./RequireAuth";

/**
 * A route's `lazy`: its screen is a separate chunk, loaded when the route is first visited;
 * `member` screens need a signed-in member.
 */
export function lazyScreen(load: () => Promise<ComponentType>, options: { member?: boolean } = {}) {
  return async () => {
    const Screen = await load();
    return {
      Component: options.member
        ? () => (
            <RequireAuth>
              <Screen />
            </RequireAuth>
          )
        : Screen,
    };
  };
}
