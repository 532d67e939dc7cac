// Command-line arguments shared by several commands, checked with the same rules as the API.
// Commands import this module when they run, not at registration: zod costs ~60 ms to load.
import { z } from 'zod';
import { wholeNumber } from '../core/model/validate.ts';
import { parseInput } from '../core/model/validate.ts';

const Id = wholeNumber('id');

export const parseId = (raw: string): number => parseInput(Id, raw);
export const parseIds = (raws: string[]): number[] => raws.map(parseId);

/** --concurrency of `run` and `campaign … --wait`: zod then says what is wrong with it, as the API does. */
export const Concurrency = z
  .number({ error: 'concurrency must be a number' })
  .int('concurrency must be a whole number')
  .min(1, 'concurrency must be between 1 and 32')
  .max(32, 'concurrency must be between 1 and 32')
  .optional();
