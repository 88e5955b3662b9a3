import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  TextInput,
  Textarea,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import {
  GENDERS,
  GENDER_LABELS,
  LANGUAGE_LEVELS,
  SOCIAL_NETWORKS,
  buildProfileUpdate,
  profileFieldError,
  type Gender,
  type SocialNetwork,
  type UserDto,
} from "@platform/common";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { type FormEventHandler, type ReactNode, useState } from "react";
import { ApiError, messageOf } from "../../lib/api/errors";
import { useCities, useCountries, useLookupNames, useTurkishLanguages } from "../../lib/lookups";
import { useLogout } from "../../lib/session/useSession";
import { useViewer } from "../../lib/viewer";
import {
  birthDateError,
  birthDateParts,
  birthDayOptions,
  birthMonthOptions,
  birthDateValue,
  birthYearOptions,
  canRemoveLanguageRow,
  changeCountry,
  contactDataBody,
  emailChanged,
  digitsOnly,
  eduCertToSave,
  languagesToSave,
  personalDataBody,
  positionLocked,
  skillsBody,
  socialAddress,
  socialToSave,
  splitAddress,
} from "./rules";
import { EDIT_TEXTS as E, ACCOUNT_TEXTS as T } from "./texts";
import { saveProfile, useRefreshMemberViews, type ProfileSave } from "./data";

export type EditSection =
  "personal" | "contact" | "social" | "about" | "skills" | "languages" | "education";

type SaveBody = ProfileSave;

/**
 * Sends a section. `endsSession` tells the saves after which the member must sign in again: Auth
 * revokes every session of a member whose e-mail changes, so the app says so and logs out.
 * A body the API's field rules would refuse is not sent: the same text shows at once.
 */
function useSave(onDone: () => void, endsSession: (body: SaveBody) => boolean = () => false) {
  const mutation = useSaveMutation(onDone, endsSession);
  const [refusal, setRefusal] = useState<string | null>(null);
  return {
    isPending: mutation.isPending,
    error: refusal ?? mutation.error,
    mutate: (body: SaveBody) => {
      const checked = buildProfileUpdate(body, new Date());
      setRefusal(checked.ok ? null : checked.message);
      if (checked.ok) mutation.mutate(body);
    },
  };
}

function useSaveMutation(onDone: () => void, endsSession: (body: SaveBody) => boolean) {
  const refreshMemberViews = useRefreshMemberViews();
  const logout = useLogout();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: async (_res, body) => {
      onDone();
      if (endsSession(body)) {
        notifications.show({ color: "teal", message: E.emailChangedSignIn });
        await logout();
        return;
      }
      notifications.show({ color: "teal", message: E.saved });
      await refreshMemberViews();
    },
    // A 401 has ended the session (the login page replaces this one), so say why over there:
    // e.g. an e-mail change that needs a fresh sign-in.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) {
        notifications.show({ color: "red", message: messageOf(err, E.failed) });
      }
    },
  });
}

/** A section's form: its fields, the server's refusal when saving failed, Vazgeç and Kaydet. */
function SectionForm(props: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  save: { error: unknown; isPending: boolean };
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={props.onSubmit}>
      <Stack gap="sm">
        {props.children}
        {props.save.error ? (
          <Alert color="red" role="alert" data-testid="edit-error">
            {typeof props.save.error === "string"
              ? props.save.error
              : messageOf(props.save.error, E.failed)}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={props.onCancel}>
            {E.cancel}
          </Button>
          <Button type="submit" loading={props.save.isPending}>
            {E.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PersonalForm({ user, onDone }: { user: UserDto; onDone: () => void }) {
  const address = splitAddress(user.address);
  const date = birthDateParts(user.birthDate);
  const form = useForm({
    mode: "controlled",
    initialValues: {
      name: user.name,
      gender: (user.gender ?? "") as Gender | "",
      day: date.day,
      month: date.month,
      year: date.year,
      country: address.country,
      city: address.city,
      position: user.position?.name ?? "",
    },
    validate: {
      name: (v) => profileFieldError("name", v, new Date()),
      year: (_, v) => birthDateError(v.day, v.month, v.year, new Date()),
    },
  });
  const countries = useCountries();
  const iso = countries.data?.find((c) => c.name === form.values.country)?.isoCode ?? null;
  const cities = useCities(iso);
  const positions = useLookupNames("positionNames");
  const save = useSave(onDone);
  const viewer = useViewer();
  const locked = positionLocked(user.currentProjectId, viewer.profile?.activeApplication);
  // no future dates on offer (docs/product-rules.md#profile-birth-date); the check above covers a choice made before the year
  const now = new Date();
  const days = birthDayOptions(form.values.year, form.values.month, now);
  const months = birthMonthOptions(form.values.year, now);
  const years = birthYearOptions(now).map(String);

  return (
    <SectionForm
      save={save}
      onCancel={onDone}
      onSubmit={form.onSubmit((v) =>
        save.mutate(
          personalDataBody({
            name: v.name,
            gender: v.gender || null,
            birthDate: birthDateValue(v.day, v.month, v.year),
            country: v.country,
            city: v.city,
            position: locked ? "" : v.position,
          }),
        ),
      )}
    >
      <TextInput label={E.name} required {...form.getInputProps("name")} />
      <Select
        label={T.gender}
        data={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
        {...form.getInputProps("gender")}
      />
      <Group grow gap="xs" align="flex-start">
        <Select label={E.day} data={days} searchable {...form.getInputProps("day")} />
        <Select label={E.month} data={months} searchable {...form.getInputProps("month")} />
        <Select label={E.year} data={years} searchable {...form.getInputProps("year")} />
      </Group>
      <Select
        label={E.country}
        searchable
        data={(countries.data ?? []).map((c) => c.name)}
        value={form.values.country || null}
        onChange={(country) => {
          const next = changeCountry(
            { country: form.values.country, city: form.values.city },
            country ?? "",
          );
          form.setFieldValue("country", next.country);
          form.setFieldValue("city", next.city);
        }}
      />
      <Select
        label={E.city}
        searchable
        disabled={!form.values.country}
        data={cities.data ?? []}
        value={form.values.city || null}
        onChange={(city) => form.setFieldValue("city", city ?? "")}
      />
      <Select
        label={E.position}
        data={positions.data ?? []}
        disabled={locked}
        description={locked ? E.positionLocked : undefined}
        {...form.getInputProps("position")}
      />
    </SectionForm>
  );
}

type ContactBody = ReturnType<typeof contactDataBody>;

function ContactForm({ user, onDone }: { user: UserDto; onDone: () => void }) {
  const form = useForm({
    mode: "controlled",
    initialValues: { email: user.email ?? "", telephone: user.telephone ?? "" },
    validate: {
      email: (v) => profileFieldError("email", v, new Date()),
      telephone: (v) => profileFieldError("telephone", v, new Date()),
    },
  });
  const save = useSave(onDone, (body) =>
    emailChanged(String((body as ContactBody).contactData.email), user.email ?? ""),
  );
  return (
    <SectionForm
      save={save}
      onCancel={onDone}
      onSubmit={form.onSubmit((v) =>
        save.mutate(
          contactDataBody(v, {
            email: user.email ?? "",
            isEmailVerified: user.isEmailVerified === true,
          }),
        ),
      )}
    >
      <TextInput label={T.email} type="email" required {...form.getInputProps("email")} />
      <TextInput
        label={T.telephone}
        inputMode="numeric"
        value={form.values.telephone}
        onChange={(e) => form.setFieldValue("telephone", digitsOnly(e.currentTarget.value))}
      />
    </SectionForm>
  );
}

function SocialForm({ user, onDone }: { user: UserDto; onDone: () => void }) {
  const form = useForm({
    mode: "controlled",
    initialValues: Object.fromEntries(
      SOCIAL_NETWORKS.map((n) => [n, socialAddress(user.social_medias, n)]),
    ) as Record<(typeof SOCIAL_NETWORKS)[number], string>,
    // Each link on its own through the API's rule (an empty one is simply not saved).
    validate: Object.fromEntries(
      SOCIAL_NETWORKS.map((n) => [
        n,
        (v: string) => profileFieldError("social_medias", socialToSave({ [n]: v }), new Date()),
      ]),
    ) as Record<SocialNetwork, (v: string) => string | null>,
  });
  const save = useSave(onDone);
  return (
    <SectionForm
      save={save}
      onCancel={onDone}
      onSubmit={form.onSubmit((v) => save.mutate({ social_medias: socialToSave(v) }))}
    >
      {SOCIAL_NETWORKS.map((n) => (
        <TextInput key={n} label={T.social_names[n]} {...form.getInputProps(n)} />
      ))}
    </SectionForm>
  );
}

function AboutForm({ user, onDone }: { user: UserDto; onDone: () => void }) {
  const form = useForm({ mode: "controlled", initialValues: { about: user.about } });
  const save = useSave(onDone);
  return (
    <SectionForm
      save={save}
      onCancel={onDone}
      onSubmit={form.onSubmit((v) => save.mutate({ about: v.about.trim() }))}
    >
      <Textarea
        label={T.about}
        placeholder={T.aboutEmpty}
        autosize
        minRows={4}
        {...form.getInputProps("about")}
      />
    </SectionForm>
  );
}

function SkillsForm({ user, onDone }: { user: UserDto; onDone: () => void }) {
  const form = useForm({
    mode: "controlled",
    initialValues: { skills: user.skills.map((s) => s.name) },
  });
  const skills = useLookupNames("skills");
  const save = useSave(onDone);
  return (
    <SectionForm
      save={save}
      onCancel={onDone}
      onSubmit={form.onSubmit((v) => save.mutate(skillsBody(v.skills)))}
    >
      <MultiSelect
        label={T.skills}
        searchable
        clearable
        data={[...new Set([...(skills.data ?? []), ...form.values.skills])]}
        {...form.getInputProps("skills")}
      />
    </SectionForm>
  );
}

/** The bin at the end of a list row (languages, education). */
function RemoveRowButton(props: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size="lg"
      aria-label={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      <IconTrash size={18} />
    </ActionIcon>
  );
}

function AddRowButton(props: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="light"
      leftSection={<IconPlus size={16} />}
      w="fit-content"
      onClick={props.onClick}
    >
      {props.label}
    </Button>
  );
}

function LanguagesForm({ user, onDone }: { user: UserDto; onDone: () => void }) {
  const form = useForm({
    mode: "controlled",
    initialValues: {
      rows:
        user.languages.length > 0
          ? user.languages.map((l) => ({ language: l.language, level: l.level as string }))
          : [{ language: "", level: "" }],
    },
  });
  const languages = useTurkishLanguages();
  const save = useSave(onDone);
  const rows = form.values.rows;
  return (
    <SectionForm
      save={save}
      onCancel={onDone}
      onSubmit={form.onSubmit((v) => save.mutate({ languages: languagesToSave(v.rows) }))}
    >
      {rows.map((row, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label={E.language(i + 1)}
            searchable
            style={{ flex: 2 }}
            data={[
              ...new Set([...(languages.data ?? []), ...(row.language ? [row.language] : [])]),
            ]}
            {...form.getInputProps(`rows.${i}.language`)}
          />
          <Select
            label={E.level(i + 1)}
            style={{ flex: 1 }}
            data={[...LANGUAGE_LEVELS]}
            {...form.getInputProps(`rows.${i}.level`)}
          />
          <RemoveRowButton
            label={E.removeLanguage(i + 1)}
            disabled={!canRemoveLanguageRow(rows)}
            onClick={() => form.removeListItem("rows", i)}
          />
        </Group>
      ))}
      <AddRowButton
        label={E.addLanguage}
        onClick={() => form.insertListItem("rows", { language: "", level: "" })}
      />
    </SectionForm>
  );
}

function EducationForm({ user, onDone }: { user: UserDto; onDone: () => void }) {
  const form = useForm({
    mode: "controlled",
    initialValues: { entries: user.edu_cert.length > 0 ? [...user.edu_cert] : [""] },
  });
  const save = useSave(onDone);
  return (
    <SectionForm
      save={save}
      onCancel={onDone}
      onSubmit={form.onSubmit((v) => save.mutate({ edu_cert: eduCertToSave(v.entries) }))}
    >
      {form.values.entries.map((_, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={E.educationEntry(i + 1)}
            style={{ flex: 1 }}
            {...form.getInputProps(`entries.${i}`)}
          />
          <RemoveRowButton
            label={E.removeEducation(i + 1)}
            onClick={() => form.removeListItem("entries", i)}
          />
        </Group>
      ))}
      <AddRowButton label={E.addEducation} onClick={() => form.insertListItem("entries", "")} />
    </SectionForm>
  );
}

const FORMS: Record<EditSection, (p: { user: UserDto; onDone: () => void }) => React.ReactNode> = {
  personal: PersonalForm,
  contact: ContactForm,
  social: SocialForm,
  about: AboutForm,
  skills: SkillsForm,
  languages: LanguagesForm,
  education: EducationForm,
};

/** The 627 px modal a section's pencil opens; saving sends the section and closes it. */
export function EditSectionModal(props: {
  section: EditSection | null;
  user: UserDto;
  onClose: () => void;
}) {
  const Form = props.section ? FORMS[props.section] : null;
  return (
    <Modal
      opened={props.section !== null}
      onClose={props.onClose}
      size={627}
      title={props.section ? E.titles[props.section] : undefined}
      data-testid="edit-modal"
    >
      {Form && <Form key={props.section} user={props.user} onDone={props.onClose} />}
    </Modal>
  );
}
