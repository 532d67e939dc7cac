// The line the Drafts list shows under a subject: the body's first line after the greeting,
// whatever the writer and the language, bounded however long the body.
import { describe, expect, it } from 'vitest';
import { FIRST_LINE_MAX_CHARS, firstLine, isGreeting } from '../../src/core/drafts/first-line.ts';

const email = (greeting: string, first: string) => `${greeting}\n\n${first}\n\nA second paragraph that is not shown.\n\nBest regards,\n{sender_name}`;

describe('first line of a draft', () => {
  it('skips the greeting of every language the writers use', () => {
    const first = 'Your home page takes 6.1 s to show its main content on a phone.';
    for (const greeting of [
      'Hi Maria,', 'Hello,', 'Hi there,', 'Dear Dr. Novak,', 'Hola:', 'Hola, Ana:', 'Buenos días, Ana:', 'Bonjour,', 'Madame, Monsieur,',
      "Bonjour à l'équipe de Café Lumière,", 'Guten Tag,', 'Hallo Jürgen,', 'Sehr geehrte Frau Weber,', 'Olá, João,', 'Buongiorno,',
      'Gentile Sig.ra Rossi,', 'Beste Pieter,', 'Goedendag,', 'Dzień dobry,', 'Szanowna Pani,', 'Maria,', 'Hi Maria', 'Hello!',
    ]) {
      expect(isGreeting(greeting), greeting).toBe(true);
      expect(firstLine(email(greeting, first)), greeting).toBe(first);
    }
  });

  it('keeps a first line that is no greeting, and takes the text after a greeting on the same line', () => {
    expect(firstLine('I noticed your booking page does not load on a phone.\n\nMore.')).toBe('I noticed your booking page does not load on a phone.');
    expect(firstLine('Hello Maria — your site took 6 s to load on my phone.\n\nMore.')).toBe('your site took 6 s to load on my phone.');
    expect(firstLine("Hi, I'm Sam from Rivera Web Studio.\n\nMore.")).toBe("I'm Sam from Rivera Web Studio.");
    for (const line of ['Highlights of your site:', 'Here is what I found on your site, Maria,', 'Your site loads in 6 s.']) expect(isGreeting(line), line).toBe(false);
  });

  it('joins a wrapped paragraph, collapses its spaces, and reads CRLF bodies', () => {
    expect(firstLine('Hi Ana,\r\n\r\nYour contact page\r\n   returns an   error\tfor visitors.\r\n\r\nMore.')).toBe('Your contact page returns an error for visitors.');
    expect(firstLine('\n\n  Hi Ana,\nYour site is slow on phones.\nIt takes 6 s.\n\nMore.')).toBe('Your site is slow on phones. It takes 6 s.');
  });

  it("is empty when the body says nothing beyond a greeting, and bounded when it never breaks a line", () => {
    expect(firstLine('')).toBe('');
    expect(firstLine('Hi Ana,\n\n')).toBe('');
    const long = firstLine(`Hi Ana,\n\n${'word '.repeat(5000)}`);
    expect(long.length).toBeLessThanOrEqual(FIRST_LINE_MAX_CHARS);
    expect(long.endsWith('…')).toBe(true);
  });

  it('returns the text as it is written: markup is text for the screen to escape', () => {
    expect(firstLine('Hello,\n\n<img src=x onerror=alert(1)> is on your page & it is broken.')).toBe('<img src=x onerror=alert(1)> is on your page & it is broken.');
  });
});
