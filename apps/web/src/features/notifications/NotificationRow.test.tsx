import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import type { AppNotification } from '@saathi/contract';
import { renderWithProviders } from '../../test/renderWithProviders';
import { NotificationRow } from './NotificationRow';

function row(item: Partial<AppNotification>) {
  const full: AppNotification = {
    _id: '7c6b5a49-3827-4e16-9d5c-4b3a29180716',
    kind: 'verification',
    actor: null,
    post: null,
    notice: null,
    text: null,
    link: '/my/profile',
    createdAt: new Date().toISOString(),
    read: false,
    ...item,
  };
  renderWithProviders(
    <ul>
      <NotificationRow item={full} />
    </ul>,
  );
}

describe('a notification row', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("writes the team's notice in English, with the team's reason", () => {
    row({ notice: 'driver_rejected', text: 'Licence photo is blurred' });
    expect(
      screen.getByText('Your driver verification was rejected: Licence photo is blurred'),
    ).toBeInTheDocument();
  });

  it('writes it in Hindi for a Hindi reader, title and sentence both', async () => {
    await i18n.changeLanguage('hi');
    row({ kind: 'report_outcome', notice: 'report_removed', link: null });
    expect(screen.getByText('आपकी रिपोर्ट की गई पोस्ट की हमने जाँच कर ली है')).toBeInTheDocument();
    expect(
      screen.getByText('पोस्ट हटा दी गई। समुदाय को सुरक्षित रखने के लिए धन्यवाद।'),
    ).toBeInTheDocument();
  });

  it("shows other texts (a comment, the team's answer) as they were written", () => {
    row({ kind: 'help_answered', text: 'We called the highway police for you.', link: '/help' });
    expect(screen.getByText('We called the highway police for you.')).toBeInTheDocument();
  });
});
