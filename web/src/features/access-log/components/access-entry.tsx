import {
  type AccessKind,
  type AccessLogEntry,
  accessKindLabels,
  accessKinds,
  accessListReads,
} from '@genodesk/contract/access-log';
import type { Locale } from '@genodesk/contract/locales';
import { Permissions } from '@genodesk/contract/permissions';
import { reportNumberOf } from '@genodesk/contract/products';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { formatDate } from '@/lib/format';
import { screenTitleKey } from '@/lib/screen';
import { useLocale } from '@/lib/use-locale';

/** Genetic data violet, reports blue, questionnaires teal, exports of data out of the app orange. */
export const accessKindColors: Record<AccessKind, string> = {
  customer: 'gray',
  genotypes: 'violet',
  report: 'blue',
  reportCategory: 'blue',
  reportPdf: 'indigo',
  reportFhir: 'indigo',
  questionnaire: 'teal',
  export: 'orange',
  dataExport: 'red',
  dnaConsentScan: 'teal',
  customerCategories: 'grape',
  customerAudit: 'orange',
  calendarFeed: 'cyan',
  list: 'gray',
};

export function AccessKindBadge({ kind }: { kind: AccessKind }) {
  const { locale } = useLocale();
  return (
    <Badge
      variant="light"
      color={accessKindColors[kind] ?? 'gray'}
      tt="none"
      style={{ minWidth: 'max-content' }}
      data-testid="access-kind"
      data-kind={kind}
    >
      {accessKindLabels[kind]?.[locale] ?? kind}
    </Badge>
  );
}

type Entry = Pick<AccessLogEntry, 'kind' | 'entityId' | 'rows' | 'detail'> & { screen?: string | null };

/** The record read, in words: a report's number, a questionnaire's id; null when the kind says it all. */
export function accessEntity(entry: Entry, t: TFunction): { label: string; to?: string } | null {
  if (entry.entityId === null) return null;
  switch (entry.kind) {
    case 'report':
    case 'reportCategory':
    case 'reportPdf':
    case 'reportFhir':
      return { label: reportNumberOf(entry.entityId), to: paths.products.view(entry.entityId) };
    case 'questionnaire':
      return {
        label: t('accessLog.what.questionnaire', { id: entry.entityId }),
        to: paths.questionnaires.show(entry.entityId),
      };
    default:
      return { label: `#${entry.entityId}` };
  }
}

const isListRead = (value: string): value is (typeof accessListReads)[number] =>
  (accessListReads as readonly string[]).includes(value);
const isAccessKind = (value: string): value is AccessKind =>
  (accessKinds as readonly string[]).includes(value);
const calendarDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One part of an export's filter (`exportDetail` in the API): `search` (the term itself is never
 * written), or `<filter>=<value>`, with `sort=<field>` or `sort=-<field>`. The filter's name and a
 * value that is a word (a kind, yes or no, a day) in the reader's words; a number as it is.
 */
function filterInWords(part: string, t: TFunction, locale: Locale): string {
  const [key = '', ...rest] = part.split('=');
  const name = t(`accessLog.exportFilter.keys.${key}`, { defaultValue: key });
  if (rest.length === 0) return name;
  const value = rest.join('=');
  if (key === 'sort') {
    const descending = value.startsWith('-');
    const field = value.replace(/^-/, '');
    const direction = t(
      descending ? 'accessLog.exportFilter.descending' : 'accessLog.exportFilter.ascending',
    );
    return `${name}: ${t(`accessLog.exportFilter.sortFields.${field}`, { defaultValue: field })} (${direction})`;
  }
  if (value === 'true' || value === 'false') return `${name}: ${t(`accessLog.exportFilter.${value}`)}`;
  if (key === 'kind' && isAccessKind(value)) return `${name}: ${accessKindLabels[value][locale]}`;
  if (calendarDay.test(value)) return `${name}: ${formatDate(value, locale)}`;
  return `${name}: ${value}`;
}

/** The API's detail of an entry in the reader's words: a PDF's version, a category, an export's list, a list read. */
function detailInWords(entry: Entry, t: TFunction, locale: Locale): string | null {
  const { detail } = entry;
  if (!detail) return null;
  if (entry.kind === 'reportPdf' || entry.kind === 'reportFhir') {
    const version = /^v(\d+)$/.exec(detail);
    if (version) return t('accessLog.details.version', { version: version[1] });
    const verified = /^verify v(\d+)$/.exec(detail);
    if (verified) return t('accessLog.details.verified', { version: verified[1] });
    const preview = /^preview (\w+)$/.exec(detail);
    if (preview) return t('accessLog.details.preview', { language: preview[1]?.toUpperCase() });
  }
  if (entry.kind === 'reportCategory' && /^\d+$/.test(detail))
    return t('accessLog.details.category', { id: detail });
  if (entry.kind === 'list' && isListRead(detail)) return t(`accessLog.sources.${detail}`);
  if (entry.kind === 'export') {
    // `<list>[ <format>][: <filter and sort>]`, the filter never holding personal values.
    const exported = /^(\w+)(?: (\w+))?(?:: (.*))?$/.exec(detail);
    if (exported) {
      const [, list = '', format, filter] = exported;
      const name = t(`accessLog.lists.${list}`, { defaultValue: list });
      const filters = filter
        ?.split(', ')
        .map((part) => filterInWords(part, t, locale))
        .join(', ');
      return `${name}${format ? ` (${format.toUpperCase()})` : ''}${filters ? `: ${filters}` : ''}`;
    }
  }
  return detail;
}

/**
 * What more the entry says: a PDF's version, a category, an export's list, filter and rows, and the
 * screen whose opening it records.
 */
export function accessDetail(entry: Entry, t: TFunction, locale: Locale): string | null {
  const parts: string[] = [];
  const detail = detailInWords(entry, t, locale);
  if (detail) parts.push(detail);
  if (entry.rows !== null) parts.push(t('accessLog.what.rows', { count: entry.rows }));
  if (entry.screen) {
    const title = screenTitleKey(entry.screen);
    parts.push(t('accessLog.what.screen', { screen: title ? t(title) : entry.screen }));
  }
  return parts.length ? parts.join(' · ') : null;
}

/** The "what" of an entry: the record (a link where the reader may open it) and its detail. */
export function AccessWhat({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const canViewReports = useCan(Permissions.ProductsView);
  const canViewQuestionnaires = useCan(Permissions.QuestionnairesView);
  const entity = accessEntity(entry, t);
  const detail = accessDetail(entry, t, locale);
  if (!entity && !detail) return <Text fz="sm">—</Text>;
  const mayOpen = entry.kind === 'questionnaire' ? canViewQuestionnaires : canViewReports;
  return (
    <Stack gap={0} data-testid="access-what">
      {entity &&
        (entity.to && mayOpen ? (
          <Anchor component={Link} to={entity.to} fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {entity.label}
          </Anchor>
        ) : (
          <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {entity.label}
          </Text>
        ))}
      {detail && (
        <Text fz={entity ? 'xs' : 'sm'} c={entity ? 'dimmed' : undefined}>
          {detail}
        </Text>
      )}
    </Stack>
  );
}

/** Who read it: their name (a link to their page for those who may open it) and e-mail. */
export function AccessUser({ user }: { user: AccessLogEntry['user'] }) {
  const { t } = useTranslation();
  const canViewUsers = useCan(Permissions.UsersView);
  if (!user)
    return (
      <Text fz="sm" c="dimmed">
        {t('accessLog.unknownAccount')}
      </Text>
    );
  const name = user.userName || user.email || `#${user.id}`;
  return (
    <Stack gap={0}>
      {canViewUsers ? (
        <Anchor component={Link} to={paths.users.view(user.id)} fz="sm" data-testid="access-log-user">
          {name}
        </Anchor>
      ) : (
        <Text fz="sm" data-testid="access-log-user">
          {name}
        </Text>
      )}
      <Text fz="xs" c="dimmed">
        {user.email}
      </Text>
    </Stack>
  );
}

/** Whose data it was: the customer (a link to their detail), or how many customers an export held. */
export function AccessCustomer({ entry }: { entry: Pick<AccessLogEntry, 'customer' | 'customerCount'> }) {
  const { t } = useTranslation();
  const canViewCustomers = useCan(Permissions.CustomersView);
  const { customer, customerCount } = entry;
  if (customer) {
    if (customer.fullName === null)
      return (
        <Text fz="sm" c="dimmed" data-testid="access-log-customer">
          {t('accessLog.deletedCustomer', { id: customer.id })}
        </Text>
      );
    return canViewCustomers ? (
      <Anchor
        component={Link}
        to={paths.customers.view(customer.id)}
        fz="sm"
        data-testid="access-log-customer"
      >
        {customer.fullName}
      </Anchor>
    ) : (
      <Text fz="sm" data-testid="access-log-customer">
        {customer.fullName}
      </Text>
    );
  }
  return (
    <Text fz="sm" data-testid="access-log-customer" style={{ whiteSpace: 'nowrap' }}>
      {customerCount > 0 ? t('accessLog.customerCount', { count: customerCount }) : '—'}
    </Text>
  );
}
