import type { Locale } from '@genodesk/contract/locales';
import {
  type CreateVouchersReply,
  type Voucher,
  VoucherKind,
  VoucherType,
  voucherKindLabels,
  voucherSuffixLength,
  voucherTypeLabels,
} from '@genodesk/contract/vouchers';
import { useLocation } from 'react-router';
import { paths, type VoucherKindPath } from '@/config/paths';
import { dateFormat, formatMoney, intlLocale, nameIn } from '@/lib/format';

export const voucherKinds = [VoucherKind.Money, VoucherKind.Product] as const;
export const voucherTypes = [VoucherType.Standard, VoucherType.Gift] as const;

/** A voucher's one state on the screens: used up first, then past its last day, else valid. */
export type VoucherState = 'valid' | 'expired' | 'redeemed';
export const voucherStates: readonly VoucherState[] = ['valid', 'expired', 'redeemed'];

export function voucherState(
  voucher: Pick<Voucher, 'redeemed' | 'expired' | 'remainingUsageCount'>,
): VoucherState {
  if (voucher.redeemed || voucher.remainingUsageCount <= 0) return 'redeemed';
  if (voucher.expired) return 'expired';
  return 'valid';
}

export const voucherStateColors: Record<VoucherState, string> = {
  valid: 'teal',
  expired: 'red',
  redeemed: 'gray',
};

/** The path segment of a kind (1 money, 2 product), as SPEC §2's routes name it. */
export function kindPath(kind: number): VoucherKindPath {
  return kind === VoucherKind.Product ? 'product' : 'money';
}

/** The kind whose screens a URL belongs to: `/vouchers/product/…` or else money. */
export function voucherKindOfPath(pathname: string): VoucherKindPath {
  return pathname.startsWith(`${paths.vouchers.list}/product/`) ? 'product' : 'money';
}

export function useRouteVoucherKind(): VoucherKindPath {
  return voucherKindOfPath(useLocation().pathname);
}

export function voucherKindName(kind: number, locale: Locale): string {
  return voucherKindLabels[kind as VoucherKind]?.[locale] ?? String(kind);
}

export function voucherTypeName(type: number, locale: Locale): string {
  return voucherTypeLabels[type as VoucherType]?.[locale] ?? String(type);
}

/**
 * A voucher's last valid day (`YYYY-MM-DD`, a day in Europe/Prague): shown as that calendar day,
 * whatever the browser's zone.
 */
export function formatVoucherDay(day: string | null | undefined, locale: Locale): string {
  const match = day?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!match) return '—';
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dateFormat(intlLocale[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** What a voucher is worth: CZK with two decimals for a money voucher, the product for a product one. */
export function voucherValue(
  voucher: Pick<Voucher, 'amountMinor' | 'currency' | 'productTypeName' | 'productTypeNameEn'>,
  locale: Locale,
): string {
  if (voucher.amountMinor !== null) return formatMoney(voucher.amountMinor, voucher.currency, locale);
  return voucher.productTypeName ? nameIn(voucher.productTypeName, voucher.productTypeNameEn, locale) : '—';
}

/** More than one voucher at once: the code typed is the prefix of each voucher's code. */
export function codeIsPrefix(howMany: unknown): boolean {
  const n = Number(howMany);
  return Number.isFinite(n) && n > 1;
}

/** What a batch's codes look like: the prefix and a random suffix of the contract's length. */
export function batchCodeExample(prefix: string): string {
  return `${prefix.trim()}${'X'.repeat(voucherSuffixLength)}`;
}

/**
 * Where a creation leads: one voucher opens its view; a batch is the list searched by its prefix
 * (sorted by code), ready to be exported or printed.
 */
export function createdTarget(kind: VoucherKindPath, prefix: string, reply: CreateVouchersReply): string {
  const only = reply.vouchers[0];
  if (reply.count === 1 && only) return paths.vouchers.view(kind, only.id);
  const query = new URLSearchParams({
    search: prefix.trim(),
    kind: String(kind === 'product' ? VoucherKind.Product : VoucherKind.Money),
    sort: 'code',
  });
  return `${paths.vouchers.list}?${query}`;
}
