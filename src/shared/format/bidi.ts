// Figures inside sentences. Urdu is right-to-left: a number, a date, a symbol or "81.29 USDT" placed in an Urdu
// sentence is reordered by the bidi algorithm (a minus sign ends up after the digits, the unit before the
// amount). Wrapping it in a left-to-right isolate (U+2066 … U+2069) keeps it as one left-to-right piece.

/** A number, date, symbol or amount with its unit inside a sentence: isolated left-to-right. */
export const ltr = (text: string): string => `\u2066${text}\u2069`;
