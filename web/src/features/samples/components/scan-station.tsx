import type { Sample } from '@genodesk/contract/samples';
import { sampleByBarcodeQuerySchema } from '@genodesk/contract/search';
import {
  Badge,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { IconBarcode, IconCheck, IconX } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useScanClaim } from '@/lib/barcode-wedge';
import { maxLengthOf } from '@/lib/form';
import { dateFormat, intlLocale } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type SampleAction, useSampleAction } from '../api/sample-actions';
import { getSampleByBarcode } from '../api/sample-by-barcode';
import { beep } from './scan-sound';

type Entry = {
  key: number;
  barcode: string;
  at: Date;
  outcome: 'done' | 'refused';
  message: string;
};

/** The longest barcode the lookup takes (the contract's limit): a longer scan is refused here, in words. */
const maxBarcode = maxLengthOf(sampleByBarcodeQuerySchema, 'barcode') ?? 64;
/** A scanned code as the log shows it: a runaway scan (a wedge stuck, text pasted) cut short. */
const shownLength = 32;
const shown = (barcode: string) =>
  barcode.length > shownLength ? `${barcode.slice(0, shownLength)}…` : barcode;

const soundKey = 'scanSound';
const readSound = () => {
  try {
    return localStorage.getItem(soundKey) === 'on';
  } catch {
    return false;
  }
};

interface ScanStationProps {
  /** The list's action each scan performs (receive, start the analysis). */
  action: SampleAction;
  /** A sample the scan acted on: the list marks its row done. */
  onDone: (sample: Sample) => void;
}

/**
 * A run of scans on a work list: each scanned barcode is looked up and the list's action done on its
 * sample through the same call as the row's button (the API checks its state and the consent), one
 * after another in the order scanned. Each outcome joins a log read out by screen readers, with a
 * sound when the user turned it on; a refusal (unknown code, wrong state, no consent) does not stop
 * the run.
 */
export function ScanStation({ action, onDone }: ScanStationProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [value, setValue] = useState('');
  const [entries, setEntries] = useState<Entry[]>([]);
  const [sound, setSound] = useState(readSound);
  const soundRef = useRef(sound);
  soundRef.current = sound;
  const run = useSampleAction({ keepLists: true });
  const queue = useRef<Promise<void>>(Promise.resolve());
  const counter = useRef(0);
  const input = useRef<HTMLInputElement>(null);

  const log = useCallback((entry: Omit<Entry, 'key' | 'at'>) => {
    counter.current += 1;
    const key = counter.current;
    setEntries((prev) => [{ ...entry, key, at: new Date() }, ...prev].slice(0, 50));
    if (soundRef.current) beep(entry.outcome === 'done');
  }, []);

  const process = useCallback(
    (scanned: string) => {
      const barcode = scanned.trim().toUpperCase();
      if (!barcode) return;
      // QA: a 300-character scan went to the lookup, whose 400 spoke of a text too long and the code
      // ran out of the log. It is refused here, saying what was scanned, in the order of the scans.
      if (barcode.length > maxBarcode) {
        queue.current = queue.current.then(() =>
          log({
            barcode,
            outcome: 'refused',
            message: t('scan.tooLong', { length: barcode.length, max: maxBarcode }),
          }),
        );
        return;
      }
      // Scans come faster than answers: each waits for the one before, so the log keeps their order.
      queue.current = queue.current.then(async () => {
        try {
          const found = await getSampleByBarcode(barcode);
          const reply = await run.mutateAsync({ action, samples: [{ id: found.id, status: found.status }] });
          const [sample] = reply.items;
          if (sample) onDone(sample);
          log({
            barcode,
            outcome: 'done',
            message: t(`scan.done.${action}`, { id: found.id, customer: sample?.customerName ?? '' }),
          });
        } catch (error) {
          log({
            barcode,
            outcome: 'refused',
            message: isApiError(error) ? error.message : t('errors.loadFailed'),
          });
        }
      });
    },
    [action, log, onDone, run, t],
  );

  // A scan made while the focus is elsewhere on this screen is this list's too.
  useScanClaim((barcode) => {
    process(barcode);
    input.current?.focus();
  });

  const toggleSound = (on: boolean) => {
    setSound(on);
    try {
      localStorage.setItem(soundKey, on ? 'on' : 'off');
    } catch {
      // Without storage the choice lasts while the screen is open.
    }
  };

  const done = entries.filter((e) => e.outcome === 'done').length;
  const refused = entries.length - done;

  return (
    <Paper withBorder p="md" radius="md" mb="md" data-testid="scan-station">
      <Stack gap="sm">
        <Group align="flex-end" wrap="wrap" gap="md">
          <TextInput
            ref={input}
            autoFocus
            label={t(`scan.field.${action}`)}
            description={t('scan.fieldHint')}
            leftSection={<IconBarcode size={18} />}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              process(value);
              setValue('');
            }}
            autoComplete="off"
            spellCheck={false}
            style={{ flex: '1 1 260px', maxWidth: 420 }}
            data-testid="scan-input"
          />
          <Checkbox
            label={t('scan.sound')}
            checked={sound}
            onChange={(e) => toggleSound(e.currentTarget.checked)}
            mb={6}
            data-testid="scan-sound"
          />
          {entries.length > 0 && (
            <Group gap="xs" mb={6}>
              <Badge color="teal" variant="light" tt="none" data-testid="scan-done-count">
                {t('scan.doneCount', { count: done })}
              </Badge>
              {refused > 0 && (
                <Badge color="red" variant="light" tt="none" data-testid="scan-refused-count">
                  {t('scan.refusedCount', { count: refused })}
                </Badge>
              )}
            </Group>
          )}
        </Group>
        <div role="log" aria-live="polite" aria-label={t('scan.log')} data-testid="scan-log">
          <Stack gap={4} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {entries.map((entry) => (
              <Group
                key={entry.key}
                component="li"
                gap="sm"
                wrap="nowrap"
                align="flex-start"
                data-testid="scan-entry"
                data-outcome={entry.outcome}
              >
                <ThemeIcon
                  size="sm"
                  radius="xl"
                  color={entry.outcome === 'done' ? 'teal' : 'red'}
                  aria-hidden
                  mt={2}
                >
                  {entry.outcome === 'done' ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
                <Text
                  fz="sm"
                  ff="monospace"
                  fw={700}
                  title={entry.barcode.length > shownLength ? entry.barcode : undefined}
                  style={{ overflowWrap: 'anywhere', minWidth: 0 }}
                  data-testid="scan-entry-barcode"
                >
                  {shown(entry.barcode)}
                </Text>
                <Text
                  fz="sm"
                  c={entry.outcome === 'done' ? undefined : 'red.9'}
                  style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  <VisuallyHidden>
                    {t(entry.outcome === 'done' ? 'scan.outcome.done' : 'scan.outcome.refused')}
                  </VisuallyHidden>
                  {entry.message}
                </Text>
                <Text fz="xs" c="dimmed">
                  {dateFormat(intlLocale[locale], {
                    timeStyle: 'medium',
                    timeZone: 'Europe/Prague',
                  }).format(entry.at)}
                </Text>
              </Group>
            ))}
          </Stack>
        </div>
      </Stack>
    </Paper>
  );
}
