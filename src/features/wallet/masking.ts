// How a binding's number is shown in a list: an IBAN grouped with its middle masked (the bank code and the last
// four digits stay, enough to tell two accounts apart), a wallet number with its middle masked.
export function maskIban(compact: string): string {
  if (compact.length < 12) return compact;
  const middle = compact.slice(8, -4).replace(/[0-9A-Z]/g, '•');
  return `${compact.slice(0, 8)}${middle}${compact.slice(-4)}`.replace(/(.{4})(?=.)/g, '$1 ');
}

export function maskWallet(stored: string): string {
  if (stored.length !== 11) return stored;
  return `${stored.slice(0, 4)}-•••${stored.slice(7)}`;
}

/** A long crypto address with its middle elided (the whole one is in the row's title attribute). */
export function shortAddress(address: string): string {
  return address.length > 20 ? `${address.slice(0, 10)}…${address.slice(-8)}` : address;
}
