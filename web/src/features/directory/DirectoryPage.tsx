import {
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import type { MemberType } from "@platform/common";
import { IconSearch } from "@tabler/icons-react";
import { useCallback, useDeferredValue, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { PageBreadcrumbs } from "../../components/PageBreadcrumbs";
import { PageMeta } from "../../components/PageMeta";
import { ServerErrorScreen } from "../../components/ServerErrorScreen";
import { useDirectoryCount, useDirectoryPage } from "./data";
import { DirectoryPagination } from "./DirectoryPagination";
import {
  NARROW_MAX_WIDTH,
  PAGE_SIZE,
  PAGE_SIZE_NARROW,
  PLACEHOLDER_COUNT,
  pageCount,
  parsePageParam,
} from "./pagination";
import { DIRECTORY_TEXTS as T } from "./texts";
import { UserCard } from "./UserCard";
import { screens } from "../../app/screens";

/** Search debounce of the directories (docs/product-rules.md#screen-directories). */
export const SEARCH_DEBOUNCE_MS = 400;

function DirectoryPage({ type }: { type: MemberType }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get("page"));
  const narrow = useMediaQuery(`(max-width: ${NARROW_MAX_WIDTH}px)`, false, {
    getInitialValueInEffect: false,
  });
  const size = narrow ? PAGE_SIZE_NARROW : PAGE_SIZE;
  const [input, setInput] = useState("");
  const [search] = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);

  const setPage = useCallback(
    (next: number, replace = false) =>
      setSearchParams(
        (params) => {
          const updated = new URLSearchParams(params);
          if (next <= 1) updated.delete("page");
          else updated.set("page", String(next));
          return updated;
        },
        { replace },
      ),
    [setSearchParams],
  );

  // A new search starts again at page 1.
  const lastSearch = useRef(search);
  useEffect(() => {
    if (lastSearch.current === search) return;
    lastSearch.current = search;
    setPage(1, true);
  }, [search, setPage]);

  const count = useDirectoryCount(type, search);
  const totalPages = count.data === undefined ? undefined : pageCount(count.data, size);

  // A page beyond the end (an old link, a smaller result) shows the last page.
  useEffect(() => {
    if (totalPages !== undefined && page > totalPages) setPage(totalPages, true);
  }, [page, totalPages, setPage]);

  const effectivePage = totalPages !== undefined ? Math.min(page, totalPages) : page;
  const users = useDirectoryPage(type, search, effectivePage, size, count.data);
  // The cards are drawn in a transition: React yields to the browser between them instead of
  // holding the main thread for the whole page of members when the data arrives.
  const cards = useDeferredValue(users.data);

  if (count.isError || users.isError) {
    return <ServerErrorScreen onReload={() => window.location.reload()} />;
  }

  const heading = count.data === undefined ? T.heading(type) : T.headingWithCount(type, count.data);
  const loading = count.isPending || cards === undefined;

  return (
    <Container size="xl" py="xl">
      <PageMeta title={T.heading(type)} description={T.description(type)} />
      <Stack gap="lg">
        <PageBreadcrumbs
          items={[{ label: T.home, to: screens.home }, { label: T.heading(type) }]}
        />
        <Group justify="space-between" align="flex-end" gap="md">
          <Title order={1} data-testid="directory-title">
            {heading}
          </Title>
          <TextInput
            type="search"
            w={{ base: "100%", sm: 320 }}
            placeholder={T.searchPlaceholder}
            aria-label={T.searchLabel(type)}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
            data-testid="directory-search"
          />
        </Group>
        {loading ? (
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
            aria-busy="true"
            data-testid="directory-loading"
          >
            {Array.from({ length: PLACEHOLDER_COUNT }, (_, i) => (
              <Skeleton key={i} h={190} radius="md" data-testid="user-placeholder" />
            ))}
          </SimpleGrid>
        ) : cards.length === 0 ? (
          <Text ta="center" py={48} c="dimmed" fz="lg" data-testid="directory-empty">
            {T.empty(type)}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} data-testid="directory-grid">
            {cards.map((user) => (
              <UserCard key={user.id} user={user} />
            ))}
          </SimpleGrid>
        )}
        {totalPages !== undefined && totalPages > 1 && (
          <DirectoryPagination
            page={effectivePage}
            totalPages={totalPages}
            onChange={(next) => {
              setPage(next);
              window.scrollTo({ top: 0 });
            }}
          />
        )}
      </Stack>
    </Container>
  );
}

export const JuniorsPage = () => <DirectoryPage key="JUNIOR" type="JUNIOR" />;
export const SeniorsPage = () => <DirectoryPage key="SENIOR" type="SENIOR" />;
