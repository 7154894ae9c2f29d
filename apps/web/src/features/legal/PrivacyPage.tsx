import { LegalPage } from './LegalPage';

export const route = { Component: () => <LegalPage page="legal.privacy" /> };
