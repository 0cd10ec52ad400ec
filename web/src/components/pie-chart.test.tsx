import { DirectionProvider, MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PieChart, type PieSlice } from './pie-chart';

function setup(data: PieSlice[], options: { dir?: 'ltr' | 'rtl'; onSliceClick?: (name: string) => void } = {}) {
  render(
    <DirectionProvider initialDirection={options.dir ?? 'ltr'} detectDirection={false}>
      <MantineProvider env="test">
        <PieChart data={data} size={200} label="Shares" onSliceClick={options.onSliceClick} />
      </MantineProvider>
    </DirectionProvider>,
  );
  const pie = screen.getByRole('img', { name: 'Shares' });
  const shape = (name: string) => pie.querySelector(`[data-slice="${name}"]`)!;
  return { pie, shape };
}

describe('PieChart', () => {
  it('draws a quarter and three quarters from twelve o’clock, clockwise', () => {
    const { shape } = setup([
      { name: 'a', value: 1, color: 'blue.7' },
      { name: 'b', value: 3, color: 'teal.7' },
    ]);
    // From the top (100,0) to the right (200,100): a small arc; then on round to the top: a large one.
    expect(shape('a').getAttribute('d')).toBe('M100 100L100 0A100 100 0 0 1 200 100Z');
    expect(shape('b').getAttribute('d')).toBe('M100 100L200 100A100 100 0 1 1 100 0Z');
    expect(shape('b')).toHaveAttribute('fill', 'var(--mantine-color-teal-7)');
  });

  it('turns the other way right to left', () => {
    const { shape } = setup([{ name: 'a', value: 1, color: 'blue.7' }, { name: 'b', value: 3, color: 'teal.7' }], { dir: 'rtl' });
    expect(shape('a').getAttribute('d')).toBe('M100 100L100 0A100 100 0 0 0 0 100Z');
  });

  it('draws a single entry as a whole disc with its value in the middle', () => {
    const { pie, shape } = setup([{ name: 'only', value: 7, color: 'grape.7' }]);
    expect(shape('only').tagName).toBe('circle');
    expect(screen.getByText('7')).toHaveAttribute('x', '100');
    expect(pie.querySelectorAll('[data-slice]')).toHaveLength(1);
  });

  it('writes each value on its slice, but not on a slice too thin to hold it', () => {
    setup([
      { name: 'big', value: 1000, color: 'blue.7' },
      { name: 'thin', value: 2, color: 'red.7' },
      { name: 'none', value: 0, color: 'lime.7' },
    ]);
    expect(screen.getByText('1,000')).toBeInTheDocument();
    expect(screen.queryByText('2')).not.toBeInTheDocument();
    expect(screen.queryByText('0')).not.toBeInTheDocument();
  });

  it('hands a clicked slice’s name to its caller', () => {
    const onSliceClick = vi.fn();
    const { shape } = setup([{ name: 'a', value: 1, color: 'blue.7' }, { name: 'b', value: 1, color: 'teal.7' }], { onSliceClick });
    fireEvent.click(shape('b'));
    expect(onSliceClick).toHaveBeenCalledWith('b');
  });
});
