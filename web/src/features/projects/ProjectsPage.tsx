import { Alert, Box, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconHome } from "@tabler/icons-react";
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { PageMeta } from "../../components/PageMeta";
import { ServerErrorScreen } from "../../components/ServerErrorScreen";
import { useViewer } from "../../lib/viewer";
import { useLiveProjects } from "./data";
import { ProjectCard, ProjectCardSkeleton } from "./ProjectCard";
import { ProjectDetail } from "./ProjectDetail";
import { PROJECT_TEXTS as T } from "./texts";
import classes from "./projects.module.css";
import { screens } from "../../app/screens";

/** Below this width the list and the detail take turns (docs/product-rules.md#screen-projects). */
export const SPLIT_MIN_WIDTH = 640;

/** Navigation state another screen may pass to point at a project. */
export interface ProjectsNavigationState {
  highlightProjectId?: string;
}

export function ProjectsPage() {
  const projects = useLiveProjects();
  // The cards are drawn in a transition: React yields to the browser between them instead of
  // holding the main thread for the whole list when the data arrives.
  const shown = useDeferredValue(projects.data);
  const pending = shown === undefined && !projects.isError;
  const viewer = useViewer();
  const location = useLocation();
  const highlightId = (location.state as ProjectsNavigationState | null)?.highlightProjectId;
  const narrow = useMediaQuery(`(max-width: ${SPLIT_MIN_WIDTH - 1}px)`, false, {
    getInitialValueInEffect: false,
  });
  const [selectedId, setSelectedId] = useState<string | null>(highlightId ?? null);
  const now = useMemo(() => new Date(), []);
  const cardRefs = useRef(new Map<string, HTMLButtonElement>());

  const list = useMemo(() => shown ?? [], [shown]);
  const selected = list.find((p) => p.id === selectedId) ?? null;
  // The selection follows the list and the navigation state while rendering (React's pattern
  // for state derived from props), so no effect sets state.
  const [seenHighlight, setSeenHighlight] = useState<string | null>(null);

  // A project named in the navigation state is selected once the list is there.
  if (highlightId && list.length > 0 && highlightId !== seenHighlight) {
    setSeenHighlight(highlightId);
    if (list.some((p) => p.id === highlightId)) setSelectedId(highlightId);
  } else if (!narrow && !selected && list.length > 0) {
    // Wider screens always show a detail: the first project unless one was chosen or pointed at.
    setSelectedId(list[0]!.id);
  }

  // ... and scrolled to.
  useEffect(() => {
    if (!highlightId || list.length === 0) return;
    const card = cardRefs.current.get(highlightId);
    card?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [highlightId, list]);

  // a failed first load is the 500 screen (docs/product-rules.md#screen-projects); a failed reload keeps the list it had
  if (projects.isError && !projects.data) {
    return <ServerErrorScreen onReload={() => void projects.refetch()} />;
  }

  const title = pending ? T.titleLoading : T.title(list.length);
  const showList = !narrow || !selected;
  const showDetail = selected !== null;

  const listColumn = (
    <Stack gap="sm" component="section" aria-label={T.listLabel} data-testid="project-list">
      {pending
        ? [0, 1, 2].map((i) => <ProjectCardSkeleton key={i} />)
        : list.map((project) => (
            <ProjectCard
              key={project.id}
              ref={(el) => {
                if (el) cardRefs.current.set(project.id, el);
                else cardRefs.current.delete(project.id);
              }}
              project={project}
              selected={project.id === selectedId}
              highlighted={project.id === highlightId}
              now={now}
              onSelect={() => setSelectedId(project.id)}
            />
          ))}
    </Stack>
  );

  return (
    <Container size="xl" py="xl">
      <PageMeta title={T.meta.title} description={T.meta.description} />
      <Title order={1} mb="lg" data-testid="projects-title">
        {title}
      </Title>
      {projects.isError && (
        <Alert color="red" role="alert" mb="md" data-testid="projects-reload-error">
          {T.listFailed}
        </Alert>
      )}
      {!pending && list.length === 0 ? (
        <Stack align="center" py={48} gap="sm" ta="center" data-testid="projects-empty">
          <Title order={2}>{T.emptyTitle}</Title>
          <Text c="dimmed">{T.emptyText}</Text>
          <Button component={Link} to={screens.home} leftSection={<IconHome size={18} />} mt="sm">
            {T.home}
          </Button>
        </Stack>
      ) : (
        // One layout for every width, so the detail (and the position chosen in it) survives a
        // change of width: under 640 px only one of the two columns is rendered at a time.
        <Group align="flex-start" gap="lg" wrap="nowrap">
          {showList && (
            // Its width comes from the stylesheet, not from `narrow`: the prerendered page does
            // not know the screen, and hydration must not change the markup.
            <Box className={classes.listColumn} data-testid="project-list-column">
              {listColumn}
            </Box>
          )}
          {showDetail && selected && (
            <Box style={{ flex: 1, minWidth: 0 }} className={narrow ? undefined : classes.detail}>
              <ProjectDetail
                key={selected.id}
                project={selected}
                viewer={viewer}
                now={now}
                onBack={narrow ? () => setSelectedId(null) : undefined}
              />
            </Box>
          )}
        </Group>
      )}
    </Container>
  );
}
