import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountBadge } from './CountBadge';

describe('CountBadge', () => {
  it('shows the count, and max+ above its max', () => {
    const { rerender } = render(
      <CountBadge data-testid="badge" look="alarm" count={99} max={99} />,
    );
    expect(screen.getByTestId('badge')).toHaveTextContent(/^99$/);
    rerender(<CountBadge data-testid="badge" look="alarm" count={100} max={99} />);
    expect(screen.getByTestId('badge')).toHaveTextContent(/^99\+$/);
  });

  it('shows any count without a max, under the name it is given', () => {
    render(<CountBadge aria-label="3 documents" look="brand" count={1234} />);
    expect(screen.getByLabelText('3 documents')).toHaveTextContent(/^1234$/);
  });
});
