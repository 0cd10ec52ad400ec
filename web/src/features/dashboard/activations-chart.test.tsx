import { fireEvent, screen, within } from '@testing-library/react';
import type { MouseEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch } from '../../test-utils';
import { ActivationsChart } from './activations-chart';

type Cell = { name: string; value: number; color: string };
type CellProps = (cell: Cell) => { onClick?: (event: MouseEvent) => void };

// recharts draws nothing at jsdom's zero size: a stand-in draws one button per slice, wired like the real cells.
vi.mock('@mantine/charts', () => ({
  PieChart: ({ data, cellProps, 'aria-label': label }: { data: Cell[]; cellProps: CellProps; 'aria-label': string }) => (
    <div role="img" aria-label={label}>
      {data.map((cell) => (
        <button key={cell.name} type="button" onClick={(event) => cellProps(cell).onClick?.(event)}>
          {`slice ${cell.name}`}
        </button>
      ))}
    </div>
  ),
}));

function setup(response: Response) {
  stubFetch(async () => response);
  return renderWithProviders(<ActivationsChart />).container;
}

const stats = (rows: { name: string; value: number }[]) => json(200, { status: true, msg: 'ok', data: { UserActiTranLogs: rows } });
const slices = () => within(screen.getByRole('img')).queryAllByRole('button').map((b) => b.textContent);

describe('ActivationsChart', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws a slice and a checked chip per module', async () => {
    setup(stats([{ name: 'IBOPLAYER', value: 5 }, { name: 'BOBPLAYER', value: 3 }, { name: 'IBOPRO', value: 2 }]));
    expect(await screen.findByRole('checkbox', { name: 'IBOPLAYER (5)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'BOBPLAYER (3)' })).toBeChecked();
    expect(slices()).toEqual(['slice IBOPLAYER', 'slice BOBPLAYER', 'slice IBOPRO']);
    expect(screen.getByRole('img', { name: 'Pie chart of 10 activations per module' })).toBeInTheDocument();
  });

  it('hides a module from its chip and shows it again', async () => {
    setup(stats([{ name: 'IBOPLAYER', value: 5 }, { name: 'BOBPLAYER', value: 3 }]));
    const chip = await screen.findByRole('checkbox', { name: 'BOBPLAYER (3)' });
    fireEvent.click(chip);
    expect(chip).not.toBeChecked();
    expect(slices()).toEqual(['slice IBOPLAYER']);
    expect(screen.getByRole('img', { name: 'Pie chart of 5 activations per module' })).toBeInTheDocument();
    fireEvent.click(chip);
    expect(chip).toBeChecked();
    expect(slices()).toEqual(['slice IBOPLAYER', 'slice BOBPLAYER']);
  });

  it('hides a module when its slice is clicked, unchecking its chip', async () => {
    setup(stats([{ name: 'IBOPLAYER', value: 5 }, { name: 'BOBPLAYER', value: 3 }]));
    fireEvent.click(await screen.findByRole('button', { name: 'slice IBOPLAYER' }));
    expect(screen.getByRole('checkbox', { name: 'IBOPLAYER (5)' })).not.toBeChecked();
    expect(slices()).toEqual(['slice BOBPLAYER']);

    fireEvent.click(screen.getByRole('button', { name: 'slice BOBPLAYER' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('All modules are hidden. Click a module below to show it again.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('checkbox', { name: 'IBOPLAYER (5)' }));
    expect(slices()).toEqual(['slice IBOPLAYER']);
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
