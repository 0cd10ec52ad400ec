import { useState } from 'react';
import { Checkbox } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { LightCheckbox } from './light-checkbox';

/** The markup without its generated ids, which differ between two renders. */
function markup(container: HTMLElement, id: string) {
  return container.innerHTML.replaceAll(id, 'ID');
}

function bothMarkups(props: { checked: boolean; error?: string }) {
  const mantine = renderWithProviders(<Checkbox label="Remember me" onChange={() => undefined} {...props} />);
  const mantineId = screen.getByRole('checkbox').id;
  const mantineMarkup = markup(mantine.container, mantineId);
  mantine.unmount();
  const light = renderWithProviders(<LightCheckbox label="Remember me" onChange={() => undefined} {...props} />);
  return { mantine: mantineMarkup, light: markup(light.container, screen.getByRole('checkbox').id) };
}

describe('LightCheckbox', () => {
  it.each([
    ['unchecked', { checked: false }],
    ['checked', { checked: true }],
    ['with a field message', { checked: false, error: 'Required' }],
  ])('draws what Mantine’s Checkbox draws, %s', (_case, props) => {
    const { mantine, light } = bothMarkups(props);
    expect(light).toBe(mantine);
  });

  it('is a labelled checkbox that toggles', () => {
    function Form() {
      const [checked, setChecked] = useState(false);
      return <LightCheckbox label="Remember me" checked={checked} onChange={(event) => setChecked(event.currentTarget.checked)} />;
    }
    renderWithProviders(<Form />);
    const box = screen.getByRole('checkbox', { name: 'Remember me' });
    fireEvent.click(screen.getByText('Remember me'));
    expect(box).toBeChecked();
  });

  it('ties its message to the box', () => {
    renderWithProviders(<LightCheckbox label="Remember me" checked={false} onChange={() => undefined} error="Required" />);
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toHaveAccessibleDescription('Required');
  });
});
