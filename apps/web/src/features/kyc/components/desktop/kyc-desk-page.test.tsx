import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { API, type KycInfo } from '@app/contract';
import { api } from '../../../../test/network';
import { renderWithProviders, signIn } from '../../../../test/render';
import { KycDeskPage } from './kyc-desk-page';

const submitted: KycInfo = {
  state: 'pending',
  primary: { documentType: 'passport', nationality: 'DE', realName: 'Erika Mustermann', idNumber: 'C01X00T47' },
  documents: { frontImage: 'kyc/a.png', backImage: 'kyc/b.png', selfieImage: 'kyc/c.png' },
  submittedAt: Date.UTC(2026, 10, 29, 5, 36, 9),
  reviewedAt: null,
  rejection: null,
};

async function showPage(info: KycInfo) {
  signIn();
  api.get(API.idCard.info, info);
  renderWithProviders(<KycDeskPage />, { route: '/pages/desktop/kyc/index' });
  return screen.findByRole('region', { name: 'Step 2: documents' });
}

describe('the desktop identity verification page', () => {
  it.each([
    [
      'under review',
      submitted,
      'We are reviewing your documents and will tell you the result.',
      'Submitted, under review',
    ],
    [
      'verified',
      { ...submitted, state: 'verified' as const, reviewedAt: Date.UTC(2026, 10, 30) },
      'Your identity is verified. To change these details, contact customer service.',
      'Verified',
    ],
  ])('%s: says the state’s sentence once, and each step in a few words', async (_case, info, sentence, step) => {
    const documents = await showPage(info);
    expect(screen.getAllByText(sentence)).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Step 1: real name' })).getByText(step)).toBeTruthy();
    expect(within(documents).getByText(step)).toBeTruthy();
  });

  it('asks for step 1 first while it is not done', async () => {
    const documents = await showPage({
      ...submitted,
      state: 'not_started',
      primary: null,
      documents: null,
      submittedAt: null,
    });
    expect(within(documents).getByText('Complete step 1 first.')).toBeTruthy();
  });
});
