// The writer's phrasebooks, one per language it writes.
import type { EmailLocale } from '../../../../core/model/analysis.ts';
import { de } from './de.ts';
import { british, en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import type { Phrasebook } from './types.ts';

export function phrasebook(locale: EmailLocale): Phrasebook {
  if (locale === 'es') return es;
  if (locale === 'fr') return fr;
  if (locale === 'de') return de;
  return en;
}

/** The spelling pass of a locale (British spelling for en-GB; nothing for the others). */
export function spelling(locale: EmailLocale): (text: string) => string {
  return locale === 'en-GB' ? british : (text) => text;
}

export type { Phrasebook, Slots } from './types.ts';
