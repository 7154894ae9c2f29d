import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Tabs, tabId } from './Tabs';

const tabs = ['en', 'ar', 'hi'] as const;

function Strip() {
  const [current, setCurrent] = useState<(typeof tabs)[number]>('ar');
  return (
    <>
      <Tabs
        name="Languages"
        tabs={tabs}
        current={current}
        label={(tab) => tab.toUpperCase()}
        onChoose={setCurrent}
        panelId="panel"
      />
      <div id="panel" role="tabpanel" aria-labelledby={tabId('panel', current)}>
        {current}
      </div>
    </>
  );
}

describe('Tabs', () => {
  it('marks the chosen tab, ties it to the panel and keeps only it in the Tab order', () => {
    render(<Strip />);
    expect(screen.getByRole('tablist', { name: 'Languages' })).toBeInTheDocument();
    const chosen = screen.getByRole('tab', { name: 'AR' });
    expect(chosen).toHaveAttribute('aria-selected', 'true');
    expect(chosen).toHaveAttribute('aria-controls', 'panel');
    expect(chosen).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'EN' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'AR' })).toHaveTextContent('ar');
  });

  it('chooses by click', () => {
    render(<Strip />);
    fireEvent.click(screen.getByRole('tab', { name: 'HI' }));
    expect(screen.getByRole('tab', { name: 'HI' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'AR' })).toHaveAttribute('aria-selected', 'false');
  });

  it('moves and chooses with the arrow keys, round the ends, and with Home and End', () => {
    render(<Strip />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    tab('AR').focus();
    fireEvent.keyDown(tab('AR'), { key: 'ArrowRight' });
    expect(tab('HI')).toHaveAttribute('aria-selected', 'true');
    expect(tab('HI')).toHaveFocus();
    fireEvent.keyDown(tab('HI'), { key: 'ArrowRight' });
    expect(tab('EN')).toHaveFocus();
    fireEvent.keyDown(tab('EN'), { key: 'ArrowLeft' });
    expect(tab('HI')).toHaveFocus();
    fireEvent.keyDown(tab('HI'), { key: 'Home' });
    expect(tab('EN')).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tab('EN'), { key: 'End' });
    expect(tab('HI')).toHaveFocus();
    fireEvent.keyDown(tab('HI'), { key: 'ArrowDown' });
    expect(tab('HI')).toHaveAttribute('aria-selected', 'true');
  });
});
