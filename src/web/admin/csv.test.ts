import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

// Issue 30 item 9: each figures table exports as CSV that a spreadsheet reads back as it was.
describe('the CSV export', () => {
  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
  });

  it('writes numbers as they are and an absent value as an empty field', () => {
    expect(csvField(0)).toBe('0');
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('keeps a text a spreadsheet would run as a formula from being one', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+31')).toBe("'+31");
    expect(csvField('@adnet')).toBe("'@adnet");
  });

  it('joins fields by commas and lines by CRLF, the header first', () => {
    expect(
      toCsv(
        ['source', 'signups'],
        [
          ['adnet, "summer"', 3],
          [null, 1],
        ],
      ),
    ).toBe('source,signups\r\n"adnet, ""summer""",3\r\n,1\r\n');
  });
});
