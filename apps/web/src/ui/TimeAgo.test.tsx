import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { formatDateTime, formatRelative } from './formatDate';
import { TimeAgo } from './TimeAgo';

const now = Date.parse('2025-03-05T10:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatRelative', () => {
  it('says how long ago in minutes, hours and days, in English and Hindi', () => {
    expect(formatRelative(ago(20), 'en', now)).toBe('now');
    expect(formatRelative(ago(5 * 60 + 30), 'en', now)).toBe('5 min ago');
    expect(formatRelative(ago(5 * 60), 'hi', now)).toBe('5 मिनट पहले');
    expect(formatRelative(ago(2 * 3600), 'en', now)).toBe('2 hr ago');
    expect(formatRelative(ago(2 * 3600), 'hi', now)).toBe('2 घंटे पहले');
    expect(formatRelative(ago(3 * 86400), 'en', now)).toBe('3 days ago');
    expect(formatRelative(ago(3 * 86400), 'hi', now)).toBe('3 दिन पहले');
  });

  it('reads a moment ahead of the phone clock as now', () => {
    expect(formatRelative(ago(-90), 'en', now)).toBe('now');
  });
});

describe('formatDateTime', () => {
  it('tells the hour with am/pm in English and with the Hindi day-period in Hindi', () => {
    const at = new Date(2025, 2, 5, 15, 40).toISOString();
    expect(formatDateTime(at, 'en')).toBe('5 Mar 2025, 3:40 pm');
    expect(formatDateTime(at, 'hi')).toBe('5 मार्च 2025, दोपहर 3:40');
    expect(formatDateTime(new Date(2025, 2, 5, 8, 5).toISOString(), 'hi')).toBe(
      '5 मार्च 2025, सुबह 8:05',
    );
    expect(formatDateTime(new Date(2025, 2, 5, 21, 0).toISOString(), 'hi')).toBe(
      '5 मार्च 2025, रात 9:00',
    );
  });
});

describe('<TimeAgo>', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(now);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await i18n.changeLanguage('en');
  });

  it('shows how long ago beside the exact time, and keeps counting while shown', () => {
    render(<TimeAgo value={ago(4 * 60)} />);
    const time = screen.getByText('4 min ago').closest('time');
    expect(time?.getAttribute('dateTime')).toBe(ago(4 * 60));
    expect(time?.textContent).toContain('2025');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('5 min ago')).toBeInTheDocument();
  });

  it('speaks Hindi when the app does', async () => {
    await i18n.changeLanguage('hi');
    render(<TimeAgo value={ago(5 * 60)} />);
    expect(screen.getByText('5 मिनट पहले')).toBeInTheDocument();
  });
});
