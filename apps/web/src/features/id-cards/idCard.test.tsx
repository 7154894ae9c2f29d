import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import i18n from 'i18next';
import { messages, type DriverCard, type SelfUser } from '@saathi/contract';
import { queryClient } from '../../api/queryClient';
import { meKeys } from '../../api/keys/meKeys';
import { fakeFile } from '../../test/fakeFile';
import { jsonResponse, renderRoute, signIn } from '../../test/renderRoute';
import { knowViewer, renderWithProviders, viewerId } from '../../test/renderWithProviders';
import { face } from './cardFace';
import { cardFrontPng, drawCardFront } from './cardImage';
import { cardValidity } from './cardValidity';
import { frontText } from './frontText';
import { IdCardButton } from './IdCardButton';
import { IdCardForm } from './IdCardForm';
import { qrMatrix } from './qr';

const card: DriverCard = {
  _id: '7a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  userId: viewerId,
  cardNo: '10026',
  name: 'Ramesh Kumar',
  fatherName: 'Suresh Kumar',
  designation: 'Driver',
  mobile: '+919000000002',
  dlNo: 'MH1220110012345',
  policeStation: 'Panvel City',
  city: 'Panvel',
  state: 'Maharashtra',
  bloodGroup: 'B+',
  dob: '1985-04-12',
  memberAddress: '12 Station Road',
  photoUrl: '/media/public/cards/photo.jpg',
  issueDate: '2025-03-05',
  expiryDate: '2026-03-05',
  verifyUrl: 'https://saathi.app/driver-id/10026',
};

describe('card validity', () => {
  it('counts the days left rounded up, the expiry day included', () => {
    expect(cardValidity('2026-03-05', new Date(2026, 2, 5, 10))).toEqual({
      valid: true,
      daysLeft: 1,
    });
    expect(cardValidity('2026-03-05', new Date(2026, 2, 4, 12))).toEqual({
      valid: true,
      daysLeft: 2,
    });
    expect(cardValidity('2026-03-05', new Date(2026, 2, 4, 0))).toEqual({
      valid: true,
      daysLeft: 2,
    });
    expect(cardValidity('2026-03-05', new Date(2025, 2, 5, 10))).toEqual({
      valid: true,
      daysLeft: 366,
    });
  });

  it('is expired from the day after the expiry date', () => {
    expect(cardValidity('2026-03-05', new Date(2026, 2, 6, 0))).toEqual({ valid: false });
    expect(cardValidity('2026-03-05', new Date(2027, 0, 1))).toEqual({ valid: false });
  });

  it('writes the validity line in words', () => {
    const t = i18n.getFixedT('en', 'idcard');
    expect(frontText(card, t, 'en', new Date(2026, 2, 5, 10)).validity).toBe('Valid: 1 day left');
    expect(frontText(card, t, 'en', new Date(2026, 2, 1, 10)).validity).toBe('Valid: 5 days left');
    expect(frontText(card, t, 'en', new Date(2026, 2, 6, 10))).toMatchObject({
      validity: 'EXPIRED',
      valid: false,
    });
    expect(
      frontText(card, i18n.getFixedT('hi', 'idcard'), 'hi', new Date(2026, 2, 1)).validity,
    ).toBe('मान्य: 5 दिन बाकी');
  });
});

/** jsdom has no canvas: a 2D context that only records, enough to check sizes and order. */
function fakeCanvas() {
  const drawn: string[] = [];
  const context = new Proxy(
    {},
    {
      get: (_target, name: string) => {
        if (name === 'measureText') return (text: string) => ({ width: text.length * 6 });
        if (name === 'fillText') return (text: string) => drawn.push(text);
        return () => undefined;
      },
      set: () => true,
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    done: BlobCallback,
  ) {
    done(new Blob([`${this.width}x${this.height}`], { type: 'image/png' }));
  });
  return drawn;
}

/** jsdom's images never load and have no decode(); each test says how the photo behaves. */
function photoDecodes(result: () => Promise<void>) {
  Object.defineProperty(HTMLImageElement.prototype, 'decode', {
    configurable: true,
    value: result,
  });
}

describe('card picture', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
  });
  const text = frontText(card, i18n.getFixedT('en', 'idcard'), 'en', new Date(2026, 2, 1));

  it('is drawn at scale 2: 680 by 432 pixels for the 340 px front', () => {
    const drawn = fakeCanvas();
    const canvas = drawCardFront(text, null, qrMatrix(card.verifyUrl));
    expect(face.width).toBe(340);
    expect([canvas.width, canvas.height]).toEqual([680, 432]);
    expect(drawn).toEqual(
      expect.arrayContaining([
        'Saathi',
        'Ramesh Kumar',
        'Driver',
        '10026',
        'B+',
        'Valid: 5 days left',
      ]),
    );
  });

  it('still makes the PNG when the photo cannot load', async () => {
    fakeCanvas();
    photoDecodes(() => Promise.reject(new Error('no photo')));
    const png = await cardFrontPng(text, card.photoUrl, qrMatrix(card.verifyUrl));
    expect(png.type).toBe('image/png');
    expect(await png.text()).toBe('680x432');
  });

  it('gives up when the picture takes too long', async () => {
    fakeCanvas();
    photoDecodes(() => new Promise(() => undefined));
    await expect(cardFrontPng(text, card.photoUrl, qrMatrix(card.verifyUrl), 20)).rejects.toThrow(
      'timed out',
    );
  });
});

describe('ID card form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  function open() {
    signIn();
    knowViewer();
    renderWithProviders(
      <IdCardForm
        userId={viewerId}
        name="Ramesh Kumar"
        mobile="+919000000002"
        onClose={() => undefined}
      />,
    );
  }

  it('starts with Driver and the account mobile, and asks for every field', async () => {
    open();
    expect(screen.getByLabelText('Designation *')).toHaveProperty('value', 'Driver');
    expect(screen.getByLabelText('Mobile Number *')).toHaveProperty('value', '+919000000002');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please fill in every field of the card')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required').length).toBe(6);
    expect(screen.getByLabelText('Blood Group *')).toBeInvalid();
  });

  const fill = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  function fillAll(dob = '1985-04-12') {
    fill("Father's Name *", 'Suresh Kumar');
    fill('Driving Licence Number *', 'MH12');
    fill('Police Station *', 'Panvel City');
    fill('City *', 'Panvel');
    fill('State *', 'Maharashtra');
    fill('Blood Group *', 'B+');
    fill('Date of Birth *', dob);
    fill('Address *', '12 Station Road');
  }

  it('names the wrong field with the server’s rule before sending: a date of birth ahead', async () => {
    open();
    fillAll('2999-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.card_dob_invalid);
    expect(screen.getAllByText(messages.card_dob_invalid)).toHaveLength(2);
    expect(screen.queryByText('Please fill in every field of the card')).not.toBeInTheDocument();
  });

  it('names the field in Hindi for a Hindi reader', async () => {
    await i18n.changeLanguage('hi');
    try {
      open();
      fill('पिता का नाम *', 'Suresh Kumar');
      fill('ड्राइविंग लाइसेंस नंबर *', 'MH12');
      fill('पुलिस थाना *', 'Panvel City');
      fill('शहर *', 'Panvel');
      fill('राज्य *', 'Maharashtra');
      fill('ब्लड ग्रुप *', 'B+');
      fill('जन्म तिथि *', '2999-01-01');
      fill('पता *', '12 Station Road');
      fireEvent.click(screen.getByRole('button', { name: 'आवेदन करें' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'कृपया जन्म तिथि सही तारीख़ के रूप में लिखें, भविष्य की नहीं, YYYY-MM-DD में',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('wants an image as the photo', async () => {
    open();
    fillAll();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please add a photo for the card')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Your Photo *: Gallery'), {
      target: { files: [fakeFile('me.pdf', 'application/pdf')] },
    });
    expect(
      await screen.findByText('The card photo must be a JPEG, PNG, WebP or HEIC image'),
    ).toBeInTheDocument();
  });
});

describe('who is offered the ID card form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  function openAs(fields: Partial<SelfUser>) {
    signIn();
    knowViewer();
    queryClient.setQueryData<{ success: true; user: SelfUser }>(
      meKeys.all,
      (answer) => answer && { ...answer, user: { ...answer.user, ...fields } },
    );
    const notFound = { success: false, code: 'card_not_found', message: messages.card_not_found };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(404, notFound))),
    );
    renderWithProviders(<IdCardButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Apply for Id card' }));
  }

  it.each([
    [{ usertype: 'user', verification: 'not_required' }, messages.card_drivers_only],
    [{ usertype: 'driver', verification: 'pending' }, messages.card_driver_unverified],
  ] as const)('tells %o why instead of a form the server would refuse', async (fields, text) => {
    openAs(fields);
    expect((await screen.findByRole('status')).textContent).toBe(text);
    expect(screen.queryByLabelText("Father's Name *")).not.toBeInTheDocument();
  });

  it('opens the form for a verified driver', async () => {
    openAs({});
    expect(await screen.findByLabelText("Father's Name *")).toBeInTheDocument();
  });
});

describe('the public card check', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('says so when this network has checked too many cards', async () => {
    const refused = {
      success: false,
      code: 'card_checks_too_many',
      message: messages.card_checks_too_many,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(429, refused))),
    );
    renderRoute('/driver-id/10026');
    expect(await screen.findByText(messages.card_checks_too_many)).toBeInTheDocument();
  });
});
