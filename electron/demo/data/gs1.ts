// GS1 check digits (UPC-A, EAN-13, GTIN-14 share the same mod-10 rule).

/** The check digit for a string of digits that lacks it. */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += (digits.charCodeAt(i) - 48) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

export function withCheckDigit(digits: string): string {
  return digits + String(gs1CheckDigit(digits));
}
