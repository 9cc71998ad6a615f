import type { Voucher } from '@genodesk/contract/vouchers';
import { VoucherKind, VoucherType } from '@genodesk/contract/vouchers';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { voucherKindName, voucherState, voucherStateColors, voucherTypeName } from './labels';

/** A badge keeps its whole label in a narrow table cell (Mantine's would shrink to an ellipsis). */
const whole = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

/** Valid, expired or redeemed (used up). */
export function VoucherStateBadge({
  voucher,
}: {
  voucher: Pick<Voucher, 'redeemed' | 'expired' | 'remainingUsageCount'>;
}) {
  const { t } = useTranslation();
  const state = voucherState(voucher);
  return (
    <Badge
      variant="light"
      color={voucherStateColors[state]}
      tt="none"
      styles={whole}
      data-testid="voucher-state"
      data-state={state}
    >
      {t(`vouchers.states.${state}`)}
    </Badge>
  );
}

export function VoucherKindBadge({ kind }: { kind: number }) {
  const { locale } = useLocale();
  return (
    <Badge
      variant="outline"
      color={kind === VoucherKind.Product ? 'grape' : 'blue'}
      tt="none"
      styles={whole}
      data-testid="voucher-kind"
      data-kind={kind}
    >
      {voucherKindName(kind, locale)}
    </Badge>
  );
}

export function VoucherTypeBadge({ type }: { type: number }) {
  const { locale } = useLocale();
  return (
    <Badge
      variant="light"
      color={type === VoucherType.Gift ? 'pink' : 'gray'}
      tt="none"
      styles={whole}
      data-testid="voucher-type"
      data-type={type}
    >
      {voucherTypeName(type, locale)}
    </Badge>
  );
}
