import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import i18n from 'i18next';
import { renderWithProviders } from '../../test/renderWithProviders';
import { readDataSaver } from '../feed';
import { DataSaverSetting } from './DataSaverSetting';

const checked = () =>
  screen.getAllByRole<HTMLInputElement>('radio').find((radio) => radio.checked)?.value;

describe('Data saver setting', () => {
  afterEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage('en');
  });

  it('starts on Auto and keeps the choice on the phone', () => {
    const { unmount } = renderWithProviders(<DataSaverSetting />);
    expect(screen.getByRole('group', { name: 'Data saver' })).toBeInTheDocument();
    expect(checked()).toBe('auto');
    fireEvent.click(screen.getByRole('radio', { name: /Always low/ }));
    expect(readDataSaver()).toBe('low');
    unmount();
    renderWithProviders(<DataSaverSetting />);
    expect(checked()).toBe('low');
    fireEvent.click(screen.getByRole('radio', { name: /Best quality/ }));
    expect(readDataSaver()).toBe('best');
  });

  it('reads in Hindi', async () => {
    await i18n.changeLanguage('hi');
    renderWithProviders(<DataSaverSetting />);
    expect(screen.getByRole('group', { name: 'डेटा सेवर' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /हमेशा कम/ })).toBeInTheDocument();
  });
});
