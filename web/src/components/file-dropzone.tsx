import '@mantine/dropzone/styles.css';
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, type DropzoneProps, type FileRejection } from '@mantine/dropzone';
import { IconUpload, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { notifyError } from '@/lib/notify';

/**
 * A file type decided by its name (systems label the same file differently); while dragging, the
 * browser does not tell the name yet, so the drop decides then.
 */
export const fileNameValidator =
  (pattern: RegExp, message: string) =>
  (file: { name?: unknown }): { code: string; message: string } | null =>
    typeof file.name !== 'string' || pattern.test(file.name) ? null : { code: 'file-invalid-type', message };

/** Drag-and-drop (or click) of one file: refusals are said in a toast, the file goes to `onFile`. */
export function FileDropzone({
  onFile,
  pending,
  idleIcon,
  title,
  hint,
  refused,
  mih = 120,
  ...props
}: {
  onFile: (file: File) => void;
  pending: boolean;
  idleIcon: ReactNode;
  title: string;
  hint: string;
  /** The toast's title and its message for each reason a drop is refused. */
  refused: { title: string; oneFile: string; tooLarge: string; wrongType: string };
  mih?: number;
} & Omit<
  DropzoneProps,
  'onDrop' | 'onReject' | 'children' | 'maxFiles' | 'multiple' | 'loading' | 'disabled'
>) {
  const onReject = (rejections: FileRejection[]) => {
    const codes = new Set(rejections.flatMap((r) => r.errors.map((e) => e.code)));
    const message = codes.has('too-many-files')
      ? refused.oneFile
      : codes.has('file-too-large')
        ? refused.tooLarge
        : refused.wrongType;
    notifyError(message, refused.title);
  };
  return (
    <Dropzone
      {...props}
      onDrop={(files) => {
        const file = files[0];
        if (file && !pending) onFile(file);
      }}
      onReject={onReject}
      maxFiles={1}
      multiple={false}
      loading={pending}
      disabled={pending}
      radius="md"
    >
      <Group justify="center" gap="xl" mih={mih} style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <ThemeIcon size={52} radius="xl" variant="light" color="blue">
            <IconUpload size={28} stroke={1.5} />
          </ThemeIcon>
        </Dropzone.Accept>
        <Dropzone.Reject>
          <ThemeIcon size={52} radius="xl" variant="light" color="red">
            <IconX size={28} stroke={1.5} />
          </ThemeIcon>
        </Dropzone.Reject>
        <Dropzone.Idle>
          <ThemeIcon size={52} radius="xl" variant="light" color="gray">
            {idleIcon}
          </ThemeIcon>
        </Dropzone.Idle>
        <Stack gap={4}>
          <Text fz="lg" fw={600}>
            {title}
          </Text>
          <Text fz="sm" c="dimmed">
            {hint}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
