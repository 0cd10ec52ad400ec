import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch } from '../../test-utils';
import { ActivationsChart } from './activations-chart';

function setup(response: Response) {
  stubFetch(async () => response);
  return renderWithProviders(<ActivationsChart />).container;
}

const stats = (rows: { name: string; value: number }[]) => json(200, { status: true, msg: 'ok', data: { UserActiTranLogs: rows } });
const pie = () => screen.getByRole('img');
/** The modules drawn, in order, with their colours. */
const slices = () => [...pie().querySelectorAll('[data-slice]')].map((slice) => `${slice.getAttribute('data-slice')} ${slice.getAttribute('fill')}`);
const slice = (name: string) => pie().querySelector(`[data-slice="${name}"]`)!;
const values = () => within(pie()).queryAllByText(/^\d+$/).map((label) => label.textContent);

describe('ActivationsChart', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws a slice with its value and a checked chip per module', async () => {
    setup(stats([{ name: 'IBOPLAYER', value: 5 }, { name: 'BOBPLAYER', value: 3 }, { name: 'IBOPRO', value: 2 }]));
    expect(await screen.findByRole('checkbox', { name: 'IBOPLAYER (5)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'BOBPLAYER (3)' })).toBeChecked();
    expect(screen.getByRole('img', { name: 'Pie chart of 10 activations per module' })).toBeInTheDocument();
    expect(slices()).toEqual(['IBOPLAYER var(--mantine-color-blue-7)', 'BOBPLAYER var(--mantine-color-teal-7)', 'IBOPRO var(--mantine-color-orange-7)']);
    expect(values()).toEqual(['5', '3', '2']);
  });

  it('leaves out a module without activations', async () => {
    setup(stats([{ name: 'IBOPLAYER', value: 4 }, { name: 'BOBPLAYER', value: 0 }]));
    expect(await screen.findByRole('img', { name: 'Pie chart of 4 activations per module' })).toBeInTheDocument();
    expect(slices()).toEqual(['IBOPLAYER var(--mantine-color-blue-7)']);
    expect(screen.queryByRole('checkbox', { name: /BOBPLAYER/ })).not.toBeInTheDocument();
  });

  it('hides a module from its chip and shows it again, keeping its colour', async () => {
    setup(stats([{ name: 'IBOPLAYER', value: 5 }, { name: 'BOBPLAYER', value: 3 }]));
    const chip = await screen.findByRole('checkbox', { name: 'IBOPLAYER (5)' });
    fireEvent.click(chip);
    expect(chip).not.toBeChecked();
    expect(slices()).toEqual(['BOBPLAYER var(--mantine-color-teal-7)']);
    expect(values()).toEqual(['3']);
    expect(screen.getByRole('img', { name: 'Pie chart of 3 activations per module' })).toBeInTheDocument();
    fireEvent.click(chip);
    expect(chip).toBeChecked();
    expect(slices()).toEqual(['IBOPLAYER var(--mantine-color-blue-7)', 'BOBPLAYER var(--mantine-color-teal-7)']);
    expect(screen.getByRole('img', { name: 'Pie chart of 8 activations per module' })).toBeInTheDocument();
  });

  it('hides a module when its slice is clicked, unchecking its chip', async () => {
    setup(stats([{ name: 'IBOPLAYER', value: 5 }, { name: 'BOBPLAYER', value: 1 }]));
    await screen.findByRole('img', { name: 'Pie chart of 6 activations per module' });
    fireEvent.click(slice('IBOPLAYER'));
    expect(screen.getByRole('checkbox', { name: 'IBOPLAYER (5)' })).not.toBeChecked();
    expect(slices()).toEqual(['BOBPLAYER var(--mantine-color-teal-7)']);
    expect(screen.getByRole('img', { name: 'Pie chart of 1 activation per module' })).toBeInTheDocument();

    fireEvent.click(slice('BOBPLAYER'));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('All modules are hidden. Click a module below to show it again.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('checkbox', { name: 'IBOPLAYER (5)' }));
    expect(slices()).toEqual(['IBOPLAYER var(--mantine-color-blue-7)']);
  });

  it('shows a module and its activations under the pointer', async () => {
    setup(stats([{ name: 'IBOPLAYER', value: 5 }, { name: 'BOBPLAYER', value: 3 }]));
    await screen.findByRole('img');
    fireEvent.mouseMove(slice('BOBPLAYER'), { clientX: 40, clientY: 120 });
    expect(screen.getByText('BOBPLAYER', { selector: 'p' }).parentElement).toHaveTextContent('BOBPLAYER3');
    fireEvent.mouseLeave(slice('BOBPLAYER'));
    expect(screen.queryByText('BOBPLAYER', { selector: 'p' })).not.toBeInTheDocument();
  });

  it('says so when there was no activation last month', async () => {
    setup(stats([]));
    expect(await screen.findByText('No activations in the last 30 days.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('shows nothing to a caller who may not read it', async () => {
    const container = setup(json(403, { status: false, code: 'FORBIDDEN', statusCode: 403, msg: 'Permission denied', errors: {} }));
    await vi.waitFor(() => expect(container.querySelector('section')).toBeNull());
    expect(screen.queryByText('Activations per module')).not.toBeInTheDocument();
  });

  it('says so when the figures cannot be loaded', async () => {
    setup(json(500, { status: false, code: 'INTERNAL', statusCode: 500, msg: 'boom', errors: {} }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the activations chart.');
  });
});
