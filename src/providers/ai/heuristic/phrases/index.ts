// The writer's phrasebooks, one per language it writes.
import type { EmailLocale } from '../../../../core/model/analysis.ts';
import { de } from './de.ts';
import { british, en } from './en.ts';
import { es, latinAmerican } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { nl } from './nl.ts';
import { pl } from './pl.ts';
import { european, pt } from './pt.ts';
import type { Phrasebook } from './types.ts';

const BOOKS: Partial<Record<EmailLocale, Phrasebook>> = { es, 'es-419': es, fr, de, 'de-CH': de, pt, 'pt-PT': pt, it, nl, pl };

export function phrasebook(locale: EmailLocale): Phrasebook {
  return BOOKS[locale] ?? en;
}

/** Swiss Standard German has no "ß": "Grüsse", "gross". */
const swiss = (text: string) => text.replace(/ß/g, 'ss');

const PASSES: Partial<Record<EmailLocale, (text: string) => string>> = { 'en-GB': british, 'de-CH': swiss, 'pt-PT': european, 'es-419': latinAmerican };

/** The spelling pass of a locale (British spelling for en-GB, Swiss for de-CH, European Portuguese for pt-PT, Latin American Spanish for es-419; nothing for the others). */
export function spelling(locale: EmailLocale): (text: string) => string {
  return PASSES[locale] ?? ((text) => text);
}

export type { Phrasebook, Slots } from './types.ts';
