import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCreditPoints } from '../api/credit-points';
import { profileQuery } from '../api/profile';
import { formatNumber } from '../lib/format';

export const MONEY_MOVES = [
  'recharge',
  'addCredit',
  'deductCredit',
  'activation',
  'bulkActivation',
  'renewal',
  'codePurchase',
  'codeRenewal',
  'testCredit',
  'planPurchase',
] as const;
export type MoneyMove = (typeof MONEY_MOVES)[number];

type Props = {
  move: MoneyMove;
  /** Who gets or loses the points: an e-mail, a name, or a device's MAC with its apps; the caller when not given. */
  recipient?: ReactNode;
  points: number;
  /** What the points cost in money (a payment plan), already formatted. */
  price?: string;
  /** The points join the balance (test credit, a plan bought, an admin's own credit) rather than leave it. */
  adds?: boolean;
  /** The balance that changes when it is the recipient's, not the caller's (a deduction). */
  recipientBalance?: number;
};

/**
 * What a money move is about to do, shown in its confirmation before any credit moves: what, for
 * whom, how many points and the balance after. Every dialog that moves credit shows this one.
 */
export function MoneySummary({ move, recipient, points, price, adds = false, recipientBalance }: Props) {
  const { t } = useTranslation();
  const own = useCreditPoints();
  const profile = useQuery({ ...profileQuery(), enabled: recipient === undefined });
  const balance = recipientBalance ?? own.data?.credit_point;
  const after = balance === undefined ? undefined : adds ? balance + points : balance - points;
  const pointsText = (count: number) => t('money.points', { count, points: formatNumber(count) });

  const rows: { label: string; value: ReactNode; short?: boolean }[] = [
    { label: t('money.what'), value: t(`money.moves.${move}`) },
    { label: t(move === 'deductCredit' ? 'money.from' : 'money.for'), value: <bdi>{recipient ?? profile.data?.data.IBOReseller.email ?? '—'}</bdi> },
    { label: t('money.amount'), value: pointsText(points) },
    ...(price === undefined ? [] : [{ label: t('money.price'), value: <bdi>{price}</bdi> }]),
    {
      label: t(recipientBalance === undefined ? 'money.yourBalanceAfter' : 'money.theirBalanceAfter'),
      value: after === undefined ? '—' : after < 0 ? t('money.notEnough', { balance: pointsText(balance ?? 0) }) : pointsText(after),
      short: after !== undefined && after < 0,
    },
  ];

  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-blue-light)" role="group" aria-label={t('money.title')}>
      <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={6} m={0}>
        {rows.map((row) => [
          <Text key={`${row.label}:dt`} component="dt" size="sm" c="dimmed">
            {row.label}
          </Text>,
          <Text key={`${row.label}:dd`} component="dd" size="sm" fw={600} m={0} c={row.short ? 'red' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {row.value}
          </Text>,
        ])}
      </SimpleGrid>
    </Paper>
  );
}
