import { Center, Loader } from "@mantine/core";

/** Shown while a route's code or the auth state loads. */
export function PageLoader() {
  return (
    <Center py={96} aria-busy="true">
      <Loader aria-label="Yükleniyor" />
    </Center>
  );
}
