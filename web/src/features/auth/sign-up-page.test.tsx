import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { json, renderRoutes, stubFetch } from '../../test-utils';
import { SignUpPage } from './sign-up-page';

afterEach(() => vi.unstubAllGlobals());

describe('SignUpPage', () => {
  it('keeps an over-long name and e-mail whole and names each limit, sending nothing', async () => {
    const fetchMock = stubFetch(async () => json(200, {}));
    renderRoutes([{ path: '/sign-up', element: <SignUpPage /> }], '/sign-up');
    const name = 'N'.repeat(101);
    const email = `${'e'.repeat(250)}@example.test`;
    fireEvent.change(await screen.findByLabelText(/^Name/, { selector: 'input' }), { target: { value: name } });
    fireEvent.change(screen.getByLabelText(/^Email/, { selector: 'input' }), { target: { value: email } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('The name may not be greater than 100 characters.')).toBeInTheDocument();
    expect(screen.getByText('The email may not be greater than 255 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/, { selector: 'input' })).toHaveValue(name);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
