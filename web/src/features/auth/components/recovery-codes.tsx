import { Alert, Box, Button, Checkbox, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';

/**
 * Prints the codes alone: a hidden frame holds a page of just them (the app's page, its dialogs and
 * toasts stay out of the print), and goes when printing is over.
 */
function printCodes(heading: string, note: string, codes: readonly string[], lang: string) {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
  });
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) {
    frame.remove();
    return;
  }
  doc.documentElement.lang = lang;
  doc.title = heading;
  const style = doc.createElement('style');
  style.textContent =
    'body{font-family:system-ui,sans-serif;margin:24mm;color:#000}h1{font-size:16pt;margin:0 0 4mm}p{margin:0 0 8mm;font-size:11pt}ol{columns:2;font:14pt/1.9 ui-monospace,monospace;padding-left:8mm}';
  doc.head.appendChild(style);
  const title = doc.createElement('h1');
  title.textContent = heading;
  const text = doc.createElement('p');
  text.textContent = note;
  const list = doc.createElement('ol');
  for (const code of codes) {
    const item = doc.createElement('li');
    item.textContent = code;
    list.appendChild(item);
  }
  doc.body.append(title, text, list);
  const remove = () => frame.remove();
  win.addEventListener('afterprint', remove);
  setTimeout(remove, 60_000);
  win.focus();
  win.print();
}

/**
 * The ten recovery codes, shown once: copy, download as text, print, and an "I have saved them"
 * before going on.
 */
export function RecoveryCodes({
  codes,
  email,
  onDone,
  doneLabel,
}: {
  codes: readonly string[];
  email: string;
  onDone: () => void;
  doneLabel?: string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [saved, setSaved] = useState(false);
  const heading = t('twoFactor.recovery.fileHeading', { email });
  const note = t('twoFactor.recovery.fileNote', { date: formatDateTime(new Date().toISOString(), locale) });
  const text = `${heading}\n${note}\n\n${codes.join('\n')}\n`;

  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Text fz="sm">{t('twoFactor.recovery.intro')}</Text>
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
        {t('twoFactor.recovery.once')}
      </Alert>
      <Box
        component="ol"
        aria-label={t('twoFactor.recovery.title')}
        m={0}
        p="md"
        style={{
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: '6px 12px',
          border: '1px dashed var(--mantine-color-teal-5)',
          borderRadius: 8,
          background: 'var(--mantine-color-teal-0)',
        }}
      >
        {codes.map((code) => (
          <Text
            component="li"
            key={code}
            ff="monospace"
            fz="md"
            fw={600}
            ta="center"
            data-testid="recovery-code"
          >
            {code}
          </Text>
        ))}
      </Box>
      <Group gap="xs">
        <CopyButton value={text} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              size="xs"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              data-testid="recovery-codes-copy"
            >
              {copied ? t('common.copied') : t('common.copy')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={16} />}
          onClick={() =>
            saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'genodesk-recovery-codes.txt')
          }
          data-testid="recovery-codes-download"
        >
          {t('twoFactor.recovery.download')}
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPrinter size={16} />}
          onClick={() => printCodes(heading, note, codes, locale)}
          data-testid="recovery-codes-print"
        >
          {t('twoFactor.recovery.print')}
        </Button>
      </Group>
      <Checkbox
        label={t('twoFactor.recovery.saved')}
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
        data-testid="recovery-codes-saved"
      />
      <Button onClick={onDone} disabled={!saved} data-testid="recovery-codes-done">
        {doneLabel ?? t('twoFactor.recovery.continue')}
      </Button>
    </Stack>
  );
}
