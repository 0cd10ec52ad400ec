import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALES } from '@panel/contract';
import { changeLocale } from '../i18n';
import { formatNumber } from '../lib/format';
import { json, renderWithProviders, stubFetch } from '../test-utils';
import { MoneySummary } from './money-summary';

/** A server where the caller holds `balance` points. */
function callerHolds(balance: number) {
  stubFetch(async (url) =>
    url.pathname === '/api/get-resellers/credit-points'
      ? json(200, { status: true, msg: 'OK', credit_point: balance })
      : json(200, { status: true, msg: 'OK', data: { IBOReseller: { email: 'me@example.test' } } }),
  );
}

const summary = () => screen.getByRole('group');

describe('MoneySummary', () => {
  afterEach(async () => {
    await changeLocale('en');
  });

  it.each(LOCALES)('says in %s what moves, for whom, how many points and the balance after, with no raw key', async (locale) => {
    await changeLocale(locale);
    callerHolds(1500);
    renderWithProviders(<MoneySummary move="recharge" recipient="shop@example.test" points={250} />);
    expect(await within(summary()).findByText(new RegExp(formatNumber(1250, locale)))).toBeInTheDocument();
    expect(within(summary()).getByText('shop@example.test')).toBeInTheDocument();
    expect(within(summary()).getByText(new RegExp(`^\u2068?${formatNumber(250, locale)}\\D`))).toBeInTheDocument();
    expect(summary().textContent).not.toMatch(/money\.|credit\.|\{\{/);
  });

  it('reads "1 credit point" and "1,500 credit points" in English', async () => {
    callerHolds(1501);
    renderWithProviders(<MoneySummary move="activation" recipient="00:1A:79:00:00:01 · IBO Player" points={1} />);
    expect(within(summary()).getByText('Activation')).toBeInTheDocument();
    expect(within(summary()).getByText('1 credit point')).toBeInTheDocument();
    expect(await within(summary()).findByText('1,500 credit points')).toBeInTheDocument();
    expect(within(summary()).getByText('Your balance after')).toBeInTheDocument();
  });

  it("shows a deduction's effect on the reseller's balance, and the caller as the recipient when none is named", async () => {
    callerHolds(10);
    renderWithProviders(
      <>
        <MoneySummary move="deductCredit" recipient="child@example.test" points={3} recipientBalance={7} />
        <MoneySummary move="testCredit" points={5} adds />
      </>,
    );
    const [deduct, test] = screen.getAllByRole('group');
    expect(within(deduct!).getByText('From')).toBeInTheDocument();
    expect(within(deduct!).getByText("Reseller's balance after")).toBeInTheDocument();
    expect(within(deduct!).getByText('4 credit points')).toBeInTheDocument();
    expect(await within(test!).findByText('me@example.test')).toBeInTheDocument();
    expect(await within(test!).findByText('15 credit points')).toBeInTheDocument();
  });

  it('says when the balance does not cover the move', async () => {
    callerHolds(2);
    renderWithProviders(<MoneySummary move="codePurchase" recipient="me@example.test" points={4} />);
    expect(await within(summary()).findByText('Not enough: the balance is 2 credit points')).toBeInTheDocument();
  });
});
