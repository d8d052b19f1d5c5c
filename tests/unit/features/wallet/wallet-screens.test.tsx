// @vitest-environment jsdom
// The binding screens with the API mocked at the fetch level: the bank details list (tab from ?type, masked
// IBAN, empty with Add, error with retry, delete through the confirmation), the add-bank form (KYC gate, the
// IBAN checked before sending, the title prefilled, a server refusal at its field, success back to the list)
// and the crypto address form (format and checksum told apart as typed).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { evmAddress, tronAddress } from '../../../../contract/crypto-address.ts';
import { pkIbanCheckDigits } from '../../../../contract/iban.ts';
import AddAddressPage from '../../../../src/features/wallet/add-address-page.tsx';
import AddBankPage from '../../../../src/features/wallet/add-bank-page.tsx';
import BankListPage from '../../../../src/features/wallet/bank-list-page.tsx';
import { maskIban, maskWallet } from '../../../../src/features/wallet/masking.ts';
import { resetApiHandlers, setApiHandlers } from '../../../../src/shared/api/api-handlers.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { routeTo } from '../../../../src/shared/routing/paths.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { answerAll, calls, HttpResponse, ok, refused, useMswServer } from '../../support/msw.ts';
import { renderRoutes } from '../../support/render-app.tsx';

useMswServer();
beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  storage.clearSession();
  setApiHandlers({});
});
afterEach(() => {
  cleanup();
  resetApiHandlers();
});

const BBAN = 'MEZN0000001234567890';
const IBAN = `PK${pkIbanCheckDigits(BBAN)}${BBAN}`;
const bank = {
  id: 11,
  kind: 'bank',
  provider: 'MEZN',
  providerName: 'Meezan Bank',
  number: IBAN,
  display: IBAN.replace(/(.{4})(?=.)/g, '$1 '),
  title: 'Ayesha Khan',
  createdAt: 1,
};
const jazz = {
  ...bank,
  id: 12,
  kind: 'wallet',
  provider: 'jazzcash',
  providerName: 'JazzCash',
  number: '03012345678',
  display: '0301-2345678',
};
const template = (idStatus: string, verifiedName: string | null) => ({
  channels: [],
  banks: [{ code: 'MEZN', name: 'Meezan Bank' }],
  wallets: [],
  holder: { idStatus, verifiedName },
});

function open(path: string, page: ReactNode) {
  return renderRoutes(
    [
      { path: path.split('?')[0]!, element: page },
      { path: routeTo('wallet.bankList'), element: <BankListPage /> },
      { path: routeTo('user.kyc'), element: <p>kyc screen</p> },
    ],
    path,
  );
}
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const describedText = (label: string) =>
  (input(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('masking', () => {
  it('keeps the bank code and the last four digits of an IBAN, and the ends of a wallet number', () => {
    expect(maskIban(IBAN)).toBe(`${IBAN.slice(0, 4)} MEZN •••• •••• •••• 7890`);
    expect(maskWallet('03012345678')).toBe('0301-•••5678');
  });
});

describe('BankListPage', () => {
  it('opens the bank tab for ?type=2 and shows the bank, the masked IBAN and the title', async () => {
    answerAll((c) =>
      c.path === 'bank/list' ? ok(c.query.get('type') === 'bank' ? [bank] : [jazz]) : undefined,
    );
    open(`${routeTo('wallet.bankList')}?type=2`, <BankListPage />);
    const row = await screen.findByTestId('binding-row');
    expect(within(row).getByText('Meezan Bank')).toBeTruthy();
    expect(within(row).getByText(maskIban(IBAN))).toBeTruthy();
    expect(screen.getByTestId('bindings-tab-bank').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('bindings-tab-wallet'));
    expect(await screen.findByText('0301-•••5678')).toBeTruthy();
  });

  it('opens mobile wallets for ?type=1 and crypto addresses for ?type=3 (empty, with Add)', async () => {
    answerAll((c) =>
      c.path === 'bank/list' ? ok([jazz]) : c.path === 'coin/withdraw/address' ? ok([]) : undefined,
    );
    open(`${routeTo('wallet.bankList')}?type=1`, <BankListPage />);
    expect(await screen.findByText('JazzCash')).toBeTruthy();
    cleanup();
    open(`${routeTo('wallet.bankList')}?type=3`, <BankListPage />);
    const empty = await screen.findByTestId('address-empty');
    expect(within(empty).getByRole('link', { name: 'Add crypto address' })).toBeTruthy();
  });

  it('shows an error with retry, then the empty state with Add', async () => {
    let fail = true;
    answerAll((c) => (c.path === 'bank/list' ? (fail ? refused('Service busy') : ok([])) : undefined));
    open(routeTo('wallet.bankList'), <BankListPage />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    const empty = await screen.findByTestId('bank-empty');
    expect(within(empty).getByRole('link', { name: 'Add bank account' }).getAttribute('href')).toBe(
      routeTo('wallet.addBank'),
    );
  });

  it('removes a binding after the confirmation and reloads the list', async () => {
    let rows = [bank];
    answerAll((c) => {
      if (c.path === 'bank/list') return ok(rows);
      if (c.path === 'bank/del') {
        rows = [];
        return ok(null);
      }
      return undefined;
    });
    open(routeTo('wallet.bankList'), <BankListPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Meezan Bank' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await screen.findByTestId('bank-empty');
    expect(calls.find((c) => c.path === 'bank/del')?.body.get('id')).toBe('11');
  });
});

describe('AddBankPage', () => {
  it('asks for identity verification first when KYC is not verified', async () => {
    answerAll((c) => (c.path === 'index/bank/tmpl' ? ok(template('none', null)) : undefined));
    open(routeTo('wallet.addBank'), <AddBankPage />);
    const gate = await screen.findByTestId('kyc-needed');
    expect(within(gate).getByRole('link').getAttribute('href')).toBe(routeTo('user.kyc'));
    expect(screen.queryByTestId('add-bank-form')).toBeNull();
  });

  it('checks the IBAN before sending, names the bank, prefills the title and saves', async () => {
    answerAll((c) => {
      if (c.path === 'index/bank/tmpl') return ok(template('succ', 'Ayesha Khan'));
      if (c.path === 'bank/add') return ok(bank);
      if (c.path === 'bank/list') return ok([bank]);
      return undefined;
    });
    open(routeTo('wallet.addBank'), <AddBankPage />);
    await screen.findByTestId('add-bank-form');
    expect(input('Account title').value).toBe('Ayesha Khan');
    const wrong = `PK${IBAN.slice(2, 4) === '00' ? '01' : '00'}${BBAN}`;
    type('IBAN', wrong.toLowerCase());
    fireEvent.click(screen.getByTestId('add-bank-submit'));
    await waitFor(() => expect(describedText('IBAN')).toMatch(/check digits do not match/));
    expect(calls.some((c) => c.path === 'bank/add')).toBe(false);
    type('IBAN', IBAN.replace(/(.{4})/g, '$1 '));
    await waitFor(() => expect(describedText('IBAN')).toBe('Meezan Bank'));
    fireEvent.click(screen.getByTestId('add-bank-submit'));
    await screen.findByTestId('bank-list');
    const sent = calls.find((c) => c.path === 'bank/add')!.body;
    expect(sent.get('kind')).toBe('bank');
    expect(sent.get('iban')).toBe(IBAN);
    expect(sent.get('title')).toBe('Ayesha Khan');
    expect(sent.get('clientId')).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it("shows the server's title refusal at the title field", async () => {
    answerAll((c) => {
      if (c.path === 'index/bank/tmpl') return ok(template('succ', 'Ayesha Khan'));
      if (c.path === 'bank/add')
        return HttpResponse.json({
          code: -1001,
          msg: 'The account title must be the name verified in your KYC: Ayesha Khan',
          data: null,
          field: 'title',
        });
      return undefined;
    });
    open(routeTo('wallet.addBank'), <AddBankPage />);
    await screen.findByTestId('add-bank-form');
    type('IBAN', IBAN);
    type('Account title', 'Someone Else');
    fireEvent.click(screen.getByTestId('add-bank-submit'));
    await waitFor(() => expect(describedText('Account title')).toMatch(/verified in your KYC: Ayesha Khan/));
  });
});

describe('AddAddressPage', () => {
  it('tells a wrong format from a wrong checksum as the address is typed, and saves a valid one', async () => {
    answerAll((c) => {
      if (c.path === 'index/bank/tmpl') return ok(template('succ', 'Ayesha Khan'));
      if (c.path === 'coin/withdraw/address/generate')
        return ok({ id: 5, chain: 'ERC20', address: '', label: '', createdAt: 1 });
      if (c.path === 'coin/withdraw/address') return ok([]);
      return undefined;
    });
    open(routeTo('wallet.addAdress'), <AddAddressPage />);
    await screen.findByTestId('add-address-form');
    type('Address', '0x1234');
    expect(screen.getByTestId('address-hint').textContent).toMatch(/starts with T/);
    const tron = tronAddress(new Uint8Array(20).fill(7));
    type('Address', `${tron.slice(0, 33)}${tron.endsWith('a') ? 'b' : 'a'}`);
    expect(screen.getByTestId('address-hint').textContent).toMatch(/checksum is wrong/);
    fireEvent.click(screen.getByTestId('chain-ERC20'));
    const evm = evmAddress(Uint8Array.from({ length: 20 }, (_, i) => i * 13 + 7));
    type('Address', evm);
    expect(screen.getByTestId('address-hint').textContent).toBe('A valid ERC20 address');
    type('Label (optional)', 'Binance');
    fireEvent.click(screen.getByTestId('add-address-submit'));
    await screen.findByTestId('address-empty');
    const sent = calls.find((c) => c.path === 'coin/withdraw/address/generate')!.body;
    expect(Object.fromEntries(sent)).toMatchObject({ chain: 'ERC20', address: evm, label: 'Binance' });
  });
});
