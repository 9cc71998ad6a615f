import '@mantine/tiptap/styles.css';
import { mediaContentTypes, mediaUrlProblem } from '@genodesk/contract/media';
import { translateMessage } from '@genodesk/contract/messages';
import { Button, FileButton, Group, Input, Popover, Stack, Text, TextInput } from '@mantine/core';
import { RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { IconBrandYoutube, IconPhoto, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import Image from '@tiptap/extension-image';
import Youtube from '@tiptap/extension-youtube';
import { Selection, TextSelection, type Transaction } from '@tiptap/pm/state';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { isEmptyRichText, ownImageSrc, youtubeEmbedUrl } from './media-url';
import { imageFileProblem, uploadMedia } from './upload-media';

export interface RichTextFieldProps {
  label?: ReactNode;
  description?: ReactNode;
  /** the HTML; '' when empty */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
  withAsterisk?: boolean;
  /** allow embedded images and YouTube videos (default true) */
  withMedia?: boolean;
  minHeight?: number;
  testId?: string;
}

/** After an inserted image or video the caret goes past it, so the next insert does not replace it. */
const caretAfter = ({ tr }: { tr: Transaction }) => {
  const end = tr.selection.to;
  const next = Selection.findFrom(tr.doc.resolve(end), 1, true);
  if (next) tr.setSelection(next);
  else {
    const paragraph = tr.doc.type.schema.nodes.paragraph;
    if (!paragraph) return true;
    tr.insert(end, paragraph.create());
    tr.setSelection(TextSelection.create(tr.doc, end + 1));
  }
  return true;
};

/** The app's own images: a pasted one keeps its path (`ownImageSrc`); files are never embedded as data. */
const OwnImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      src: { default: null, parseHTML: (element) => ownImageSrc(element.getAttribute('src')) },
    };
  },
}).configure({ allowBase64: false });

/**
 * Inserts an image uploaded to the app (issue 36: rich text shows no image from elsewhere): a file
 * picked here goes to `POST admin/media`, and the answered URL is inserted with the description typed.
 * A refusal (type, size, the server's) is said under the picker.
 */
function ImageControl({ editor, testId }: { editor: Editor; testId: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [opened, setOpened] = useState(false);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const upload = useMutation({ mutationFn: uploadMedia });
  const label = t('richText.insertImage');

  const close = () => {
    setOpened(false);
    setAlt('');
    setError(null);
  };

  const pick = (file: File | null) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) return setError(translateMessage(problem.key, locale, problem.params));
    setError(null);
    upload.mutate(file, {
      onSuccess: ({ url }) => {
        editor
          .chain()
          .focus()
          .setImage({ src: url, alt: alt.trim() || undefined })
          .command(caretAfter)
          .run();
        close();
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus shadow="md" withArrow position="bottom">
      <Popover.Target>
        <RichTextEditor.Control
          onClick={() => (opened ? close() : setOpened(true))}
          aria-label={label}
          title={label}
          data-testid={`${testId}-insert-image`}
        >
          <IconPhoto size={16} stroke={1.5} />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={320}>
          <TextInput
            size="xs"
            label={t('richText.imageAlt')}
            description={t('richText.imageAltHint')}
            value={alt}
            onChange={(event) => setAlt(event.currentTarget.value)}
            data-testid={`${testId}-image-alt`}
          />
          <Text size="xs" c="dimmed">
            {t('richText.imageHint')}
          </Text>
          {error && (
            <Text id={errorId} size="xs" c="red" role="alert" data-testid={`${testId}-image-error`}>
              {error}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <FileButton
              onChange={pick}
              accept={mediaContentTypes.join(',')}
              inputProps={{ 'data-testid': `${testId}-image-input` } as Record<string, string>}
            >
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  leftSection={<IconUpload size={14} />}
                  loading={upload.isPending}
                  aria-describedby={error ? errorId : undefined}
                  data-testid={`${testId}-image-file`}
                >
                  {t('richText.chooseImage')}
                </Button>
              )}
            </FileButton>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Inserts a YouTube player by its link (watch, youtu.be, shorts or embed). */
function VideoControl({ editor, testId }: { editor: Editor; testId: string }) {
  const { t } = useTranslation();
  const { tm } = useLocale();
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const label = t('richText.insertVideo');

  const insert = () => {
    const embed = url.trim() ? youtubeEmbedUrl(url) : undefined;
    const problem = mediaUrlProblem('iframe', url.trim() ? (embed ?? url) : '');
    if (problem || !embed) return setError(tm(problem ?? 'mediaUrlUnsupported'));
    editor.chain().focus().setYoutubeVideo({ src: embed }).command(caretAfter).run();
    setOpened(false);
    setUrl('');
    setError(null);
  };

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus shadow="md" withArrow position="bottom">
      <Popover.Target>
        <RichTextEditor.Control
          onClick={() => setOpened((o) => !o)}
          aria-label={label}
          title={label}
          data-testid={`${testId}-insert-video`}
        >
          <IconBrandYoutube size={16} stroke={1.5} />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={320}>
          <TextInput
            size="xs"
            label={t('richText.videoUrl')}
            placeholder={t('richText.videoPlaceholder')}
            value={url}
            error={error}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                insert();
              }
            }}
            data-testid={`${testId}-video-url`}
          />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button size="xs" onClick={insert} data-testid={`${testId}-video-insert`}>
              {t('richText.insert')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The one rich-text (HTML) input of the app: Tiptap in Mantine's editor, with links, images and videos. */
export function RichTextField({
  label,
  description,
  value,
  onChange,
  onBlur,
  error,
  withAsterisk,
  withMedia = true,
  minHeight = 160,
  testId = 'rich-text',
}: RichTextFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const editor = useEditor({
    // The editable area is the field's textbox: it is named by the field's label.
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        ...(label ? { 'aria-labelledby': labelId } : {}),
      },
    },
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
        codeBlock: false,
        code: false,
      }),
      OwnImage,
      Youtube.configure({ nocookie: false, controls: true, width: 560, height: 315 }),
    ],
    content: value,
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: current }) => {
      const html = current.getHTML();
      onChange(isEmptyRichText(html) ? '' : html);
    },
    onBlur: () => onBlur?.(),
  });

  // A value set from outside (a form reset, loaded data) replaces the content; typing does not loop back.
  useEffect(() => {
    if (!editor) return;
    const current = editor.getHTML();
    const shown = isEmptyRichText(current) ? '' : current;
    if (shown !== value) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  const labels = useMemo<Partial<RichTextEditorLabels>>(
    () => ({
      boldControlLabel: t('richText.labels.bold'),
      italicControlLabel: t('richText.labels.italic'),
      underlineControlLabel: t('richText.labels.underline'),
      strikeControlLabel: t('richText.labels.strike'),
      clearFormattingControlLabel: t('richText.labels.clearFormatting'),
      h2ControlLabel: t('richText.labels.h2'),
      h3ControlLabel: t('richText.labels.h3'),
      bulletListControlLabel: t('richText.labels.bulletList'),
      orderedListControlLabel: t('richText.labels.orderedList'),
      blockquoteControlLabel: t('richText.labels.blockquote'),
      hrControlLabel: t('richText.labels.hr'),
      linkControlLabel: t('richText.labels.link'),
      unlinkControlLabel: t('richText.labels.unlink'),
      undoControlLabel: t('richText.labels.undo'),
      redoControlLabel: t('richText.labels.redo'),
      linkEditorInputLabel: t('richText.labels.linkUrl'),
      linkEditorInputPlaceholder: t('richText.labels.linkPlaceholder'),
      linkEditorExternalLink: t('richText.labels.linkExternal'),
      linkEditorInternalLink: t('richText.labels.linkInternal'),
      linkEditorSave: t('common.save'),
    }),
    [t],
  );

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: labelId }}
      description={description}
      error={error}
      withAsterisk={withAsterisk}
    >
      <RichTextEditor
        editor={editor}
        labels={labels}
        mt={description || label ? 6 : 0}
        data-testid={testId}
        data-invalid={error ? true : undefined}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            {withMedia && editor && (
              <>
                <ImageControl editor={editor} testId={testId} />
                <VideoControl editor={editor} testId={testId} />
              </>
            )}
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content
          data-testid={`${testId}-content`}
          style={{ minHeight }}
          className="gd-rich-text-content"
        />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
