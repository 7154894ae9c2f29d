import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Empty, ListStates } from './ListStates';

function list(query: { data: string[] | undefined; isError: boolean }, refetch = vi.fn()) {
  render(
    <ListStates
      query={{ ...query, refetch }}
      isEmpty={(items) => items.length === 0}
      loading="Loading..."
      failed="Could not load"
      retry="Try again"
      empty={<Empty text="Nothing yet" />}
    >
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </ListStates>,
  );
}

describe('ListStates', () => {
  it('says it is loading while there is no data', () => {
    list({ data: undefined, isError: false });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says what failed and tries again, even over an older list', () => {
    const refetch = vi.fn();
    list({ data: ['old'], isError: true }, refetch);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load');
    expect(screen.queryByText('old')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state for an empty list', () => {
    list({ data: [], isError: false });
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the items once loaded', () => {
    list({ data: ['a', 'b'], isError: false });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['a', 'b']);
  });
});
