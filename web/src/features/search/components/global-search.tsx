import '@mantine/spotlight/styles.css';
import type { SearchGroup, SearchHit } from '@genodesk/contract/search';
import { searchGroupPermissions, searchMinLength } from '@genodesk/contract/search';
import { ActionIcon, Button, Kbd, Loader, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { usePermissions } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { isTyping } from '@/lib/barcode-wedge';
import { useSearch } from '../api/search';
import classes from './global-search.module.css';

/** The search's own Spotlight, opened by the header's button and the shortcuts. */
const [searchStore, searchSpotlight] = createSpotlight();

/** The detail screen of a hit: each group opens its record where its list does. */
export function hitPath(group: SearchGroup, hit: SearchHit): string {
  switch (group) {
    case 'customers':
      return paths.customers.view(hit.id);
    case 'samples':
      return paths.samples.view(hit.id);
    case 'orders':
      return paths.orders.view(hit.id);
    case 'vouchers':
      return paths.vouchers.view(hit.voucherKind ?? 'money', hit.id);
    case 'reports':
      return hit.section === 'archive'
        ? paths.archive.view(hit.id)
        : hit.section === 'doctorSection'
          ? paths.doctorSection.view(hit.id)
          : paths.products.view(hit.id);
  }
}

/** Whether the user may search at all: any one group's view permission. */
export function useCanSearch(): boolean {
  const permissions = usePermissions();
  return Object.values(searchGroupPermissions).some((p) => permissions.includes(p));
}

/**
 * Ctrl+K (⌘K) anywhere, and '/' outside fields (as in many web apps; on a Czech keyboard '/' needs
 * Shift, so the key itself is read, not a hotkey with fixed modifiers).
 */
function useSearchShortcuts() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const modK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (modK || (slash && !isTyping(event.target))) {
        event.preventDefault();
        searchSpotlight.open();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** The header's search button: the whole field on a wide screen, an icon on a phone. */
export function SearchButton() {
  const { t } = useTranslation();
  return (
    <>
      <Button
        variant="default"
        visibleFrom="md"
        leftSection={<IconSearch size={16} />}
        rightSection={<Kbd size="xs">{t('search.shortcut')}</Kbd>}
        onClick={() => searchSpotlight.open()}
        c="dimmed"
        fw={400}
        w={260}
        styles={{ inner: { justifyContent: 'space-between' }, label: { flex: 1 } }}
        data-testid="search-open"
      >
        {t('search.button')}
      </Button>
      <Tooltip label={t('search.button')}>
        <ActionIcon
          variant="default"
          size="lg"
          hiddenFrom="md"
          onClick={() => searchSpotlight.open()}
          aria-label={t('search.button')}
          data-testid="search-open-icon"
        >
          <IconSearch size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

/** The search reachable from every screen: customers, samples, orders, vouchers and reports. */
export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const search = useSearch(debounced);
  useSearchShortcuts();

  const tooShort = query.trim().length < searchMinLength;
  const groups = tooShort ? [] : (search.data?.groups ?? []).filter((g) => g.hits.length > 0);
  const waiting = !tooShort && (query.trim() !== debounced || search.isFetching);

  let empty: string | null = null;
  if (tooShort) empty = t('search.tooShort', { count: searchMinLength });
  else if (search.error) empty = isApiError(search.error) ? search.error.message : t('errors.loadFailed');
  else if (!waiting && groups.length === 0) empty = t('search.nothingFound');

  return (
    <Spotlight.Root
      store={searchStore}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      scrollable
      maxHeight={520}
      size="lg"
      yOffset={72}
      data-testid="search-spotlight"
    >
      <Spotlight.Search
        placeholder={t('search.placeholder')}
        aria-label={t('search.title')}
        leftSection={<IconSearch size={18} />}
        rightSection={waiting ? <Loader size="xs" aria-label={t('search.searching')} /> : null}
        data-testid="search-input"
      />
      <Spotlight.ActionsList aria-label={t('search.results')}>
        {groups.map((g) => (
          // A group of its own, not Spotlight.ActionsGroup: that one draws its label as CSS content,
          // which not every screen reader reads and no test can see.
          <div key={g.group} data-testid={`search-group-${g.group}`}>
            <Text component="h2" fz="xs" fw={700} c="dimmed" tt="uppercase" px="md" pt="sm" pb={4}>
              {t(`search.groups.${g.group}`)}
            </Text>
            {g.hits.map((hit) => (
              <Spotlight.Action
                key={`${g.group}-${hit.id}`}
                className={classes.hit}
                onClick={() => navigate(hitPath(g.group, hit))}
                data-testid={`search-hit-${g.group}-${hit.id}`}
              >
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text fz="sm" fw={600} truncate>
                    {hit.label}
                  </Text>
                  <Text fz="xs" truncate className={classes.secondary}>
                    {hit.secondary}
                  </Text>
                </div>
              </Spotlight.Action>
            ))}
          </div>
        ))}
        {empty && <Spotlight.Empty data-testid="search-empty">{empty}</Spotlight.Empty>}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
