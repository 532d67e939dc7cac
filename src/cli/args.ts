// Command-line arguments shared by several commands, checked with the same rules as the API.
import { z } from 'zod';
import { parseInput } from '../core/model/validate.ts';

const Id = z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be a positive number');

export const parseId = (raw: string): number => parseInput(Id, raw);
export const parseIds = (raws: string[]): number[] => raws.map(parseId);
