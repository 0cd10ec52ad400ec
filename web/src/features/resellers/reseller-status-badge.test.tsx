import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { ResellerStatusBadge } from './reseller-status-badge';

const badge = (row: { status: number; is_disable_by_admin: number; invited: boolean }) => renderWithProviders(<ResellerStatusBadge reseller={row} />);

describe('ResellerStatusBadge', () => {
  it('shows Invited, not Active, until the reseller has set its password', () => {
    badge({ status: 1, is_disable_by_admin: 0, invited: true });
    expect(screen.getByText('Invited')).toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
  });

  it('shows Active once the password is set', () => {
    badge({ status: 1, is_disable_by_admin: 0, invited: false });
    expect(screen.getByText('Active')).toBeInTheDocument();
  });

  it('shows Disabled for an account an admin disabled, invited or not', () => {
    badge({ status: 1, is_disable_by_admin: 1, invited: true });
    expect(screen.getByText('Disabled')).toBeInTheDocument();
  });
});
