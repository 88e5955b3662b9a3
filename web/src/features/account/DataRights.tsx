/**
 * The member's KVKK rights on the account page: "Verilerimi İndir" (all their data as one JSON
 * file) and "Hesabımı Sil" (erasure after the password is entered again).
 */
import { Alert, Button, Modal, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { exportFileName, messages } from "@platform/common";
import { IconDownload, IconTrash } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { messageOf } from "../../lib/api/errors";
import { useLogout } from "../../lib/session/useSession";
import { screens } from "../../app/screens";
import { deleteOwnAccount, exportOwnData } from "./data";

export const DATA_RIGHTS_TEXTS = {
  title: "Kişisel Verilerim",
  intro:
    "KVKK kapsamındaki haklarınızı buradan kullanabilirsiniz: platformda hakkınızda tutulan tüm verileri indirebilir ya da hesabınızı silebilirsiniz.",
  download: "Verilerimi İndir",
  downloaded: "Verileriniz indirildi.",
  delete: "Hesabımı Sil",
  modalTitle: "Hesabımı Sil",
  warning:
    "Hesabınız kalıcı olarak silinecek: profiliniz, iletişim bilgileriniz, fotoğrafınız, başvurularınız, bildirimleriniz ve e-postalarınız silinir; aktif projenizden ayrılırsınız. Yazdığınız geri bildirimler ekip arkadaşlarınızda 'Silinmiş Üye' adıyla kalır; ödeme kayıtları yasal saklama süresi boyunca adınız ve IBAN'ınız olmadan tutulur. Bu işlem geri alınamaz.",
  password: "Şifreniz",
  passwordHint: "Onaylamak için şifrenizi girin.",
  confirm: "Hesabımı Kalıcı Olarak Sil",
  cancel: "Vazgeç",
};
const T = DATA_RIGHTS_TEXTS;

/** Saves `data` as a JSON file through a temporary blob link. */
function saveJson(data: unknown, fileName: string) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function DeleteAccountModal(props: { opened: boolean; onClose: () => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const logout = useLogout();
  const remove = useMutation({
    mutationFn: deleteOwnAccount,
    onSuccess: async (body) => {
      notifications.show({
        color: "teal",
        message: body.message ?? messages.account.deleted,
        autoClose: 10_000,
      });
      await logout({ force: true, to: screens.home });
    },
    onError: (err) => setError(messageOf(err, messages.general.error)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!password) {
      setError(messages.account.deletePasswordRequired);
      return;
    }
    remove.mutate(password);
  };
  const close = () => {
    setPassword("");
    setError(null);
    props.onClose();
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      size={627}
      title={T.modalTitle}
      data-testid="delete-account-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Alert color="red" variant="light" role="note">
            {T.warning}
          </Alert>
          <PasswordInput
            label={T.password}
            description={T.passwordHint}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Button type="submit" color="red" loading={remove.isPending} fullWidth>
            {T.confirm}
          </Button>
          <Button variant="subtle" onClick={close} fullWidth>
            {T.cancel}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

export function DataRights() {
  const [deleting, setDeleting] = useState(false);
  const download = useMutation({
    mutationFn: exportOwnData,
    onSuccess: (data) => {
      saveJson(data, exportFileName(new Date()));
      notifications.show({ color: "teal", message: T.downloaded });
    },
    onError: (err) =>
      notifications.show({ color: "red", message: messageOf(err, messages.account.exportFailed) }),
  });
  return (
    <Paper withBorder radius="md" p="lg" data-testid="account-data-rights">
      <DeleteAccountModal opened={deleting} onClose={() => setDeleting(false)} />
      <Stack gap="sm">
        <Title order={2} size="h4">
          {T.title}
        </Title>
        <Text size="sm" c="dimmed">
          {T.intro}
        </Text>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} />}
          onClick={() => download.mutate()}
          loading={download.isPending}
        >
          {T.download}
        </Button>
        <Button
          variant="outline"
          color="red"
          leftSection={<IconTrash size={18} />}
          onClick={() => setDeleting(true)}
        >
          {T.delete}
        </Button>
      </Stack>
    </Paper>
  );
}
