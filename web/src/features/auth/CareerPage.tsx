import { Anchor, Button, Checkbox, Loader, MultiSelect, Select, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import type { MemberType } from "@platform/common";
import { useMutation } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Link, Navigate, useNavigate } from "react-router-dom";
import { messageOf } from "../../lib/api/errors";
import { getAuthSdk } from "../../lib/firebase";
import { useLookupNames } from "../../lib/lookups";
import { signInAfterRegistration } from "../../lib/session/login";
import { useViewer } from "../../lib/viewer";
import { authApi } from "./api";
import { AuthCard } from "./AuthCard";
import { FailureAlert } from "./FailureAlert";
import { takeSignUpPassword } from "./memory";
import { PENDING_SIGN_UP_KEY, consentLink, readPendingSignUp } from "./rules";
import { AUTH_TEXTS } from "./texts";
import { accountPath, screens } from "../../app/screens";

const T = AUTH_TEXTS.career;

function ConsentLabel(props: { href: string; link: string; suffix: string }): ReactNode {
  return (
    <>
      <Anchor href={props.href} target="_blank" rel="noopener noreferrer">
        {props.link}
      </Anchor>
      {props.suffix}
    </>
  );
}

/** `screens.career`: sign-up step 3 (type, position, skills, the three consents). */
export function CareerPage() {
  const navigate = useNavigate();
  const viewer = useViewer();
  const [pending] = useState(() => readPendingSignUp(window.sessionStorage));
  const positions = useLookupNames("positionNames");
  const skills = useLookupNames("skills");

  const form = useForm({
    mode: "controlled",
    initialValues: {
      type: "JUNIOR" as MemberType,
      position: "",
      skills: [] as string[],
      contractofUse: false,
      privacyPolicy: false,
      contentPolicy: false,
    },
    validate: {
      type: (v) => (v ? null : T.required),
      position: (v) => (v ? null : T.required),
      contractofUse: (v) => (v ? null : T.consentRequired),
      privacyPolicy: (v) => (v ? null : T.consentRequired),
      contentPolicy: (v) => (v ? null : T.consentRequired),
    },
  });

  const step3 = useMutation({
    mutationFn: async (values: typeof form.values) => {
      const res = await authApi.registerStep3({
        email: pending!.email,
        registrationToken: pending!.registrationToken ?? "",
        type: values.type,
        position: values.position,
        skills: values.skills.map((name) => ({ name })),
        contractofUse: values.contractofUse,
        privacyPolicy: values.privacyPolicy,
        contentPolicy: values.contentPolicy,
      });
      window.sessionStorage.removeItem(PENDING_SIGN_UP_KEY);
      // the step-1 password is no longer needed: step 3 signs the newcomer in
      takeSignUpPassword(pending!.email);
      const userName = res.data?.userName ?? "";
      const customToken = res.data?.customToken;
      if (!customToken) return { signedIn: false, userName };
      try {
        await signInAfterRegistration(await getAuthSdk(), customToken);
        return { signedIn: true, userName };
      } catch {
        return { signedIn: false, userName };
      }
    },
    onSuccess: ({ signedIn, userName }) => {
      if (signedIn) {
        navigate(accountPath(userName), { replace: true });
      } else {
        notifications.show({ color: "teal", message: T.signInLater });
        navigate(screens.login, { replace: true });
      }
    },
  });

  if (viewer.profile?.name && viewer.profile.userName && !step3.isPending) {
    return <Navigate to={accountPath(viewer.profile.userName)} replace />;
  }
  if (!pending) {
    return (
      <AuthCard title={T.title} description={T.description} step={T.step} testId="sign-up-career">
        <Text>{T.missingEmail}</Text>
        <Anchor component={Link} to={screens.signUp}>
          {T.restart}
        </Anchor>
      </AuthCard>
    );
  }

  const links = { name: pending.name, email: pending.email };
  return (
    <AuthCard title={T.title} description={T.description} step={T.step} testId="sign-up-career">
      <form onSubmit={form.onSubmit((values) => step3.mutate(values))} noValidate>
        <Stack gap="sm">
          <Select
            label={T.type}
            required
            allowDeselect={false}
            data={AUTH_TEXTS.memberTypes.map((t) => ({ ...t }))}
            {...form.getInputProps("type")}
          />
          <Select
            label={T.position}
            placeholder={T.positionPlaceholder}
            required
            searchable
            data={positions.data ?? []}
            rightSection={positions.isPending ? <Loader size="xs" /> : undefined}
            {...form.getInputProps("position")}
          />
          <MultiSelect
            label={T.skills}
            placeholder={T.skillsPlaceholder}
            searchable
            clearable
            data={skills.data ?? []}
            rightSection={skills.isPending ? <Loader size="xs" /> : undefined}
            {...form.getInputProps("skills")}
          />
          {(positions.isError || skills.isError) && (
            <Text c="red" size="sm" role="alert">
              {T.lookupsFailed}
            </Text>
          )}
          <Checkbox
            label={
              <ConsentLabel
                href={consentLink(screens.openConsent, links)}
                link={T.openConsent}
                suffix={T.openConsentSuffix}
              />
            }
            {...form.getInputProps("privacyPolicy", { type: "checkbox" })}
          />
          <Checkbox
            label={
              <ConsentLabel
                href={consentLink(screens.membershipAgreement, links)}
                link={T.agreement}
                suffix={T.agreementSuffix}
              />
            }
            {...form.getInputProps("contractofUse", { type: "checkbox" })}
          />
          <Checkbox
            label={
              <ConsentLabel
                href={consentLink(screens.kvkk, links)}
                link={T.notice}
                suffix={T.noticeSuffix}
              />
            }
            {...form.getInputProps("contentPolicy", { type: "checkbox" })}
          />
          <FailureAlert
            title={T.failedTitle}
            message={step3.isError ? messageOf(step3.error) : null}
          />
          <Button type="submit" loading={step3.isPending} fullWidth>
            {T.submit}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
