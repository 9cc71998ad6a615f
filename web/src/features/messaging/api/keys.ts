import type { RecipientFilter } from '@genodesk/contract/messaging';

export interface OutboxListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  channel?: string;
  status?: string;
  kind?: string;
  createdFrom?: string;
  createdTo?: string;
  mailingId?: string;
}

export interface EmailPreviewParams {
  Subject: string;
  Body: string;
  Language: 'cs' | 'en';
}

export const messagingKeys = {
  all: ['messaging'] as const,
  recipients: (filter: RecipientFilter) => ['messaging', 'recipients', filter] as const,
  categories: () => ['messaging', 'categories'] as const,
  preview: (params: EmailPreviewParams) => ['messaging', 'preview', params] as const,
  mailings: () => ['messaging', 'mailings'] as const,
  mailing: (id: number) => ['messaging', 'mailings', id] as const,
  outbox: () => ['messaging', 'outbox'] as const,
  outboxList: (params: OutboxListParams) => ['messaging', 'outbox', 'list', params] as const,
  outboxMessage: (id: number) => ['messaging', 'outbox', 'detail', id] as const,
  delivery: () => ['messaging', 'outbox', 'delivery'] as const,
};

/** How often a mailing is refetched while its messages are being written to the outbox. */
export const queueingPollMs = 1500;
/** How often its delivery counts are refetched afterwards, while some are still waiting. */
export const deliveryPollMs = 10_000;
