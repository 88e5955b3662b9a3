import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconArrowRight,
  IconCalendarEvent,
  IconCheck,
  IconHandClick,
  IconUserPlus,
  IconUsersGroup,
} from "@tabler/icons-react";
import { Link } from "react-router-dom";
import { FaqAccordion } from "../../components/faq/FaqAccordion";
import { PageMeta } from "../../components/PageMeta";
import { site } from "../../lib/site";
import { HOME_TEXTS as T } from "./texts";
import { screens } from "../../app/screens";

const STEP_ICONS = [IconUserPlus, IconCalendarEvent, IconHandClick, IconUsersGroup];

export function HomePage() {
  return (
    <>
      <PageMeta title={T.meta.title} description={T.meta.description} />
      <Box
        component="section"
        aria-labelledby="hero-title"
        py={{ base: 48, sm: 80 }}
        style={{
          background:
            "linear-gradient(135deg, var(--mantine-color-teal-light) 0%, var(--mantine-color-body) 70%)",
        }}
      >
        <Container size="lg">
          <Stack gap="lg" maw={680}>
            <Badge variant="light" size="lg">
              {T.hero.eyebrow}
            </Badge>
            <Title id="hero-title" order={1} fz={{ base: 32, sm: 48 }} lh={1.15}>
              {T.hero.title}
            </Title>
            <Text fz={{ base: "md", sm: "lg" }} c="dimmed">
              {T.hero.text}
            </Text>
            <Group>
              <Button component={Link} to={screens.signUp} size="md" data-testid="hero-signup">
                {T.hero.signUp}
              </Button>
              <Button
                component={Link}
                to={screens.projects}
                size="md"
                variant="default"
                rightSection={<IconArrowRight size={18} />}
              >
                {T.hero.projects}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container
        size="lg"
        component="section"
        aria-labelledby="how-title"
        py={{ base: 40, sm: 64 }}
      >
        <Stack gap="xs" mb="xl">
          <Title id="how-title" order={2}>
            {T.how.title}
          </Title>
          <Text c="dimmed">{T.how.subtitle}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {T.how.steps.map((step, i) => {
            const Icon = STEP_ICONS[i] ?? IconCheck;
            return (
              <Card key={step.title} withBorder radius="md" padding="lg">
                <ThemeIcon size={44} radius="md" variant="light" mb="md">
                  <Icon size={24} aria-hidden />
                </ThemeIcon>
                <Title order={3} fz="lg" mb={6}>
                  {`${i + 1}. ${step.title}`}
                </Title>
                <Text size="sm" c="dimmed">
                  {step.text}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
      </Container>

      <Container size="lg" component="section" aria-labelledby="mentor-title">
        <Paper radius="lg" p={{ base: "lg", sm: 40 }} withBorder>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <Stack gap="md">
              <Title id="mentor-title" order={2}>
                {T.mentor.title}
              </Title>
              <Text c="dimmed">{T.mentor.text}</Text>
              <Group>
                <Button component={Link} to={screens.signUp}>
                  {T.mentor.cta}
                </Button>
                <Button component={Link} to={screens.seniors} variant="subtle">
                  {T.mentor.directory}
                </Button>
              </Group>
            </Stack>
            <List
              spacing="sm"
              icon={
                <ThemeIcon size={24} radius="xl" color="teal">
                  <IconCheck size={16} aria-hidden />
                </ThemeIcon>
              }
            >
              {T.mentor.points.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </SimpleGrid>
        </Paper>
      </Container>

      <Container size="lg" component="aside" aria-label={T.ad.label} py={{ base: 40, sm: 56 }}>
        <Paper
          data-testid="ad-block"
          radius="md"
          p="lg"
          bg="var(--mantine-color-default-hover)"
          style={{ border: "1px dashed var(--mantine-color-default-border)" }}
        >
          <Group justify="space-between" wrap="wrap" gap="md">
            <Stack gap={4}>
              <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
                {T.ad.label}
              </Text>
              <Text fw={700}>{T.ad.title}</Text>
              <Text size="sm" c="dimmed">
                {T.ad.text}
              </Text>
            </Stack>
            <Anchor href={`mailto:${site.contactEmail}`}>{site.contactEmail}</Anchor>
          </Group>
        </Paper>
      </Container>

      <Container size="md" component="section" aria-labelledby="home-faq-title">
        <Title id="home-faq-title" order={2} mb="lg">
          {T.faq.title}
        </Title>
        <FaqAccordion tag="home" />
        <Group justify="center" mt="lg">
          <Button
            component={Link}
            to={screens.faq}
            variant="light"
            rightSection={<IconArrowRight size={18} />}
          >
            {T.faq.all}
          </Button>
        </Group>
      </Container>

      <Container
        size="lg"
        component="section"
        aria-labelledby="closing-title"
        pt={{ base: 48, sm: 72 }}
      >
        <Stack align="center" ta="center" gap="md">
          <Title id="closing-title" order={2}>
            {T.closing.title}
          </Title>
          <Text c="dimmed">{T.closing.text}</Text>
          <Group justify="center">
            <Button component={Link} to={screens.signUp}>
              {T.closing.signUp}
            </Button>
            <Button component={Link} to={screens.projects} variant="default">
              {T.closing.projects}
            </Button>
          </Group>
        </Stack>
      </Container>
    </>
  );
}
