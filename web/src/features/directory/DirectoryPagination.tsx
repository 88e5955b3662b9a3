import { ActionIcon, Button, Group } from "@mantine/core";
import {
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
} from "@tabler/icons-react";
import { paginationWindow } from "./pagination";
import { DIRECTORY_TEXTS as T } from "./texts";

interface Props {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

/** First, previous, three page numbers, next, last. */
export function DirectoryPagination({ page, totalPages, onChange }: Props) {
  const atStart = page <= 1;
  const atEnd = page >= totalPages;
  return (
    <Group
      component="nav"
      aria-label={T.pagination}
      gap={6}
      justify="center"
      data-testid="pagination"
    >
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={T.first}
        disabled={atStart}
        onClick={() => onChange(1)}
      >
        <IconChevronsLeft size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={T.previous}
        disabled={atStart}
        onClick={() => onChange(page - 1)}
      >
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      {paginationWindow(page, totalPages).map((n) => (
        <Button
          key={n}
          size="compact-md"
          h={34}
          miw={34}
          variant={n === page ? "filled" : "default"}
          aria-label={T.page(n)}
          aria-current={n === page ? "page" : undefined}
          onClick={() => onChange(n)}
        >
          {n}
        </Button>
      ))}
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={T.next}
        disabled={atEnd}
        onClick={() => onChange(page + 1)}
      >
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={T.last}
        disabled={atEnd}
        onClick={() => onChange(totalPages)}
      >
        <IconChevronsRight size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
