import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, List, PasswordInput, Stack, Text } from '@mantine/core';
import { IconBrandTelegram, IconExternalLink, IconRefresh, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { storefrontTelegramInput, type Storefront, type StorefrontTelegramInput } from '@panel/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { SectionCard } from '../../components/section-card';
import { STOREFRONT_KEY } from './storefront';
import { useConnectTelegram, useDisconnectTelegram, useTestTelegram } from './telegram';

const BOTFATHER_URL = 'https://t.me/BotFather';

/**
 * The reseller's own chat with the store's bot: whether it is linked, the one-time link that links
 * it (opened in Telegram, where Start sends `/start <code>`), and a test message. Each GET of the
 * store makes a new link and voids the last, so the store is asked again only when the reseller
 * says it pressed Start.
 */
function OwnerChat({ store }: { store: Storefront }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const test = useTestTelegram();
  const [opened, setOpened] = useState(false);
  const [checking, setChecking] = useState(false);
  const { owner_link_url: linkUrl, owner_linked: linked } = store.telegram;
  const check = async () => {
    setChecking(true);
    try {
      await queryClient.invalidateQueries({ queryKey: STOREFRONT_KEY });
    } finally {
      setChecking(false);
      setOpened(false);
    }
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="telegram-owner-chat">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} size="sm" id="telegram-owner-chat">
          {t('storefront.telegram.ownerChat')}
        </Text>
        <Badge color={linked ? 'teal' : 'gray'} variant="light">
          {linked ? t('storefront.telegram.ownerLinked') : t('storefront.telegram.ownerNotLinked')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('storefront.telegram.ownerReceives')}
      </Text>
      <Group gap="xs" wrap="wrap">
        {linkUrl && (
          <Button
            component="a"
            href={linkUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant={linked ? 'default' : 'filled'}
            leftSection={<IconExternalLink size={16} aria-hidden />}
            onClick={() => setOpened(true)}
          >
            {linked ? t('storefront.telegram.relinkChat') : t('storefront.telegram.linkChat')}
          </Button>
        )}
        <Button variant="default" leftSection={<IconSend size={16} aria-hidden />} disabled={!linked} loading={test.isPending} onClick={() => test.mutate()}>
          {t('storefront.telegram.test')}
        </Button>
      </Group>
      {opened && (
        <Alert variant="light" color="blue" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('storefront.telegram.pressStart')}</Text>
            <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} loading={checking} onClick={() => void check()}>
              {t('storefront.telegram.checkLinked')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/**
 * Storefront → Telegram (issue 44): the store's own bot, made by the reseller with @BotFather. The
 * token goes to the panel once (never shown again); connecting or disconnecting asks for the
 * second factor when the account has one (the API client's step-up). Then the reseller links its
 * own chat and sends itself a test.
 */
export function TelegramSection({ store }: { store: Storefront }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const connect = useConnectTelegram();
  const disconnect = useDisconnectTelegram();
  const [confirming, setConfirming] = useState(false);
  const form = useZodForm<StorefrontTelegramInput>(storefrontTelegramInput, { initialValues: { bot_token: '' } });
  const submit = form.submit((body) => connect.mutate(body, { onError: form.fail, onSuccess: () => form.reset() }));
  const { connected, bot_username: username } = store.telegram;
  const tokenLabel = t('storefront.telegram.botToken');

  return (
    <SectionCard
      title={t('storefront.telegram.title')}
      description={t('storefront.telegram.description')}
      aside={
        <Badge color={connected ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
          {connected ? t('storefront.telegram.connected') : t('storefront.telegram.notConnected')}
        </Badge>
      }
    >
      <Stack gap="lg">
        {connected && username && (
          <Group gap="xs" wrap="nowrap">
            <IconBrandTelegram size={20} aria-hidden />
            <Text size="sm">
              {t('storefront.telegram.bot')}{' '}
              <Anchor href={`https://t.me/${username}`} target="_blank" rel="noopener noreferrer" dir="ltr">
                @{username}
              </Anchor>
            </Text>
          </Group>
        )}
        {connected && <OwnerChat store={store} />}
        {!connected && (
          <List type="ordered" size="sm" spacing="xs" aria-label={t('storefront.telegram.howTo')}>
            <List.Item>
              {t('storefront.telegram.stepBotFather')}{' '}
              <Anchor href={BOTFATHER_URL} target="_blank" rel="noopener noreferrer" dir="ltr">
                @BotFather
              </Anchor>
            </List.Item>
            <List.Item>{t('storefront.telegram.stepNewBot')}</List.Item>
            <List.Item>{t('storefront.telegram.stepToken')}</List.Item>
          </List>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label={connected ? t('storefront.telegram.replaceToken') : tokenLabel}
              description={t('storefront.telegram.botTokenHint')}
              placeholder="123456789:AA…"
              dir="ltr"
              autoComplete="off"
              withAsterisk
              {...form.getInputProps('bot_token')}
              error={errorText(form.errors.bot_token, 'bot_token', { label: tokenLabel })}
            />
            <FormAlert form={form} />
            <FormActions
              form={form}
              leading={
                connected ? (
                  <Button variant="light" color="red" onClick={() => setConfirming(true)}>
                    {t('storefront.telegram.disconnect')}
                  </Button>
                ) : undefined
              }
            >
              <Button type="submit" loading={connect.isPending}>
                {t(connected ? 'storefront.telegram.replace' : 'storefront.telegram.connect')}
              </Button>
            </FormActions>
          </Stack>
        </form>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('storefront.telegram.disconnectTitle')}
        message={t('storefront.telegram.disconnectMessage')}
        confirmLabel={t('storefront.telegram.disconnect')}
        loading={disconnect.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </SectionCard>
  );
}
