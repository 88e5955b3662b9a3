import { Container, Stack, Text, Title } from "@mantine/core";
import { PageMeta } from "../../components/PageMeta";
import { MEMBER_SCREENS, type MemberScreenKey } from "./texts";

/** Route target of a member screen whose form is not available yet. */
export function MemberScreen({ screen }: { screen: MemberScreenKey }) {
  const { title, description } = MEMBER_SCREENS[screen];
  return (
    <Container size="sm" py="xl" data-testid={`member-screen-${screen}`}>
      <PageMeta title={title} description={description} />
      <Stack gap="sm">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{MEMBER_SCREENS.pending}</Text>
      </Stack>
    </Container>
  );
}

export const SignUpScreen = () => <MemberScreen screen="signUp" />;
export const CodeScreen = () => <MemberScreen screen="code" />;
export const CareerScreen = () => <MemberScreen screen="career" />;
export const LoginScreen = () => <MemberScreen screen="login" />;
export const ResetRequestScreen = () => <MemberScreen screen="resetRequest" />;
export const NewPasswordScreen = () => <MemberScreen screen="newPassword" />;
export const AccountScreen = () => <MemberScreen screen="account" />;
export const NotificationsScreen = () => <MemberScreen screen="notifications" />;
export const ProjectEditScreen = () => <MemberScreen screen="projectEdit" />;
