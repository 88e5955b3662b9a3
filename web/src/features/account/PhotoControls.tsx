import { ActionIcon, Avatar, Box, FileButton, Group, Progress, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconTrash, IconUpload } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { messageOf } from "../../lib/api/errors";
import { useRefreshMemberViews } from "./data";
import { deleteProfilePhoto, uploadProfilePhoto } from "./photo";
import { PHOTO_TYPES, photoError, photoUploadErrorMessage } from "./rules";
import { PHOTO_TEXTS as P } from "./texts";

/** The profile photo; hovering (or focusing) it shows the upload and delete controls. */
export function PhotoControls(props: { uid: string | null; src: string | null; name: string }) {
  const refreshMemberViews = useRefreshMemberViews();
  const [hover, setHover] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const upload = useMutation({
    mutationFn: (file: File) => uploadProfilePhoto(props.uid!, file, setProgress),
    onSuccess: async () => {
      notifications.show({ color: "teal", message: P.uploaded });
      await refreshMemberViews();
    },
    onError: (err) => notifications.show({ color: "red", message: photoUploadErrorMessage(err) }),
    onSettled: () => setProgress(null),
  });
  const remove = useMutation({
    mutationFn: () => deleteProfilePhoto(props.uid!),
    onSuccess: async (outcome) => {
      notifications.show({ color: outcome.ok ? "teal" : "red", message: outcome.message });
      await refreshMemberViews();
    },
    onError: (err) => notifications.show({ color: "red", message: messageOf(err, P.deleteError) }),
  });

  const choose = (file: File | null) => {
    if (!file) return;
    const problem = photoError(file, props.uid);
    if (problem) {
      notifications.show({ color: "red", message: problem });
      return;
    }
    upload.mutate(file);
  };

  const busy = upload.isPending || remove.isPending;
  return (
    <Stack gap={6} align="center">
      <Box
        pos="relative"
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
        onFocus={() => setHover(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHover(false);
        }}
        data-testid="account-photo"
      >
        <Avatar src={props.src} size={120} radius={120} alt={props.name} />
        <Group
          gap={6}
          justify="center"
          pos="absolute"
          bottom={6}
          left={0}
          right={0}
          style={{ opacity: hover || busy ? 1 : 0, transition: "opacity 150ms" }}
        >
          <FileButton onChange={choose} accept={PHOTO_TYPES.join(",")}>
            {(buttonProps) => (
              <ActionIcon
                {...buttonProps}
                variant="filled"
                radius="xl"
                aria-label={P.upload}
                loading={upload.isPending}
              >
                <IconUpload size={16} />
              </ActionIcon>
            )}
          </FileButton>
          {props.src && (
            <ActionIcon
              variant="filled"
              color="red"
              radius="xl"
              aria-label={P.remove}
              loading={remove.isPending}
              onClick={() => remove.mutate()}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      </Box>
      {progress !== null && (
        <Progress value={progress} w={120} aria-label={P.progress} data-testid="photo-progress" />
      )}
    </Stack>
  );
}
