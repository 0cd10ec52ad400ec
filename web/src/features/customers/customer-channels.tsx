import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomerDetail } from '@panel/contract';
import { showSuccess } from '../../lib/feedback';
import { formatRecordDay } from '../../lib/format';
import { useCustomerReminders } from './customer-actions';

/**
 * Where the store reaches a customer (issue 44): its e-mail, and its Telegram chat once it pressed
 * Start in the store's bot; and its renewal reminders — on, or off since a date (it unsubscribed
 * from a reminder mail, or its reseller turned them off here), with the switch to turn them back on.
 */
export function CustomerChannels({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const reminders = useCustomerReminders();
  const { enabled, off_since: offSince } = customer.reminders;
  const channel = (label: string, on: boolean, value: ReactNode) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={6} wrap="wrap">
        <Badge color={on ? 'teal' : 'gray'} variant="light">
          {on ? t('customers.channels.yes') : t('customers.channels.no')}
        </Badge>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      </Group>
    </div>
  );
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="customer-channels-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="customer-channels-title">
          {t('customers.channels.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {channel(t('customers.channels.email'), Boolean(customer.email), customer.email ? <bdi>{customer.email}</bdi> : t('customers.channels.noEmail'))}
          {channel(
            t('customers.channels.telegram'),
            customer.telegram_linked,
            customer.telegram_linked ? t('customers.channels.telegramLinked') : t('customers.channels.telegramNotLinked'),
          )}
        </SimpleGrid>
        <Switch
          mt="xs"
          label={t('customers.channels.reminders')}
          description={
            enabled
              ? t('customers.channels.remindersOn')
              : offSince
                ? t('customers.channels.remindersOffSince', { date: formatRecordDay(offSince) })
                : t('customers.channels.remindersOff')
          }
          checked={enabled}
          disabled={reminders.isPending}
          onChange={(event) =>
            reminders.mutate({ id: customer.id, enabled: event.currentTarget.checked }, { onSuccess: (answer) => showSuccess(answer.msg) })
          }
        />
      </Stack>
    </Card>
  );
}
